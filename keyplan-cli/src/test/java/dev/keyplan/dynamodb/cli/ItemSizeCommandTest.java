package dev.keyplan.dynamodb.cli;

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

final class ItemSizeCommandTest {
  private static final String SHIRT = CliRun.resource("/dynamodb/shirt.json");

  // AWS DG "Quotas", "Item size": 11 + 1 + 10 + 1 = 23 bytes; +100 storage; one 4 KB read
  // unit (1 strong, 0.5 eventual, 2 transactional); one 1 KB write unit (1, 2 transactional).
  @Test
  void itemSize_shirtItem_prints23Bytes() {
    CliRun run = CliRun.of("dynamodb", "item-size", SHIRT);
    assertThat(run.exitCode()).isZero();
    assertThat(run.out())
        .isEqualTo(
            """
        bytes          23
        storage bytes  123 (+100 per item)
        rcu            1 strong, 0.5 eventual, 2 transactional
        wcu            1 standard, 2 transactional
        """);
    assertThat(run.err()).isEmpty();
  }

  @Test
  void itemSize_shirtItemJson_hasTheDocumentedShape() {
    CliRun run = CliRun.of("dynamodb", "item-size", SHIRT, "--format", "json");
    assertThat(run.exitCode()).isZero();
    assertThat(run.out())
        .isEqualTo(
            "{\"bytes\": 23, \"storageBytes\": 123, \"rcu\":"
                + " {\"strong\": 1, \"eventual\": 0.5, \"transactional\": 2}, \"wcu\": {\"standard\": 1,"
                + " \"transactional\": 2}}\n");
  }

  // awslabs/amazon-dynamodb-tools item_size_calculator/README.md: the book item is 137 bytes;
  // here wrapped as get-item prints it.
  @Test
  void itemSize_getItemOutput_isUnwrapped() {
    String file = CliRun.resource("/dynamodb/get-item-output.json");
    CliRun run = CliRun.of("dynamodb", "item-size", file, "--format", "json");
    assertThat(run.exitCode()).isZero();
    assertThat(run.out()).startsWith("{\"bytes\": 137, \"storageBytes\": 237,");
  }

