package dev.keyplan.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.analysis.Hotspot;
import dev.keyplan.cassandra.design.CassandraAnalysis;
import dev.keyplan.cassandra.design.CassandraHeat;
import dev.keyplan.check.CheckResult;
import dev.keyplan.dynamodb.design.DynamoDbAnalysis;
import dev.keyplan.dynamodb.design.DynamoDbHeat;
import dev.keyplan.model.yaml.ModelReader;
import dev.keyplan.mongodb.design.MongoDbAnalysis;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

final class HeatBarsTest {
  private static CheckResult check(String example) {
    return CheckResult.of(ModelReader.read(Path.of("../examples/" + example + ".yaml")));
  }

  private static Hotspot bar(double load, double ceiling) {
    return new Hotspot("k", "ops/s", "ops/s", load, ceiling, "the ceiling", 0.5);
  }

  @Test
  void level_followsTheRulesThresholds() {
    // HotPartition, PartitionThroughputExceeded and ShardOverBudget warn from half the ceiling and
    // are errors from the ceiling itself.
    assertThat(bar(499, 1000).level()).isEqualTo("ok");
    assertThat(bar(500, 1000).level()).isEqualTo("warning");
    assertThat(bar(999, 1000).level()).isEqualTo("warning");
    assertThat(bar(1000, 1000).level()).isEqualTo("error");
    assertThat(bar(Double.NaN, 1000).level()).isEqualTo("unknown");
  }

  @Test
  void label_saysTheShareOrHowManyTimesTheCeiling() {
    assertThat(HeatBars.label(bar(840, 1000))).isEqualTo("840 ops/s · 84% of the ceiling");
    // 2,441,160 / 1,000 = 2,441.16 → one decimal, then Units.count prints a whole number with
    // commas.
    assertThat(HeatBars.label(bar(2_441_160, 1000)))
        .isEqualTo("2,441,160 ops/s · 2,441× the ceiling");
    assertThat(HeatBars.label(bar(0.0047, 3000))).isEqualTo("< 0.01 ops/s · < 0.1% of the ceiling");
    assertThat(HeatBars.label(bar(Double.NaN, 3000)))
        .isEqualTo("unknown: a key spread is undeclared");
  }

  @Test
  void svg_fillIsHalfTheTrackAtTheCeilingAndClippedPastTwice() {
    // The track is 320 px for 0..2 × ceiling: the ceiling fills 160 px, 5 × the ceiling fills 320.
    String svg =
        HeatBars.svg("s", List.of(bar(1000, 1000), bar(5000, 1000), bar(Double.NaN, 1000)));
    assertThat(svg)
        .contains("<rect class=\"fill\" x=\"270.0\" y=\"26.0\" width=\"160.0\"")
        .contains("width=\"320.0\" height=\"14.0\"/>\n<line class=\"ceiling\"");
    // Three tracks, two fills: the unknown load draws no bar.
    assertThat(svg.split("<rect class=\"track\"", -1)).hasSize(4);
    assertThat(svg.split("<rect class=\"fill\"", -1)).hasSize(3);
    assertThat(svg).contains("class=\"bar unknown\"").contains("data-load=\"\"");
  }

  @Test
  void cassandra_barsAreTheChecksTableHeat() {
    // chat: the busiest channel's table serves 127 ops/s on one replica of a 20,000/s budget.
    var a = check("chat").analysis(CassandraAnalysis.class).orElseThrow();
    CassandraHeat h = a.heat().get("messages_by_channel");
    List<Hotspot> bars = a.hotspots();
    assertThat(bars).hasSize(a.heat().size());
    assertThat(bars.get(0).load()).isEqualTo(h.replicaLoad());
    assertThat(bars.get(0).ceiling()).isEqualTo(h.budget()).isEqualTo(20_000);
    assertThat(HeatBars.svg("cassandra", bars))
        .contains("data-load=\"" + Html.plain(h.replicaLoad()) + "\"");
  }

