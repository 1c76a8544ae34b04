package dev.keyplan.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.keyplan.check.BuiltInRules;
import dev.keyplan.check.CheckResult;
import dev.keyplan.model.yaml.ModelReader;
import dev.keyplan.report.SarifReport;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code keyplan check --format sarif} on shipped examples: the log validates against the SARIF
 * 2.1.0 schema (test resource sarif/, see its README), says what {@code --format json} says about
 * the same model, and points at real lines of the model and CQL files.
 */
final class SarifTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static Schema schema;

  @BeforeAll
  static void loadSchema() throws IOException {
    try (InputStream in = SarifTest.class.getResourceAsStream("/sarif/sarif-2.1.0-rtm.5.json")) {
      assertThat(in).as("the SARIF schema on the test classpath").isNotNull();
      // The schema declares draft-04; the validator would take it from $schema, this makes it
      // explicit.
      schema =
          SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_4)
              .getSchema(JSON.readTree(in));
    }
  }

  private static List<String> schemaErrors(JsonNode log) {
    return schema.validate(log).stream().map(Object::toString).collect(Collectors.toList());
  }

  private static JsonNode sarif(String example) throws IOException {
    var run =
        CliRun.of(
            "check", "--format", "sarif", "--fail-on", "never", "examples/" + example + ".yaml");
    assertThat(run.exitCode()).as(run.err()).isZero();
    return JSON.readTree(run.out());
  }

  private static String level(String severity) {
    return severity.equals("info") ? "note" : severity;
  }

  @ParameterizedTest
  @ValueSource(strings = {"chat", "orders", "flash-sale", "tenants-mongodb"})
  void example_validatesAgainstTheSarifSchema(String example) throws IOException {
    assertThat(schemaErrors(sarif(example))).isEmpty();
  }

  @Test
  void everyShippedExample_validates() throws IOException {
    List<Path> models;
    try (var files = Files.list(Path.of("examples"))) {
      models =
          files.filter(p -> p.toString().endsWith(".yaml")).sorted().collect(Collectors.toList());
    }
    assertThat(models).hasSizeGreaterThan(20);
    for (Path m : models) {
      String name = m.getFileName().toString();
      assertThat(schemaErrors(sarif(name.substring(0, name.length() - ".yaml".length()))))
          .as(name)
          .isEmpty();
    }
  }

  @Test
  void fileOutsideTheWorkingDirectory_isAnAbsoluteUri() throws IOException {
    // Rendered as if keyplan ran in keyplan-cli/: examples/ is then outside it.
    Path elsewhere = Path.of("keyplan-cli").toAbsolutePath();
    JsonNode log =
        JSON.readTree(
            SarifReport.render(
                CheckResult.of(ModelReader.read(Path.of("examples/chat.yaml"))),
                elsewhere,
                KeyplanCommand.VERSION));
    assertThat(schemaErrors(log)).isEmpty();
    JsonNode artifact = log.at("/runs/0/results/0/locations/0/physicalLocation/artifactLocation");
    assertThat(artifact.get("uri").asText())
        .isEqualTo(Path.of("examples/chat.cql").toAbsolutePath().toUri().toString());
    assertThat(artifact.has("uriBaseId")).isFalse();
    assertThat(log.at("/runs/0/originalUriBaseIds/%SRCROOT%/uri").asText())
        .endsWith("/keyplan-cli/");
  }

  @ParameterizedTest
  @ValueSource(strings = {"chat", "orders", "flash-sale", "tenants-mongodb"})
  void example_hasTheJsonFindings_inTheSameOrder(String example) throws IOException {
    JsonNode json = Examples.check(example);
    JsonNode results = sarif(example).at("/runs/0/results");
    List<String> expected = new ArrayList<>();
    json.get("findings")
        .forEach(
            f ->
                expected.add(
                    f.get("rule").asText()
                        + " "
                        + level(f.get("severity").asText())
                        + " "
                        + f.at("/location/line").asInt()
                        + ":"
                        + f.at("/location/column").asInt()));
    List<String> actual = new ArrayList<>();
    results.forEach(
        r ->
            actual.add(
                r.get("ruleId").asText()
                    + " "
                    + r.get("level").asText()
                    + " "
                    + r.at("/locations/0/physicalLocation/region/startLine").asInt()
                    + ":"
                    + r.at("/locations/0/physicalLocation/region/startColumn").asInt()));
    assertThat(actual).isNotEmpty().isEqualTo(expected);
  }

  @ParameterizedTest
  @ValueSource(strings = {"chat", "orders", "flash-sale", "tenants-mongodb"})
  void example_locationsNameRealLines_relativeToTheWorkingDirectory(String example)
      throws IOException {
    JsonNode run = sarif(example).at("/runs/0");
    // Tests run in the repository root (keyplan-cli/pom.xml, surefire workingDirectory).
    assertThat(run.at("/originalUriBaseIds/%SRCROOT%/uri").asText())
        .isEqualTo(Path.of("").toAbsolutePath().toUri().toString());
    JsonNode rules = run.at("/tool/driver/rules");
    for (JsonNode r : run.get("results")) {
      assertThat(rules.get(r.get("ruleIndex").asInt()).get("id").asText())
          .isEqualTo(r.get("ruleId").asText());
      JsonNode at = r.at("/locations/0/physicalLocation");
      assertThat(at.at("/artifactLocation/uriBaseId").asText()).isEqualTo("%SRCROOT%");
      String uri = at.at("/artifactLocation/uri").asText();
      assertThat(uri).matches("examples/[a-z-]+\\.(yaml|cql)");
      List<String> lines = Files.readAllLines(Path.of(uri));
      int line = at.at("/region/startLine").asInt();
      int column = at.at("/region/startColumn").asInt();
      assertThat(line).as(uri).isBetween(1, lines.size());
      // The column points into the line, at a name rather than indentation.
      assertThat(lines.get(line - 1).length()).as(uri + ":" + line).isGreaterThanOrEqualTo(column);
      assertThat(lines.get(line - 1).charAt(column - 1))
          .as(uri + ":" + line + ":" + column)
          .isNotEqualTo(' ');
    }
  }

  @Test
  void fingerprints_areDistinct_andSurviveALineMovingAbove() throws IOException {
    // orders.yaml with two comment lines on top: every location moves down two lines, yet each
    // result keeps its fingerprint, so code scanning keeps tracking the same alert.
    String yaml = Files.readString(Path.of("examples/orders.yaml"));
    JsonNode before =
        JSON.readTree(
                SarifReport.render(
                    CheckResult.of(
                        ModelReader.read("examples/orders.yaml", yaml, Path.of("examples"))),
                    Path.of(""),
                    KeyplanCommand.VERSION))
            .at("/runs/0/results");
    JsonNode after =
        JSON.readTree(
                SarifReport.render(
                    CheckResult.of(
                        ModelReader.read(
                            "examples/orders.yaml",
                            "# moved\n# down\n" + yaml,
                            Path.of("examples"))),
                    Path.of(""),
                    KeyplanCommand.VERSION))
            .at("/runs/0/results");
    List<String> prints = new ArrayList<>();
    int moved = 0;
    for (int i = 0; i < before.size(); i++) {
      String print = before.get(i).at("/partialFingerprints/keyplanFinding~1v1").asText();
      assertThat(print).matches("[0-9a-f]{64}");
      assertThat(after.get(i).at("/partialFingerprints/keyplanFinding~1v1").asText())
          .isEqualTo(print);
      prints.add(print);
      String uri = before.get(i).at("/locations/0/physicalLocation/artifactLocation/uri").asText();
      if (uri.endsWith(".yaml")) {
        assertThat(after.get(i).at("/locations/0/physicalLocation/region/startLine").asInt())
            .isEqualTo(
                before.get(i).at("/locations/0/physicalLocation/region/startLine").asInt() + 2);
        moved++;
      }
    }
    assertThat(moved).as("findings located in the YAML").isPositive();
    assertThat(prints).doesNotHaveDuplicates().hasSize(before.size());
  }

  @Test
  void run_namesItsCategoryAndSaysItSucceeded() throws IOException {
    JsonNode run = sarif("orders").at("/runs/0");
    // One category per model: uploading chat's log does not close orders' alerts.
    assertThat(run.at("/automationDetails/id").asText()).isEqualTo("keyplan/orders/");
    assertThat(run.at("/invocations/0/executionSuccessful").asBoolean()).isTrue();
  }

  @Test
  void orders_theFixIsTheMessagesSecondSentence() throws IOException {
    JsonNode json = Examples.check("orders").get("findings").get(0);
    JsonNode result = sarif("orders").at("/runs/0/results/0");
    assertThat(result.at("/message/text").asText())
        .startsWith(json.get("message").asText())
        .endsWith(". Fix: " + json.get("fix").asText());
    assertThat(result.at("/properties/fix").asText()).isEqualTo(json.get("fix").asText());
  }

  @Test
  void rules_areEveryRegisteredRule_withItsPageAsHelp() throws IOException {
    JsonNode rules = sarif("chat").at("/runs/0/tool/driver/rules");
    List<String> ids = new ArrayList<>();
    rules.forEach(r -> ids.add(r.get("id").asText()));
    assertThat(ids)
        .isEqualTo(
            BuiltInRules.all().stream().map(Class::getSimpleName).collect(Collectors.toList()));
    for (JsonNode r : rules) {
      String id = r.get("id").asText();
      var explain = CliRun.of("explain", id);
      assertThat(r.at("/help/markdown").asText()).isEqualTo(explain.out());
      assertThat(r.at("/fullDescription/text").asText())
          .as(id)
          .isNotBlank()
          .doesNotContain("\n", "##");
      assertThat(r.at("/help/text").asText())
          .endsWith("docs/rules/" + id + ".md, or run keyplan explain " + id + ".");
      assertThat(r.at("/properties/page").asText()).isEqualTo("docs/rules/" + id + ".md");
      assertThat(Files.exists(Path.of("docs/rules/" + id + ".md"))).as(id).isTrue();
    }
    // One rule of each severity (their @RuleSpec and the "Severity:" line of their pages); SARIF
    // has
    // no "info", its "note" is advice.
    assertThat(rules.get(ids.indexOf("HotPartition")).at("/defaultConfiguration/level").asText())
        .isEqualTo("error");
    assertThat(
            rules
                .get(ids.indexOf("ApplicationSideJoin"))
                .at("/defaultConfiguration/level")
                .asText())
        .isEqualTo("warning");
    assertThat(
            rules
                .get(ids.indexOf("KeySpreadUndeclared"))
                .at("/defaultConfiguration/level")
                .asText())
        .isEqualTo("note");
  }

  @Test
  void sameModel_sameBytes() {
    assertThat(CliRun.of("check", "--format", "sarif", "examples/orders.yaml").out())
        .isEqualTo(CliRun.of("check", "--format", "sarif", "examples/orders.yaml").out());
  }

  @Test
  void failOn_appliesAsWithTheOtherFormats() {
    // orders has errors (PartitionOverGuideline on orders_by_status), so the default --fail-on
    // error fails.
    assertThat(CliRun.of("check", "--format", "sarif", "examples/orders.yaml").exitCode())
        .isEqualTo(1);
    // chat has one warning only.
    assertThat(CliRun.of("check", "--format", "sarif", "examples/chat.yaml").exitCode()).isZero();
  }

  @Test
  void schema_rejectsALogThatBreaksIt() throws IOException {
    // The schema must be able to fail, or the validity tests above prove nothing.
    ObjectNode log = (ObjectNode) sarif("chat");
    ((ObjectNode) log.at("/runs/0/results/0")).put("level", "info");
    log.remove("version");
    assertThat(schemaErrors(log))
        .anySatisfy(e -> assertThat(e).contains("version"))
        .anySatisfy(e -> assertThat(e).contains("/runs/0/results/0/level"));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "rules",
        "explain HotPartition",
        "emit cql examples/chat.yaml",
        "mongodb hash 42",
        "dynamodb item-size examples/chat.yaml",
        "cassandra token --type int 1"
      })
  void otherCommands_rejectSarif_withExit2(String command) {
    List<String> args = new ArrayList<>(List.of(command.split(" ")));
    args.addAll(List.of("--format", "sarif"));
    CliRun run = CliRun.of(args.toArray(String[]::new));
    assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
    assertThat(run.err()).containsAnyOf("--format sarif is not available for", "not sarif");
    assertThat(run.out()).isEmpty();
  }
}
