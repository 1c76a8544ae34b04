package dev.keyplan.cassandra.check;

import dev.keyplan.check.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * UnboundedPartitionGrowth flags a growing partition with no time bucket, no TTL and a key that
 * does not identify one row, and says when its busiest partition crosses the guideline of 100,000
 * values or 100 MB (Apache Cassandra data-modeling docs, quoted by seed 000): a warning if within
 * ten horizons, advice beyond.
 *
 * <p>Row sizes follow the Cassandra docs' formula (see Sizer): a row of these tables holds
 * event_time (8 B), event_id (16 B) and the payload, plus 8 B of metadata for its one regular cell;
 * the uuid partition key adds 16 B once.
 */
final class UnboundedPartitionGrowthTest {
  private final RuleTester tester = RuleTester.of(UnboundedPartitionGrowth.class);

  @Test
  void eventsOfAPopularUser_withoutBucketOrTtl_isWarning_boundedCopiesAreNot() {
    // Seed 002: "BAD: all events for a popular user in one partition — grows without bound".
    // The busiest user writes 1 event/s; after 1y = 31,536,000 s its partition holds
    //   31,536,000 rows, 31,536,000 values (payload is the one regular cell) and
    //   16 + 31,536,000 × (8 + 16 + 100 + 8) = 4,162,752,016 B ≈ 4.16 GB.
    // Values reach 100,000 first (100 MB would take 757,576 rows): 100,000 rows / 1 per s =
    // 100,000 s ≈ 27.8 hours ≤ 10 years ⇒ warning.
    // Not flagged: a 30-day bucket (events_by_user_month), a table TTL (recent_events_by_user)
    // and a key that identifies the row (events).
    tester
        .model(
            """
        model: activity
        horizon: 1y
        entities:
          Event:
            attributes:
              user_id: uuid
              event_time: {type: timestamp, time_ordered: true}
              event_id: uuid
              payload: {type: text, size: 100B}
            key: [event_id]
            growth: 1k/s
            spread:
              user_id: {distinct: 1M, busiest: 1/s}
        patterns:
          - id: track-event
            rate: 1k/s
            insert: Event
        cassandra:
          schema: unused.cql
          derived:
            events_by_user_month.month: {window: 30d, of: event_time}
        """)
        .cql(
            """
        CREATE KEYSPACE app WITH replication = {'class': 'NetworkTopologyStrategy', 'dc1': 3};
        CREATE TABLE app.events_by_user ( -- FINDING: UnboundedPartitionGrowth [warning]: guideline after 27.8 hours
          user_id uuid, event_time timestamp, event_id uuid, payload text,
          PRIMARY KEY ((user_id), event_time, event_id));
        CREATE TABLE app.events_by_user_month (
          user_id uuid, month int, event_time timestamp, event_id uuid, payload text,
          PRIMARY KEY ((user_id, month), event_time, event_id));
        CREATE TABLE app.recent_events_by_user (
          user_id uuid, event_time timestamp, event_id uuid, payload text,
          PRIMARY KEY ((user_id), event_time, event_id)) WITH default_time_to_live = 2592000;
        CREATE TABLE app.events (event_id uuid PRIMARY KEY, user_id uuid, event_time timestamp,
          payload text);
        """)
        .expectMarkedFindings();
  }

  @Test
  void slowGrowth_crossingJustWithinTenHorizons_isWarning_justBeyond_isInfo() {
    // Rows of 8 + 16 + 200 + 8 = 232 B, one value each. With a 1y horizon, ten horizons are
    // 315,360,000 s; the guideline is reached at 100,000 rows (values first: after 1y the
    // partitions hold 10,220 and 9,855 rows, 2.37 MB and 2.29 MB, far from 100 MB).
    //   audit:  28 rows/day → 100,000 / 28 × 86,400 s = 308,571,429 s ≈ 9.78 years ≤ 10
    //           ⇒ warning
    //   logins: 27 rows/day → 100,000 / 27 × 86,400 s = 320,000,000 s ≈ 10.1 years > 10
    //           ⇒ info
    tester
        .model(
            """
        model: accounts
        horizon: 1y
        entities:
          AuditEntry:
            attributes:
              account_id: uuid
              at: {type: timestamp, time_ordered: true}
              entry_id: uuid
              detail: {type: text, size: 200B}
            key: [entry_id]
            growth: 10/s
            spread:
              account_id: {distinct: 1M, busiest: 28/day}
          Login:
            attributes:
              user_id: uuid
              at: {type: timestamp, time_ordered: true}
              login_id: uuid
              agent: {type: text, size: 200B}
            key: [login_id]
            growth: 10/s
            spread:
              user_id: {distinct: 1M, busiest: 27/day}
        patterns:
          - id: audit
            rate: 10/s
            insert: AuditEntry
          - id: log-in
            rate: 10/s
            insert: Login
        cassandra:
          schema: unused.cql
        """)
        .cql(
            """
        CREATE KEYSPACE app WITH replication = {'class': 'NetworkTopologyStrategy', 'dc1': 3};
        CREATE TABLE app.audit_by_account ( -- FINDING: UnboundedPartitionGrowth [warning]: after 9.78 years
          account_id uuid, at timestamp, entry_id uuid, detail text,
          PRIMARY KEY ((account_id), at, entry_id));
        CREATE TABLE app.logins_by_user ( -- FINDING: UnboundedPartitionGrowth [info]: after 10.1 years
          user_id uuid, at timestamp, login_id uuid, agent text,
          PRIMARY KEY ((user_id), at, login_id));
        """)
        .expectMarkedFindings();
  }

