package dev.keyplan.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 18's hostile models that keyplan used to crash on (exit 4) or read silently: each must be
 * an input error at {@code file:line:column} saying what was expected, exit 2. The inputs are the
 * issue's own list; the places are counted by hand in each test's text (lines and columns from 1).
 */
class HostileModelTest {
  /** Lines of {@link #GOOD}: a document appended to it starts on the next line. */
  static final int GOOD_LINES = 17;

  /** A model that would pass, so the only problem in each test is the one it adds. */
  static final String GOOD =
      """
      model: m
      horizon: 1y
      entities:
        E:
          attributes: {id: bigint}
          key: [id]
      patterns:
        - id: p
          rate: 1/s
          query: E where id = ?
      dynamodb:
        tables:
          Tab:
            partition_key: PK
            items:
              E:
                keys: {PK: "E#{id}"}
      """;

  private static CliRun check(Path dir, byte[] bytes) throws IOException {
    Path model = dir.resolve("m.yaml");
    Files.write(model, bytes);
    return CliRun.of("check", model.toString());
  }

  private static CliRun check(Path dir, String text) throws IOException {
    return check(dir, text.getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void nul_inAModel_isLocated_exit2(@TempDir Path dir) throws IOException {
    // Hostile input: a NUL after "model: " on line 1 — column 8 (7 characters before it).
    var run = check(dir, GOOD.replace("model: m", "model: \0m"));
    assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
    assertThat(run.err())
        .startsWith(
            dir.resolve("m.yaml") + ":1:8: error: control character U+0000 in the model file");
  }

  @Test
  void u0001_inAModel_isLocated_exit2(@TempDir Path dir) throws IOException {
    // Hostile input: U+0001 after the pattern id "p" on line 8, "  - id: p" → column 10.
    var run = check(dir, GOOD.replace("id: p", "id: p\u0001"));
    assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
    assertThat(run.err())
        .startsWith(
            dir.resolve("m.yaml") + ":8:10: error: control character U+0001 in the model file");
  }

  @Test
  void escapedNul_inASchemaValue_isLocated_exit2(@TempDir Path dir) throws IOException {
    // Hostile input: schema: "\0" — a double-quoted escape, so the file itself is printable; the
    // parsed value holds a NUL. It is no file name: an error at the value, the line after
    // "cassandra:", column 11.
    var run = check(dir, GOOD + "cassandra:\n  schema: \"\\0\"\n");
    assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
    assertThat(run.err())
        .contains(
            dir.resolve("m.yaml")
                + ":"
                + (GOOD_LINES + 2)
                + ":11: error: control character U+0000 in a value");
  }

  @Test
  void mappingAsKey_isLocated_exit2(@TempDir Path dir) throws IOException {
    // Hostile input: "{}: x" as the first line — a flow mapping used as a key, at 1:1.
    var run = check(dir, "{}: x\n" + GOOD);
    assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
    assertThat(run.err()).startsWith(dir.resolve("m.yaml") + ":1:1: error: expected a plain key");
  }

  @Test
  void aliasBomb_isLocatedAtTheFirstAliasBeyondTheLimit_exit2(@TempDir Path dir)
      throws IOException {
    // Hostile input: the "billion laughs" shape, 9 levels of 9 aliases each (81 aliases to lists).
    // snakeyaml-engine's guard allows 50 aliases to collections: the 51st is the 6th alias of
    // level 6 (levels 1–5 hold 45 after level 0's anchor), on line 7, at column 6 + 5×5 = 31
    // ("l6: [" is 5 characters, then "*l5, " is 5 per alias).
    var sb = new StringBuilder("l0: &l0 [lol]\n");
    for (int i = 1; i <= 9; i++) {
      sb.append("l").append(i).append(": &l").append(i).append(" [");
      for (int j = 0; j < 9; j++) {
        sb.append(j == 0 ? "" : ", ").append("*l").append(i - 1);
      }
      sb.append("]\n");
    }
    var run = check(dir, sb.toString());
    assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
    assertThat(run.err())
        .startsWith(dir.resolve("m.yaml") + ":7:")
        .contains("more than 50 aliases to collections");
  }

  @Test
  void secondDocument_isAnError_exit2(@TempDir Path dir) throws IOException {
    // Hostile input: "---" then a second model after the good one; the second document starts on
    // the line after GOOD's last, column 1.
    var run = check(dir, GOOD + "---\nmodel: other\n");
    assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
    assertThat(run.err())
        .startsWith(
            dir.resolve("m.yaml")
                + ":"
                + (GOOD_LINES + 1)
                + ":1: error: a second YAML document; expected one document");
  }

  @Test
  void binaryTag_isAnError_exit2(@TempDir Path dir) throws IOException {
    // Hostile input: "model: !!binary bQ==" — the tagged value starts at column 8 of line 1.
    var run = check(dir, GOOD.replace("model: m", "model: !!binary bQ=="));
    assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
    assertThat(run.err())
        .startsWith(dir.resolve("m.yaml") + ":1:8: error: tag !!binary is not accepted");
  }

  @Test
  void unknownLocalTag_isAnError_exit2(@TempDir Path dir) throws IOException {
    // Hostile input: "rate: !speed 1/s" on line 9; the value starts at column 11.
    var run = check(dir, GOOD.replace("rate: 1/s", "rate: !speed 1/s"));
    assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
    assertThat(run.err())
        .startsWith(dir.resolve("m.yaml") + ":9:11: error: tag !speed is not accepted");
  }

  @Test
  void tagWhoseEscapeTheEngineCannotHold_isAnError_exit2(@TempDir Path dir) throws IOException {
    // Hostile input found by ModelReaderFuzzTest: the whole file "model: !keysin%a", with no line
    // end, so the escape %a runs into the end of the text. The engine's Tag refuses what it
    // decodes to with a bare IllegalArgumentException (exit 4 before); the value starts at 1:8.
    var run = check(dir, "model: !keysin%a");
    assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
    assertThat(run.err()).startsWith(dir.resolve("m.yaml") + ":1:8: error: tag not accepted");
  }

  @Test
  void standardTags_areStillAccepted(@TempDir Path dir) throws IOException {
    // Control: an explicit !!str on a name is one of YAML's standard tags, so the model passes.
    var run = check(dir, GOOD.replace("model: m", "model: !!str m"));
    assertThat(run.err()).isEmpty();
    assertThat(run.exitCode()).as(run.out()).isZero();
  }

  @Test
  void latin1Bytes_areLocatedAtTheFirstBadByte_exit2(@TempDir Path dir) throws IOException {
    // Hostile input: "model: caf\xE9" — é in Latin-1 (0xE9) is no UTF-8 sequence on its own
    // (0xE9 opens a 3-byte sequence, and "\n" is no continuation byte). Line 1, column 11.
    byte[] good = GOOD.replace("model: m", "model: cafX").getBytes(StandardCharsets.UTF_8);
    good[10] = (byte) 0xE9;
    var run = check(dir, good);
    assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
    assertThat(run.err())
        .startsWith(dir.resolve("m.yaml") + ":1:11: error: not UTF-8 text: byte 0xE9 at offset 10");
  }

  @Test
  void emptyPatterns_isAnError_exit2(@TempDir Path dir) throws IOException {
    // Hostile input: "patterns: []" — nothing to plan used to pass silently. The patterns block
    // (lines 7–10 of GOOD) becomes "patterns: []" on line 7; the value starts at column 11.
    String model =
        GOOD.replace(
            "patterns:\n  - id: p\n    rate: 1/s\n    query: E where id = ?\n", "patterns: []\n");
    var run = check(dir, model);
    assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
    assertThat(run.err())
        .contains(
            dir.resolve("m.yaml") + ":7:11: error: no access patterns; expected at least one");
  }

  @Test
  void rateWithCommasBetweenSingleDigits_isAnError_exit2(@TempDir Path dir) throws IOException {
    // Hostile input: "rate: 2,0,0,0/s", once read as 2,000/s. A comma group must be three digits
    // (docs/model.md, Quantities), so this is no number: an error at the value, line 9 column 11.
    var run = check(dir, GOOD.replace("rate: 1/s", "rate: 2,0,0,0/s"));
    assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
    assertThat(run.err()).startsWith(dir.resolve("m.yaml") + ":9:11: error: ");
  }

  @Test
  void rateWithThreeDigitGroups_isStillRead(@TempDir Path dir) throws IOException {
    // Control: "2,000/s" and "1_000/s" are the documented separators, so the model passes.
    assertThat(check(dir, GOOD.replace("rate: 1/s", "rate: 2,000/s")).err()).isEmpty();
    assertThat(check(dir, GOOD.replace("rate: 1/s", "rate: 1_000/s")).err()).isEmpty();
  }

  @Test
  void keyspaceWithNoReplicas_isAnError_exit2(@TempDir Path dir) throws IOException {
    // Hostile input: a keyspace whose only replication factor is 0 — every per-replica figure
    // divided by 0 ("Infinity/s on each replica"). The error is at the replication map, which
    // starts at column 38 of line 1: "CREATE KEYSPACE k WITH replication = " is 37 characters.
    Files.writeString(
        dir.resolve("k.cql"),
        "CREATE KEYSPACE k WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 0};\n"
            + "CREATE TABLE k.e (id bigint PRIMARY KEY);\n");
    String model = GOOD.substring(0, GOOD.indexOf("dynamodb:")) + "cassandra:\n  schema: k.cql\n";
    var run = check(dir, model);
    assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
    assertThat(run.err())
        .contains(
            dir.resolve("k.cql")
                + ":1:38: error: keyspace k has no replicas (every replication factor is 0)");
  }

  @Test
  void aWordForDistinct_isOneError_notTwo(@TempDir Path dir) throws IOException {
    // Hostile input: `distinct: many` in a spread. It is not a count, which is one error; it also
    // used to be read as 0 and reported again as "expected at least 1 distinct value".
    String text =
        GOOD.replace("    key: [id]\n", "    key: [id]\n    spread:\n      id: {distinct: many}\n");
    var run = check(dir, text);
    assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
    assertThat(run.err())
        .isEqualTo(
            dir.resolve("m.yaml")
                + ":8:22: error: expected a count of distinct values such as 10M but found 'many'\n"
                + "1 error\n");
  }

  @Test
  void anEmptyKey_isAnError(@TempDir Path dir) throws IOException {
    // Hostile input: `key: []`, which said nothing and was read as no key; leaving key: out says
    // that. The value `[]` starts at line 6, column 10.
    var run = check(dir, GOOD.replace("key: [id]", "key: []"));
    assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
    assertThat(run.err())
        .startsWith(
            dir.resolve("m.yaml")
                + ":6:10: error: expected at least one attribute name, such as [user_id]; leave"
                + " key: out for an entity without one");
  }
}
