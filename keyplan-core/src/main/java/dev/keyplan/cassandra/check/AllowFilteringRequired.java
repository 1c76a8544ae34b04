package dev.keyplan.cassandra.check;

import dev.keyplan.cassandra.design.CassandraAccess;
import dev.keyplan.cassandra.design.CassandraAnalysis;
import dev.keyplan.cassandra.design.CassandraPlan;
import dev.keyplan.cassandra.design.CassandraSizing;
import dev.keyplan.cassandra.design.TableSuggestion;
import dev.keyplan.check.Category;
import dev.keyplan.check.Findings;
import dev.keyplan.check.RuleSpec;
import dev.keyplan.check.Severity;
import dev.keyplan.model.Operation;
import dev.keyplan.model.Units;

/**
 * Flags a read that Cassandra runs only with ALLOW FILTERING: "If you see ALLOW FILTERING in
 * production queries, the schema is wrong for that access pattern" (seed 002). Across partitions it
 * is a full scan (error); inside one partition its cost is bounded by the partition (warning). A
 * LIMIT does not bound that cost: Cassandra reads on until it has found LIMIT matching rows, so the
 * warning gives the rows of the busiest partition, which a rare match makes it read through.
 */
@RuleSpec(
    category = Category.QUERY,
    summary = "Read needs ALLOW FILTERING",
    severity = Severity.ERROR)
public final class AllowFilteringRequired implements CassandraRule {
  @Override
  public void check(CassandraAnalysis a, Findings out) {
    for (CassandraPlan p : a.plans()) {
      if (!(p.pattern().operation() instanceof Operation.Read)) {
        continue;
      }
      var read = (Operation.Read) p.pattern().operation();
      String fix = "add " + TableSuggestion.forRead(read, a.model().entities().get(read.entity()));
      if (p.access() == CassandraAccess.ALLOW_FILTERING) {
        out.report(
            Severity.ERROR,
            p.pattern().id(),
            p.pattern().location(),
            "pattern "
                + p.pattern().id()
                + " on "
                + p.tables().get(0)
                + " needs ALLOW FILTERING: it scans "
                + Units.count(p.partitions().busiest())
                + " partitions and "
                + Units.count(p.rows().busiest())
                + " rows per request, at "
                + Units.rate(p.pattern().ratePerSecond()),
            fix);
      } else if (p.filtersInPartition()) {
        CassandraSizing s = a.sizing().get(p.tables().get(0));
        double partitionRows = s == null ? Double.NaN : s.busiest().rows();
        out.report(
            Severity.WARNING,
            p.pattern().id(),
            p.pattern().location(),
            "pattern "
                + p.pattern().id()
                + " needs ALLOW FILTERING inside each partition of "
                + p.tables().get(0)
                + " ("
                + String.join("; ", p.notes())
                + "): it reads through up to "
                + Units.count(partitionRows)
                + " rows of the busiest partition to find the matching ones",
            "make the filtered attribute a clustering column after the equalities, or " + fix);
      }
    }
  }
}
