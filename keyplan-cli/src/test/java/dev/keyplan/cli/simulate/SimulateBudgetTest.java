package dev.keyplan.cli.simulate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.keyplan.cli.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 18, bounded work: simulate refuses runs over its budget and thins long series. */
class SimulateBudgetTest {
  private static final String CHAT = "examples/chat.yaml";

  @Test
  void thousandYears_isRefusedBeforeItRuns() {
    // Hostile input: --duration 1000y on examples/chat.yaml. The estimate is made before the loop,
    // so the refusal is immediate (the run itself would take hours): exit 2 and the message.
    CliRun run =
        assertTimeoutPreemptively(
            Duration.ofSeconds(30), () -> CliRun.of("simulate", CHAT, "--duration", "1000y"));
    assertEquals(2, run.exitCode(), run.err());
    assertTrue(
        run.err().startsWith("<command line>: error: this run would take about "), run.err());
    assertTrue(run.err().contains(", more than the budget of 1.00 billion steps;"), run.err());
    assertTrue(run.err().contains("shorten --duration, or pass --budget "), run.err());
    assertEquals("", run.out());
  }

  @Test
  void exactModeAtItsRate_isRefused_forReportToo() {
    // Hostile input: --mode exact for a day of chat.yaml (70,000 requests a second × RF 3 ×
    // 86,400 s ≈ 1.8 × 10¹⁰ steps), and report --simulate for 1000y.
    CliRun exact = CliRun.of("simulate", CHAT, "--duration", "1d", "--mode", "exact");
    assertEquals(2, exact.exitCode(), exact.err());
    assertTrue(exact.err().contains("use --mode aggregate"), exact.err());
    CliRun report = CliRun.of("report", CHAT, "--simulate", "--duration", "1000y");
    assertEquals(2, report.exitCode(), report.err());
    assertTrue(report.err().contains("cassandra: this run would take about"), report.err());
  }

  /**
   * The hostile model of issue 18: examples/flash-sale.yaml with both patterns at 1B/s, the most a
   * rate may be, one product taking 80% (core's RunawayPartitionsTest has the same model and the
   * figures of its run).
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
  void dynamoDbAtOneBillionASecond_exactMode_isRefusedAtOnce(@TempDir Path dir) throws Exception {
    // Hostile input: --mode exact for an hour at 1B/s. Exact mode draws every request: (10⁹ reads
    // + 10⁹ writes) a second × 3,600 s = 7.2 × 10¹² steps, refused before the first second.
    Path model = Files.writeString(dir.resolve("billion.yaml"), BILLION);
    CliRun run =
        assertTimeoutPreemptively(
            Duration.ofSeconds(30),
            () -> CliRun.of("simulate", model.toString(), "--mode", "exact"));
    assertEquals(2, run.exitCode(), run.err());
    assertTrue(
        run.err()
            .startsWith("<command line>: error: this run would take about 7.20 trillion steps"),
        run.err());
    assertTrue(run.err().contains(" at the 6 µs a step measured in bench/RESULTS.md)"), run.err());
    assertTrue(run.err().contains("use --mode aggregate"), run.err());
    assertEquals("", run.out());
  }

  @Test
  void dynamoDbAtOneBillionASecond_forTwoHours_isRefused_bySimulateAndReport(@TempDir Path dir)
      throws Exception {
    // Hostile input: 2 h at 1B/s in aggregate mode. 24 heat windows could split the table's 4
    // partitions to 4 × 2^24; keyplan's cap of 100,000 partitions a copy is what counts: at least
    // 7,200 s × 100,000 × 2 (visited each second, recorded each interval) = 1.44 × 10⁹ steps, over
    // the default 10⁹. report --simulate makes the same run, so it refuses the same way.
    Path model = Files.writeString(dir.resolve("billion.yaml"), BILLION);
    CliRun run =
        assertTimeoutPreemptively(
            Duration.ofSeconds(30),
            () -> CliRun.of("simulate", model.toString(), "--duration", "2h"));
    assertEquals(2, run.exitCode(), run.err());
    assertTrue(
        run.err().startsWith("<command line>: error: this run would take about 1."), run.err());
    assertTrue(run.err().contains("billion steps"), run.err());
    CliRun report =
        assertTimeoutPreemptively(
            Duration.ofSeconds(30),
            () -> CliRun.of("report", model.toString(), "--simulate", "--duration", "2h"));
    assertEquals(2, report.exitCode(), report.err());
    assertTrue(
        report.err().startsWith("<command line>: error: dynamodb: this run would take about 1."),
        report.err());
    assertEquals("", report.out());
  }

  @Test
  void aBudgetGivenAsATime_isStepsAtTheDocumentedRate() {
    // --budget 1s is 10⁹ ns ÷ 6,000 ns a step = 166,667 steps (rounded up). Of chat.yaml
    // a day of it is 2.07 million (docs/reliability.md), so a day is refused, and the
    // budget it names is the steps: "166,667".
    CliRun run = CliRun.of("simulate", CHAT, "--duration", "1d", "--budget", "1s");
    assertEquals(2, run.exitCode(), run.err());
    assertTrue(run.err().contains("more than the budget of 166,667 steps"), run.err());
    assertEquals(166_667, Simulations.budgetSteps("1s"));
    assertEquals(100_000_000, Simulations.budgetSteps("10m"));
  }

  @Test
  void badBudget_isAnError() {
    CliRun run = CliRun.of("simulate", CHAT, "--budget", "lots");
    assertEquals(2, run.exitCode(), run.err());
    assertTrue(
        run.err()
            .contains(
                "--budget expects a whole number of steps of at least 1, such as 5e9 or"
                    + " 5000000000, or a time such as 10m, not 'lots'"),
        run.err());
  }

  @Test
  void aLongAllowedRun_isThinnedUnderTheCap_andSaysSo() throws Exception {
    // A day at --interval 1s would record 86,400 rows a node; the cap is 20,160, so the interval
    // widens to ⌈86,400 / 20,160⌉ = 5 s: 17,280 rows a node, 6 nodes.
    String[] args = {
      "simulate", CHAT, "--duration", "1d", "--interval", "1s", "--format", "json", "--seed", "7"
    };
    CliRun run = CliRun.of(args);
    assertEquals(0, run.exitCode(), run.err());
    JsonNode j = new ObjectMapper().readTree(run.out());
    Map<String, Integer> perNode = new HashMap<>();
    for (JsonNode row : j.get("series").get("rows")) {
      perNode.merge(row.get(1).asText(), 1, Integer::sum);
    }
    assertEquals(6, perNode.size());
    perNode.values().forEach(n -> assertEquals(17_280, n));
    assertTrue(
        j.get("notes").toString().contains("the time series was thinned to at most 20,160"),
        j.get("notes").toString());
    assertEquals(run.out(), CliRun.of(args).out()); // deterministic with the seed
  }
}
