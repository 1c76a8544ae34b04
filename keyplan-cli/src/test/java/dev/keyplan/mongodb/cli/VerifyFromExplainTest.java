package dev.keyplan.mongodb.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.cli.CliRun;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code keyplan verify mongodb MODEL --from-explain FILE} through the real command line: no
 * server, no URI (KEYPLAN_MONGODB_URI is not needed), exit 0 when every explain agrees with
 * keyplan's plan, 1 when one differs, 2 when FILE is malformed, at its file:line:column. The
 * explains are written by hand in the documented shape (MongoDbFromExplainTest derives each
 * figure); no MongoDB server can run here.
 */
final class VerifyFromExplainTest {
  private static final String SHOP = "examples/shop-mongodb.yaml";
  private static final String AGREES = "examples/shop-mongodb-explain.txt";

  @Test
  void theShippedExplains_agree_exit0_inTheLiveVerifiersReportShape() {
    CliRun run = CliRun.of("verify", "mongodb", SHOP, "--from-explain", AGREES);
    assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
    assertThat(run.out())
        .startsWith(
            "verification of mongodb\n  keyplan's predictions match what MongoDB measured (4 reads,"
                + " 0 collections, 0 writes)")
        .contains("  explains: " + AGREES + " (4 read)\n")
        .contains("customer_id_1_created_at_-1")
        .doesNotContain("MISMATCH");
    // The alias takes the store's option through to its subcommand.
    CliRun alias =
        CliRun.of(
            "verify", SHOP, "--store", "mongodb", "--from-explain", AGREES, "--format", "json");
    assertThat(alias.exitCode()).as(alias.err()).isZero();
    assertThat(alias.out()).contains("\"chosen_index\"");
  }

  @Test
  void anExplainThatDiffers_exit1_namingWhatDiffers(@TempDir Path dir) throws IOException {
    // A collection scan with an in-memory SORT where keyplan plans the index: 4 mismatches.
    Path f = dir.resolve("scan.json");
    Files.writeString(
        f,
        "{\"customer-orders\": {queryPlanner: {winningPlan: {stage: 'SORT', inputStage: {stage:"
            + " 'COLLSCAN'}}}, executionStats: {nReturned: 20, totalKeysExamined: 0,"
            + " totalDocsExamined: 2000000}}}",
        StandardCharsets.UTF_8);
    CliRun run = CliRun.of("verify", "mongodb", SHOP, "--from-explain", f.toString());
    assertThat(run.exitCode()).as(run.out() + run.err()).isEqualTo(1);
    assertThat(run.out())
        .contains("4 measurements differ from keyplan's predictions")
        .contains(
            "customer-orders (typical): keyplan plans customer_id_1_created_at_-1; MongoDB chose"
                + " COLLSCAN")
        .contains("MISMATCH: index, sort, keys, docs");
  }

  @Test
  void aMalformedFile_exit2_atItsPlace_withNoStackTrace(@TempDir Path dir) throws IOException {
    Path f = dir.resolve("bad.json");
    Files.writeString(
        f, "{\n  queryPlanner: {winningPlan: {stage: 'IXSCAN'\n}\n", StandardCharsets.UTF_8);
    CliRun run = CliRun.of("verify", "mongodb", SHOP, "--from-explain", f.toString());
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).startsWith(f + ":").contains(": error: ").doesNotContain("Exception");
    CliRun missing =
        CliRun.of("verify", "mongodb", SHOP, "--from-explain", dir.resolve("none.json").toString());
    assertThat(missing.exitCode()).isEqualTo(2);
    assertThat(missing.err()).contains("cannot read").doesNotContain("Exception");
  }
}
