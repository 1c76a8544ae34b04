package dev.keyplan.cli.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.keyplan.cli.CliRun;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/** keyplan verify through the real command line. */
class VerifyCommandTest {
  @Test
  void anEngineThatDoesNotAnswer_isBadInput_namingTheEndpoint() {
    CliRun run =
        CliRun.of("verify", "examples/chat.yaml", "--endpoint", "127.0.0.1:1", "--samples", "1");
    assertEquals(2, run.exitCode(), run.out());
    assertTrue(
        run.err().startsWith("<command line>: error: cannot connect to Cassandra at 127.0.0.1:1: "),
        run.err());
  }

  @Test
  void badOptions_exitTwo() {
    CliRun prefix = CliRun.of("verify", "examples/chat.yaml", "--prefix", "Bad Prefix");
    assertEquals(2, prefix.exitCode());
    assertTrue(
        prefix
            .err()
            .startsWith("<command line>: error: --prefix must be 1 to 20 lower-case letters"),
        prefix.err());
    CliRun store = CliRun.of("verify", "examples/chat.yaml", "--store", "mongodb");
    assertEquals(
        "<command line>: error: the model has no mongodb design (it has: cassandra)\n1 error\n",
        store.err());
  }

  @Test
  void flashSale_onDynalite_everyComparedUnitIsEqual() {
    String endpoint = System.getenv("KEYPLAN_DYNAMODB_ENDPOINT");
    if (endpoint == null) {
      assertEquals(null, System.getenv("CI"), "CI must start dynalite (KEYPLAN_DYNAMODB_ENDPOINT)");
      Assumptions.abort("no KEYPLAN_DYNAMODB_ENDPOINT");
    }
    CliRun run =
        CliRun.of(
            "verify",
            "examples/flash-sale.yaml",
            "--endpoint",
            endpoint,
            "--samples",
            "2",
            "--max-rows",
            "200");
    assertEquals(0, run.exitCode(), run.out() + run.err());
    assertTrue(run.out().startsWith("verification of dynamodb\n"), run.out());
    assertTrue(!run.out().contains("MISMATCH"), run.out());
  }

  @Test
  void chat_onTheRealCassandra_matches() {
    String endpoint = System.getenv("KEYPLAN_CASSANDRA_ENDPOINT");
    if (endpoint == null) {
      assertEquals(
          null, System.getenv("CI"), "CI must start Cassandra (KEYPLAN_CASSANDRA_ENDPOINT)");
      Assumptions.abort("no KEYPLAN_CASSANDRA_ENDPOINT");
    }
    CliRun run = CliRun.of("verify", "examples/chat.yaml", "--endpoint", endpoint, "--fast");
    assertEquals(0, run.exitCode(), run.out() + run.err());
    assertTrue(
        run.out()
            .startsWith(
                "verification of cassandra\n  keyplan's predictions match what Cassandra measured"),
        run.out());
    assertTrue(
        run.out().contains("  keyspace: keyplan_verify_chat (created by this run)\n"), run.out());
    // --fast: CI's quick run, 40 rows at most in the busiest partition and 2 samples.
    assertTrue(run.out().contains("  max_rows: 40\n  samples: 2\n"), run.out());
  }
}
