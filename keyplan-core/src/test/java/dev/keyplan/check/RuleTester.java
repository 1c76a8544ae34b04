package dev.keyplan.check;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.cassandra.cql.CqlParser;
import dev.keyplan.cassandra.design.CassandraAnalysis;
import dev.keyplan.cassandra.design.CassandraAnalyzer;
import dev.keyplan.cassandra.model.CassandraDesign;
import dev.keyplan.dynamodb.design.DynamoDbAnalysis;
import dev.keyplan.dynamodb.design.DynamoDbAnalyzer;
import dev.keyplan.dynamodb.model.DynamoDbDesign;
import dev.keyplan.model.Model;
import dev.keyplan.model.yaml.ModelReader;
import dev.keyplan.mongodb.model.MongoDbDesign;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs one rule on an inline model and CQL schema and compares its findings with markers written on
 * the lines they belong to (Error Prone's {@code // BUG: Diagnostic contains:} carried over):
 * {@code # FINDING: RuleId} at the end of a model line, {@code -- FINDING: RuleId} in CQL, with an
 * optional {@code : words the message contains} and {@code [severity]}. Every marker must be met by
 * a finding on its line and every finding must have a marker, so each test holds the positive and
 * the negative case at once. A model with a {@code dynamodb:} section (and no CQL) is checked as
 * DynamoDB; its markers are all in the model.
 */
public final class RuleTester {
  static final String MODEL_FILE = "model.yaml";
  static final String CQL_FILE = "schema.cql";
  private static final Pattern MARKER =
      Pattern.compile(
          "(?:#|--)\\s*FINDING:\\s*(\\w+)(?:\\s*\\[(error|warning|info)\\])?(?::\\s*(.*))?$");

  private final Class<? extends Rule> rule;
  private String model = "";
  private String cql = "";

  private RuleTester(Class<? extends Rule> rule) {
    this.rule = rule;
  }

  /** Returns a tester with no rule, for tests that assert the analysis' numbers only. */
  public static RuleTester withoutRule() {
    return new RuleTester(null);
  }

  /** Returns a tester of {@code rule}. */
  public static RuleTester of(Class<? extends Rule> rule) {
    return new RuleTester(rule);
  }

  /** Sets the model text; its {@code schema:} is ignored in favour of {@link #cql}. */
  public RuleTester model(String yaml) {
    this.model = yaml;
    return this;
  }

  /** Sets the CQL schema text. */
  public RuleTester cql(String text) {
    this.cql = text;
    return this;
  }

  /** Returns the analysis of the model and schema, for tests that assert its numbers. */
  public CassandraAnalysis analysis() {
    Model m = ModelReader.read(MODEL_FILE, model, Path.of("."));
    return CassandraAnalyzer.analyze(
        m, m.design(CassandraDesign.class).orElseThrow(), CqlParser.parse(CQL_FILE, cql));
  }

  /** Returns the DynamoDB analysis of the model's {@code dynamodb:} section. */
  public DynamoDbAnalysis dynamodb() {
    return DynamoDbAnalyzer.analyze(ModelReader.read(MODEL_FILE, model, Path.of(".")));
  }

  /** Returns the MongoDB analysis of the model's {@code mongodb:} section. */
  public dev.keyplan.mongodb.design.MongoDbAnalysis mongodb() {
    return dev.keyplan.mongodb.design.MongoDbAnalyzer.analyze(
        ModelReader.read(MODEL_FILE, model, Path.of(".")));
  }

  /** Returns the rule's findings on every store design of the model. */
  public List<Finding> findings() {
    Model m = ModelReader.read(MODEL_FILE, model, Path.of("."));
    List<Finding> all = new ArrayList<>();
    if (m.design(CassandraDesign.class).isPresent()) {
      all.addAll(Checker.of(List.of(rule)).check(analysis()));
    }
    if (m.design(DynamoDbDesign.class).isPresent()) {
      all.addAll(Checker.of(List.of(rule)).check(DynamoDbAnalyzer.analyze(m)));
    }
    if (m.design(MongoDbDesign.class).isPresent()) {
      all.addAll(
          Checker.of(List.of(rule)).check(dev.keyplan.mongodb.design.MongoDbAnalyzer.analyze(m)));
    }
    return all;
  }

  /** Asserts that the findings are exactly the markers. */
  public List<Finding> expectMarkedFindings() {
    List<Finding> found = findings();
    List<String> expected = new ArrayList<>();
    markers(MODEL_FILE, model, expected);
    markers(CQL_FILE, cql, expected);
    var actual = new TreeSet<String>();
    for (Finding f : found) {
      actual.add(f.location().file() + ":" + f.location().line() + " " + f.rule());
    }
    var wanted = new TreeSet<String>();
    for (String e : expected) {
      wanted.add(e.split("\\|")[0]);
    }
    assertThat(actual)
        .as("findings (file:line rule) of %s; all: %s", rule.getSimpleName(), found)
        .isEqualTo(wanted);
    for (String e : expected) {
      String[] parts = e.split("\\|", -1);
      String where = parts[0];
      for (Finding f : found) {
        if ((f.location().file() + ":" + f.location().line() + " " + f.rule()).equals(where)) {
          if (!parts[1].isEmpty()) {
            assertThat(f.severity().word()).as("severity at %s", where).isEqualTo(parts[1]);
          }
          if (!parts[2].isEmpty()) {
            assertThat(f.message()).as("message at %s", where).contains(parts[2]);
          }
        }
      }
    }
    return found;
  }

  private static void markers(String file, String text, List<String> out) {
    String[] lines = text.split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      Matcher m = MARKER.matcher(lines[i]);
      if (m.find()) {
        out.add(
            file
                + ":"
                + (i + 1)
                + " "
                + m.group(1)
                + "|"
                + (m.group(2) == null ? "" : m.group(2))
                + "|"
                + (m.group(3) == null ? "" : m.group(3).trim()));
      }
    }
  }
}