  // mhart/dynalite test/putItem.js: 409,601 bytes is over the 409,600-byte limit. Name "a" (1)
  // + 409,600 chars = 409,601. Generated, not a fixture, to keep 400 KB out of the repository.
  // 409,601 B = 101 read blocks (404.0 KB / 4) and 401 write blocks.
  @Test
  void itemSize_over400Kb_exits1AndSaysSo(@TempDir Path dir) throws IOException {
    Path big = dir.resolve("big.json");
    Files.writeString(big, "{\"a\": {\"S\": \"" + "x".repeat(409_600) + "\"}}");
    CliRun run = CliRun.of("dynamodb", "item-size", big.toString());
    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.out())
        .startsWith("bytes          409601\n")
        .contains("rcu            101 strong, 50.5 eventual, 202 transactional\n")
        .endsWith(
            "too large      1 bytes over the 400 KB item limit (409600 bytes);"
                + " DynamoDB rejects this item\n");
    CliRun json = CliRun.of("dynamodb", "item-size", big.toString(), "--format", "json");
    assertThat(json.exitCode()).isEqualTo(1);
    assertThat(json.out())
        .isEqualTo(
            "{\"bytes\": 409601, \"storageBytes\": 409701, \"rcu\":"
                + " {\"strong\": 101, \"eventual\": 50.5, \"transactional\": 202}, \"wcu\":"
                + " {\"standard\": 401, \"transactional\": 802}}\n");
  }

  // Exactly 409,600 bytes is still accepted (dynalite helpers.MAX_SIZE).
  @Test
  void itemSize_exactly400Kb_exits0(@TempDir Path dir) throws IOException {
    Path limit = dir.resolve("limit.json");
    Files.writeString(limit, "{\"a\": {\"S\": \"" + "x".repeat(409_599) + "\"}}");
    CliRun run = CliRun.of("dynamodb", "item-size", limit.toString());
    assertThat(run.exitCode()).isZero();
    assertThat(run.out()).doesNotContain("too large");
  }

  @Test
  void itemSize_malformedJson_exits2WithLocation() {
    String file = CliRun.resource("/dynamodb/malformed.json");
    CliRun run = CliRun.of("dynamodb", "item-size", file);
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.out()).isEmpty();
    assertThat(run.err())
        .isEqualTo(
            file
                + ":3:3: error: invalid JSON: expected ',' or '}' after"
                + " a member of the object opened at line 1, column 1, found '\"'\n1 error\n");
  }

  @Test
  void itemSize_badTypes_exits2WithEveryProblem() {
    String file = CliRun.resource("/dynamodb/bad-types.json");
    CliRun run = CliRun.of("dynamodb", "item-size", file);
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err())
        .isEqualTo(
            file
                + ":3:12: error: unknown type descriptor 'Ss'; did you"
                + " mean 'SS'? (expected one of S, N, B, BOOL, NULL, L, M, SS, NS, BS)\n"
                + file
                + ":4:18: error: '12,5' is not a number (expected digits with an optional sign,"
                + " '.', and exponent, such as \"-12.5E3\")\n2 errors\n");
  }

  @Test
  void itemSize_stdin_isReadWithDash() {
    InputStream saved = System.in;
    try {
      System.setIn(
          new ByteArrayInputStream(
              "{\"shirt-color\": {\"S\": \"R\"}, \"shirt-size\": {\"S\": \"M\"}}"
                  .getBytes(StandardCharsets.UTF_8)));
      CliRun run = CliRun.of("dynamodb", "item-size", "-", "--format", "json");
      assertThat(run.exitCode()).isZero();
      assertThat(run.out()).startsWith("{\"bytes\": 23,");
    } finally {
      System.setIn(saved);
    }
  }

  @Test
  void itemSize_stdinErrors_nameStdin() {
    InputStream saved = System.in;
    try {
      System.setIn(new ByteArrayInputStream("{".getBytes(StandardCharsets.UTF_8)));
      CliRun run = CliRun.of("dynamodb", "item-size", "-");
      assertThat(run.exitCode()).isEqualTo(2);
      assertThat(run.err()).startsWith("<stdin>:1:2: error: invalid JSON:");
    } finally {
      System.setIn(saved);
    }
  }

  @Test
  void itemSize_missingFile_exits2() {
    CliRun run = CliRun.of("dynamodb", "item-size", "no-such-item.json");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err())
        .isEqualTo("<command line>: error: no such file: no-such-item.json\n" + "1 error\n");
  }

  @Test
  void itemSize_notUtf8_exits2(@TempDir Path dir) throws IOException {
    Path latin1 = dir.resolve("latin1.json");
    Files.write(latin1, "{\"a\": {\"S\": \"caf\u00e9\"}}".getBytes(StandardCharsets.ISO_8859_1));
    CliRun run = CliRun.of("dynamodb", "item-size", latin1.toString());
    assertThat(run.exitCode()).isEqualTo(2);
    // Issue 18: placed in the file, not at "<command line>". '{"a": {"S": "caf' is 16 bytes and
    // 16 characters, so the Latin-1 'é' (0xE9) is at offset 16, column 17.
    assertThat(run.err())
        .startsWith(
            latin1
                + ":1:17: error: not UTF-8 text: byte 0xE9 at offset 16; expected a file saved as"
                + " UTF-8");
  }

  @Test
  void itemSize_markdown_exits2() {
    CliRun run = CliRun.of("dynamodb", "item-size", SHIRT, "--format", "markdown");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err())
        .contains("--format markdown is not available for" + " 'keyplan dynamodb item-size'");
  }

  @Test
  void itemSize_noFile_exits2() {
    CliRun run = CliRun.of("dynamodb", "item-size");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains("Missing required parameter: 'ITEM.json'");
  }

  @Test
  void help_documentsJsonShapeAndExitCodes() {
    CliRun run = CliRun.of("dynamodb", "item-size", "--help");
    assertThat(run.exitCode()).isZero();
    assertThat(run.out())
        .contains("{\"bytes\": 23, \"storageBytes\": 123,")
        .contains("Exit codes:");
  }
}
