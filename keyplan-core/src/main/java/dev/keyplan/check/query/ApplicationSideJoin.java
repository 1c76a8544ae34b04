package dev.keyplan.check.query;

import dev.keyplan.check.CassandraRule;
import dev.keyplan.check.Findings;
import dev.keyplan.check.RuleSpec;
import dev.keyplan.check.Severity;
import dev.keyplan.design.cassandra.Access;
import dev.keyplan.design.cassandra.CassandraAnalysis;
import dev.keyplan.design.cassandra.PatternPlan;
import dev.keyplan.model.Units;

/**
 * Flags a read that needs a second query per row to fetch attributes its table lacks: the
 * application rebuilds a join, "latency doubles, errors multiply" (seed 002). Denormalise instead.
 */
@RuleSpec(summary = "Read needs an application-side join", severity = Severity.WARNING)
public final class ApplicationSideJoin implements CassandraRule {
  @Override
  public void check(CassandraAnalysis a, Findings out) {
    for (PatternPlan p : a.plans()) {
      if (p.access() != Access.APPLICATION_JOIN) {
        continue;
      }
      out.report(Severity.WARNING, p.pattern().id(), p.pattern().location(),
          "pattern " + p.pattern().id() + " reads " + p.tables().get(0) + " then joins "
              + String.join(", ", p.tables().subList(1, p.tables().size())) + " in the application: "
              + Units.count(p.partitionsBusiest()) + " partitions per request for the busiest key",
          "store the missing attributes in " + p.tables().get(0) + " (declare them copy_of: the source) and update the copies on write");
    }
  }
}
