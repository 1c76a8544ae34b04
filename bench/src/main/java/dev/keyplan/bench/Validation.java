package dev.keyplan.bench;

import dev.keyplan.cassandra.cql.CqlParser;
import dev.keyplan.cassandra.cql.CqlSchema;
import dev.keyplan.cassandra.design.CassandraAccess;
import dev.keyplan.cassandra.design.CassandraAnalysis;
import dev.keyplan.cassandra.design.CassandraAnalyzer;
import dev.keyplan.cassandra.design.CassandraPlan;
import dev.keyplan.cassandra.model.CassandraDesign;
import dev.keyplan.check.Checker;
import dev.keyplan.check.Finding;
import dev.keyplan.dynamodb.design.DynamoDbAnalysis;
import dev.keyplan.dynamodb.design.DynamoDbAnalyzer;
import dev.keyplan.dynamodb.design.DynamoDbPlan;
import dev.keyplan.input.InputException;
import dev.keyplan.model.Model;
import dev.keyplan.model.yaml.ModelReader;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Checks, once and outside any timing, that a generated model is what the benchmark claims to
 * measure: it parses, every table binds (to an entity, or every item type to its table), it has
 * exactly the patterns asked for, every way of serving a pattern occurs, and every rule of the
 * store finds something. Throws {@link IllegalStateException} (failing the JMH trial loudly)
 * otherwise. Cassandra models come from {@link ModelGenerator}, DynamoDB models from {@link
 * DynamoDbModelGenerator}.
 */
public final class Validation {
  /** Where relative paths in generated models resolve; nothing is read from it. */
  static final Path BASE_DIR = Path.of("bench-generated");

  /**
   * Every built-in Cassandra rule must report something on a benchmark model, so none is measured
   * idle. Only those: a rule of the DynamoDB design alone never runs on a Cassandra analysis.
   */
  static final Set<String> EXPECTED_RULES =
      dev.keyplan.check.BuiltInRules.all().stream()
          .filter(dev.keyplan.cassandra.check.CassandraRule.class::isAssignableFrom)
          .map(Class::getSimpleName)
          .collect(Collectors.toUnmodifiableSet());

  /** The same for every built-in DynamoDB rule on a DynamoDB benchmark model. */
  static final Set<String> EXPECTED_DYNAMODB_RULES =
      dev.keyplan.check.BuiltInRules.all().stream()
          .filter(dev.keyplan.dynamodb.check.DynamoDbRule.class::isAssignableFrom)
          .map(Class::getSimpleName)
          .collect(Collectors.toUnmodifiableSet());

  /**
   * The API calls a DynamoDB benchmark model must plan: each read and write operation, so that
   * batches, transactions and conditional or multi-item writes are all measured.
   */
  static final Set<String> EXPECTED_DYNAMODB_OPERATIONS =
      Set.of(
          "GetItem",
          "BatchGetItem",
          "Query",
          "Scan",
          "PutItem",
          "UpdateItem",
          "UpdateItem ×2",
          "DeleteItem",
          "DeleteItem ×2",
          "BatchWriteItem",
          "TransactWriteItems");

  private Validation() {}

  /** What one validated model produced. */
  public record Report(
      ModelGenerator.Generated model,
      Map<CassandraAccess, Long> access,
      Map<String, Long> rules,
      int findings) {
    /** One paragraph for a terminal. */
    public String summary() {
      return String.format(
          java.util.Locale.ROOT,
          "%s: %d entities, %d tables, %d patterns; plans by access %s; %d findings by rule %s",
          model.name(),
          model.entities(),
          model.tables(),
          model.patterns(),
          access,
          findings,
          rules);
    }
  }

  /** Parses, analyses and checks {@code g}; throws if it is not the model the benchmark needs. */
  public static Report validate(ModelGenerator.Generated g) {
    Model model;
    CqlSchema schema;
    try {
      model = ModelReader.read(g.yamlFile(), g.yaml(), BASE_DIR);
      schema = CqlParser.parse(g.cqlFile(), g.cql());
    } catch (InputException e) {
      throw new IllegalStateException(
          "the generated model " + g.name() + " does not parse: " + e.getMessage(), e);
    }
    CassandraAnalysis analysis;
    try {
      analysis =
          CassandraAnalyzer.analyze(
              model, model.design(CassandraDesign.class).orElseThrow(), schema);
    } catch (InputException e) {
      throw new IllegalStateException(
          "the generated model " + g.name() + " does not bind to its schema: " + e.getMessage(), e);
    }
    List<Finding> findings = Checker.builtIn().check(analysis);
    require(model.entities().size() == g.entities(), g, "entities: " + model.entities().size());
    require(
        schema.tables().size() == g.tables(), g, "tables in the CQL: " + schema.tables().size());
    require(analysis.tables().size() == g.tables(), g, "bound tables: " + analysis.tables().size());
    require(model.patterns().size() == g.patterns(), g, "patterns: " + model.patterns().size());
    require(analysis.plans().size() == g.patterns(), g, "plans: " + analysis.plans().size());
    Map<CassandraAccess, Long> access =
        analysis.plans().stream()
            .collect(
                Collectors.groupingBy(
                    CassandraPlan::access,
                    () -> new java.util.EnumMap<>(CassandraAccess.class),
                    Collectors.counting()));
    if (g.patterns() >= 10 * g.entities() && g.entities() >= 8) {
      // Every template is used at least once: each access kind must show up.
      Set<CassandraAccess> missing = EnumSet.allOf(CassandraAccess.class);
      missing.removeAll(access.keySet());
      require(missing.isEmpty(), g, "no pattern is served by " + missing);
      Map<String, Long> fired = byRule(findings);
      Set<String> silent = new java.util.TreeSet<>(EXPECTED_RULES);
      silent.removeAll(fired.keySet());
      require(silent.isEmpty(), g, "rules found nothing: " + silent);
    }
    return new Report(g, access, byRule(findings), findings.size());
  }

