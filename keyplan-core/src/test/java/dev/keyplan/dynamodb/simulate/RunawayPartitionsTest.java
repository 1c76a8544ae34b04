package dev.keyplan.dynamodb.simulate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.keyplan.dynamodb.design.DynamoDbAnalysis;
import dev.keyplan.dynamodb.design.DynamoDbAnalyzer;
import dev.keyplan.dynamodb.design.DynamoDbTable;
import dev.keyplan.simulate.Progress;
import dev.keyplan.simulate.SimulationResult;
import dev.keyplan.simulate.SimulationSettings;
import dev.keyplan.simulate.WorkBudget;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Issue 18, bounded work: a DynamoDB model at 1B/s starts with 4 partitions and splits them for
 * heat or size to tens of thousands, so the work estimate counts the partitions a run can end with
 * ({@link PartitionForecast}) and a copy never holds more than keyplan's cap.
 */
final class RunawayPartitionsTest {
  /**
   * The hostile model: examples/flash-sale.yaml with both patterns at 1B/s (the most a rate may
   * be), one product taking 80% of them. Run for 1 h it split from 4 partitions to 15,592 (the
   * first of the unbounded DynamoDB runs, reproduced before this fix).
   */
  private static final String BILLION =
      """
      model: flash-sale-1b
      horizon: 2h
      entities:
        Sale:
          attributes:
            product_id: {type: text, size: 16B}
            sale_id: {type: text, size: 26B, time_ordered: true}
            user_id: uuid
          key: [sale_id]
          growth: 1k/s
          spread:
            product_id: {distinct: 10k, busiest: 80%}
      patterns:
        - {id: buy, rate: 1B/s, insert: Sale}
        - {id: latest-sales, rate: 1B/s, query: Sale where product_id = ? order by sale_id desc limit 20}
      dynamodb:
        tables:
          ProductSales:
            partition_key: product_id
            sort_key: sale_id
            items:
              Sale: {keys: {}}
      """;

  @Test
  void twoHoursAtOneBillionASecond_isRefusedBeforeItRuns() {
    // 7,200 s is 24 heat windows of 300 s: 4 × 2^24 partitions by doubling, more than the demand
    // needs, so the cap of 100,000 counts: at least 7,200 × 100,000 × 2 (visited, and recorded) =
    // 1.44 × 10⁹ steps, over the default 10⁹. Before the forecast the estimate counted the 4
    // partitions it starts with, let it run, and the run did not end in minutes.
    var x =
        assertThrows(
            WorkBudget.OverBudgetException.class,
            () ->
                assertTimeoutPreemptively(
                    Duration.ofSeconds(60),
                    () -> Sims.run(Sims.model(BILLION), DynamoDbSetup.defaults(), 7_200, 1)));
    assertTrue(x.getMessage().startsWith("this run would take about 1.4"), x.getMessage());
    assertTrue(
        x.getMessage().contains("more than the budget of 1.00 billion steps"), x.getMessage());
  }

  @Test
  void theForecast_isTheLargestWayToSplit_cappedAt100000() {
    // A tail of 10⁹ writes a second of 1 WCU each on an on-demand copy of 4 partitions that may
    // split for heat, with no rows (no size terms):
    TailLoad tail = new TailLoad(0, 0, 1e9, 1, 0, List.of());
    CopySpec spec = new CopySpec("T", List.of(), tail, "on-demand", true, 0, 0, 4, true, List.of());
    DynamoDbSetup setup = DynamoDbSetup.defaults(); // a heat window of 300 s, share 1
    // 1 h = 12 windows: 4 × 2^12 = 16,384 by doubling; the demand would need 2 × ⌈10⁹ / 1,000⌉ =
    // 2,000,000; on demand the quota needs ⌈40,000 / 1,000⌉ = 40. The largest that can happen is
    // 16,384.
    assertEquals(16_384, PartitionForecast.of(spec, setup, 3_600, false, 1));
    // 2 h = 24 windows: 67,108,864 by doubling, 2,000,000 by demand: the cap, 100,000.
    assertEquals(100_000, PartitionForecast.of(spec, setup, 7_200, false, 1));
    // A trace drives the demand, which the spec does not know: doubling alone, 16,384 for an hour.
    assertEquals(16_384, PartitionForecast.of(spec, setup, 3_600, true, 1));
    // Under 300 s no window ends: the start's 4, or the on-demand quota's 40.
    assertEquals(40, PartitionForecast.of(spec, setup, 299, false, 1));
    CopySpec provisioned =
        new CopySpec("T", List.of(), tail, "provisioned", false, 100, 100, 4, false, List.of());
    assertEquals(4, PartitionForecast.of(provisioned, setup, 7_200, false, 1));
  }

