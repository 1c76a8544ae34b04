package dev.keyplan.dynamodb.check;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.check.Finding;
import dev.keyplan.check.RuleTester;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * PartitionThroughputExceeded compares the busiest partition key value of each copy (table or
 * global index) with the per-partition ceilings of 3,000 RCU/s and 1,000 WCU/s: a warning from 50%
 * of either, an error from 100%.
 *
 * <p>The load is DynamoHeat's: {@code Σ rate × busiest share × units} over the patterns that reach
 * the key. A write costs ⌈item / 1 KB⌉ WCU; an eventually consistent GetItem ⌈item / 4 KB⌉ × 0.5
 * RCU (AWS DG, "Read and write operations").
 */
final class PartitionThroughputExceededTest {
  private final RuleTester tester = RuleTester.of(PartitionThroughputExceeded.class);

  @Test
  void fiveThousandUpdatesToOneItem_isError_andTheItemIsSplitIntoTen() {
    // Seed 000: "5,000 updates per second to one item is impossible". A Post item is PK 2 + 38 +
    // post_id 7 + 36 + likes 5 + 11 (a 19-digit number) = 99 B: 1 WCU a write, 0.5 RCU a read.
    //   writes: 5,000/s × 100% × 1 WCU = 5,000 WCU/s = 500% of 1,000 ⇒ error, one item
    //   reads:  1,000/s × 100% × 0.5 RCU = 500 RCU/s = 16.7% of 3,000
    //   shards: ⌈5,000 / 500⌉ = 10 (half the ceiling each); like-count then makes 10 GetItem-sized
    //           queries of at least 0.5 RCU: 5 RCU instead of 0.5, (5 − 0.5) × 1,000 = 4,500 RCU/s
    // more
    List<Finding> found =
        tester
            .model(
                """
        model: likes
        horizon: 1y
        entities:
          Post:
            attributes:
              post_id: uuid
              likes: bigint
            key: [post_id]
            count: 10M
        patterns:
          - id: like-post
            rate: 5k/s
            update: Post set likes where post_id = ?
            spread:
              post_id: {busiest: 5k/s}
          - id: like-count
            rate: 1k/s
            query: select likes from Post where post_id = ?
            spread:
              post_id: {busiest: 1k/s}
        dynamodb:
          tables:
            Posts: # FINDING: PartitionThroughputExceeded [error]: takes 500 RCU/s (16.7% of 3,000) and 5,000 WCU/s (500% of 1,000) a partition serves per second; from like-post 5,000 WCU/s, like-count 500 RCU/s; the value holds a single item, and a single item can never be split
              partition_key: PK
              items:
                Post:
                  keys: {PK: "P#{post_id}"}
        """)
            .expectMarkedFindings();
    assertThat(found.get(0).fix())
        .contains("\"P#{post_id}#{shard:10}\" spreads the writes over 10 partitions, 500 WCU/s")
        .contains("split the item into 10 items")
        .contains("like-count 1 → 10 calls, 0.5 → 5 RCU, 4,500 RCU/s more in all");
  }

  @Test
  void sensorCollectionOnATimeOrderedSortKey_overHalf_isWarning() {
    // A Reading item is PK 2 + 38, SK 2 + 24 (an ISO 8601 timestamp), sensor_id 9 + 36, ts 2 + 24,
    // value 5 + 900 = 1,042 B: just over 1 KB, so 2 WCU a put.
    //   writes: 10,000/s × (300 / 10,000 = 3%) × 2 WCU = 600 WCU/s = 60% of 1,000 ⇒ warning
    //   reads:  100/s × 3% × 1.5 RCU (10 readings, below) = 4.5 RCU/s
    //   the sort key leads with ts, time-ordered: the collection cannot be split on it
    //   shards: ⌈600 / 500⌉ = 2
    List<Finding> found =
        tester
            .model(
                """
        model: sensors
        horizon: 30d
        entities:
          Reading:
            attributes:
              sensor_id: uuid
              ts: {type: timestamp, time_ordered: true}
              value: {type: text, size: 900B}
            key: [sensor_id, ts]
            growth: 10k/s
            spread:
              sensor_id: {distinct: 1000, busiest: 300/s}
        patterns:
          - id: record
            rate: 10k/s
            insert: Reading
          - id: latest-readings
            rate: 100/s
            query: Reading where sensor_id = ? order by ts desc limit 10
        dynamodb:
          tables:
            Readings: # FINDING: PartitionThroughputExceeded [warning]: 600 WCU/s (60% of 1,000) a partition serves per second; from record 600 WCU/s, latest-readings 4.5 RCU/s; its sort key leads with ts, which increases with time
              partition_key: PK
              sort_key: SK
              items:
                Reading:
                  keys: {PK: "S#{sensor_id}", SK: "{ts}"}
        """)
            .expectMarkedFindings();
    // latest-readings reads 10 × 1,042 = 10,420 B = 3 blocks × 0.5 = 1.5 RCU; over 2 shards the
    // latest 10 can sit in either suffix, so each of the 2 queries reads up to 10: 2 × 1.5 = 3 RCU.
    assertThat(found.get(0).fix())
        .contains("\"S#{sensor_id}#{shard:2}\" spreads the writes over 2 partitions, 300 WCU/s")
        .contains("latest-readings 1 → 2 calls, 1.5 → 3 RCU");
  }

