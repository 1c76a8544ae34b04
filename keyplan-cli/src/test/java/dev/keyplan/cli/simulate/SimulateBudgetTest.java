package dev.keyplan.cli.simulate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.keyplan.cli.CliRun;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

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

  @Test
  void badBudget_isAnError() {
    CliRun run = CliRun.of("simulate", CHAT, "--budget", "lots");
    assertEquals(2, run.exitCode(), run.err());
    assertTrue(
        run.err()
            .contains(
                "--budget expects a whole number of steps of at least 1, such as 5e9 or"
                    + " 5000000000, not 'lots'"),
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
