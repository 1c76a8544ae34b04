package dev.keyplan.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.check.CheckResult;
import dev.keyplan.dynamodb.design.DynamoDbAnalyzer;
import dev.keyplan.dynamodb.simulate.DynamoDbSetup;
import dev.keyplan.dynamodb.simulate.DynamoDbSimulator;
import dev.keyplan.model.yaml.ModelReader;
import dev.keyplan.simulate.Progress;
import dev.keyplan.simulate.SimulationResult;
import dev.keyplan.simulate.SimulationResult.Series.Row;
import dev.keyplan.simulate.SimulationSettings;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

final class SimulationHtmlTest {
  private static final String HOSTILE = "<script>alert(1)</script>'\"&";

  private static String section(SimulationResult r) {
    StringBuilder out = new StringBuilder();
    SimulationHtml.render(List.of(r), out);
    return out.toString();
  }

  /** A run whose every string tries to break out, with 25 events and one column that stays 0. */
  private static SimulationResult hostile() {
    List<SimulationResult.Event> events = new ArrayList<>();
    for (int i = 0; i < 25; i++) {
      events.add(new SimulationResult.Event(i, "split", HOSTILE, "event " + i + " " + HOSTILE));
    }
    List<Row> rows = new ArrayList<>();
    for (long s = 0; s < 180; s += 60) {
      rows.add(new Row(s, HOSTILE, new double[] {s, 0}));
      rows.add(new Row(s, "n2", new double[] {1, 0}));
    }
    return new SimulationResult(
        "cassandra",
        List.of(new SimulationResult.Setting("seed", HOSTILE)),
        List.of(HOSTILE),
        List.of(
            new SimulationResult.Table(
                "nodes", HOSTILE, List.of("node", "bytes"), List.of(List.of(HOSTILE, 2.5e9)))),
        events,
        new SimulationResult.Series("node", List.of("replica_reads", "replica_writes"), rows),
        List.of(HOSTILE));
  }

  @Test
  void everyStringOfTheRun_isEscaped() {
    String html = section(hostile());
    assertThat(html)
        .doesNotContain("<script")
        .doesNotContain(HOSTILE)
        .contains("&lt;script&gt;alert(1)&lt;/script&gt;&#39;&quot;&amp;");
    // Every attribute value is "…" with no " inside: strip them, no quote remains in a tag.
    String tags = String.join("", html.replaceAll("=\"[^\"<>]*\"", "=").split(">[^<]*<"));
    assertThat(tags).doesNotContain("\"");
  }

  @Test
  void theFirstTwentyEvents_areShown_andTheRestCounted() {
    String html = section(hostile());
    assertThat(html)
        .contains("event 19 ")
        .doesNotContain("event 20 ")
        .contains("<p class=\"note more\" data-value=\"5\">5 more events");
  }

  @Test
  void aColumnAtZeroThroughout_isNamedNotDrawn() {
    String html = section(hostile());
    assertThat(html)
        .contains("data-column=\"replica_reads\"")
        .doesNotContain("data-column=\"replica_writes\"")
        .contains("Zero throughout, not drawn: replica writes on each node, per second.");
    // Table numbers carry their value for machines, shown as the text report shows them.
    assertThat(html).contains("<td class=\"num\" data-value=\"2500000000\"><bdi>2.5 GB</bdi></td>");
  }

  @Test
  void dynamoDbCharts_drawPartitions_notTheTableOrItsKeysTwice() {
    var model = ModelReader.read(Path.of("../examples/flash-sale-provisioned.yaml"));
    SimulationResult r =
        DynamoDbSimulator.run(
                DynamoDbAnalyzer.analyze(model),
                DynamoDbSetup.defaults(),
                SimulationSettings.of(1, 600, SimulationSettings.Mode.AGGREGATE),
                Optional.empty(),
                Progress.NONE)
            .result();
    String html = section(r);
    // The series has rows for the copy (ProductSales), its partitions (p1, p2) and its hot key.
    assertThat(r.series().rows())
        .extracting(Row::subject)
        .contains("ProductSales", "ProductSales:product_id-1");
    int consumed = html.indexOf("data-column=\"consumed_wcu_per_s\"");
    String chart = html.substring(consumed, html.indexOf("</svg>", consumed));
    assertThat(chart)
        .contains("data-subject=\"ProductSales:p1\"")
        .contains("data-subject=\"ProductSales:p2\"")
        .doesNotContain("data-subject=\"ProductSales\"")
        .doesNotContain("product_id-1");
    // The burst bucket is the copy's alone.
    int burst = html.indexOf("data-column=\"burst_wcu\"");
    assertThat(html.substring(burst, html.indexOf("</svg>", burst)))
        .contains("data-subject=\"ProductSales\"")
        .doesNotContain(":p1");
  }

  @Test
  void aPerSecondColumnsSum_countsTheShortLastInterval() {
    // 650 s at the default 60 s step (over 10 minutes): ten whole intervals and one of 50 s, whose
    // row averages its own 50 s. The caption's sum must still be the copies table's WCU consumed.
    var model = ModelReader.read(Path.of("../examples/flash-sale-provisioned.yaml"));
    SimulationResult r =
        DynamoDbSimulator.run(
                DynamoDbAnalyzer.analyze(model),
                DynamoDbSetup.defaults(),
                SimulationSettings.of(1, 650, SimulationSettings.Mode.AGGREGATE),
                Optional.empty(),
                Progress.NONE)
            .result();
    SimulationResult.Table copies =
        r.tables().stream().filter(t -> t.id().equals("copies")).findFirst().orElseThrow();
    long consumed = Math.round(((Number) copies.cell(0, "WCU consumed")).doubleValue());
    assertThat(section(r))
        .contains(
            "Write units consumed per partition, per second</b> · "
                + String.format(java.util.Locale.ROOT, "%,d", consumed)
                + " WCU in all");
  }

  @Test
  void withoutRuns_thePageIsTheOneArgumentPage() {
    var check = CheckResult.of(ModelReader.read(Path.of("../examples/chat.yaml")));
    assertThat(HtmlReport.render(check, List.of()))
        .isEqualTo(HtmlReport.render(check))
        .doesNotContain("id=\"simulation\"")
        .doesNotContain("sim-chart");
  }
}
