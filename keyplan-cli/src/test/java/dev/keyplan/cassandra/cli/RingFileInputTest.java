package dev.keyplan.cassandra.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.cli.CliRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 18's hostile ring files ({@code keyplan cassandra replicas --ring FILE}): YAML errors, an
 * empty file, tags, a second document and the alias bomb are each an input error at the {@code
 * file:line:column} of the problem, exit 2, read through the same YAML checks as a model ({@code
 * YamlChecks.compose}). Places are counted by hand from 1 in each test's text.
 */
class RingFileInputTest {
  /** A ring the command accepts, so each test's only problem is the one it adds. */
  private static final String GOOD =
      "replication: {class: SimpleStrategy, replication_factor: 1}\n"
          + "nodes:\n"
          + "  - {name: n1, dc: dc1, rack: r1, tokens: [0]}\n";

  private static CliRun replicas(Path dir, String ring) throws IOException {
    Path file = dir.resolve("ring.yaml");
    Files.writeString(file, ring);
    return CliRun.of("cassandra", "replicas", "--ring", file.toString(), "--token", "0");
  }

  private static void assertError(CliRun run, String expected) {
    assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
    assertThat(run.err()).startsWith(expected).doesNotContain("Exception");
  }

  @Test
  void theGoodRing_runs(@TempDir Path dir) throws IOException {
    // The control: the same file without a problem answers, so the failures below are the
    // problems' own.
    CliRun run = replicas(dir, GOOD);
    assertThat(run.exitCode()).as(run.err()).isZero();
  }

  @Test
  void aYamlSyntaxError_isLocated(@TempDir Path dir) throws IOException {
    // Hostile input: an unclosed flow mapping on line 3. The engine finds the stream's end where
    // the '}' should be: line 4 (after the last line break), column 1.
    CliRun run = replicas(dir, GOOD.replace("tokens: [0]}", "tokens: [0]"));
    assertError(run, dir.resolve("ring.yaml") + ":4:1: error: not valid YAML: ");
  }

  @Test
  void anEmptyRingFile_isLocated_notADefault(@TempDir Path dir) throws IOException {
    // Hostile input: a file of zero bytes.
    CliRun run = replicas(dir, "");
    assertError(
        run,
        dir.resolve("ring.yaml")
            + ":1:1: error: the ring file is empty; expected a mapping with keys replication, seed"
            + " and nodes");
  }

  @Test
  void aCommentOnlyRingFile_isEmpty(@TempDir Path dir) throws IOException {
    // Hostile input: only a comment, which composes to no document at all.
    CliRun run = replicas(dir, "# nothing yet\n");
    assertError(run, dir.resolve("ring.yaml") + ":1:1: error: the ring file is empty;");
  }

  @Test
  void aBinaryTag_isRefused(@TempDir Path dir) throws IOException {
    // Hostile input: "dc: !!binary ZGMx" on line 3; "  - {name: n1, dc: " is 19 characters, so
    // the tagged value (its place is its tag's) starts at column 20.
    CliRun run = replicas(dir, GOOD.replace("dc: dc1", "dc: !!binary ZGMx"));
    assertError(run, dir.resolve("ring.yaml") + ":3:20: error: tag !!binary is not accepted");
  }

  @Test
  void aSecondDocument_isRefused(@TempDir Path dir) throws IOException {
    // Hostile input: the good ring, then '---' and another on line 4.
    CliRun run = replicas(dir, GOOD + "---\n" + GOOD);
    assertError(
        run,
        dir.resolve("ring.yaml")
            + ":4:1: error: a second YAML document; expected one document per ring file");
  }

  @Test
  void aControlCharacter_isLocated(@TempDir Path dir) throws IOException {
    // Hostile input: a NUL inside the node's name on line 3, column 14 ("  - {name: n" is 12
    // characters, '1' the 13th).
    CliRun run = replicas(dir, GOOD.replace("name: n1", "name: n1\0"));
    assertError(
        run, dir.resolve("ring.yaml") + ":3:14: error: control character U+0000 in the ring file");
  }

  @Test
  void theAliasBomb_isLocated_notAnInternalError(@TempDir Path dir) throws IOException {
    // Hostile input: a "billion laughs" document after the good ring: 9 levels of 9 aliases each
    // (9^9 copies of "x" if expanded). The engine stops at its 51st alias to a list
    // (InputLimits.YAML_ALIASES = 50). Line 4 is "a: &l0 [x]"; line 4 + k holds 9 aliases
    // "*l(k-1)", so lines 5 to 9 hold 45 and the 51st is line 10's 6th. Line 10 is
    // "b6: &l6 [*l5, *l5, …": 9 characters before the first alias (column 10), 5 more for each
    // next ("*l5, "), so the 6th is at column 10 + 5 × 5 = 35.
    StringBuilder bomb = new StringBuilder("a: &l0 [x]\n");
    for (int k = 1; k <= 9; k++) {
      bomb.append("b").append(k).append(": &l").append(k).append(" [");
      for (int i = 0; i < 9; i++) {
        bomb.append(i == 0 ? "" : ", ").append("*l").append(k - 1);
      }
      bomb.append("]\n");
    }
    CliRun run = replicas(dir, GOOD + bomb);
    assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
    assertThat(run.err())
        .startsWith(
            dir.resolve("ring.yaml") + ":10:35: error: more than 50 aliases to collections");
  }

  @Test
  void aTokenTooLargeOrNotFinite_isLocated(@TempDir Path dir) throws IOException {
    // Hostile input: tokens past Murmur3's signed 64-bit range, or YAML's infinity. Line 3 is
    // "  - {name: n1, dc: dc1, rack: r1, tokens: [": 43 characters, so the token is column 44.
    String expected =
        dir.resolve("ring.yaml")
            + ":3:44: error: expected a token as a whole number from -9223372036854775808 to"
            + " 9223372036854775807, got ";
    assertError(
        replicas(dir, GOOD.replace("tokens: [0]", "tokens: [99999999999999999999]")),
        expected + "99999999999999999999");
    assertError(replicas(dir, GOOD.replace("tokens: [0]", "tokens: [.inf]")), expected + "'.inf'");
  }
}
