package dev.keyplan.dynamodb.simulate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.keyplan.dynamodb.design.DynamoDbAnalyzer;
import dev.keyplan.model.Model;
import dev.keyplan.simulate.Progress;
import dev.keyplan.simulate.SimulationResult;
import dev.keyplan.simulate.SimulationSettings;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The store-neutral view: tables, series per interval for copy, partitions and hot keys, settings,
 * progress.
 */
final class ResultViewTest {
  private static final DynamoDbSetup SHORT_TABLE =
      DynamoDbSetup.defaults().withCapacity(DynamoDbSetup.CapacityMode.provisioned(1_500, 800));

  @Test
  void flashSale_seriesHasARowPerIntervalForTheCopyItsPartitionsAndHotKeys() {
    // 2 h at the default 60 s interval: 120 intervals, each with a row for ProductSales, its 2
    // partitions and its tracked keys: product_id-1 alone, as each other product (200 / 9,999
    // WCU/s)
    // is under 1% of a ceiling and joins the even tail. 120 × (1 + 2 + 1) rows.
    SimulationResult r = Sims.run(Sims.example("flash-sale.yaml"), SHORT_TABLE, 7_200, 4).result();
    assertThat(r.store()).isEqualTo("dynamodb");
    assertThat(r.series().columns())
        .startsWith("consumed_rcu_per_s", "throttled_rcu_per_s", "consumed_wcu_per_s");
    assertThat(r.series().rows()).hasSize(120 * 4);
    List<SimulationResult.Series.Row> copy =
        r.series().rows().stream().filter(x -> x.subject().equals("ProductSales")).toList();
    // The first minute consumes the whole 1,000 WCU/s (burst covers 200 of it); the last, 800.
    int consumed = r.series().columns().indexOf("consumed_wcu_per_s");
    assertThat(copy.get(0).value(consumed)).isCloseTo(1_000, within(10.0));
    assertThat(copy.get(119).value(consumed)).isCloseTo(800, within(1e-6));
    assertThat(copy.get(0).value(r.series().columns().indexOf("burst_wcu")))
        .isCloseTo(240_000 - 60 * 200, within(500.0));
    assertThat(r.tables())
        .extracting(SimulationResult.Table::id)
        .containsExactly("copies", "partitions", "hot-keys");
    assertThat(r.tables().get(2).cell(0, "key")).isEqualTo("product_id-1");
    assertThat(r.settings())
        .contains(new SimulationResult.Setting("capacity", "provisioned 1,500 RCU / 800 WCU"));
    assertThat(r.findings().get(0))
        .startsWith(
            "ProductSales (provisioned 1,500 RCU / 800 WCU, 2 partitions at the start):"
                + " writes throttled");
    assertThat(r.notes()).contains(ResultView.APPROXIMATIONS.get(0));
  }

  @Test
  void progress_isToldAboutAHundredTimes_andAtTheEnd() {
    Model m = Sims.example("flash-sale.yaml");
    List<Long> seen = new ArrayList<>();
    DynamoDbSimulator.run(
        DynamoDbAnalyzer.analyze(m),
        DynamoDbSetup.defaults(),
        SimulationSettings.of(1, 1_000, SimulationSettings.Mode.AGGREGATE),
        Optional.empty(),
        (done, total) -> seen.add(done));
    assertThat(seen).hasSize(100).endsWith(1_000L);
  }

  @Test
  void exactMode_drawsTheTailOneOperationAtATime_withTheSameTotals() {
    // Exact mode places each of the other products' 200 writes a second on its own: the total is
    // still 1,000 WCU/s, within Poisson noise (±1% over 600 s).
    Model m = Sims.example("flash-sale.yaml");
    CopyRun c =
        DynamoDbSimulator.run(
                DynamoDbAnalyzer.analyze(m),
                DynamoDbSetup.defaults(),
                SimulationSettings.of(1, 600, SimulationSettings.Mode.EXACT),
                Optional.empty(),
                Progress.NONE)
            .copies()
            .get(0);
    assertThat(c.write().units().demand()).isCloseTo(600_000, within(6_000.0));
    assertThat(c.partitions()).allSatisfy(p -> assertThat(p.write().demand()).isPositive());
  }
}