  @Test
  void celebrityProfileReads_atTheReadCeiling_isError_andTheFixCachesOrCopiesIt() {
    // A Profile item is PK 2 + 38, user_id 7 + 36, bio 3 + 10,000 = 10,086 B: ⌈10,086 / 4,096⌉ = 3
    // blocks × 0.5 = 1.5 RCU a GetItem.
    //   reads: 2,000/s × 100% × 1.5 RCU = 3,000 RCU/s = 100% of 3,000 ⇒ error
    //   copies: ⌈3,000 / 1,500⌉ = 2, each read by half the requests: 1,500 RCU/s each
    List<Finding> found =
        tester
            .model(
                """
        model: profiles
        horizon: 1y
        entities:
          Profile:
            attributes:
              user_id: uuid
              bio: {type: text, size: 10000B}
            key: [user_id]
            count: 100M
        patterns:
          - id: view-profile
            rate: 2k/s
            query: Profile where user_id = ?
            spread:
              user_id: {busiest: 2k/s}
          - id: edit-profile
            rate: 10/s
            update: Profile set bio where user_id = ?
        dynamodb:
          tables:
            Profiles: # FINDING: PartitionThroughputExceeded [error]: 3,000 RCU/s (100% of 3,000) and <0.01 WCU/s (<0.01% of 1,000)
              partition_key: PK
              items:
                Profile:
                  keys: {PK: "U#{user_id}"}
        """)
            .expectMarkedFindings();
    assertThat(found.get(0).fix())
        .startsWith("cache the hot item")
        .contains(
            "2 copies (\"U#{user_id}#{shard:2}\", every write puts all 2, each read picks one) bring each"
                + " partition to 1,500 RCU/s");
  }

  @Test
  void aHotQueryOfManyItems_isBounded_notCopied() {
    // Issue 16 §5: read heat from a Query that reads many items is answered by reading fewer, not
    // by duplicating the hot item. A Message item is PK 2 + 38, SK 2 + 36, channel_id 10 + 36,
    // message_id 10 + 36, body 4 + 300 = 474 B; 100 of them are 47,400 B = ⌈11.6⌉ = 12 blocks ×
    // 0.5 = 6 RCU a Query.
    //   reads: 1,000/s on the busiest channel × 6 RCU = 6,000 RCU/s = 200% of 3,000 ⇒ error
    List<Finding> found =
        tester
            .model(
                """
        model: feed
        horizon: 30d
        entities:
          Message:
            attributes:
              channel_id: uuid
              message_id: {type: timeuuid, time_ordered: true}
              body: {type: text, size: 300B}
            key: [message_id]
            growth: 100/s
            spread:
              channel_id: {distinct: 10k}
        patterns:
          - id: recent
            rate: 1k/s
            query: Message where channel_id = ? order by message_id desc limit 100
            spread:
              channel_id: {busiest: 1k/s}
          - id: post
            rate: 100/s
            insert: Message
        dynamodb:
          tables:
            Messages: # FINDING: PartitionThroughputExceeded [error]: takes 6,000 RCU/s (200% of 3,000)
              partition_key: PK
              sort_key: SK
              items:
                Message:
                  keys: {PK: "C#{channel_id}", SK: "{message_id}"}
        """)
            .expectMarkedFindings();
    assertThat(found.get(0).fix())
        .startsWith(
            "read fewer items per request: recent reads 100 items a request (6,000 RCU/s); ask each"
                + " Query for fewer")
        .doesNotContain("copies (");
  }

