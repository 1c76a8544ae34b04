package dev.keyplan.dynamodb.simulate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.keyplan.simulate.SimulationResult;
import org.junit.jupiter.api.Test;

/**
 * Partition ceilings and splits for heat: what burst and adaptive capacity cannot do, what
 * isolating hot keys does, and the collections DynamoDB will not split.
 */
final class HotPartitionTest {
  /** One counter of 1,000 at 75% of 2,000 updates/s: 1,500 WCU/s on one item. */
  private static final String HOT_ITEM =
      """
      model: hot-item
      horizon: 1d
      entities:
        Counter:
          attributes:
            name: {type: text, size: 10B}
            hits: bigint
          key: [name]
          count: 1k
      patterns:
        - id: hit
          rate: 2k/s
          update: Counter set hits where name = ?
          spread:
            name: {busiest: 75%}
      dynamodb:
        tables:
          Counters:
            partition_key: name
            capacity: {read: 1000, write: 10000}
            items:
              Counter: {keys: {}}
      """;

  @Test
  void anItemAbovetheCeiling_isThrottledThere_whateverTheTableHolds() {
    // 10,000 WCU provisioned and a full burst bucket (3,000,000 WCU) cannot lift one partition past
    // 1,000 WCU/s: "Burst capacity can't alleviate partition-level throttling". The hot counter
    // asks 1,500 a second, so at least 500 of them are refused each second: ≥ 500 × 1,200 = 600,000
    // over 20 minutes. At most: its first partition also holds 1/11 of the other 500 updates/s
    // (11 partitions: ⌈1,000 / 3,000 + 10,000 / 1,000⌉), 1,545 in all, of which the counter's share
    // of the 545 refused is 1,500 / 1,545 × 545 = 529 a second: ≤ 529 × 1,200 = 635,000 (+1% for
    // Poisson seconds). Nothing is refused for the table's sake.
    CopyRun c = Sims.only(Sims.run(HOT_ITEM, DynamoDbSetup.defaults(), 1_200));
    assertThat(c.initialPartitions()).isEqualTo(11);
    KeyStats hot = c.hotKeys().get(0);
    assertThat(hot.key()).isEqualTo("name-1");
    assertThat(hot.write().partitionThrottled()).isBetween(600_000 * 0.99, 635_000 * 1.01);
    assertThat(c.write().units().tableThrottled()).isZero();
    assertThat(c.write().burstSpent()).isEmpty();
  }

  @Test
  void anItemAboveTheCeiling_endsAloneOnItsPartition_andIsNeverSplit() {
    // Every 300 s the hot partition splits beside the counter's item, shedding the other counters
    // around it, until a partition holds the one item: "adaptive capacity might rebalance your data
    // so that a partition contains only that single, frequently accessed item". It stores that
    // item's bytes and nothing else. It is one item (the table has no sort key), so the next
    // window refuses to split it. (The other counters, each under 1% of a ceiling, are not tracked
    // one by one: their rows are spread by range, a few millionths of a byte on that partition.)
    CopyRun c = Sims.only(Sims.run(HOT_ITEM, DynamoDbSetup.defaults(), 1_200));
    KeyStats hot = c.hotKeys().get(0);
    PartitionStats home =
        c.partitions().stream()
            .filter(p -> p.name().equals(hot.partitions().get(0)))
            .findFirst()
            .orElseThrow();
    assertThat(home.bytes()).isCloseTo(hot.bytes(), within(1e-3));
    assertThat(home.write().demand())
        .isEqualTo(hot.write().demand() - 600 * 1_500, within(0.02 * 600 * 1_500));
    assertThat(c.events())
        .filteredOn(e -> e.kind().equals("split-refused"))
        .singleElement()
        .extracting(SimulationResult.Event::text)
        .asString()
        .contains("name-1 (it is one item)");
    assertThat(c.events())
        .filteredOn(e -> e.kind().equals("split"))
        .allMatch(e -> e.text().contains("for heat"));
  }