  /** What one validated DynamoDB model produced. */
  public record DynamoDbReport(
      DynamoDbModelGenerator.Generated model,
      Map<DynamoDbPlan.Access, Long> access,
      Map<String, Long> operations,
      Map<String, Long> rules,
      int findings) {
    /** One paragraph for a terminal. */
    public String summary() {
      return String.format(
          java.util.Locale.ROOT,
          "%s: %d entities, %d tables, %d item types, %d patterns; plans by access %s; by operation %s;"
              + " %d findings by rule %s",
          model.name(),
          model.entities(),
          model.tables(),
          model.itemTypes(),
          model.patterns(),
          access,
          operations,
          findings,
          rules);
    }
  }

  /**
   * Parses, analyses and checks a DynamoDB model {@code g}; throws unless every table and item type
   * binds, there is one plan per pattern, and (for a full model) every plan kind, every operation
   * of {@link #EXPECTED_DYNAMODB_OPERATIONS} and every DynamoDB rule shows up.
   */
  public static DynamoDbReport validate(DynamoDbModelGenerator.Generated g) {
    Model model;
    try {
      model = ModelReader.read(g.yamlFile(), g.yaml(), BASE_DIR);
    } catch (InputException e) {
      throw new IllegalStateException(
          "the generated model " + g.name() + " does not parse: " + e.getMessage(), e);
    }
    DynamoDbAnalysis analysis;
    try {
      analysis = DynamoDbAnalyzer.analyze(model);
    } catch (InputException e) {
      throw new IllegalStateException(
          "the generated model " + g.name() + " does not bind: " + e.getMessage(), e);
    }
    List<Finding> findings = Checker.builtIn().check(analysis);
    require(model.entities().size() == g.entities(), g, "entities: " + model.entities().size());
    require(analysis.tables().size() == g.tables(), g, "bound tables: " + analysis.tables().size());
    int items = analysis.tables().stream().mapToInt(t -> t.items().size()).sum();
    require(items == g.itemTypes(), g, "bound item types: " + items);
    require(model.patterns().size() == g.patterns(), g, "patterns: " + model.patterns().size());
    require(analysis.plans().size() == g.patterns(), g, "plans: " + analysis.plans().size());
    Map<DynamoDbPlan.Access, Long> access =
        analysis.plans().stream()
            .collect(
                Collectors.groupingBy(
                    DynamoDbPlan::access,
                    () -> new java.util.EnumMap<>(DynamoDbPlan.Access.class),
                    Collectors.counting()));
    Map<String, Long> operations =
        analysis.plans().stream()
            .collect(
                Collectors.groupingBy(
                    DynamoDbPlan::operation, TreeMap::new, Collectors.counting()));
    Map<String, Long> fired = byRule(findings);
    if (g.patterns() >= 10 * g.entities() && g.entities() >= 20) {
      // Every template is used at least once, and every kind of entity (i mod 20) exists.
      Set<DynamoDbPlan.Access> missing = EnumSet.allOf(DynamoDbPlan.Access.class);
      missing.removeAll(access.keySet());
      require(missing.isEmpty(), g, "no pattern is served by " + missing);
      Set<String> absent = new java.util.TreeSet<>(EXPECTED_DYNAMODB_OPERATIONS);
      absent.removeAll(operations.keySet());
      require(absent.isEmpty(), g, "no pattern is planned as " + absent);
      Set<String> silent = new java.util.TreeSet<>(EXPECTED_DYNAMODB_RULES);
      silent.removeAll(fired.keySet());
      require(silent.isEmpty(), g, "rules found nothing: " + silent);
    }
    return new DynamoDbReport(g, access, operations, fired, findings.size());
  }

  private static void require(boolean ok, DynamoDbModelGenerator.Generated g, String what) {
    if (!ok) {
      throw new IllegalStateException(
          "the generated model "
              + g.name()
              + " (E="
              + g.entities()
              + ", tables="
              + g.tables()
              + ", P="
              + g.patterns()
              + ") is not what the benchmark needs: "
              + what);
    }
  }

  private static Map<String, Long> byRule(List<Finding> findings) {
    return findings.stream()
        .collect(Collectors.groupingBy(Finding::rule, TreeMap::new, Collectors.counting()));
  }

  private static void require(boolean ok, ModelGenerator.Generated g, String what) {
    if (!ok) {
      throw new IllegalStateException(
          "the generated model "
              + g.name()
              + " (E="
              + g.entities()
              + ", T="
              + g.tables()
              + ", P="
              + g.patterns()
              + ") is not what the benchmark needs: "
              + what);
    }
  }
}
