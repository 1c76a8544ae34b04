package dev.keyplan.dynamodb.simulate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.keyplan.dynamodb.design.DynamoDbAnalyzer;
import dev.keyplan.dynamodb.facts.DynamoDbLimits;
import dev.keyplan.model.Model;
import org.junit.jupiter.api.Test;

/**
 * Partitions by size: enough at the start for 10 GB each, and a split in halves when one passes it.
 */
final class SizeSplitTest {
  /** 100 million items today, 100,000 more a second. */
  private static final String ITEMS =
      """
      model: items
      horizon: 1d
      entities:
        Item:
          attributes:
            id: uuid
            body: {type: text, size: 400B}
          key: [id]
          count: 100M
          growth: 100k/s
      patterns:
        - {id: get, rate: 1/s, query: Item where id = ?}
      dynamodb:
        tables:
          Items:
            partition_key: id
            items:
              Item: {keys: {}}
      """;

  @Test
  void aGrowingTable_startsWithPartitionsForItsBytes_andSplitsEachInHalfPast10Gb() {
    Model m = Sims.model(ITEMS);
    // Each item's storage bytes, from the analysis (its size + 100 B of overhead).
    double b = DynamoDbAnalyzer.analyze(m).tables().get(0).items().get(0).storageBytes();
    double gb10 = DynamoDbLimits.MAX_PARTITION_BYTES;
    // Today: 100M × b bytes in ⌈100M × b / 10 GB⌉ partitions (more than a new on-demand table's 4).
    int start = (int) Math.ceil(100e6 * b / gb10);
    assertThat(start).isGreaterThan(4);
    // Sizes are checked once a minute, at the end of seconds 59, 119, …: the first check at which
    // one of the equal partitions holds more than 10 GB splits all of them.
    long first = 59;
    while ((100e6 + 100e3 * (first + 1)) * b / start <= gb10) {
      first += 60;
    }
    long check = first;
    CopyRun c = Sims.only(Sims.run(m, DynamoDbSetup.defaults(), check + 61, 1));
    assertThat(c.initialPartitions()).isEqualTo(start);
    assertThat(c.events())
        .filteredOn(e -> e.kind().equals("split"))
        .hasSize(start)
        .allSatisfy(
            e -> {
              assertThat(e.second()).isEqualTo(check);
              assertThat(e.text()).contains("for size");
            });
    assertThat(c.livePartitions())
        .hasSize(2 * start)
        .allSatisfy(p -> assertThat(p.rangeShare()).isCloseTo(0.5 / start, within(1e-12)));
  }
}