  /** Two counters at 600 updates/s each, 1,200 WCU/s, on a table of one partition. */
  private static final String TWO_HOT =
      """
      model: two-hot
      horizon: 1d
      entities:
        Counter:
          attributes:
            name: {type: text, size: 10B}
            hits: bigint
          key: [name]
          count: 2
      patterns:
        - id: hit
          rate: 1200/s
          update: Counter set hits where name = ?
      dynamodb:
        tables:
          Counters:
            partition_key: name
            items:
              Counter: {keys: {}}
      """;

  @Test
  void twoHotKeysOnOnePartition_areSeparatedAfterTheHeatWindow() {
    // One partition asked 1,200 WCU/s serves 1,000: about 200 a second are refused for the first
    // 300 s, 60,000 in all. At 299 s the partition splits between the two counters; each half then
    // carries 600 ± 25 (Poisson) and nothing more is refused.
    CopyRun c = Sims.only(Sims.run(TWO_HOT, DynamoDbSetup.defaults().withPartitions(1), 900));
    assertThat(c.events())
        .filteredOn(e -> e.kind().equals("split"))
        .singleElement()
        .satisfies(e -> assertThat(e.second()).isEqualTo(299));
    assertThat(c.livePartitions()).hasSize(2);
    assertThat(c.write().units().partitionThrottled()).isBetween(60_000 * 0.97, 60_000 * 1.03);
    assertThat(c.hotKeys()).allSatisfy(k -> assertThat(k.partitions()).hasSize(1));
    assertThat(c.hotKeys().get(0).partitions()).isNotEqualTo(c.hotKeys().get(1).partitions());
    assertThat(c.events())
        .filteredOn(e -> e.kind().equals("throttle-stop"))
        .singleElement()
        .satisfies(e -> assertThat(e.second()).isBetween(299L, 301L));
  }

  /** One device writing 1,500 readings/s into its item collection; the sort key as {@code %s}. */
  private static String device(String seq) {
    return """
        model: device
        horizon: 1d
        entities:
          Reading:
            attributes:
              device_id: {type: text, size: 10B}
              seq: %s
              value: double
            key: [device_id, seq]
            growth: 1500/s
            spread:
              device_id: {distinct: 1}
        patterns:
          - {id: record, rate: 1500/s, insert: Reading}
        dynamodb:
          tables:
            Readings:
              partition_key: device_id
              sort_key: seq
              items:
                Reading: {keys: {}}
        """
        .formatted(seq);
  }

  @Test
  void aHotItemCollection_isSplitBySortKey() {
    // One value, many items, a random sort key: at 299 s the collection is cut in the middle of its
    // sort key range, 750 WCU/s a side. Refused before: about 1,500 − 1,000 = 500 a second for
    // 300 s, 150,000; nothing after.
    CopyRun c =
        Sims.only(Sims.run(device("uuid"), DynamoDbSetup.defaults().withPartitions(1), 900));
    assertThat(c.events())
        .filteredOn(e -> e.kind().equals("split"))
        .singleElement()
        .satisfies(e -> assertThat(e.second()).isEqualTo(299));
    assertThat(c.hotKeys().get(0).partitions()).hasSize(2);
    assertThat(c.write().units().partitionThrottled()).isBetween(150_000 * 0.98, 150_000 * 1.02);
  }

  @Test
  void aHotItemCollectionOnAMonotonicSortKey_isNotSplit() {
    // The same device with a time-ordered sort key: every write lands on the newest sort key, and
    // DynamoDB splits an item collection by sort key only "as long as the item collection isn't
    // traffic that is tracked by a monotonic increase or decrease of the sort key". About 500 WCU
    // a second are refused for the whole 900 s: 450,000.
    CopyRun c =
        Sims.only(
            Sims.run(
                device("{type: timeuuid, time_ordered: true}"),
                DynamoDbSetup.defaults().withPartitions(1),
                900));
    assertThat(c.events()).filteredOn(e -> e.kind().equals("split")).isEmpty();
    assertThat(c.events())
        .filteredOn(e -> e.kind().equals("split-refused"))
        .singleElement()
        .extracting(SimulationResult.Event::text)
        .asString()
        .contains("its sort key (seq) grows monotonically");
    assertThat(c.write().units().partitionThrottled()).isBetween(450_000 * 0.98, 450_000 * 1.02);
  }
}
