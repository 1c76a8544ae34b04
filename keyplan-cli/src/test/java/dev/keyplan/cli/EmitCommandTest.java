package dev.keyplan.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.keyplan.dynamodb.workbench.WorkbenchModel;
import dev.keyplan.dynamodb.workbench.WorkbenchReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;

/**
 * {@code keyplan emit} for the DynamoDB targets, run through the real command line on the shipped
 * single-table example (examples/orders-dynamodb.yaml: AppTable, PK/SK, GSI1 on GSI1PK, on demand).
 * {@code emit cql} is covered by {@link CommandsTest}.
 */
final class EmitCommandTest {
  private static final String ORDERS = "examples/orders-dynamodb.yaml";
  private static final ObjectMapper JSON = new ObjectMapper();

  private static CliRun ok(String... args) {
    CliRun run = CliRun.of(args);
    assertThat(run.exitCode()).as(run.err()).isZero();
    return run;
  }

  @Test
  void createtable_printsOneCreateTableRequest() throws IOException {
    JsonNode t = JSON.readTree(ok("emit", "createtable", ORDERS).out());
    // One table: a single object, as --cli-input-json takes it (API_CreateTable member names).
    assertThat(t.get("TableName").asText()).isEqualTo("AppTable");
    assertThat(t.get("BillingMode").asText()).isEqualTo("PAY_PER_REQUEST");
    assertThat(t.at("/GlobalSecondaryIndexes/0/IndexName").asText()).isEqualTo("GSI1");
    assertThat(t.at("/GlobalSecondaryIndexes/0/KeySchema/0/AttributeName").asText())
        .isEqualTo("GSI1PK");
    assertThat(t.get("AttributeDefinitions")).hasSize(3);
  }

  @Test
  void cloudformation_printsATemplateWithTheTable() {
    @SuppressWarnings("unchecked")
    Map<String, Object> template =
        (Map<String, Object>)
            new Load(LoadSettings.builder().build())
                .loadFromString(ok("emit", "cloudformation", ORDERS).out());
    assertThat(template.get("AWSTemplateFormatVersion")).isEqualTo("2010-09-09");
    @SuppressWarnings("unchecked")
    Map<String, Object> resource =
        (Map<String, Object>) ((Map<String, Object>) template.get("Resources")).get("AppTable");
    assertThat(resource.get("Type")).isEqualTo("AWS::DynamoDB::Table");
  }

  @Test
  void terraform_printsOneResource() {
    assertThat(ok("emit", "terraform", ORDERS).out().lines())
        .contains(
            "resource \"aws_dynamodb_table\" \"app_table\" {",
            "  hash_key     = \"PK\"",
            "    hash_key        = \"GSI1PK\"");
  }

  @Test
  void workbench_readsBack_withTheFixedDate() {
    String out = ok("emit", "workbench", ORDERS).out();
    WorkbenchModel m = WorkbenchReader.read("export.json", out);
    assertThat(m.table("AppTable").orElseThrow().facets())
        .extracting(f -> f.name())
        .containsExactly("Customer", "Order");
    assertThat(m.table("AppTable").orElseThrow().gsis())
        .extracting(i -> i.name())
        .containsExactly("GSI1");
    // No --date: a fixed date, so two runs give the same file.
    assertThat(out).contains("\"DateCreated\": \"Jan 1, 2000, 12:00 AM\"");
    assertThat(ok("emit", "workbench", ORDERS).out()).isEqualTo(out);
  }

  @Test
  void workbench_takesADate() {
    assertThat(ok("emit", "workbench", "--date", "2026-01-12T14:05", ORDERS).out())
        .contains("\"DateCreated\": \"Jan 12, 2026, 2:05 PM\"");
    CliRun bad = CliRun.of("emit", "workbench", "--date", "12/01/2026", ORDERS);
    assertThat(bad.exitCode()).isEqualTo(2);
    assertThat(bad.err())
        .contains(
            "--date: expected a local date and time such as 2026-01-12T10:14, found '12/01/2026'");
    CliRun elsewhere = CliRun.of("emit", "terraform", "--date", "2026-01-12T14:05", ORDERS);
    assertThat(elsewhere.exitCode()).isEqualTo(2);
    assertThat(elsewhere.err()).contains("--date is for the workbench target only, not terraform");
  }

  @Test
  void formatJson_wrapsTheText() throws IOException {
    String text = ok("emit", "terraform", ORDERS).out();
    JsonNode wrapped = JSON.readTree(ok("emit", "terraform", "--format", "json", ORDERS).out());
    assertThat(wrapped.get("target").asText()).isEqualTo("terraform");
    assertThat(wrapped.get("model").asText()).isEqualTo("orders-dynamodb");
    assertThat(wrapped.get("text").asText()).isEqualTo(text);
  }

  @ParameterizedTest
  @ValueSource(strings = {"createtable", "ttl", "cloudformation", "terraform", "workbench"})
  void modelWithoutDynamoDb_isBadInput_namingTheFile(String target) {
    CliRun run = CliRun.of("emit", target, "examples/chat.yaml");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.out()).isEmpty();
    assertThat(run.err())
        .startsWith("examples/chat.yaml:")
        .contains("error: nothing to emit as " + target + ": the model has no 'dynamodb:' section");
  }

  @Test
  void cqlOfADynamoDbModel_isStillBadInput() {
    CliRun run = CliRun.of("emit", "cql", ORDERS);
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains(ORDERS + ":").contains("nothing to emit as cql");
  }

  @Test
  void ttl_withoutTtlTables_isBadInput() {
    CliRun run = CliRun.of("emit", "ttl", ORDERS);
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err())
        .contains("nothing to emit as ttl: no table of the 'dynamodb:' section has 'ttl:'");
  }

  @Test
  void tableWithTtl_getsTheUpdateTimeToLiveInput_andCreatetableSaysSo(@TempDir Path dir)
      throws IOException {
    // The orders example with TTL on the table: CreateTable cannot set it (API_CreateTable has no
    // TTL member), UpdateTimeToLive can (API_UpdateTimeToLive).
    String model =
        Files.readString(Path.of(ORDERS), StandardCharsets.UTF_8)
            .replace(
                "      capacity: on-demand\n",
                "      capacity: on-demand\n      ttl: expires_at\n");
    Path file = dir.resolve("ttl.yaml");
    Files.writeString(file, model, StandardCharsets.UTF_8);
    JsonNode ttl = JSON.readTree(ok("emit", "ttl", file.toString()).out());
    assertThat(ttl.toString())
        .isEqualTo(
            "{\"TableName\":\"AppTable\",\"TimeToLiveSpecification\":"
                + "{\"Enabled\":true,\"AttributeName\":\"expires_at\"}}");
    CliRun create = ok("emit", "createtable", file.toString());
    assertThat(create.out()).doesNotContain("expires_at");
    assertThat(create.err())
        .isEqualTo(
            "note: CreateTable cannot enable TTL on AppTable; 'keyplan emit ttl "
                + file
                + "' prints the update-time-to-live input\n");
  }

  @Test
  void markdown_isRejected() {
    CliRun run = CliRun.of("emit", "createtable", "--format", "markdown", ORDERS);
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains("emit writes text or json, not markdown");
  }
}
