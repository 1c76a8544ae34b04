package dev.keyplan.mongodb.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.cli.CliRun;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The issue's vectors, from mongodb/mongo src/mongo/db/hasher_test.cpp (HashIntOrLongOrDouble,
 * HashString, HashNull, HashObject, HashObjectId), through the real command line.
 */
final class HashCommandTest {

  private static String hash(String value) {
    CliRun run = CliRun.of("mongodb", "hash", value);
    assertThat(run.err()).isEmpty();
    assertThat(run.exitCode()).isZero();
    return run.out();
  }

  @Test
  void hash_issueVectors() {
    assertThat(hash("42")).isEqualTo("-944302157085130861\n");
    assertThat(hash("\"abc\"")).isEqualTo("8478485326885698097\n");
    assertThat(hash("null")).isEqualTo("2338878944348059895\n");
    assertThat(hash("{}")).isEqualTo("7980500913326740417\n");
    assertThat(hash("{\"$oid\": \"010203040506070809101112\"}"))
        .isEqualTo("-5588663249627035708\n");
  }

  // Canonical and relaxed forms of one number hash alike; so does a truncated double
  // (hasher_test: 42.123 hashes like 42).
  @Test
  void hash_canonicalForms_andNumberTypes_hashAlike() {
    assertThat(hash("{\"$numberLong\": \"42\"}")).isEqualTo("-944302157085130861\n");
    assertThat(hash("{\"$numberInt\": \"42\"}")).isEqualTo("-944302157085130861\n");
    assertThat(hash("42.123")).isEqualTo("-944302157085130861\n");
  }

  // hasher_test HashTimeStamp: Date(0) → -1178696894582842035, written both ways.
  @Test
  void hash_dates_relaxedOrCanonical() {
    assertThat(hash("{\"$date\": \"1970-01-01T00:00:00Z\"}")).isEqualTo("-1178696894582842035\n");
    assertThat(hash("{\"$date\": {\"$numberLong\": \"0\"}}")).isEqualTo("-1178696894582842035\n");
  }

  // hasher_test HashIntOrLongOrDouble: -1 → 1140205862565771219. picocli takes a word that is
  // no option as the VALUE, so -1 needs no '--' (which works too).
  @Test
  void hash_negativeNumber_isAValueNotAnOption() {
    assertThat(hash("-1")).isEqualTo("1140205862565771219\n");
    CliRun run = CliRun.of("mongodb", "hash", "--", "-1.789");
    assertThat(run.exitCode()).isZero();
    assertThat(run.out()).isEqualTo("1140205862565771219\n");
  }

  @Test
  void hash_json_hasCanonicalValueAndHashAsString() {
    CliRun run = CliRun.of("mongodb", "hash", "42", "--format", "json");
    assertThat(run.exitCode()).isZero();
    assertThat(run.out())
        .isEqualTo(
            "{\"value\": {\"$numberInt\": \"42\"}, \"hash\":" + " \"-944302157085130861\"}\n");
    CliRun oid =
        CliRun.of(
            "mongodb", "hash", "--format", "json", "{\"$oid\": \"010203040506070809101112\"}");
    assertThat(oid.out())
        .isEqualTo(
            "{\"value\": {\"$oid\": \"010203040506070809101112\"},"
                + " \"hash\": \"-5588663249627035708\"}\n");
  }

  // hasher_test HashArray: ["bar", "baz", "qux"] → -2938911267422831539.
  @Test
  void hash_stdin_isReadWithDash() {
    InputStream saved = System.in;
    try {
      System.setIn(
          new ByteArrayInputStream(
              "[\"bar\", \"baz\", \"qux\"]\n".getBytes(StandardCharsets.UTF_8)));
      CliRun run = CliRun.of("mongodb", "hash", "-");
      assertThat(run.exitCode()).isZero();
      assertThat(run.out()).isEqualTo("-2938911267422831539\n");
    } finally {
      System.setIn(saved);
    }
  }

  // A shell strips the quotes of "abc": the word that is left is not JSON.
  @Test
  void hash_unquotedString_exits2WithAHint() {
    CliRun run = CliRun.of("mongodb", "hash", "abc");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.out()).isEmpty();
    assertThat(run.err())
        .isEqualTo(
            "<command line>:1:1: error: invalid Extended JSON: expected a"
                + " value, found 'abc'; a string is written in double quotes, \"abc\" (in a shell,"
                + " '\"abc\"')\n1 error\n");
  }

  @Test
  void hash_badInput_exits2AtItsPositionInTheArgument() {
    CliRun run = CliRun.of("mongodb", "hash", "{\"a\": }");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err())
        .isEqualTo(
            "<command line>:1:7: error: invalid Extended JSON: expected a"
                + " value, found '}'\n1 error\n");
    CliRun oid = CliRun.of("mongodb", "hash", "{\"$oid\": \"0102\"}");
    assertThat(oid.exitCode()).isEqualTo(2);
    assertThat(oid.err())
        .startsWith(
            "<command line>:1:10: error: invalid Extended JSON: an"
                + " ObjectId is 24 hexadecimal digits");
    CliRun two = CliRun.of("mongodb", "hash", "1 2");
    assertThat(two.err())
        .isEqualTo(
            "<command line>:1:3: error: expected one value, found '2'" + " after it\n1 error\n");
  }

  @Test
  void hash_stdinErrors_nameStdinAndTheLine() {
    InputStream saved = System.in;
    try {
      System.setIn(new ByteArrayInputStream("{\n  \"a\": tru\n}".getBytes(StandardCharsets.UTF_8)));
      CliRun run = CliRun.of("mongodb", "hash", "-");
      assertThat(run.exitCode()).isEqualTo(2);
      assertThat(run.err())
          .startsWith(
              "<stdin>:2:8: error: invalid Extended JSON: expected a" + " value, found 'tru'");
    } finally {
      System.setIn(saved);
    }
  }

  @Test
  void hash_emptyValue_exits2() {
    CliRun run = CliRun.of("mongodb", "hash", "");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains("expected a value, such as 42");
  }

  @Test
  void hash_markdown_exits2() {
    CliRun run = CliRun.of("mongodb", "hash", "42", "--format", "markdown");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err())
        .contains("--format markdown is not available for 'keyplan mongodb" + " hash'");
  }

  @Test
  void hash_noValue_exits2() {
    CliRun run = CliRun.of("mongodb", "hash");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains("Missing required parameter: 'VALUE'");
  }

  @Test
  void help_documentsJsonShapeAndExitCodes() {
    CliRun run = CliRun.of("mongodb", "hash", "--help");
    assertThat(run.exitCode()).isZero();
    assertThat(run.out())
        .contains("{\"value\": {\"$numberInt\": \"42\"}, \"hash\":")
        .contains("Exit codes:");
  }
}
