package dev.keyplan.dynamodb.bench;

import dev.keyplan.bench.BenchModel;
import dev.keyplan.bench.Validation;
import dev.keyplan.check.Checker;
import dev.keyplan.check.Finding;
import dev.keyplan.dynamodb.design.DynamoDbAnalysis;
import dev.keyplan.dynamodb.design.DynamoDbAnalyzer;
import dev.keyplan.dynamodb.design.DynamoDbPlan;
import dev.keyplan.input.InputException;
import dev.keyplan.model.Model;
import dev.keyplan.model.StoreId;
import dev.keyplan.model.yaml.ModelReader;
import java.nio.file.Path;
import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Checks, once and outside any timing, that a model of {@link DynamoDbModelGenerator} is what the
 * benchmark claims to measure: it parses, every table and item type binds, there is one plan per
 * pattern, and (for a full model) every plan kind, every operation of {@link #EXPECTED_OPERATIONS}
 * and every DynamoDB rule shows up. Throws {@link IllegalStateException} (failing the JMH trial
 * loudly) otherwise.
 */
public final class DynamoDbValidation {
  /**
   * The API calls a DynamoDB benchmark model must plan: each read and write operation, so that
   * batches, transactions and conditional or multi-item writes are all measured.
   */
  static final Set<String> EXPECTED_OPERATIONS =
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

  private DynamoDbValidation() {}

  /** What one validated DynamoDB model produced. */
  public record Report(
      DynamoDbModelGenerator.Generated model,
      Map<DynamoDbPlan.Access, Long> access,
      Map<String, Long> operations,
      Map<String, Long> rules,
      int findings) {
    public Report {
      access = Collections.unmodifiableMap(access);
      operations = Collections.unmodifiableMap(operations);
      rules = Collections.unmodifiableMap(rules);
    }

    /** One paragraph for a terminal. */
    public String summary() {
      return String.format(
          Locale.ROOT,
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
   * Parses, analyses and checks {@code g}, whose Workbench model is in {@code dir} (the analysis
   * reads it from there, {@link BenchModel#onDisk}); throws if it is not the model the benchmark
   * needs.
   */
  public static Report validate(DynamoDbModelGenerator.Generated g, Path dir) {
    Model model;
    try {
      model = ModelReader.read(g.yamlFile(), g.yaml(), dir);
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
    String name =
        g.name() + " (E=" + g.entities() + ", tables=" + g.tables() + ", P=" + g.patterns() + ")";
    Validation.require(
        model.entities().size() == g.entities(), name, "entities: " + model.entities().size());
    Validation.require(
        analysis.tables().size() == g.tables(), name, "bound tables: " + analysis.tables().size());
    int items = analysis.tables().stream().mapToInt(t -> t.items().size()).sum();
    Validation.require(items == g.itemTypes(), name, "bound item types: " + items);
    Validation.require(
        model.patterns().size() == g.patterns(), name, "patterns: " + model.patterns().size());
    Validation.require(
        analysis.plans().size() == g.patterns(), name, "plans: " + analysis.plans().size());
    Map<DynamoDbPlan.Access, Long> access =
        analysis.plans().stream()
            .collect(
                Collectors.groupingBy(
                    DynamoDbPlan::access,
                    () -> new EnumMap<>(DynamoDbPlan.Access.class),
                    Collectors.counting()));
    Map<String, Long> operations =
        analysis.plans().stream()
            .collect(
                Collectors.groupingBy(
                    DynamoDbPlan::operation, TreeMap::new, Collectors.counting()));
    Map<String, Long> fired = Validation.byRule(findings);
    if (g.patterns() >= 10 * g.entities() && g.entities() >= 20) {
      // Every template is used at least once, and every kind of entity (i mod 20) exists.
      Set<DynamoDbPlan.Access> missing = EnumSet.allOf(DynamoDbPlan.Access.class);
      missing.removeAll(access.keySet());
      Validation.require(missing.isEmpty(), name, "no pattern is served by " + missing);
      Set<String> absent = new TreeSet<>(EXPECTED_OPERATIONS);
      absent.removeAll(operations.keySet());
      Validation.require(absent.isEmpty(), name, "no pattern is planned as " + absent);
      Set<String> silent = Validation.silentRules(StoreId.DYNAMODB, fired);
      Validation.require(silent.isEmpty(), name, "rules found nothing: " + silent);
    }
    return new Report(g, access, operations, fired, findings.size());
  }
}
