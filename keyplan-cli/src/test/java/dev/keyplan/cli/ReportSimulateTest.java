package dev.keyplan.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * {@code keyplan report --simulate} end to end: every drawn point against {@code simulate --format
 * json} for the same model, seed and duration, on seed 004's three simulated scenarios.
 */
final class ReportSimulateTest {
  private static final Pattern CHART =
      Pattern.compile(
          "<svg class=\"chart series-chart\"[^>]*data-column=\"([^\"]*)\" data-seconds=\"([^\"]*)\">(.*?)</svg>",
          Pattern.DOTALL);
  private static final Pattern LINE =
      Pattern.compile(
          "<path class=\"series ([a-z0-9]+)\" data-subject=\"([^\"]*)\"(?: data-subjects=\"([^\"]*)\")? data-values=\"([^\"]*)\"");

  /** A drawn line: its subject (or "others (N)" and the subjects it sums) and its values. */
  record Line(String subject, List<String> summed, double[] values) {}

  /** A chart: its column, the intervals' starts and its lines. */
  record Chart(String column, long[] seconds, List<Line> lines) {}

  private static String page(String... args) {
    List<String> all = new ArrayList<>(List.of("report"));
    all.addAll(List.of(args));
    CliRun run = CliRun.of(all.toArray(new String[0]));
    assertThat(run.exitCode()).as(run.err()).isZero();
    return run.out();
  }

  private static JsonNode simulate(String... args) throws IOException {
    List<String> all = new ArrayList<>(List.of("simulate", "--format", "json"));
    all.addAll(List.of(args));
    CliRun run = CliRun.of(all.toArray(new String[0]));
    assertThat(run.exitCode()).as(run.err()).isZero();
    return new ObjectMapper().readTree(run.out());
  }

  /** Returns the store's part of the simulation section. */
  private static String store(String page, String store) {
    int from = page.indexOf("<div class=\"simulation\" id=\"simulation-" + store + "\"");
    assertThat(from).as(store).isNotNegative();
    int next = page.indexOf("<div class=\"simulation\" id=", from + 1);
    return page.substring(from, next > 0 ? next : page.indexOf("</section>", from));
  }

  private static Map<String, Chart> charts(String html) {
    Map<String, Chart> out = new LinkedHashMap<>();
    Matcher c = CHART.matcher(html);
    while (c.find()) {
      long[] seconds =
          java.util.Arrays.stream(c.group(2).split(" ")).mapToLong(Long::parseLong).toArray();
      List<Line> lines = new ArrayList<>();
      Matcher l = LINE.matcher(c.group(3));
      while (l.find()) {
        double[] v =
            java.util.Arrays.stream(l.group(4).split(" "))
                .mapToDouble(s -> s.equals("-") ? Double.NaN : Double.parseDouble(s))
                .toArray();
        lines.add(
            new Line(
                l.group(2),
                l.group(3) == null ? List.of(l.group(2)) : List.of(l.group(3).split(" ")),
                v));
      }
      out.put(c.group(1), new Chart(c.group(1), seconds, lines));
    }
    return out;
  }

  /**
   * Asserts that every point of every chart is the JSON series' value for its subject, column and
   * interval: exactly for one subject (both write six significant digits of the same double), and
   * the sum of its subjects, to that precision, for "others".
   */
  private static void assertChartsEqualTheJson(Map<String, Chart> charts, JsonNode json) {
    List<String> columns = new ArrayList<>();
    json.get("series").get("columns").forEach(c -> columns.add(c.asText()));
    for (Chart chart : charts.values()) {
      int c = columns.indexOf(chart.column());
      assertThat(c).as(chart.column()).isNotNegative();
      for (Line line : chart.lines()) {
        assertThat(line.values())
            .as(chart.column() + " " + line.subject())
            .hasSize(chart.seconds().length);
        for (int i = 0; i < chart.seconds().length; i++) {
          double sum = 0;
          boolean any = false;
          for (JsonNode row : json.get("series").get("rows")) {
            if (row.get(0).asLong() == chart.seconds()[i]
                && line.summed().contains(row.get(1).asText())) {
              sum += row.get(2 + c).asDouble();
              any = true;
            }
          }
          String what = chart.column() + " " + line.subject() + " at " + chart.seconds()[i] + " s";
          if (!any) {
            assertThat(line.values()[i]).as(what).isNaN();
          } else if (line.summed().size() == 1) {
            assertThat(line.values()[i]).as(what).isEqualTo(sum);
          } else {
            assertThat(line.values()[i])
                .as(what)
                .isCloseTo(sum, within(1e-5 * Math.abs(sum) + 1e-9));
          }
        }
      }
    }
  }

