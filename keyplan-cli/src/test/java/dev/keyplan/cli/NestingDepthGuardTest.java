package dev.keyplan.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 18: 2,000–20,000 nested levels killed the JVM (StackOverflowError, exit 1) in a YAML model
 * (flow and block), a DynamoDB item and a ring file. Each hostile input is generated here, and each
 * must be a located error at the first level past NestingDepth.MAX (100), exit 2. The expected
 * columns are counted by hand in each test's comment.
 */
class NestingDepthGuardTest {
  private static final String TOO_DEEP =
      ": error: nesting too deep: expected at most 100 nested levels of mappings and lists"
          + " (see docs/reliability.md, 'Nesting depth')\n1 error\n";

  private static Path write(Path dir, String name, String text) throws IOException {
    Path file = dir.resolve(name);
    Files.writeString(file, text);
    return file;
  }

  // The model's top mapping is level 1, so the 100th '[' is level 101. "entities: " is 10
  // characters: the first '[' is column 11 and the 100th is column 11 + 99 = 110, on line 2.
  @Test
  void yamlModel_20000FlowLevels_isLocatedBadInput(@TempDir Path dir) throws IOException {
    Path model = write(dir, "m.yaml", "model: x\nentities: " + "[".repeat(20_000) + "\n");
    CliRun run = CliRun.of("check", model.toString());
    assertEquals(2, run.exitCode(), run.err());
    assertEquals(model + ":2:110" + TOO_DEEP, run.err());
  }

  // "- - - … x" on one line is 20,000 nested block sequences; the first "- " (column 1) is level 1,
  // so level 101 is the 101st, at column 1 + 2 × 100 = 201.
  @Test
  void yamlModel_20000BlockLevels_isLocatedBadInput(@TempDir Path dir) throws IOException {
    Path model = write(dir, "m.yaml", "- ".repeat(20_000) + "x\n");
    CliRun run = CliRun.of("check", model.toString());
    assertEquals(2, run.exitCode(), run.err());
    assertEquals(model + ":1:201" + TOO_DEEP, run.err());
  }

  // A list of lists of …: the 101st '[' is column 101.
  @Test
  void dynamoDbItem_20000NestedLists_isLocatedBadInput(@TempDir Path dir) throws IOException {
    Path item = write(dir, "item.json", "[".repeat(20_000));
    CliRun run = CliRun.of("dynamodb", "item-size", item.toString());
    assertEquals(2, run.exitCode(), run.err());
    assertEquals(item + ":1:101" + TOO_DEEP, run.err());
  }

  // {"a": {"a": …: each level is the 5 characters {"a":, so the 101st '{' is column 1 + 5 × 100.
  @Test
  void dynamoDbItem_20000NestedMaps_isLocatedBadInput(@TempDir Path dir) throws IOException {
    Path item = write(dir, "item.json", "{\"a\":".repeat(20_000));
    CliRun run = CliRun.of("dynamodb", "item-size", item.toString());
    assertEquals(2, run.exitCode(), run.err());
    assertEquals(item + ":1:501" + TOO_DEEP, run.err());
  }

  // A ring file is YAML too: the 101st '[' of a flow sequence nest is column 101.
  @Test
  void ringFile_20000FlowLevels_isLocatedBadInput(@TempDir Path dir) throws IOException {
    Path ring = write(dir, "ring.yaml", "[".repeat(20_000) + "\n");
    CliRun run = CliRun.of("cassandra", "replicas", "--ring", ring.toString(), "--token", "0");
    assertEquals(2, run.exitCode(), run.err());
    assertEquals(ring + ":1:101" + TOO_DEEP, run.err());
  }

  // Exactly 100 levels is allowed: the guard is not off by one. 99 '[' under the top mapping
  // are levels 2–100; the model is then wrong in other ways (entities is not a mapping), but
  // not too deep.
  @Test
  void yamlModel_100Levels_isNotTooDeep(@TempDir Path dir) throws IOException {
    Path model =
        write(dir, "m.yaml", "model: x\nentities: " + "[".repeat(99) + "]".repeat(99) + "\n");
    CliRun run = CliRun.of("check", model.toString());
    assertEquals(2, run.exitCode(), run.err());
    assertEquals(false, run.err().contains("nesting too deep"), run.err());
  }

  // DynamoDB's own limit is 32 levels of nested lists and maps (DynamoDbLimits.MAX_NESTING_DEPTH,
  // from https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/ServiceQuotas.html,
  // "nested attribute depth"), applied by DynamoJson before the 100-level JSON guard: 40 nested
  // "L" attributes are 82 JSON levels, under 100, and over 32. The error is at the 33rd list's
  // '[': {"a":  is 6 characters and each {"L": [ is 7, so the k-th '[' is column 6 + 7k, and the
  // 33rd is column 6 + 231 = 237.
  @Test
  void dynamoDbItem_40NestedListAttributes_isDynamoDbsLimit(@TempDir Path dir) throws IOException {
    String value = "{\"S\": \"x\"}";
    for (int i = 0; i < 40; i++) {
      value = "{\"L\": [" + value + "]}";
    }
    Path item = write(dir, "item.json", "{\"a\": " + value + "}");
    CliRun run = CliRun.of("dynamodb", "item-size", item.toString());
    assertEquals(2, run.exitCode(), run.err());
    assertEquals(
        item
            + ":1:237: error: nested deeper than DynamoDB's 32 levels of lists and maps\n1 error\n",
        run.err());
  }
}
