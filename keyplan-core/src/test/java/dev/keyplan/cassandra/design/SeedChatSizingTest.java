package dev.keyplan.cassandra.design;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.keyplan.check.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * Seed 000's sizing of the chat service, computed rather than quoted: "a hot channel writes 100
 * messages per second at 200 bytes each, which is 20 KB per second or about 1.7 GB per day. A daily
 * bucket would be 1.7 GB in one partition; an hourly bucket is about 72 MB but 360,000 rows; a
 * ten-minute bucket is about 12 MB and 60,000 rows."
 */
final class SeedChatSizingTest {
  // The seed counts the 200-byte message bodies only, so this table keeps body as its one
  // regular column; the sizing formula then adds keys and 8 bytes of metadata per cell.
  private static final String MODEL =
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
        - id: latest-messages
          rate: 20k/s
          query: Message where channel_id = ? order by message_id desc limit 50
        - id: post-message
          rate: 50k/s
          insert: Message
      cassandra:
        schema: unused.cql
        derived:
          messages_by_channel.bucket: {window: 10m, of: message_id}
      """;
  private static final String CQL =
      """
      CREATE KEYSPACE chat WITH replication = {'class': 'NetworkTopologyStrategy', 'dc1': 3};
      CREATE TABLE chat.messages_by_channel (channel_id bigint, bucket int, message_id bigint, body text,
        PRIMARY KEY ((channel_id, bucket), message_id)) WITH CLUSTERING ORDER BY (message_id DESC);
      """;

  // "Without it [the bucket], a channel is one partition for all time. Size it from your busiest
  // key": the same messages keyed by channel alone, so keyplan proposes the bucket.
  private static final String UNBUCKETED_CQL =
      """
      CREATE KEYSPACE chat WITH replication = {'class': 'NetworkTopologyStrategy', 'dc1': 3};
      CREATE TABLE chat.messages_by_channel (channel_id bigint, message_id bigint, body text,
        PRIMARY KEY ((channel_id), message_id)) WITH CLUSTERING ORDER BY (message_id DESC);
      """;

  private BucketAdvice advice() {
    String model =
        MODEL.replace(
            "  derived:\n    messages_by_channel.bucket: {window: 10m, of: message_id}\n", "");
    var a = RuleTester.withoutRule().model(model).cql(UNBUCKETED_CQL).analysis();
    return a.sizing().get("messages_by_channel").advice().orElseThrow();
  }

  private BucketAdvice.Option option(long seconds) {
    return advice().options().stream()
        .filter(o -> o.windowSeconds() == seconds)
        .findFirst()
        .orElseThrow();
  }

  @Test
  void dailyBucket_holdsAbout1_7GB() {
    // 100 messages/s × 86,400 s = 8,640,000 rows × 200 B = 1,728,000,000 B of bodies.
    var day = option(86_400);
    assertThat(day.busiest().rows()).isEqualTo(8_640_000);
    assertThat(day.busiest().dataBytes()).isEqualTo(1_728_000_000d);
  }

  @Test
  void hourlyBucket_is72MBAnd360kRows_tooManyRows() {
    // 100 × 3,600 = 360,000 rows × 200 B = 72,000,000 B; 360,000 values > 100,000: does not fit.
    var hour = option(3_600);
    assertThat(hour.busiest().rows()).isEqualTo(360_000);
    assertThat(hour.busiest().dataBytes()).isEqualTo(72_000_000d);
    assertThat(hour.busiest().values()).isEqualTo(360_000);
    assertThat(hour.fits()).isFalse();
  }

  @Test
  void tenMinuteBucket_is12MBPlusOverheadAnd60kRows_andFits() {
    // 100 × 600 = 60,000 rows; bodies 60,000 × 200 B = 12,000,000 B. With one regular column,
    // N_v = 60,000 × 1 = 60,000 values, and S_t = 8 (channel_id key) + 60,000 × (8 + 200) row
    // bytes + 60,000 × 8 metadata = 8 + 12,480,000 + 480,000 = 12,960,008 B ("12 MB plus
    // overhead").
    var tenMinutes = option(600);
    assertThat(tenMinutes.busiest().rows()).isEqualTo(60_000);
    assertThat(tenMinutes.busiest().dataBytes()).isEqualTo(12_000_000d);
    assertThat(tenMinutes.busiest().values()).isEqualTo(60_000);
    assertThat(tenMinutes.busiest().bytes()).isCloseTo(12_960_008d, within(0.5));
    assertThat(tenMinutes.fits()).isTrue();
  }

  @Test
  void advice_isTheWidestBucketWithinBothGuidelines() {
    // 15 minutes: 90,000 values and 19.4 MB fit; 30 minutes: 180,000 values do not.
    assertThat(advice().chosen().orElseThrow().windowSeconds()).isEqualTo(900);
  }

  @Test
  void latestRead_walksBucketsOfAQuietChannelNewestFirst() {
    // A typical channel writes 50,000 / 10M = 0.005 messages/s, 3 per ten-minute bucket, so
    // "latest 50" walks ceil(50 / 3) = 17 buckets; the hottest channel fills 50 in one.
    var a = RuleTester.withoutRule().model(MODEL).cql(CQL).analysis();
    var plan = a.plan("latest-messages").orElseThrow();
    assertThat(plan.access()).isEqualTo(CassandraAccess.BUCKET_WALK);
    assertThat(plan.partitions().typical()).isEqualTo(17);
    assertThat(plan.partitions().busiest()).isEqualTo(1);
  }
}