  @Test
  void discordGeneral_cassandra_fourChartsOfSixNodes_equalSimulatesJson() throws IOException {
    String page = page("examples/discord-general.yaml", "--simulate");
    Map<String, Chart> charts = charts(store(page, "cassandra"));
    // The node series' four columns, one chart each.
    assertThat(charts.keySet())
        .containsExactly("coordinator_ops", "replica_reads", "replica_writes", "bytes");
    for (Chart chart : charts.values()) {
      // 6 nodes (the default --nodes): under the 8 lines a chart draws, so no "others".
      assertThat(chart.lines())
          .extracting(Line::subject)
          .as(chart.column())
          .containsExactlyInAnyOrder("n1", "n2", "n3", "n4", "n5", "n6");
      // An hour at the default 60 s interval: 60 points from 0 to 3,540 s.
      assertThat(chart.seconds()).hasSize(60).startsWith(0, 60).endsWith(3_540);
    }
    assertChartsEqualTheJson(charts, simulate("examples/discord-general.yaml"));
    // The hot partition's replicas n2, n6, n1 (docs/simulate.md, seed 004 scenario 1) carry
    // #general's 3.6 GB on top of their share of the ring; Cassandra's allocator leaves the shares
    // about 3% (2 GB) apart, so the fullest node, first in the bytes legend, is one of them.
    assertThat(charts.get("bytes").lines().get(0).subject()).isIn("n2", "n6", "n1");
    assertThat(store(page, "cassandra"))
        .contains("<li><bdi>largest partition messages/channel_id-1: 3.6 GB, 36.0×")
        .contains("<table class=\"sim-table\" data-table=\"nodes\">");
  }

  @Test
  void discordGeneral_pageStaysSmall() {
    // 4 charts × 6 lines × 60 points, written twice (path and data-values), plus two tables: the
    // page measured 62 KB with the simulation (13 KB without). 150 KB leaves room, not a blow-up.
    int size =
        page("examples/discord-general.yaml", "--simulate")
            .getBytes(java.nio.charset.StandardCharsets.UTF_8)
            .length;
    assertThat(size).isLessThan(150_000);
  }

