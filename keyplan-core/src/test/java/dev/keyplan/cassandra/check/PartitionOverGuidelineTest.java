package dev.keyplan.cassandra.check;

import dev.keyplan.check.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * PartitionOverGuideline sizes the busiest partition at the horizon (one bucket, when the key has
 * one) with the Apache Cassandra docs' formulas (see Sizer) and compares it with the guideline of
 * "below 100,000 values and below 100 MB" (warning, seed 000), the hard limit of 2 billion cells
 * (error), and on ScyllaDB its large-partition warnings (1000 MiB, 100,000 rows).
 */
final class PartitionOverGuidelineTest {
  private final RuleTester tester = RuleTester.of(PartitionOverGuideline.class);

  @Test
  void seedChat_hourlyBucketIsTooManyValues_tenMinuteBucketFits() {
    // Seed 000: "an hourly bucket is about 72 MB but 360,000 rows; a ten-minute bucket is about
    // 12 MB and 60,000 rows ... the hourly bucket above is too big by row count". The busiest
    // channel writes 100 messages/s; a row is message_id (8 B) + body (200 B) + 8 B of metadata
    // for its one value, and the key (channel_id 8 B + bucket 4 B) is stored once:
    //   1h:  100 × 3,600 = 360,000 rows and values; 12 + 360,000 × 216 = 77,760,012 B ≈ 77.8 MB
    //        360,000 values ≥ 100,000 ⇒ warning (bytes are under 100 MB)
    // On disk (SstableFootprint, writes spread over the 1y horizon, so a timestamp delta is a
    // vint of mean width 6.86 B over 0..3.15e13 µs): key 2 + (2 + 8 + 1) + (2 + 4 + 1) + 12 = 32;
    // a row 1 flags + 1 + 8 clustering + 2 + 2 size vints + 6.86 timestamp + 1 cell flags + 2 +
    // 200 body = 223.86 B: 32 + 360,000 × 223.86 + 1 ≈ 80.6 MB, still under 100 MB.
    //   10m: 100 × 600 = 60,000 rows and values; 12 + 60,000 × 216 = 12,960,012 B ≈ 13 MB
    //        ⇒ fits
    tester
        .model(
            """
        model: chat
        horizon: 1y
        entities:
          Message:
            attributes:
              channel_id: bigint
              message_id: {type: bigint, time_ordered: true}
              body: {type: text, size: 200B}
            key: [channel_id, message_id]
            growth: 50k/s
            spread:
              channel_id: {distinct: 10M, busiest: 100/s}
        patterns:
          - id: post-message
            rate: 50k/s
            insert: Message
        cassandra:
          schema: unused.cql
          derived:
            messages_by_channel_hour.bucket: {window: 1h, of: message_id}
            messages_by_channel.bucket: {window: 10m, of: message_id}
        """)
        .cql(
            """
        CREATE KEYSPACE chat WITH replication = {'class': 'NetworkTopologyStrategy', 'dc1': 3};
        CREATE TABLE chat.messages_by_channel_hour ( -- FINDING: PartitionOverGuideline [warning]: 360,000 values, 77.8 MB (on disk 80.6 MB): over 100,000 values
          channel_id bigint, bucket int, message_id bigint, body text,
          PRIMARY KEY ((channel_id, bucket), message_id));
        CREATE TABLE chat.messages_by_channel (
          channel_id bigint, bucket int, message_id bigint, body text,
          PRIMARY KEY ((channel_id, bucket), message_id));
        """)
        .expectMarkedFindings();
  }

  @Test
  void exactly100kValues_isNotBelowTheGuideline_oneLessSecondIs() {
    // The guideline says keep values below 100,000. At 100 messages/s:
    //   a 1,000 s bucket: 100,000 values, not below ⇒ warning
    //   a 999 s bucket:    99,900 values (12 + 99,900 × 216 B ≈ 21.6 MB), below both
    //                      ⇒ no finding
    tester
        .model(
            """
        model: chat
        horizon: 1y
        entities:
          Message:
            attributes:
              channel_id: bigint
              message_id: {type: bigint, time_ordered: true}
              body: {type: text, size: 200B}
            key: [channel_id, message_id]
            growth: 50k/s
            spread:
              channel_id: {distinct: 10M, busiest: 100/s}
        patterns:
          - id: post-message
            rate: 50k/s
            insert: Message
        cassandra:
          schema: unused.cql
          derived:
            messages_a.bucket: {window: 1000s, of: message_id}
            messages_b.bucket: {window: 999s, of: message_id}
        """)
        .cql(
            """
        CREATE KEYSPACE chat WITH replication = {'class': 'NetworkTopologyStrategy', 'dc1': 3};
        CREATE TABLE chat.messages_a ( -- FINDING: PartitionOverGuideline [warning]: 100,000 values
          channel_id bigint, bucket int, message_id bigint, body text,
          PRIMARY KEY ((channel_id, bucket), message_id));
        CREATE TABLE chat.messages_b (
          channel_id bigint, bucket int, message_id bigint, body text,
          PRIMARY KEY ((channel_id, bucket), message_id));
        """)
        .expectMarkedFindings();
  }

