package dev.keyplan.check;

import dev.keyplan.analysis.StoreAnalysis;
import dev.keyplan.model.StoreId;
import dev.keyplan.store.Stores;
import java.lang.reflect.InvocationTargetException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Runs rules over an analysis and returns their findings in a stable order: by severity (errors
 * first), then file, line, column and rule id, so runs are byte-for-byte repeatable. Each rule is
 * built once per checker; each of its parts runs on the analyses of its type.
 */
public final class Checker {
  private final List<Class<? extends Rule>> types;

  /** Each rule's parts, built once: a rule over one store is its own part. */
  private final List<List<Rule.OnStore<?>>> parts;

  private Checker(List<Class<? extends Rule>> types) {
    this.types = List.copyOf(types);
    List<List<Rule.OnStore<?>>> built = new ArrayList<>();
    types.forEach(t -> built.add(List.copyOf(Rule.partsOf(instantiate(t)))));
    this.parts = List.copyOf(built);
  }

  /** Returns a checker running every built-in rule. */
  public static Checker builtIn() {
    return new Checker(BuiltInRules.all());
  }

  /** Returns a checker running only {@code rules} (for tests of one rule). */
  public static Checker of(List<Class<? extends Rule>> rules) {
    return new Checker(rules);
  }

  /** Returns the findings of every rule part that reads analyses like {@code analysis}. */
  public List<Finding> check(StoreAnalysis analysis) {
    List<Finding> all = new ArrayList<>();
    for (int i = 0; i < parts.size(); i++) {
      for (Rule.OnStore<?> part : parts.get(i)) {
        if (part.analysisType().isInstance(analysis)) {
          var out = new Findings(types.get(i).getSimpleName(), analysis.store().id());
          run(part, analysis, out);
          all.addAll(out.all());
        }
      }
    }
    all.sort(ORDER);
    return all;
  }

  private static <A extends StoreAnalysis> void run(
      Rule.OnStore<A> part, StoreAnalysis analysis, Findings out) {
    part.check(part.analysisType().cast(analysis), out);
  }

  /** Returns true if {@code rule} is a rule class the checker can build. */
  public static boolean isRule(Class<?> rule) {
    return !rule.isInterface() && Rule.class.isAssignableFrom(rule);
  }

  /**
   * Returns the ids of the stores a rule checks, in the registry's order: a store's own id for each
   * part whose analysis type is that store's ({@code cassandra} for a rule on Cassandra and
   * ScyllaDB designs).
   */
  public static List<String> stores(Class<? extends Rule> rule) {
    List<Class<?>> types = new ArrayList<>();
    Rule.partsOf(instantiate(rule)).forEach(p -> types.add(p.analysisType()));
    return Stores.builtIn().reading(types).stream().map(StoreId::id).toList();
  }

  /** Errors first; then by place in the input; then by rule. */
  public static final Comparator<Finding> ORDER =
      Comparator.comparing(Finding::severity, Comparator.reverseOrder())
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

  private static Rule instantiate(Class<? extends Rule> type) {
    try {
      return type.getDeclaredConstructor().newInstance();
    } catch (InstantiationException | IllegalAccessException | NoSuchMethodException e) {
      throw new IllegalStateException("cannot create rule " + type.getName(), e);
    } catch (InvocationTargetException e) {
      throw new IllegalStateException("rule " + type.getName() + " failed to start", e.getCause());
    }
  }
}
