package dev.keyplan.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code keyplan check} end to end: exit codes, the three formats, and bad input. */
final class CheckCommandTest {
  @TempDir Path dir;

  @Test
  void chat_warnsButPasses_withCompilerStyleFindingsAndTables() {
    var run = CliRun.of("check", "examples/chat.yaml");
    // Only warnings (the 10-minute bucket has 120,000 values; 6 nodes carry neither the load nor
    // the 1.12 PB the chat holds after a year), and --fail-on defaults to error.
    assertThat(run.exitCode()).isZero();
    assertThat(run.out())
        .contains("examples/chat.cql:3:")
        .contains(
            ": warning: [PartitionOverGuideline] the busiest partition of messages_by_channel")
        .contains("  fix: use a 5m bucket")
        .contains("latest-messages  20,000/s  messages_by_channel  buckets, newest first")
        .contains(": warning: [ClusterOverCapacity] 6 nodes are too few")
        .contains("0 errors, 2 warnings, 0 info");
    assertThat(run.err()).isEmpty();
  }

  @Test
  void failOnWarning_turnsTheWarningIntoExitOne() {
    assertThat(CliRun.of("check", "--fail-on", "warning", "examples/chat.yaml").exitCode())
        .isEqualTo(1);
  }

  @Test
  void orders_hasAnError_exitOne_unlessFailOnNever() {
    assertThat(CliRun.of("check", "examples/orders.yaml").exitCode()).isEqualTo(1);
    assertThat(CliRun.of("check", "--fail-on", "never", "examples/orders.yaml").exitCode())
        .isZero();
  }

  @Test
  void json_hasTheDocumentedShape() throws IOException {
    var run = CliRun.of("check", "--format", "json", "examples/chat.yaml");
    JsonNode root = new ObjectMapper().readTree(run.out());
    JsonNode pattern = root.get("patterns").get(0);
    assertThat(pattern.get("id").asText()).isEqualTo("latest-messages");
    assertThat(pattern.get("store").asText()).isEqualTo("cassandra");
    assertThat(pattern.get("servedBy").asText()).isEqualTo("messages_by_channel");
    assertThat(pattern.get("access").asText()).isEqualTo("bucket-walk");
    // 50 / (0.005 messages/s × 600 s = 3 per bucket) → 17 buckets for a typical channel.
    assertThat(pattern.get("partitionsRead").asLong()).isEqualTo(17);
    JsonNode table = root.get("tables").get(0);
    assertThat(table.get("name").asText()).isEqualTo("messages_by_channel");
    // 100 messages/s × 600 s = 60,000 rows in the busiest ten-minute bucket; 2 regular cells each.
    assertThat(table.at("/partitions/busiest/rows").asLong()).isEqualTo(60_000);
    assertThat(table.at("/partitions/busiest/values").asLong()).isEqualTo(120_000);
    assertThat(table.at("/partitions/typical/bytes").isNumber()).isTrue();
    JsonNode finding = root.get("findings").get(0);
    assertThat(finding.get("rule").asText()).isEqualTo("PartitionOverGuideline");
    assertThat(finding.get("severity").asText()).isEqualTo("warning");
    assertThat(finding.at("/location/file").asText()).isEqualTo("examples/chat.cql");
    assertThat(finding.at("/location/line").asInt()).isEqualTo(3);
    // PartitionOverGuideline and ClusterOverCapacity.
    assertThat(root.at("/summary/warnings").asInt()).isEqualTo(2);
    JsonNode cluster = root.get("cluster").get(0);
    assertThat(cluster.get("store").asText()).isEqualTo("cassandra");
    assertThat(cluster.get("nodesPerDatacenter").asInt()).isEqualTo(6);
    assertThat(cluster.get("nodesNeeded").isInt()).isTrue();
  }

  @Test
  void markdown_isThePatternsTable() {
    var run = CliRun.of("check", "--format", "markdown", "examples/chat.yaml");
    assertThat(run.out())
        .contains("| Pattern | Says | Rate | Table | Access | Partitions read | Rows read |")
        .contains(
            "| `latest-messages` | Latest 50 messages in a channel | 20,000/s | `messages_by_channel` |");
  }