  @Test
  void flashSale_throttledWrites_afterTheBurstIsSpent_equalSimulatesJson() throws IOException {
    String page = page("examples/flash-sale-provisioned.yaml", "--simulate", "--duration", "2h");
    Map<String, Chart> charts = charts(store(page, "dynamodb"));
    assertChartsEqualTheJson(
        charts, simulate("examples/flash-sale-provisioned.yaml", "--duration", "2h"));
    Chart throttled = charts.get("throttled_wcu_per_s");
    // The partition rows only: the table's own row (ProductSales) and the hot key's would count
    // twice.
    assertThat(throttled.lines())
        .extracting(Line::subject)
        .containsExactly("ProductSales:p1", "ProductSales:p2");
    assertThat(throttled.seconds()).hasSize(120); // 2 h at 60 s
    // 800 WCU provisioned for about 1,000 WCU/s of demand: the 240,000 WCU burst (300 s × 800)
    // lasts
    // 240,000 / 200 = 1,200 s (the run: spent after 1,197 s); then 200 WCU/s are refused for the
    // remaining ~6,000 s: ≈ 1.2 M WCU, all on p1, which holds the sale's product.
    double[] p1 = throttled.lines().get(0).values();
    double total = 0;
    for (int i = 0; i < p1.length; i++) {
      total += p1[i] * 60;
      if (throttled.seconds()[i] < 1_140) {
        assertThat(p1[i])
            .as("before the burst is spent, at " + throttled.seconds()[i] + " s")
            .isZero();
      } else if (throttled.seconds()[i] >= 1_200) {
        assertThat(p1[i])
            .as("after, at " + throttled.seconds()[i] + " s")
            .isCloseTo(200, within(20.0));
      }
    }
    assertThat(throttled.lines().get(1).values()).containsOnly(0.0);
    JsonNode copy =
        simulate("examples/flash-sale-provisioned.yaml", "--duration", "2h")
            .get("tables")
            .get("copies")
            .get("rows")
            .get(0);
    double throttledInAll =
        copy.get("WCU throttled at the table").asDouble()
            + copy.get("WCU throttled at a partition").asDouble();
    assertThat(throttledInAll).isBetween(1.15e6, 1.25e6);
    // Six significant digits of ~200 WCU/s: ±0.0005 × 60 s on each of ≤ 101 points, under 3 WCU.
    assertThat(total).isCloseTo(throttledInAll, within(3.0));
    assertThat(store(page, "dynamodb"))
        .contains(
            "Write units throttled per partition, per second</b> · "
                + String.format(java.util.Locale.ROOT, "%,d", Math.round(throttledInAll))
                + " WCU in all");
    // Every chart marks the moment simulate's burst-exhausted event gives (1,196 s).
    long spent = -1;
    for (JsonNode e :
        simulate("examples/flash-sale-provisioned.yaml", "--duration", "2h").get("events")) {
      if (e.get("kind").asText().equals("burst-exhausted")) {
        spent = e.get("second").asLong();
      }
    }
    assertThat(spent).isBetween(1_140L, 1_260L);
    assertThat(
            store(page, "dynamodb")
                .split("<line class=\"marker\" data-second=\"" + spent + "\"", -1))
        .hasSize(charts.size() + 1);
    // The write burst bucket drains to 0 by 1,200 s: the chart of the copy's row.
    double[] burst = charts.get("burst_wcu").lines().get(0).values();
    assertThat(burst[burst.length - 1]).isZero();
    // No read is throttled: that chart is named, not drawn.
    assertThat(charts).doesNotContainKey("throttled_rcu_per_s");
    assertThat(store(page, "dynamodb"))
        .contains("Zero throughout, not drawn: read units throttled per partition");
  }

  @Test
  void tenants_shard0HoldsTheJumboChunk_andTheChartsEqualSimulatesJson() throws IOException {
    String page = page("examples/tenants-mongodb.yaml", "--simulate");
    JsonNode json = simulate("examples/tenants-mongodb.yaml");
    Map<String, Chart> charts = charts(store(page, "mongodb"));
    assertThat(charts.keySet())
        .containsExactly(
            "data_bytes",
            "chunks",
            "inserts_per_s",
            "writes_per_s",
            "reads_targeted_per_s",
            "reads_broadcast_per_s");
    charts
        .values()
        .forEach(c -> assertThat(c.lines()).as(c.column()).hasSize(4)); // the model's 4 shards
    assertChartsEqualTheJson(charts, json);
    // The US (60% of 10.675 GB) cannot leave shard0: its data line ends at the shards table's
    // 6.41 GB and leads the legend (it starts with all the data, one chunk on the primary).
    Line shard0 = charts.get("data_bytes").lines().get(0);
    assertThat(shard0.subject()).isEqualTo("shard0");
    double end = shard0.values()[shard0.values().length - 1];
    assertThat(end).isCloseTo(6.41e9, within(0.01e9));
    JsonNode jumbo = null;
    for (JsonNode chunk : json.get("tables").get("chunks").get("rows")) {
      if (chunk.get("jumbo").asText().equals("jumbo")) {
        jumbo = chunk;
      }
    }
    assertThat(jumbo).isNotNull();
    assertThat(jumbo.get("shard").asText()).isEqualTo("shard0");
    // 85 events; the page shows the first 20 and says how many more.
    assertThat(json.get("events").size()).isGreaterThan(20);
    assertThat(store(page, "mongodb"))
        .contains("<p class=\"note more\" data-value=\"" + (json.get("events").size() - 20) + "\">")
        .contains(
            " is jumbo: the shard key value country_code-1 alone holds 6.41 GB (60% of the data");
  }