  @Test
  void rowsStoredToday_countTowardsTheCrossing() {
    // 50M events exist today; the busiest user's share is 1/s ÷ 1,000/s = 0.1%, so its
    // partition holds 0.1% × 50M = 50,000 rows today and gains 1 row/s. It reaches 100,000
    // values after (100,000 − 50,000) / 1 = 50,000 s ≈ 13.9 hours. (Scaling the size at the
    // horizon alone, 1y × 100,000 / 31,586,000 rows, would say 27.7 hours: twice too late.)
    tester
        .model(
            """
        model: activity
        horizon: 1y
        entities:
          Event:
            attributes:
              user_id: uuid
              event_time: {type: timestamp, time_ordered: true}
              event_id: uuid
              payload: {type: text, size: 100B}
            key: [event_id]
            count: 50M
            growth: 1k/s
            spread:
              user_id: {distinct: 1M, busiest: 1/s}
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
        CREATE TABLE app.events_by_user ( -- FINDING: UnboundedPartitionGrowth [warning]: guideline after 13.9 hours
          user_id uuid, event_time timestamp, event_id uuid, payload text,
          PRIMARY KEY ((user_id), event_time, event_id));
        """)
        .expectMarkedFindings();
  }

  @Test
  void partitionAlreadyPastTheGuidelineToday_saysSo() {
    // 200M events today: the busiest user already has 0.1% × 200M = 200,000 rows and values,
    // past 100,000 ⇒ warning, "already".
    tester
        .model(
            """
        model: activity
        horizon: 1y
        entities:
          Event:
            attributes:
              user_id: uuid
              event_time: {type: timestamp, time_ordered: true}
              event_id: uuid
              payload: {type: text, size: 100B}
            key: [event_id]
            count: 200M
            growth: 1k/s
            spread:
              user_id: {distinct: 1M, busiest: 1/s}
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
        CREATE TABLE app.events_by_user ( -- FINDING: UnboundedPartitionGrowth [warning]: already (200,000 rows today)
          user_id uuid, event_time timestamp, event_id uuid, payload text,
          PRIMARY KEY ((user_id), event_time, event_id));
        """)
        .expectMarkedFindings();
  }

  // Events of a device, 10/s each for the busiest, with a view by type; the base decides the TTL.
  private static final String EVENTS =
      """
      model: events
      horizon: 1y
      entities:
        Event:
          attributes:
            device_id: uuid
            at: timestamp
            kind: {type: text, values: [BOOT, ALARM, PING]}
            body: {type: text, size: 40B}
          key: [device_id, at]
          growth: 1k/s
          spread:
            device_id: {distinct: 100}
      patterns:
        - id: record
          rate: 1k/s
          insert: Event
      cassandra:
        schema: unused.cql
      """;

  @Test
  void aViewExpiresWithItsBaseTablesTtl() {
    // The base sets default_time_to_live = 7 days: neither the base nor the view grows forever
    // (Cassandra refuses default_time_to_live on the view itself).
    tester
        .model(EVENTS)
        .cql(
            """
            CREATE KEYSPACE iot WITH replication = {'class': 'NetworkTopologyStrategy', 'dc1': 3};
            CREATE TABLE iot.events (device_id uuid, at timestamp, kind text, body text,
              PRIMARY KEY ((device_id), at)) WITH default_time_to_live = 604800;
            CREATE MATERIALIZED VIEW iot.events_by_kind AS SELECT * FROM iot.events
              WHERE kind IS NOT NULL AND device_id IS NOT NULL AND at IS NOT NULL
              PRIMARY KEY ((kind), device_id, at);
            """)
        .expectMarkedFindings();
  }

  @Test
  void aGrowingView_isToldToExpireThroughItsBaseTable() {
    var found =
        tester
            .model(EVENTS)
            .cql(
                """
                CREATE KEYSPACE iot WITH replication = {'class': 'NetworkTopologyStrategy', 'dc1': 3};
                CREATE TABLE iot.events (device_id uuid, at timestamp, kind text, body text, -- FINDING: UnboundedPartitionGrowth
                  PRIMARY KEY ((device_id), at));
                CREATE MATERIALIZED VIEW iot.events_by_kind AS SELECT * FROM iot.events -- FINDING: UnboundedPartitionGrowth
                  WHERE kind IS NOT NULL AND device_id IS NOT NULL AND at IS NOT NULL
                  PRIMARY KEY ((kind), device_id, at);
                """)
            .expectMarkedFindings();
    var view =
        found.stream().filter(f -> f.target().equals("events_by_kind")).findFirst().orElseThrow();
    org.assertj.core.api.Assertions.assertThat(view.fix())
        .contains("default_time_to_live on its base table events");
  }
}
