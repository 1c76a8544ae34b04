package dev.keyplan.cassandra.check;

import dev.keyplan.cassandra.design.CassandraAccess;
import dev.keyplan.cassandra.design.CassandraAnalysis;
import dev.keyplan.cassandra.design.CassandraPlan;
import dev.keyplan.check.Category;
import dev.keyplan.check.Findings;
import dev.keyplan.check.RuleSpec;
import dev.keyplan.check.Severity;
import dev.keyplan.model.Units;

/**
 * Flags a read that needs a second query per row to fetch attributes its table lacks: the
 * application rebuilds a join, "latency doubles, errors multiply" (seed 002, "Application-side
 * joins"). Denormalise instead. The plan (Coverage) decides when a read is a join: its best table
 * serves the restriction but lacks a selected attribute that another table, keyed by columns of the
 * first, holds.
 */
@RuleSpec(
    category = Category.QUERY,
    summary = "Read needs an application-side join",
    severity = Severity.WARNING)
public final class ApplicationSideJoin implements CassandraRule {
  @Override
  public void check(CassandraAnalysis a, Findings out) {
    for (CassandraPlan p : a.plans()) {
      if (p.access() != CassandraAccess.APPLICATION_JOIN) {
        continue;
      }
      String first = p.tables().get(0);
      String joined = String.join(", ", p.tables().subList(1, p.tables().size()));
      out.report(
          Severity.WARNING,
          p.pattern().id(),
          p.pattern().location(),
          "pattern "
              + p.pattern().id()
              + " reads "
              + first
              + " then joins "
              + joined
              + " in the application: "
              + Units.count(p.partitions().busiest())
              + " partitions per request for the busiest key",
          "store the missing attributes in "
              + first
              + " (declare them copy_of: the source) and "
              + "update the copies on write");
    }
  }
}