  @Test
  void theSameSeed_givesTheSamePage_anotherSeedAnother() {
    String a = page("examples/discord-general.yaml", "--simulate");
    assertThat(page("examples/discord-general.yaml", "--simulate", "--seed", "1")).isEqualTo(a);
    String b = page("examples/discord-general.yaml", "--simulate", "--seed", "2");
    assertThat(b)
        .isNotEqualTo(a)
        .contains("<p class=\"sim-settings\"><bdi>seed 2 · duration 3600 s");
  }

  @Test
  void aModelWithThreeStores_getsOneSimulationEach_inTheModelsOrder() {
    String page = page("examples/orders.yaml", "--simulate", "--duration", "10m");
    Matcher m =
        Pattern.compile("<div class=\"simulation\" id=\"simulation-([a-z]+)\"").matcher(page);
    List<String> stores = new ArrayList<>();
    while (m.find()) {
      stores.add(m.group(1));
    }
    assertThat(stores).containsExactly("cassandra", "dynamodb", "mongodb");
    // After the store sections, before the findings.
    assertThat(page.indexOf("<section id=\"simulation\">"))
        .isGreaterThan(page.indexOf("<section class=\"store\""))
        .isLessThan(page.indexOf("<section id=\"findings\">"));
    for (String s : stores) {
      // 10 minutes or less: one point a second, as simulate's default interval.
      assertThat(store(page, s)).contains("duration 600 s · interval 1 s");
    }
  }

  @Test
  void aDesignTheSimulatorRefuses_isSaidOnThePage() {
    // shop-mongodb shards no collection: simulate --store mongodb exits 2 for it; the report still
    // stands.
    String page = page("examples/shop-mongodb.yaml", "--simulate");
    assertThat(store(page, "mongodb"))
        .contains("<li><bdi>not simulated: no collection of the model is sharded");
  }

  @Test
  void withoutSimulate_thePageHasNoSimulation() {
    String page = page("examples/discord-general.yaml");
    assertThat(page).doesNotContain("id=\"simulation\"").doesNotContain("figure.sim-chart");
  }

  @Test
  void badOptions_exitTwo_namingTheOption() {
    assertBad(
        "<command line>: error: --seed needs --simulate", "examples/chat.yaml", "--seed", "2");
    assertBad(
        "<command line>: error: --duration needs --simulate",
        "examples/chat.yaml",
        "--duration",
        "2h");
    // The same parsing and message as simulate's.
    assertBad(
        "<command line>: error: --duration expects a time such as 90s, 10m, 2h or 1d, not 'soon'",
        "examples/chat.yaml",
        "--simulate",
        "--duration",
        "soon");
    CliRun seed = CliRun.of("report", "examples/chat.yaml", "--simulate", "--seed", "x");
    assertThat(seed.exitCode()).isEqualTo(2);
    assertThat(seed.err()).startsWith("Invalid value for option '--seed': 'x' is not a long");
    // Store options are simulate's alone.
    CliRun nodes = CliRun.of("report", "examples/chat.yaml", "--simulate", "--nodes", "3");
    assertThat(nodes.exitCode()).isEqualTo(2);
    assertThat(nodes.err()).startsWith("Unknown options: '--nodes', '3'");
  }

  private static void assertBad(String message, String... args) {
    List<String> all = new ArrayList<>(List.of("report"));
    all.addAll(List.of(args));
    CliRun run = CliRun.of(all.toArray(new String[0]));
    assertThat(run.exitCode()).as(run.out()).isEqualTo(2);
    assertThat(run.err()).isEqualTo(message + "\n1 error\n");
  }
}
