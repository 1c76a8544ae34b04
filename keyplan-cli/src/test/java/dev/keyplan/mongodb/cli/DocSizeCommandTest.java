package dev.keyplan.mongodb.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.cli.CliRun;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

final class DocSizeCommandTest {
  private static final String CHOCOLATES = CliRun.resource("/mongodb/chocolates.json");

  // Notes §4: {_id: ObjectId, item: "Chocolates", qty: 25} = 4 + 17 + 21 + 9 + 1 = 52 bytes.
  @Test
  void docSize_chocolates_prints52Bytes() {
    CliRun run = CliRun.of("mongodb", "doc-size", CHOCOLATES);
    assertThat(run.exitCode()).isZero();
    assertThat(run.out())
        .isEqualTo(
            """
        bytes      52
        limit      16777216 (16 MiB), 16777164 bytes to spare
        depth      1 of 100 levels
        """);
    assertThat(run.err()).isEmpty();
  }

  @Test
  void docSize_json_hasTheDocumentedShape() {
    CliRun run = CliRun.of("mongodb", "doc-size", CHOCOLATES, "--format", "json");
    assertThat(run.exitCode()).isZero();
    assertThat(run.out())
        .isEqualTo("{\"bytes\": 52, \"limit\": 16777216, \"fits\": true, \"depth\": 1}\n");
  }

  // {s: "x" × n} is 13 + n bytes: n = 16,777,203 is exactly 16 MiB and is stored; one more is not.
  // Generated, not a fixture, to keep 16 MiB out of the repository.
  @Test
  void docSize_over16Mib_exits1AndSaysSo(@TempDir Path dir) throws IOException {
    Path exact = dir.resolve("exact.json");
    Files.writeString(exact, "{\"s\": \"" + "x".repeat(16_777_203) + "\"}");
    CliRun fits = CliRun.of("mongodb", "doc-size", exact.toString(), "--format", "json");
    assertThat(fits.exitCode()).isZero();
    assertThat(fits.out()).startsWith("{\"bytes\": 16777216, \"limit\": 16777216, \"fits\": true");

    Path over = dir.resolve("over.json");
    Files.writeString(over, "{\"s\": \"" + "x".repeat(16_777_204) + "\"}");
    CliRun run = CliRun.of("mongodb", "doc-size", over.toString());
    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.out())
        .isEqualTo(
            """
        bytes      16777217
        limit      16777216 (16 MiB)
        depth      1 of 100 levels
        too large  1 bytes over the 16 MiB document limit; MongoDB rejects this document
        """);
    CliRun json = CliRun.of("mongodb", "doc-size", over.toString(), "--format", "json");
    assertThat(json.exitCode()).isEqualTo(1);
    assertThat(json.out()).contains("\"fits\": false");
  }

  @Test
  void docSize_malformed_exits2WithLocation() {
    String file = CliRun.resource("/mongodb/malformed.json");
    CliRun run = CliRun.of("mongodb", "doc-size", file);
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.out()).isEmpty();
    assertThat(run.err())
        .isEqualTo(
            file
                + ":5:1: error: invalid Extended JSON: expected a value,"
                + " found '}'\n1 error\n");
  }

  @Test
  void docSize_duplicateField_exits2AtBothNames() {
    String file = CliRun.resource("/mongodb/duplicate.json");
    CliRun run = CliRun.of("mongodb", "doc-size", file);
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err())
        .isEqualTo(
            file
                + ":4:3: error: field 'item' is written twice (first at"
                + " line 2, column 3); drivers and mongosh keep only one of the two, so the document is"
                + " ambiguous\n1 error\n");
  }

  @Test
  void docSize_notADocument_exits2() {
    InputStream saved = System.in;
    try {
      System.setIn(new ByteArrayInputStream("[1, 2]".getBytes(StandardCharsets.UTF_8)));
      CliRun run = CliRun.of("mongodb", "doc-size", "-");
      assertThat(run.exitCode()).isEqualTo(2);
      assertThat(run.err())
          .isEqualTo(
              "<stdin>:1:1: error: expected a document, a JSON object such"
                  + " as {\"_id\": 1, \"item\": \"Chocolates\"}, found an array\n1 error\n");
    } finally {
      System.setIn(saved);
    }
  }

  @Test
  void docSize_stdin_isReadWithDash() {
    InputStream saved = System.in;
    try {
      System.setIn(
          new ByteArrayInputStream(
              "{\"_id\": ObjectId(\"5b2be413c06d924ab26ff9ca\"), \"item\": \"Chocolates\", \"qty\": 25}"
                  .getBytes(StandardCharsets.UTF_8)));
      CliRun run = CliRun.of("mongodb", "doc-size", "-", "--format", "json");
      assertThat(run.exitCode()).isZero();
      assertThat(run.out()).startsWith("{\"bytes\": 52,");
    } finally {
      System.setIn(saved);
    }
  }

  // {a: {b: [1]}}: the document, the embedded document and the array, 3 levels.
  @Test
  void docSize_nestedDocument_printsItsDepth(@TempDir Path dir) throws IOException {
    Path nested = dir.resolve("nested.json");
    Files.writeString(nested, "{\"a\": {\"b\": [1]}}");
    CliRun run = CliRun.of("mongodb", "doc-size", nested.toString());
    assertThat(run.out()).contains("depth      3 of 100 levels");
  }

  @Test
  void docSize_missingFile_exits2() {
    CliRun run = CliRun.of("mongodb", "doc-size", "no-such-doc.json");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err())
        .isEqualTo("<command line>: error: no such file: no-such-doc.json\n" + "1 error\n");
  }

  @Test
  void docSize_notUtf8_exits2(@TempDir Path dir) throws IOException {
    Path latin1 = dir.resolve("latin1.json");
    Files.write(latin1, "{\"a\": \"caf\u00e9\"}".getBytes(StandardCharsets.ISO_8859_1));
    CliRun run = CliRun.of("mongodb", "doc-size", latin1.toString());
    assertThat(run.exitCode()).isEqualTo(2);
    // Issue 18: placed in the file, not at "<command line>". '{"a": "caf' is 10 bytes and 10
    // characters, so the Latin-1 'é' (0xE9) is at offset 10, column 11.
    assertThat(run.err())
        .startsWith(
            latin1
                + ":1:11: error: not UTF-8 text: byte 0xE9 at offset 10; expected a file saved as"
                + " UTF-8");
  }

  @Test
  void help_documentsJsonShapeAndExitCodes() {
    CliRun run = CliRun.of("mongodb", "doc-size", "--help");
    assertThat(run.exitCode()).isZero();
    assertThat(run.out()).contains("{\"bytes\": 52, \"limit\": 16777216,").contains("Exit codes:");
  }
}