  @Test
  void dynamodb_twoBarsPerKeyAgainst3000And1000() {
    // orders.yaml: Orders.ByStatus STATUS#{status} takes 840 WCU/s on its busiest status, 84% of
    // the 1,000 WCU ceiling: a warning, as PartitionThroughputExceeded reports it.
    var a = check("orders").analysis(DynamoDbAnalysis.class).orElseThrow();
    List<Hotspot> bars = a.hotspots();
    assertThat(bars).hasSize(2 * a.heat().size());
    DynamoDbHeat status =
        a.heat().stream().filter(h -> h.copy().equals("Orders.ByStatus")).findFirst().orElseThrow();
    Hotspot writes =
        bars.stream()
            .filter(b -> b.key().startsWith("Orders.ByStatus") && b.unit().equals("WCU/s"))
            .findFirst()
            .orElseThrow();
    assertThat(writes.load()).isEqualTo(status.writeUnits()).isEqualTo(840);
    assertThat(writes.ceiling()).isEqualTo(1000);
    assertThat(writes.level()).isEqualTo("warning");
    assertThat(check("orders").findings())
        .anyMatch(
            f ->
                f.rule().equals("PartitionThroughputExceeded")
                    && f.target().startsWith("Orders.ByStatus"));
  }

  @Test
  void mongodb_busiestShardAgainstItsBudget() {
    // tenants-mongodb: 2,055 reads and writes a second on the busiest of 4 shards, 20.5% of 10,000.
    var a = check("tenants-mongodb").analysis(MongoDbAnalysis.class).orElseThrow();
    Hotspot b = a.hotspots().get(0);
    assertThat(b.load()).isEqualTo(a.shards().get(0).reads() + a.shards().get(0).writes());
    assertThat(b.ceiling()).isEqualTo(10_000);
    assertThat(HeatBars.label(b))
        .isEqualTo("2,055 ops/s · 20.5% of the 10,000 ops/s budget of a shard");
  }

  private static Hotspot named(String key, double load) {
    return new Hotspot(key, "ops/s", "ops/s", load, 1000, "the ceiling", 0.5);
  }

  @Test
  void section_drawsTheHottestFirstAndListsKeysBelowOnePercentAsText() {
    StringBuilder out = new StringBuilder();
    HeatBars.section(
        "s",
        List.of(
            named("a", 1),
            named("b", 900),
            named("c", 500),
            named("d", 20),
            named("e", 0.1),
            named("f", Double.NaN)),
        "Note.",
        out);
    String html = out.toString();
    String svg = html.substring(html.indexOf("<svg"), html.indexOf("</svg>"));
    // Unknown first (nothing says it is cold), then 90%, 50%, 2%; a (0.1%) and e (0.01%) are text.
    assertThat(svg.indexOf("data-key=\"f\"")).isLessThan(svg.indexOf("data-key=\"b\""));
    assertThat(svg.indexOf("data-key=\"b\"")).isLessThan(svg.indexOf("data-key=\"c\""));
    assertThat(svg.indexOf("data-key=\"c\"")).isLessThan(svg.indexOf("data-key=\"d\""));
    assertThat(svg).doesNotContain("data-key=\"a\"").doesNotContain("data-key=\"e\"");
    assertThat(html)
        .contains("2 more keys below 1% of its ceiling: <span class=\"bar-rest\" data-key=\"a\"");
  }

  @Test
  void section_drawsAtLeastThreeBarsWhenEveryKeyIsCold() {
    StringBuilder out = new StringBuilder();
    HeatBars.section(
        "s",
        List.of(named("a", 0.1), named("b", 0.2), named("c", 0.3), named("d", 0.4)),
        "Note.",
        out);
    String html = out.toString();
    assertThat(html.split("<g class=\"bar ", -1)).hasSize(4);
    assertThat(html)
        .contains("1 more key below 1% of its ceiling: <span class=\"bar-rest\" data-key=\"a\"");
  }
}
