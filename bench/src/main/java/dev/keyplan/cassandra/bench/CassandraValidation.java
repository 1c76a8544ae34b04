package dev.keyplan.cassandra.bench;

import dev.keyplan.bench.BenchModel;
import dev.keyplan.bench.Validation;
import dev.keyplan.cassandra.cql.CqlParser;
import dev.keyplan.cassandra.cql.CqlSchema;
import dev.keyplan.cassandra.design.CassandraAccess;
import dev.keyplan.cassandra.design.CassandraAnalysis;
import dev.keyplan.cassandra.design.CassandraAnalyzer;
import dev.keyplan.cassandra.design.CassandraPlan;
import dev.keyplan.cassandra.model.CassandraDesign;
import dev.keyplan.check.Checker;
import dev.keyplan.check.Finding;
import dev.keyplan.input.InputException;
import dev.keyplan.model.Model;
import dev.keyplan.model.StoreId;
import dev.keyplan.model.yaml.ModelReader;
import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Checks, once and outside any timing, that a model of {@link CassandraModelGenerator} is what the
 * benchmark claims to measure: it parses with its CQL, every table binds to an entity but the
 * generator's audit tables (which must be left out, and are), it has exactly the patterns asked
 * for, every {@link CassandraAccess} occurs and every Cassandra rule finds something. Throws {@link
 * IllegalStateException} (failing the JMH trial loudly) otherwise.
 */
public final class CassandraValidation {
  private CassandraValidation() {}

  /** What one validated model produced. */
  public record Report(
      CassandraModelGenerator.Generated model,
      Map<CassandraAccess, Long> access,
      Map<String, Long> rules,
      int findings) {
    public Report {
      access = Collections.unmodifiableMap(access);
      rules = Collections.unmodifiableMap(rules);
    }

    /** One paragraph for a terminal. */
    public String summary() {
      return String.format(
          Locale.ROOT,
          "%s: %d entities, %d tables (and %d storing none), %d patterns; plans by access %s;"
              + " %d findings by rule %s",
          model.name(),
          model.entities(),
          model.tables(),
          model.unbound(),
          model.patterns(),
          access,
          findings,
          rules);
    }
  }

  /** Parses, analyses and checks {@code g}; throws if it is not the model the benchmark needs. */
  public static Report validate(CassandraModelGenerator.Generated g) {
    Model model;
    CqlSchema schema;
    try {
      model = ModelReader.read(g.yamlFile(), g.yaml(), BenchModel.BASE_DIR);
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
    String name =
        g.name() + " (E=" + g.entities() + ", T=" + g.tables() + ", P=" + g.patterns() + ")";
    Validation.require(
        model.entities().size() == g.entities(), name, "entities: " + model.entities().size());
    Validation.require(
        schema.tables().size() == g.tables() + g.unbound(),
        name,
        "tables in the CQL: "
            + schema.tables().size()
            + ", not "
            + g.tables()
            + " + "
            + g.unbound());
    Validation.require(
        analysis.tables().size() == g.tables(), name, "bound tables: " + analysis.tables().size());
    Validation.require(
        analysis.tablesLeftOut().size() == g.unbound(),
        name,
        "tables that store no entity: " + analysis.tablesLeftOut().size());
    Validation.require(
        model.patterns().size() == g.patterns(), name, "patterns: " + model.patterns().size());
    Validation.require(
        analysis.plans().size() == g.patterns(), name, "plans: " + analysis.plans().size());
    Map<CassandraAccess, Long> access =
        analysis.plans().stream()
            .collect(
                Collectors.groupingBy(
                    CassandraPlan::access,
                    () -> new EnumMap<>(CassandraAccess.class),
                    Collectors.counting()));
    Map<String, Long> fired = Validation.byRule(findings);
    if (g.patterns() >= 10 * g.entities() && g.entities() >= 8) {
      // Every template is used at least once: each access kind must show up.
      Set<CassandraAccess> missing = EnumSet.allOf(CassandraAccess.class);
      missing.removeAll(access.keySet());
      Validation.require(missing.isEmpty(), name, "no pattern is served by " + missing);
      Set<String> silent = Validation.silentRules(StoreId.CASSANDRA, fired);
      Validation.require(silent.isEmpty(), name, "rules found nothing: " + silent);
    }
    return new Report(g, access, fired, findings.size());
  }
}