  @Test
  void badModel_reportsEveryErrorWithItsPlace_exitTwo_noStackTrace() throws IOException {
    Path model = dir.resolve("bad.yaml");
    Files.writeString(
        model,
        String.join(
            "\n",
            "model: bad",
            "horizon: 1y",
            "entities:",
            "  Message:",
            "    attributes:",
            "      channel_id: bigint",
            "    grwoth: 5/s",
            "patterns:",
            "  - id: read",
            "    rate: -3/s",
            "    query: Mesage where channel_id = ?",
            ""),
        StandardCharsets.UTF_8);
    var run = CliRun.of("check", model.toString());
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err())
        .contains(
            model
                + ":7:5: error: unknown key 'grwoth' in entity 'Message' (did you mean 'growth'?)")
        .contains(model + ":10:11: error: expected a rate such as 20k/s")
        .contains(model + ":11:12: error: no entity named 'Mesage' (did you mean 'Message'?)")
        .doesNotContain("Exception")
        .doesNotContain("\tat ");
    assertThat(run.out()).isEmpty();
  }

  @Test
  void missingModel_isBadInput() {
    var run = CliRun.of("check", "no/such/model.yaml");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err())
        .contains("no/such/model.yaml: error: cannot read the model file: no such file");
  }

  @Test
  void badCql_isReportedInTheCqlFile() throws IOException {
    Files.writeString(
        dir.resolve("m.yaml"),
        String.join(
            "\n",
            "model: m",
            "horizon: 1y",
            "entities:",
            "  E:",
            "    attributes:",
            "      id: uuid",
            "    key: [id]",
            "patterns:",
            "  - id: get",
            "    rate: 1/s",
            "    query: E where id = ?",
            "cassandra:",
            "  schema: m.cql",
            ""));
    Files.writeString(dir.resolve("m.cql"), "CREATE TABLE e (id uuid PRIMARY KEY, x strng);\n");
    var run = CliRun.of("check", dir.resolve("m.yaml").toString());
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains(dir.resolve("m.cql") + ":1:").contains("strng");
  }

  /** Messages keyed by (country, user_id): issue 17 §4's case, on Cassandra. */
  private Path compositeKeyModel(String userSpread) throws IOException {
    Files.writeString(
        dir.resolve("m.yaml"),
        String.join(
            "\n",
            "model: m",
            "horizon: 1y",
            "entities:",
            "  Message:",
            "    attributes:",
            "      country: {type: text, size: 2B}",
            "      user_id: bigint",
            "      message_id: bigint",
            "    key: [message_id]",
            "    count: 1B",
            "    spread:",
            "      country: {distinct: 200, busiest: 45%}",
            "      user_id: " + userSpread,
            "patterns:",
            "  - id: q",
            "    rate: 1/s",
            "    query: Message where country = ? and user_id = ?",
            "cassandra:",
            "  schema: m.cql",
            ""));
    Files.writeString(
        dir.resolve("m.cql"),
        "CREATE KEYSPACE chat WITH replication = {'class': 'NetworkTopologyStrategy', 'dc1': 3};\n"
            + "CREATE TABLE chat.messages_by_user (country text, user_id bigint, message_id bigint,"
            + " PRIMARY KEY ((country, user_id), message_id));\n");
    return dir.resolve("m.yaml");
  }

  @Test
  void aCompositePartitionKey_statesTheAssumptionItsFiguresRestOn() throws IOException {
    Path model = compositeKeyModel("{distinct: 10M, busiest: 0.001%}");
    var text = CliRun.of("check", "--fail-on", "never", model.toString());
    assertThat(text.err()).isEmpty();
    assertThat(text.out())
        .contains(
            "  messages_by_user: partition key (country, user_id) assumes country and user_id"
                + " independent");
    JsonNode table =
        new ObjectMapper()
            .readTree(
                CliRun.of("check", "--format", "json", "--fail-on", "never", model.toString())
                    .out())
            .get("tables")
            .get(0);
    assertThat(table.at("/partitionKey/assumption").asText()).isEqualTo("independent");
    // The Markdown check says it too, as a bullet under the patterns.
    assertThat(
            CliRun.of("check", "--format", "markdown", "--fail-on", "never", model.toString())
                .out())
        .contains(
            "- messages_by_user: partition key (country, user_id) assumes country and user_id"
                + " independent");
    // 45% × 0.001% = 4.5 × 10⁻⁶ of 1B rows.
    assertThat(table.at("/partitions/busiest/rows").asLong()).isEqualTo(4_500);

    model = compositeKeyModel("{distinct: 10M, busiest: 0.001%, belongs_to: country}");
    assertThat(CliRun.of("check", "--fail-on", "never", model.toString()).out())
        .contains(
            "  messages_by_user: partition key (country, user_id) user_id belongs_to country");
    table =
        new ObjectMapper()
            .readTree(
                CliRun.of("check", "--format", "json", "--fail-on", "never", model.toString())
                    .out())
            .get("tables")
            .get(0);
    assertThat(table.at("/partitionKey/assumption").asText()).isEqualTo("stated");
    // The busiest user's 0.001% of 1B rows.
    assertThat(table.at("/partitions/busiest/rows").asLong()).isEqualTo(10_000);
  }

  @Test
  void aBadPerCount_isBadInput_atItsPlace() throws IOException {
    // Line 13 is "      user_id: {distinct: 10M, per: {country: 0}}": the spread at column 16,
    // "{distinct: 10M, per: {country: " is 31 characters, so the 0 is at column 47.
    Path model = compositeKeyModel("{distinct: 10M, per: {country: 0}}");
    var run = CliRun.of("check", model.toString());
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err())
        .contains(
            model
                + ":13:47: error: expected the average distinct values of 'user_id' per value of"
                + " 'country', at least 1 (such as 10), but found '0'")
        .doesNotContain("Exception");
  }

  @Test
  void help_listsTheExitCodes() {
    var run = CliRun.of("check", "--help");
    assertThat(run.exitCode()).isZero();
    assertThat(run.out()).contains("Exit codes:").contains("0   Success").contains("2   Bad input");
  }

  @Test
  void unknownOption_isBadInput() {
    assertThat(CliRun.of("check", "--frmat", "json", "examples/chat.yaml").exitCode()).isEqualTo(2);
  }
}
