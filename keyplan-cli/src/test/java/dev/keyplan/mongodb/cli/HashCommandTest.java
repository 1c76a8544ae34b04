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

  // Issue 18, hostile input: `mongodb hash 1e400`. 1e400 is beyond the largest double,
  // 1.7976931348623157e308 (IEEE 754 binary64), so the BSON library, like JavaScript and mongosh,
  // would round it to Infinity without a word. It is refused at its first digit (column 1), with
  // the spellings that say what is meant; so is -1e400 inside an array, at its own column
  // ("[1, -1e400]": the minus sign is the 5th character).
  @Test
  void hash_numberBeyondADouble_isRefusedAtItsPlace() {
    CliRun run = CliRun.of("mongodb", "hash", "1e400");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.out()).isEmpty();
    assertThat(run.err())
        .isEqualTo(
            "<command line>:1:1: error: number 1e400 is beyond the range of a double (magnitude up"
                + " to 1.7976931348623157e308), and would silently become Infinity; write Infinity"
                + " or {\"$numberDouble\": \"Infinity\"} if infinity is meant, or"
                + " {\"$numberDecimal\": \"1e400\"} for a decimal\n1 error\n");
    CliRun inArray = CliRun.of("mongodb", "hash", "[1, -1e400]");
    assertThat(inArray.exitCode()).isEqualTo(2);
    assertThat(inArray.err())
        .startsWith("<command line>:1:5: error: number -1e400 is beyond the range of a double");
    // The canonical form with digits overflows the same way, at the digits inside the quotes
    // ('{"$numberDouble": "' is 19 characters, so the 1 is at column 20).
    CliRun canonical = CliRun.of("mongodb", "hash", "{\"$numberDouble\": \"1e400\"}");
    assertThat(canonical.exitCode()).isEqualTo(2);
    assertThat(canonical.err())
        .startsWith("<command line>:1:20: error: number 1e400 is beyond the range of a double");
  }

  // Issue 18, hostile input: `mongodb hash NaN` and `Infinity`. Both are legal BSON doubles, and
  // MongoDB hashes them: BSONElement::safeNumberLongForHash (src/mongo/bson/bsonelement.h) turns
  // NaN into 0 and +Infinity into the largest int64 before hashing. So they are accepted, hashed
  // as the server does (NaN exactly like 0: hasher_test's row "0, 0.456, NaN" gives all three
  // 4854801880128277513; Infinity exactly like 9223372036854775807), and a note on stderr states
  // what was hashed, so the hash never silently stands for another value.
  @Test
  void hash_nanAndInfinity_areHashedAsMongoDbDoes_andTheNoteSaysWhat() {
    CliRun nan = CliRun.of("mongodb", "hash", "NaN");
    assertThat(nan.exitCode()).isZero();
    assertThat(nan.out()).isEqualTo("4854801880128277513\n").isEqualTo(hash("0"));
    assertThat(nan.err())
        .isEqualTo(
            "note: {\"$numberDouble\": \"NaN\"} is hashed as the int64 0: MongoDB hashes a number"
                + " as a 64-bit integer, NaN as 0 and one beyond the int64 range (infinities too)"
                + " as the nearest end of it (docs/mongodb-arithmetic.md)\n");
    CliRun inf = CliRun.of("mongodb", "hash", "{\"$numberDouble\": \"Infinity\"}");
    assertThat(inf.exitCode()).isZero();
    assertThat(inf.out()).isEqualTo(hash("{\"$numberLong\": \"9223372036854775807\"}"));
    assertThat(inf.err())
        .startsWith(
            "note: {\"$numberDouble\": \"Infinity\"} is hashed as the int64 9223372036854775807:");
    CliRun minus = CliRun.of("mongodb", "hash", "--", "-Infinity");
    assertThat(minus.exitCode()).isZero();
    assertThat(minus.out()).isEqualTo(hash("{\"$numberLong\": \"-9223372036854775808\"}"));
    assertThat(minus.err()).contains("is hashed as the int64 -9223372036854775808:");
  }
}