  @Test
  void writesNoThousandSuffixesCouldSpread_sayShardingCannotFixThem() {
    // Issue 16 §5: a fix stays within keyplan's own limits (2 to 1,000 suffixes). One counter item
    // of 1 KB at most (1 WCU an update) updated 1,000,000 times a second is 1,000,000 WCU/s; half
    // the ceiling, 500 WCU/s, per suffix needs 2,000 suffixes, over 1,000 ⇒ say so.
    List<Finding> found =
        tester
            .model(
                """
        model: votes
        horizon: 1d
        entities:
          Tally:
            attributes:
              poll_id: uuid
              votes: bigint
            key: [poll_id]
            count: 10
        patterns:
          - id: vote
            rate: 1M/s
            update: Tally set votes where poll_id = ?
            spread:
              poll_id: {busiest: 100%}
        dynamodb:
          tables:
            Tallies: # FINDING: PartitionThroughputExceeded [error]: 1,000,000 WCU/s
              partition_key: PK
              items:
                Tally:
                  keys: {PK: "P#{poll_id}"}
        """)
            .expectMarkedFindings();
    assertThat(found.get(0).fix())
        .startsWith("write sharding cannot fix it: 1,000,000 WCU/s on one key needs 2,000 suffixes")
        .contains("more than the 1,000 a key template allows");
  }

  @Test
  void statusKeyedIndex_isFlaggedAtTheIndex_spreadKeysAndUnknownSpreadsAreNot() {
    // GSI1 keys orders by status alone. An Order entry is 2,250 B: ⌈2,250 / 1,024⌉ = 3 WCU on the
    // index for each put. status has 5 values, uniform: the busiest takes 1/5 of the writes.
    //   GSI1: 2,000/s × 20% × 3 WCU = 1,200 WCU/s = 120% of 1,000 ⇒ error, at the index
    //   Orders under C#{customer_id}: 5M customers, far below the ceilings ⇒ no finding
    //   Notes under A#{author_id}: author_id has no spread, the load is unknown ⇒ skipped
    tester
        .model(
            """
        model: shop
        horizon: 1d
        entities:
          Order:
            attributes:
              order_id: uuid
              customer_id: uuid
              status: {type: text, values: [open, paid, shipped, delivered, cancelled]}
              body: {type: text, size: 2000B}
            key: [order_id]
            growth: 2k/s
            spread:
              customer_id: {distinct: 5M}
          Note:
            attributes:
              note_id: uuid
              author_id: uuid
              text: {type: text, size: 100B}
            key: [note_id]
            growth: 5k/s
        patterns:
          - id: place-order
            rate: 2k/s
            insert: Order
          - id: orders-of-customer
            rate: 500/s
            query: Order where customer_id = ?
          - id: add-note
            rate: 5k/s
            insert: Note
        dynamodb:
          tables:
            Orders:
              partition_key: PK
              sort_key: SK
              indexes:
                GSI1: {partition_key: GSI1PK, sort_key: GSI1SK} # FINDING: PartitionThroughputExceeded [error]: the busiest STATUS#{status} value of Orders.GSI1 takes 0 RCU/s (0% of 3,000) and 1,200 WCU/s (120% of 1,000)
              items:
                Order:
                  keys: {PK: "C#{customer_id}", SK: "O#{order_id}", GSI1PK: "STATUS#{status}", GSI1SK: "{order_id}"}
                Note:
                  keys: {PK: "A#{author_id}", SK: "N#{note_id}"}
        """)
        .expectMarkedFindings();
  }

  @Test
  void shardedKey_suffixIsRaised_notAppended() {
    assertThat(PartitionThroughputExceeded.sharded("P#{post_id}#{shard:4}", 12))
        .isEqualTo("\"P#{post_id}#{shard:12}\"");
    assertThat(PartitionThroughputExceeded.sharded("T#{tenant} | {region}", 3))
        .isEqualTo("\"T#{tenant}\" | \"{region}#{shard:3}\"");
  }
}
