package dev.keyplan.cli.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.keyplan.cli.CliRun;
import org.junit.jupiter.api.Test;

/**
 * Issue 18, bounded work: verify estimates its load before it reaches an engine and refuses a load
 * over its budget. The endpoint is a closed port (127.0.0.1:1), so a run that got past the estimate
 * would fail with "cannot connect", not with the refusal: no live engine is needed or reached.
 */
class VerifyLoadBudgetTest {
  @Test
  void aMillionRowsAPartition_isRefusedBeforeConnecting() {
    // Hostile input: --max-rows 1000000 on examples/orders.yaml, whose orders_by_status has a
    // handful of statuses over every order, so its busiest partition is predicted at more than
    // 10⁶ rows and is loaded at the cap: 10⁶ rows alone, ten times the budget of 100,000.
    CliRun run =
        CliRun.of(
            "verify",
            "cassandra",
            "examples/orders.yaml",
            "--endpoint",
            "127.0.0.1:1",
            "--max-rows",
            "1000000");
    assertEquals(2, run.exitCode(), run.err());
    assertTrue(run.err().startsWith("<command line>: error: verify would load about "), run.err());
    assertTrue(
        run.err()
            .contains(
                " rows a second measured in docs/engines.md), more than the budget of 100,000"
                    + " rows; lower --max-rows, or pass --load-budget "),
        run.err());
    assertEquals("", run.out());
  }

  @Test
  void aRaisedBudget_letsTheLoadThrough_toTheEngine() {
    // Told otherwise: with --load-budget above the estimate the run goes on to connect, and the
    // closed port is what stops it.
    CliRun run =
        CliRun.of(
            "verify",
            "cassandra",
            "examples/orders.yaml",
            "--endpoint",
            "127.0.0.1:1",
            "--max-rows",
            "1000000",
            "--load-budget",
            "100000000",
            "--samples",
            "1");
    assertEquals(2, run.exitCode(), run.err());
    assertTrue(
        run.err().startsWith("<command line>: error: cannot connect to Cassandra at 127.0.0.1:1: "),
        run.err());
  }

  @Test
  void aBudgetUnderOne_isAnError() {
    CliRun run = CliRun.of("verify", "examples/chat.yaml", "--load-budget", "0");
    assertEquals(2, run.exitCode(), run.err());
    assertEquals(
        "<command line>: error: --load-budget expects a whole number of rows of at least 1, not 0\n"
            + "1 error\n",
        run.err());
  }
}
