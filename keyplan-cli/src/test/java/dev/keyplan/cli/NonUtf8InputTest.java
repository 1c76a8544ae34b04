package dev.keyplan.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 18, "no line:column for files that are not UTF-8": every reader of every file kind reads
 * through the located-input toolkit ({@code TextInput}), so a byte that is not UTF-8 is an error at
 * its {@code file:line:column} in the file that holds it, exit 2, whichever command read it.
 *
 * <p>Each test feeds the same hostile input: a good file whose line 3 starts with {@code é}, {@code
 * x} and the byte 0xFF (never valid in UTF-8, RFC 3629 section 1: "the octet values C0, C1, F5 to
 * FF never appear"). Columns count code points from 1, as {@code TextInput.at} does and editors
 * show: {@code é} is two bytes but one column, {@code x} the second, so the bad byte is column 3 (a
 * byte count would say 4). The offset in the message is in bytes: the bytes of lines 1 and 2, then
 * 3 more.
 */
class NonUtf8InputTest {

  /** The bytes of {@code é} and {@code x}, then a byte that is never UTF-8. */
  private static final byte[] SPOIL = {(byte) 0xC3, (byte) 0xA9, 'x', (byte) 0xFF};

  /**
   * Writes {@link #SPOIL} at the start of line 3 of {@code file} and returns the expected start of
   * the error: {@code file:3:3: error: not UTF-8 text: byte 0xFF at offset N}.
   */
  static String spoilLine3(Path file) throws IOException {
    byte[] b = Files.readAllBytes(file);
    int start = 0;
    for (int lines = 0; lines < 2; start++) {
      if (b[start] == '\n') {
        lines++;
      }
    }
    var out = new ByteArrayOutputStream();
    out.write(b, 0, start);
    out.write(SPOIL);
    out.write(b, start, b.length - start);
    Files.write(file, out.toByteArray());
    return file + ":3:3: error: not UTF-8 text: byte 0xFF at offset " + (start + 3) + ";";
  }

  /** Copies {@code names} from examples/ into {@code dir}, returning the first copy. */
  private static Path copy(Path dir, String... names) throws IOException {
    for (String n : names) {
      Files.copy(Path.of("examples", n), dir.resolve(n));
    }
    return dir.resolve(names[0]);
  }

  private static void assertLocated(CliRun run, String expected) {
    assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
    assertThat(run.err()).startsWith(expected).doesNotContain("Exception");
  }

  @Test
  void theModelFile(@TempDir Path dir) throws IOException {
    Path model = copy(dir, "chat.yaml", "chat.cql");
    String expected = spoilLine3(model);
    assertLocated(CliRun.of("check", model.toString()), expected);
  }

  @Test
  void aCqlSchema(@TempDir Path dir) throws IOException {
    Path model = copy(dir, "chat.yaml", "chat.cql");
    String expected = spoilLine3(dir.resolve("chat.cql"));
    assertLocated(CliRun.of("check", model.toString()), expected);
  }

  @Test
  void aDynamoDbSchemaFile_aWorkbenchModel(@TempDir Path dir) throws IOException {
    Path model = copy(dir, "shop-workbench.yaml", "shop-workbench.json");
    String expected = spoilLine3(dir.resolve("shop-workbench.json"));
    assertLocated(CliRun.of("check", model.toString()), expected);
  }

  @Test
  void aDynamoDbPriceTable(@TempDir Path dir) throws IOException {
    // The built-in table's own file, named by the model's prices: key.
    Files.copy(
        Path.of("keyplan-core/src/main/resources/dev/keyplan/dynamodb/facts/prices.yaml"),
        dir.resolve("prices.yaml"));
    Path model = dir.resolve("orders.yaml");
    Files.writeString(
        model,
        Files.readString(Path.of("examples/orders-dynamodb.yaml"))
            .replace("\ndynamodb:\n", "\ndynamodb:\n  prices: prices.yaml\n"));
    String expected = spoilLine3(dir.resolve("prices.yaml"));
    assertLocated(CliRun.of("check", model.toString()), expected);
  }

  @Test
  void aMongoDbIndexesFile(@TempDir Path dir) throws IOException {
    Path model = copy(dir, "shop-mongodb-imported.yaml", "shop-mongodb-indexes.json");
    String expected = spoilLine3(dir.resolve("shop-mongodb-indexes.json"));
    assertLocated(CliRun.of("check", model.toString()), expected);
  }

  @Test
  void aMongoDbShardingFile(@TempDir Path dir) throws IOException {
    Path model = copy(dir, "tenants-mongodb-imported.yaml", "tenants-mongodb-sharding.json");
    String expected = spoilLine3(dir.resolve("tenants-mongodb-sharding.json"));
    assertLocated(CliRun.of("check", model.toString()), expected);
  }

  @Test
  void aPastedExplainFile(@TempDir Path dir) throws IOException {
    Path explain = copy(dir, "shop-mongodb-explain.txt");
    String expected = spoilLine3(explain);
    assertLocated(
        CliRun.of(
            "verify",
            "mongodb",
            "examples/shop-mongodb.yaml",
            "--from-explain",
            explain.toString()),
        expected);
  }

  @Test
  void aRingFile(@TempDir Path dir) throws IOException {
    Path ring = dir.resolve("ring.yaml");
    Files.writeString(
        ring,
        "replication: {class: SimpleStrategy, replication_factor: 1}\n"
            + "nodes:\n"
            + "  - {name: n1, dc: dc1, rack: r1, tokens: [0]}\n");
    String expected = spoilLine3(ring);
    assertLocated(
        CliRun.of("cassandra", "replicas", "--ring", ring.toString(), "--token", "0"), expected);
  }

  @Test
  void aSimulateTrace(@TempDir Path dir) throws IOException {
    Path trace = dir.resolve("t.csv");
    Files.writeString(trace, "time,operation,key,size\n0,write,1,100\n1,read,1,100\n");
    String expected = spoilLine3(trace);
    assertLocated(
        CliRun.of("simulate", "examples/chat.yaml", "--trace", trace.toString()), expected);
  }

  @Test
  void aDynamoDbItem_namesTheFile_notTheCommandLine(@TempDir Path dir) throws IOException {
    Path item = dir.resolve("item.json");
    Files.writeString(item, "{\n  \"a\": {\"S\": \"x\"},\n  \"b\": {\"S\": \"y\"}\n}\n");
    String expected = spoilLine3(item);
    assertLocated(CliRun.of("dynamodb", "item-size", item.toString()), expected);
  }

  @Test
  void aMongoDbDocument_namesTheFile_notTheCommandLine(@TempDir Path dir) throws IOException {
    Path doc = dir.resolve("doc.json");
    Files.writeString(doc, "{\n  \"a\": 1,\n  \"b\": 2\n}\n");
    String expected = spoilLine3(doc);
    assertLocated(CliRun.of("mongodb", "doc-size", doc.toString()), expected);
  }

  @Test
  void standardInput_isNamedStdin() throws IOException {
    // The same three lines piped in: the place is <stdin>'s, not the command line's.
    var out = new ByteArrayOutputStream();
    out.write("{\n  \"a\": 1,\n".getBytes(StandardCharsets.UTF_8));
    out.write(SPOIL);
    out.write("\n}\n".getBytes(StandardCharsets.UTF_8));
    InputStream saved = System.in;
    try {
      System.setIn(new ByteArrayInputStream(out.toByteArray()));
      // Lines 1 and 2 are 12 bytes ("{\n" and "  \"a\": 1,\n"): the bad byte is at offset 15.
      assertLocated(
          CliRun.of("mongodb", "doc-size", "-"),
          "<stdin>:3:3: error: not UTF-8 text: byte 0xFF at offset 15;");
    } finally {
      System.setIn(saved);
    }
  }

  @Test
  void aJsonErrorInAFile_namesTheFile(@TempDir Path dir) throws IOException {
    // Valid UTF-8 but not JSON: a member without its value on line 3, column 8 ("  \"b\": " is 7
    // characters, the '}' after it the 8th).
    Path item = dir.resolve("item.json");
    Files.writeString(item, "{\n  \"a\": {\"S\": \"x\"},\n  \"b\": }\n");
    CliRun run = CliRun.of("dynamodb", "item-size", item.toString());
    assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
    assertThat(run.err()).startsWith(item + ":3:8: error: ");
  }

  @Test
  void aJsonErrorOnTheCommandLine_namesTheCommandLine() {
    // mongodb hash takes its value on the command line itself: there "<command line>" is the
    // real source. '{"a": }' has no value at column 7.
    CliRun run = CliRun.of("mongodb", "hash", "{\"a\": }");
    assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
    assertThat(run.err()).startsWith("<command line>:1:7: error: ");
  }
}
