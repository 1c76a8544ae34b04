package dev.keyplan.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/**
 * {@code keyplan analyze} run in-process on the corpus' three-row {@code data/valid.csv} against
 * examples/chat.yaml's Message, each figure derived by hand from the rows:
 *
 * <pre>
 *   channel_id,message_id,author_id,body
 *   1,1,1,a
 *   1,2,1,b
 *   2,3,1,c
 * </pre>
 */
class AnalyzeCommandTest {
  static final String DATA = CliRun.resource("/corpus/data/valid.csv");

  @Test
  void json_figuresOfThreeRows() throws Exception {
    CliRun run =
        CliRun.of("analyze", "examples/chat.yaml", "--entity", "Message", DATA, "--format", "json");
    assertThat(run.exitCode()).as(run.err()).isEqualTo(0);
    JsonNode j = new ObjectMapper().readTree(run.out());
    assertThat(j.get("data").get("rows").asLong()).isEqualTo(3);
    // latest-messages looks rows up by channel_id; edit-message by channel_id and message_id, which
    // is also the entity's key: two keys, each once.
    JsonNode channel = j.get("keys").get(0);
    assertThat(channel.get("attributes").toString()).isEqualTo("[\"channel_id\"]");
    assertThat(j.get("keys").get(1).get("attributes").toString())
        .isEqualTo("[\"channel_id\",\"message_id\"]");
    assertThat(j.get("keys")).hasSize(2);
    // Channel 1 holds 2 of 3 rows.
    assertThat(channel.get("distinct").asLong()).isEqualTo(2);
    assertThat(channel.get("busiestShare").asDouble()).isCloseTo(2.0 / 3, within(1e-12));
    assertThat(channel.get("top").get(0).get("value").asText()).isEqualTo("1");
    // Ranks 1, 1, 2 against places 0, 1, 2: cov = 1/3, var(rank) = 2/9, var(place) = 2/3, so
    // r = (1/3) / √(4/27) = √3/2 ≈ 0.866, at or above 0.7: time-ordered.
    assertThat(channel.get("monotonicity").get("coefficient").asDouble())
        .isCloseTo(Math.sqrt(3) / 2, within(1e-9));
    assertThat(channel.get("monotonicity").get("timeOrdered").asBoolean()).isTrue();
    // Each row: names channel_id (10), message_id (10), author_id (9), body (4) and four one-byte
    // values: 37 item bytes; BSON 4 + (18 + 18 + 17 + 12) + 1 = 70.
    assertThat(j.get("rowSizes").get("itemBytes").get("max").asLong()).isEqualTo(37);
    assertThat(j.get("rowSizes").get("documentBytes").get("max").asLong()).isEqualTo(70);
    assertThat(j.get("time").isNull()).isTrue();
  }

  @Test
  void text_saysWhatTheFiguresRestOn() {
    CliRun run = CliRun.of("analyze", "examples/chat.yaml", "--entity", "Message", DATA);
    assertThat(run.exitCode()).as(run.err()).isEqualTo(0);
    assertThat(run.out())
        .contains("Entity Message: 3 rows from 1 file (csv; engine duckdb)")
        .contains("r = 0.8660 against file order: time-ordered")
        .contains("request spreads stay as the model declares them");
  }

  @Test
  void anEngineNotOnTheClassPath_isBadInput_namingThoseThatAre() {
    // The CLI's own jar holds DuckDB only; Spark comes with keyplan-spark.jar.
    CliRun run =
        CliRun.of(
            "analyze", "examples/chat.yaml", "--entity", "Message", DATA, "--engine", "spark");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err())
        .contains("--engine spark: no such engine on this class path; expected one of duckdb")
        .contains("keyplan-spark.jar");
  }

  @Test
  void redact_hashesEveryListedValue() {
    CliRun run =
        CliRun.of(
            "analyze",
            "examples/chat.yaml",
            "--entity",
            "Message",
            DATA,
            "--keys",
            "body",
            "--redact",
            "--format",
            "json");
    assertThat(run.exitCode()).as(run.err()).isEqualTo(0);
    // SHA-256 of the one byte "a" (FIPS 180-4; `printf a | sha256sum`).
    assertThat(run.out())
        .contains("sha256:ca978112ca1bbdcafac231b39a23dc4da786eff8147c4e72b9807785afee48bb")
        .doesNotContain("\"value\" : \"a\"");
  }

  @Test
  void help_listsTheOptions() {
    CliRun run = CliRun.of("analyze", "--help");
    assertThat(run.exitCode()).isEqualTo(0);
    assertThat(run.out()).contains("--entity", "--keys", "--sample", "--max-bad-rows", "--redact");
  }

  @Test
  void text_escapesControlAndBidiCharactersOfValues() {
    // A value holding ESC [31m (a terminal colour) and U+202E (right-to-left override) is shown
    // with both written out, so a data file cannot recolour or reorder the terminal.
    assertThat(AnalyzeText.shown("a\u001b[31m\u202Eb", 40)).isEqualTo("a\\u001B[31m<U+202E>b");
    assertThat(AnalyzeText.shown("x".repeat(50), 40)).hasSize(40).endsWith("…");
  }

  @Test
  void storeLimits_printInTheUnitsTheStoresState() {
    // DynamoDB's item limit is 400 KB of 1,024 bytes (409,600 B); decimal units printed "410 KB".
    // MongoDB's document limit is 16 MiB, 16 × 1,048,576 = 16,777,216 B ("16.8 MB" before).
    assertThat(AnalyzeText.limit(409_600)).isEqualTo("400 KiB (409,600 B)");
    assertThat(AnalyzeText.limit(16_777_216)).isEqualTo("16 MiB (16,777,216 B)");
    assertThat(AnalyzeText.limit(1_000)).isEqualTo("1,000 B");
  }
}
