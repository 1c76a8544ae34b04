package dev.keyplan.check;

import dev.keyplan.cassandra.design.CassandraAnalysis;
import dev.keyplan.dynamodb.design.DynamoDbAnalysis;
import dev.keyplan.mongodb.design.MongoDbAnalysis;
import java.lang.reflect.InvocationTargetException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Runs the built-in rules over an analysis and returns their findings in a stable order: by
 * severity (errors first), then file, line, column and rule id, so runs are byte-for-byte
 * repeatable.
 */
public final class Checker {
  private final List<Class<?>> rules;

  private Checker(List<Class<?>> rules) {
    this.rules = List.copyOf(rules);
  }

  /** Returns a checker running every built-in rule. */
  public static Checker builtIn() {
    return new Checker(BuiltInRules.all());
  }

  /** Returns a checker running only {@code rules} (for tests of one rule). */
  public static Checker of(List<Class<?>> rules) {
    return new Checker(rules);
  }

  /** Returns the findings of every {@link CassandraRule} on {@code analysis}. */
  public List<Finding> check(CassandraAnalysis analysis) {
    List<Finding> all = new ArrayList<>();
    for (Class<?> type : rules) {
      Object rule = instantiate(type);
      if (rule instanceof CassandraRule) {
        var out = new Findings(type.getSimpleName(), analysis.store());
        ((CassandraRule) rule).check(analysis, out);
        all.addAll(out.all());
      }
    }
    all.sort(ORDER);
    return all;
  }

  /** Returns the findings of every {@link DynamoDbRule} on {@code analysis}. */
  public List<Finding> check(DynamoDbAnalysis analysis) {
    List<Finding> all = new ArrayList<>();
    for (Class<?> type : rules) {
      Object rule = instantiate(type);
      if (rule instanceof DynamoDbRule) {
        var out = new Findings(type.getSimpleName(), analysis.store());
        ((DynamoDbRule) rule).check(analysis, out);
        all.addAll(out.all());
      }
    }
    all.sort(ORDER);
    return all;
  }

  /** Returns the findings of every {@link MongoDbRule} on {@code analysis}. */
  public List<Finding> check(MongoDbAnalysis analysis) {
    List<Finding> all = new ArrayList<>();
    for (Class<?> type : rules) {
      Object rule = instantiate(type);
      if (rule instanceof MongoDbRule) {
        var out = new Findings(type.getSimpleName(), analysis.store());
        ((MongoDbRule) rule).check(analysis, out);
        all.addAll(out.all());
      }
    }
    all.sort(ORDER);
    return all;
  }

  /** Returns true if {@code rule} checks at least one store. */
  public static boolean isRule(Class<?> rule) {
    return !rule.isInterface() && (CassandraRule.class.isAssignableFrom(rule) || DynamoDbRule.class.isAssignableFrom(rule)
        || MongoDbRule.class.isAssignableFrom(rule));
  }

  /** Returns the stores a rule checks: {@code cassandra} (with ScyllaDB) and {@code dynamodb}. */
  public static List<String> stores(Class<?> rule) {
    List<String> out = new ArrayList<>();
    if (CassandraRule.class.isAssignableFrom(rule)) {
      out.add("cassandra");
    }
    if (DynamoDbRule.class.isAssignableFrom(rule)) {
      out.add("dynamodb");
    }
    if (MongoDbRule.class.isAssignableFrom(rule)) {
      out.add("mongodb");
    }
    return out;
  }

  /** Errors first; then by place in the input; then by rule. */
  public static final Comparator<Finding> ORDER = Comparator
      .comparing(Finding::severity, Comparator.reverseOrder())
      .thenComparing(f -> f.location().file())
      .thenComparingInt(f -> f.location().line())
      .thenComparingInt(f -> f.location().column())
      .thenComparing(Finding::rule)
      .thenComparing(Finding::store)
      .thenComparing(Finding::target);

  /** Returns the rule's metadata; every registered rule has it (BuiltInRulesTest). */
  public static RuleSpec spec(Class<?> rule) {
    RuleSpec spec = rule.getAnnotation(RuleSpec.class);
    if (spec == null) {
      throw new IllegalStateException(rule.getName() + " has no @RuleSpec");
    }
    return spec;
  }

  private static Object instantiate(Class<?> type) {
    try {
      return type.getDeclaredConstructor().newInstance();
    } catch (InstantiationException | IllegalAccessException | NoSuchMethodException e) {
      throw new IllegalStateException("cannot create rule " + type.getName(), e);
    } catch (InvocationTargetException e) {
      throw new IllegalStateException("rule " + type.getName() + " failed to start", e.getCause());
    }
  }
}