  @Test
  void dayOfWeekKey_pastTwoBillionCells_isError() {
    // Seed 002: "BAD: day_of_week has 7 values — Monday gets crushed". 1,000 events/s for 1y =
    // 31,536,000,000 rows; uniformly over 7 days the busiest holds 31,536,000,000 / 7 =
    // 4,505,142,857 rows, one value each: > 2 billion cells ⇒ error. Bytes: 3 B key (the average
    // length of MON..SUN) + 4,505,142,857 × (8 + 16 + 100 + 8) B ≈ 595 GB; on disk
    // (SstableFootprint)
    // 621 GB, 138 B a row: flags, clustering header, two size vints and a 6.86 B timestamp delta
    // beside the values.
    tester
        .model(
            """
        model: activity
        horizon: 1y
        entities:
          Event:
            attributes:
              day_of_week: {type: text, values: [MON, TUE, WED, THU, FRI, SAT, SUN]}
              event_time: {type: timestamp, time_ordered: true}
              event_id: uuid
              payload: {type: text, size: 100B}
            key: [event_id]
            growth: 1k/s
        patterns:
          - id: track-event
            rate: 1k/s
            insert: Event
        cassandra:
          schema: unused.cql
        """)
        .cql(
            """
        CREATE KEYSPACE app WITH replication = {'class': 'NetworkTopologyStrategy', 'dc1': 3};
        CREATE TABLE app.events_by_day ( -- FINDING: PartitionOverGuideline [error]: 4,505,142,857 values, 595 GB (on disk 621 GB): over the hard limit
          day_of_week text, event_time timestamp, event_id uuid, payload text,
          PRIMARY KEY ((day_of_week), event_time, event_id));
        """)
        .expectMarkedFindings();
  }

  @Test
  void dayOfWeekKey_justUnderTwoBillionCells_isWarning() {
    // The same key at 400 events/s: 400 × 31,536,000 / 7 = 1,802,057,143 values < 2 billion,
    // still over 100,000 values and 100 MB ⇒ warning, not error.
    tester
        .model(
            """
        model: activity
        horizon: 1y
        entities:
          Event:
            attributes:
              day_of_week: {type: text, values: [MON, TUE, WED, THU, FRI, SAT, SUN]}
              event_time: {type: timestamp, time_ordered: true}
              event_id: uuid
              payload: {type: text, size: 100B}
            key: [event_id]
            growth: 400/s
        patterns:
          - id: track-event
            rate: 400/s
            insert: Event
        cassandra:
          schema: unused.cql
        """)
        .cql(
            """
        CREATE KEYSPACE app WITH replication = {'class': 'NetworkTopologyStrategy', 'dc1': 3};
        CREATE TABLE app.events_by_day ( -- FINDING: PartitionOverGuideline [warning]: 1,802,057,143 values
          day_of_week text, event_time timestamp, event_id uuid, payload text,
          PRIMARY KEY ((day_of_week), event_time, event_id));
        """)
        .expectMarkedFindings();
  }

  // A celebrity's followers, checked as Cassandra and as ScyllaDB: STORE and SHARDS are filled in
  // by each test, and MARKER in the schema holds the expected finding, if any.
  private static final String FOLLOWERS_MODEL =
      """
      model: social
      horizon: 1y
      entities:
        Follow:
          attributes:
            user_id: uuid
            follower_id: uuid
          key: [user_id, follower_id]
          count: 2B
          spread:
            user_id: {distinct: 100M, busiest: 0.0075%}
      patterns:
        - id: follow
          rate: 1k/s
          insert: Follow
      STORE:
        schema: unused.cql
        SHARDS
      """;

