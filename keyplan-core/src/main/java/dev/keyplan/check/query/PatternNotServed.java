package dev.keyplan.check.query;

import dev.keyplan.check.CassandraRule;
import dev.keyplan.check.Findings;
import dev.keyplan.check.RuleSpec;
import dev.keyplan.check.Severity;
import dev.keyplan.design.cassandra.Access;
import dev.keyplan.design.cassandra.CassandraAnalysis;
import dev.keyplan.design.cassandra.PatternPlan;
import dev.keyplan.design.cassandra.TableSuggestion;
import dev.keyplan.model.Operation;

/**
 * Flags an access pattern no table can serve: "If a pattern has no corresponding key or index, it
 * cannot be served efficiently — fix the schema before writing code" (seed 002).
 */
@RuleSpec(summary = "Access pattern that no table serves", severity = Severity.ERROR)
public final class PatternNotServed implements CassandraRule {
  @Override
  public void check(CassandraAnalysis a, Findings out) {
    for (PatternPlan p : a.plans()) {
      if (p.access() != Access.NOT_SERVED) {
        continue;
      }
      String fix = p.pattern().operation() instanceof Operation.Read
          ? "add " + TableSuggestion.forRead((Operation.Read) p.pattern().operation(),
              a.model().entities().get(p.pattern().operation().entity()))
          : "add a table that stores " + p.pattern().operation().entity();
      out.report(Severity.ERROR, p.pattern().id(), p.pattern().location(),
          "pattern " + p.pattern().id() + " is not served: " + String.join("; ", p.notes()), fix);
    }
  }
}
