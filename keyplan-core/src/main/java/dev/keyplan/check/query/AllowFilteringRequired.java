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
import dev.keyplan.model.Units;

/**
 * Flags a read that Cassandra runs only with ALLOW FILTERING: "If you see ALLOW FILTERING in
 * production queries, the schema is wrong for that access pattern" (seed 002). Across partitions it
 * is a full scan (error); inside one partition its cost is bounded by the partition (warning).
 */
@RuleSpec(summary = "Read needs ALLOW FILTERING", severity = Severity.ERROR)
public final class AllowFilteringRequired implements CassandraRule {
  @Override
  public void check(CassandraAnalysis a, Findings out) {
    for (PatternPlan p : a.plans()) {
      if (!(p.pattern().operation() instanceof Operation.Read)) {
        continue;
      }
      var read = (Operation.Read) p.pattern().operation();
      String fix = "add " + TableSuggestion.forRead(read, a.model().entities().get(read.entity()));
      if (p.access() == Access.ALLOW_FILTERING) {
        out.report(Severity.ERROR, p.pattern().id(), p.pattern().location(),
            "pattern " + p.pattern().id() + " on " + p.tables().get(0) + " needs ALLOW FILTERING: it scans "
                + Units.count(p.partitionsBusiest()) + " partitions and " + Units.count(p.rowsBusiest())
                + " rows per request, at " + Units.rate(p.pattern().ratePerSecond()),
            fix);
      } else if (p.filtersInPartition()) {
        out.report(Severity.WARNING, p.pattern().id(), p.pattern().location(),
            "pattern " + p.pattern().id() + " needs ALLOW FILTERING inside each partition of " + p.tables().get(0)
                + " (" + String.join("; ", p.notes()) + "): it reads up to " + Units.count(p.rowsBusiest())
                + " rows for the busiest key",
            "make the filtered attribute a clustering column after the equalities, or " + fix);
      }
    }
  }
}