  // Every column is a key column: 0 regular values per row
  // (N_v = N_r × (N_c − N_pk − N_s) + N_s = N_r × (2 − 2 − 0) = 0). The celebrity holds
  // 0.0075% × 2B = 150,000 rows of follower_id (16 B each): 16 + 150,000 × 16 = 2,400,016 B
  // ≈ 2.4 MB. On disk (SstableFootprint) a key-only row still writes its flags, clustering header,
  // two size vints and its liveness timestamp (a vint of mean width 6.86 B over the 1y horizon):
  // 1 + 1 + 16 + 1 + 1 + 6.86 = 26.86 B, and 150,000 rows take 31 + 150,000 × 26.86 ≈ 4.03 MB.
  private static final String FOLLOWERS_CQL =
      """
      CREATE KEYSPACE social WITH replication = {'class': 'NetworkTopologyStrategy', 'dc1': 3};
      CREATE TABLE social.followers_by_user (user_id uuid, follower_id uuid, MARKER
        PRIMARY KEY ((user_id), follower_id));
      """;

  @Test
  void cassandra_keyOnlyRows_countNoValues_soACelebrityFits() {
    // 0 values < 100,000 and 2.4 MB < 100 MB ⇒ no finding on Cassandra.
    tester
        .model(FOLLOWERS_MODEL.replace("STORE", "cassandra").replace("SHARDS", ""))
        .cql(FOLLOWERS_CQL.replace("MARKER", ""))
        .expectMarkedFindings();
  }

  @Test
  void cassandra_keyOnlyRows_areComparedOnDisk_notByTheDocsFormula() {
    // max_partition_size and the partition-size guardrail measure the bytes Data.db holds, so the
    // guideline compares the on-disk figure. A celebrity with 0.25% of 2B follows holds 5,000,000
    // key-only rows: the docs' formula gives 16 + 5,000,000 × 16 = 80 MB (under 100 MB), but each
    // row writes 26.86 B (above): 31 + 5,000,000 × 26.86 ≈ 134 MB on disk ⇒ over 100 MB.
    tester
        .model(
            FOLLOWERS_MODEL
                .replace("STORE", "cassandra")
                .replace("SHARDS", "")
                .replace("busiest: 0.0075%", "busiest: 0.25%"))
        .cql(
            FOLLOWERS_CQL.replace(
                "MARKER",
                "-- FINDING: PartitionOverGuideline [warning]: 5,000,000 rows, 0 values, 80 MB (on disk 134 MB): over 100 MB"))
        .expectMarkedFindings();
  }

  @Test
  void scyllaDb_warnsPast100kRows_evenWithoutValues() {
    // ScyllaDB's compaction_rows_count_warning_threshold is 100,000 rows: 150,000 > 100,000 ⇒
    // warning, although the Cassandra guideline (0 values, 2.4 MB) is met.
    tester
        .model(FOLLOWERS_MODEL.replace("STORE", "scylladb").replace("SHARDS", "shards: 8"))
        .cql(
            FOLLOWERS_CQL.replace(
                "MARKER",
                "-- FINDING: PartitionOverGuideline [warning]: 150,000 rows, 0 values, 2.4 MB (on disk 4.03 MB): over "
                    + "ScyllaDB's rows warning of 100,000 rows"))
        .expectMarkedFindings();
  }

  // Documents of 2 MB kept as blobs: one per row, so the partition is small but each cell is large.
  private static final String BLOBS_MODEL =
      """
      model: docs
      horizon: 1y
      entities:
        Doc:
          attributes:
            doc_id: uuid
            body: {type: blob, size: 2MB}
          key: [doc_id]
          count: 1M
      patterns:
        - id: get
          rate: 10/s
          query: Doc where doc_id = ?
      STORE:
        schema: unused.cql
        SHARDS
      """;

  @Test
  void scyllaDb_warnsOnALargeCellAndRow_cassandraDoesNot() {
    // One row per partition: 16 B key + 2,000,000 B body + 8 B metadata ≈ 2 MB, far under 100 MB.
    // ScyllaDB warns on a cell over 1 MiB (1,048,576 B): 2,000,000 B is. A row of 2,000,008 B is
    // under its 10 MiB large-row warning.
    String cql =
        """
        CREATE KEYSPACE docs WITH replication = {'class': 'NetworkTopologyStrategy', 'dc1': 3};
        CREATE TABLE docs.docs (doc_id uuid PRIMARY KEY, body blob); MARKER
        """;
    tester
        .model(BLOBS_MODEL.replace("STORE", "cassandra").replace("SHARDS", ""))
        .cql(cql.replace("MARKER", ""))
        .expectMarkedFindings();
    tester
        .model(BLOBS_MODEL.replace("STORE", "scylladb").replace("SHARDS", "shards: 8"))
        .cql(
            cql.replace(
                "MARKER",
                "-- FINDING: PartitionOverGuideline [warning]: "
                    + "ScyllaDB's large-cell warning of 1 MiB (body averages 2 MB)"))
        .expectMarkedFindings();
  }
}