  @Test
  void copiesShareTheStateARunMayHold() {
    // 256 MiB ÷ 2,048 bytes = 131,072 partitions' state in a run. One copy keeps keyplan's cap of
    // 100,000; a table and three global indexes (examples/app-table.yaml) get 131,072 ÷ 4 = 32,768
    // each, so four copies at their cap hold 4 × 32,768 × 2,048 = 256 MiB, not the 800 MB that ran
    // out of a 512 MB heap.
    TailLoad tail = new TailLoad(0, 0, 1e9, 1, 0, List.of());
    CopySpec spec = new CopySpec("T", List.of(), tail, "on-demand", true, 0, 0, 4, true, List.of());
    DynamoDbSetup setup = DynamoDbSetup.defaults();
    assertEquals(100_000, PartitionForecast.cap(spec, 1));
    assertEquals(32_768, PartitionForecast.cap(spec, 4));
    // Two hours would double it past either cap: the forecast stops at the copy's share.
    assertEquals(32_768, PartitionForecast.of(spec, setup, 7_200, false, 4));
    // A copy told to start with more (--partitions 50000) keeps its start.
    CopySpec big =
        new CopySpec("T", List.of(), tail, "on-demand", true, 0, 0, 50_000, true, List.of());
    assertEquals(50_000, PartitionForecast.cap(big, 4));
  }

  @Test
  void theSeries_stopsRecordingPartitionsAtItsRowLimit_andSaysSo() {
    // examples/flash-sale.yaml's table for 600 s at 1 s intervals: a copy row, its partitions and
    // its reported keys every second. With a row limit of 100 the partition rows stop once the
    // series holds 100 rows (copy and key rows, a fixed number an interval, go on); with no limit
    // every partition has a row every second.
    assertEquals(List.of(), partitionRows(Long.MAX_VALUE).notes());
    CopySimulation limited = partitionRows(100);
    long partitions = limited.rows().stream().filter(r -> r.subject().matches(".*:p\\d+")).count();
    long unlimited =
        partitionRows(Long.MAX_VALUE).rows().stream()
            .filter(r -> r.subject().matches(".*:p\\d+"))
            .count();
    assertTrue(partitions < 100, partitions + " partition rows");
    assertTrue(unlimited >= 600 * 4, unlimited + " partition rows"); // 4 partitions at the start
    assertEquals(1, limited.notes().size());
    assertTrue(
        limited
            .notes()
            .get(0)
            .startsWith(
                "ProductSales: the time series stopped recording" + " partitions from second "),
        limited.notes().get(0));
    assertTrue(
        limited
            .notes()
            .get(0)
            .endsWith(
                ", at 100 rows, this copy's share of the 256 MB a run's"
                    + " series may hold (docs/reliability.md, Simulation budget)"),
        limited.notes().get(0));
  }

  private static CopySimulation partitionRows(long rowLimit) {
    DynamoDbAnalysis a = DynamoDbAnalyzer.analyze(Sims.example("flash-sale.yaml"));
    DynamoDbTable t = a.tables().get(0);
    CopyWorkload w = WorkloadPlanner.plan(a, t, t.table());
    DynamoDbSetup setup = DynamoDbSetup.defaults();
    SimulationSettings s = SimulationSettings.of(1, 600, SimulationSettings.Mode.AGGREGATE);
    CopySimulation sim =
        new CopySimulation(
            CopySpecs.of(a, t, t.table(), setup, w, w.keys()),
            new GeneratedArrivals(w, s.mode()),
            setup,
            s,
            new SplittableRandom(1),
            rowLimit,
            PartitionForecast.CAP);
    sim.run(new ProgressClock(Progress.NONE, 600));
    return sim;
  }

  @Test
  void aCopyAtTheCap_splitsNoMore_andSaysSoOnce() {
    // 100,000 partitions, one of them at 20 GB: a split for size would make 100,001.
    PartitionMap map = new PartitionMap(PartitionForecast.CAP, 0, 0);
    map.get(7).bytes = 20e9;
    List<SimulationResult.Event> events = new ArrayList<>();
    Splits splits = new Splits("T", map, List.of(), events, PartitionForecast.CAP);
    Placement placement = Placement.of(map, new long[0]);
    assertFalse(splits.forSize(60, placement));
    assertFalse(splits.forSize(120, placement));
    assertEquals(100_000, map.size());
    assertEquals(
        List.of(
            new SimulationResult.Event(
                60,
                "split-refused",
                "T",
                "no more splits: the copy holds 100,000 partitions, the most keyplan simulates"
                    + " (docs/reliability.md, Simulation budget)")),
        events);
  }
}
