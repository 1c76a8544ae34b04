package dev.keyplan.bench;

import dev.keyplan.check.Checker;
import dev.keyplan.check.Finding;
import dev.keyplan.design.cassandra.Access;
import dev.keyplan.design.cassandra.CassandraAnalysis;
import dev.keyplan.design.cassandra.CassandraAnalyzer;
import dev.keyplan.design.cassandra.PatternPlan;
import dev.keyplan.model.InputException;
import dev.keyplan.model.Model;
import dev.keyplan.model.yaml.ModelReader;
import dev.keyplan.store.cassandra.cql.CqlParser;
import dev.keyplan.store.cassandra.cql.CqlSchema;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Checks, once and outside any timing, that a generated model is what the benchmark claims to
 * measure: it parses, every table binds to an entity, it has exactly the patterns asked for, every
 * way of serving a pattern occurs, and the rules find things. Throws {@link IllegalStateException}
 * (failing the JMH trial loudly) otherwise.
 */
public final class Validation {
  /** Where relative paths in generated models resolve; nothing is read from it. */
  static final Path BASE_DIR = Path.of("bench-generated");

  /**
   * Every built-in Cassandra rule must report something on a benchmark model, so none is measured
   * idle. Only those: a rule of the DynamoDB design alone never runs on a Cassandra analysis.
   */
  static final Set<String> EXPECTED_RULES = dev.keyplan.check.BuiltInRules.all().stream()
      .filter(dev.keyplan.check.CassandraRule.class::isAssignableFrom)
      .map(Class::getSimpleName).collect(Collectors.toUnmodifiableSet());

  private Validation() {}

  /** What one validated model produced. */
  public record Report(ModelGenerator.Generated model, Map<Access, Long> access, Map<String, Long> rules, int findings) {
    /** One paragraph for a terminal. */
    public String summary() {
      return String.format(java.util.Locale.ROOT,
          "%s: %d entities, %d tables, %d patterns; plans by access %s; %d findings by rule %s",
          model.name(), model.entities(), model.tables(), model.patterns(), access, findings, rules);
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
      throw new IllegalStateException("the generated model " + g.name() + " does not parse: " + e.getMessage(), e);
    }
    CassandraAnalysis analysis;
    try {
      analysis = CassandraAnalyzer.analyze(model, model.cassandra().orElseThrow(), schema);
    } catch (InputException e) {
      throw new IllegalStateException("the generated model " + g.name() + " does not bind to its schema: "
          + e.getMessage(), e);
    }
    List<Finding> findings = Checker.builtIn().check(analysis);
    require(model.entities().size() == g.entities(), g, "entities: " + model.entities().size());
    require(schema.tables().size() == g.tables(), g, "tables in the CQL: " + schema.tables().size());
    require(analysis.tables().size() == g.tables(), g, "bound tables: " + analysis.tables().size());
    require(model.patterns().size() == g.patterns(), g, "patterns: " + model.patterns().size());
    require(analysis.plans().size() == g.patterns(), g, "plans: " + analysis.plans().size());
    Map<Access, Long> access = analysis.plans().stream()
        .collect(Collectors.groupingBy(PatternPlan::access, () -> new java.util.EnumMap<>(Access.class),
            Collectors.counting()));
    if (g.patterns() >= 10 * g.entities() && g.entities() >= 8) {
      // Every template is used at least once: each access kind must show up.
      Set<Access> missing = EnumSet.allOf(Access.class);
      missing.removeAll(access.keySet());
      require(missing.isEmpty(), g, "no pattern is served by " + missing);
      Map<String, Long> fired = byRule(findings);
      Set<String> silent = new java.util.TreeSet<>(EXPECTED_RULES);
      silent.removeAll(fired.keySet());
      require(silent.isEmpty(), g, "rules found nothing: " + silent);
    }
    return new Report(g, access, byRule(findings), findings.size());
  }

  private static Map<String, Long> byRule(List<Finding> findings) {
    return findings.stream().collect(Collectors.groupingBy(Finding::rule, TreeMap::new, Collectors.counting()));
  }

  private static void require(boolean ok, ModelGenerator.Generated g, String what) {
    if (!ok) {
      throw new IllegalStateException("the generated model " + g.name() + " (E=" + g.entities() + ", T="
          + g.tables() + ", P=" + g.patterns() + ") is not what the benchmark needs: " + what);
    }
  }
}
