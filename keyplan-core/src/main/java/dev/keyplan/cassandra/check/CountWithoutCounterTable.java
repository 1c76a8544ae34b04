package dev.keyplan.cassandra.check;

import dev.keyplan.cassandra.design.CassandraAnalysis;
import dev.keyplan.cassandra.design.CassandraPlan;
import dev.keyplan.check.Category;
import dev.keyplan.check.Findings;
import dev.keyplan.check.RuleSpec;
import dev.keyplan.check.Severity;
import dev.keyplan.model.Operation;
import dev.keyplan.model.Units;
import java.util.Locale;

/**
 * Flags {@code COUNT(*)} answered by reading rows: "FORBIDDEN in Cassandra at scale: SELECT
 * COUNT(*) FROM large_table ... CORRECT: pre-compute counters in a dedicated counter table" (seed
 * 002, "Cassandra Specifics"; its table: "Aggregates: pre-calculate in separate counter tables"). A
 * count that reads at most one row is an existence check, which no counter replaces: not flagged.
 */
@RuleSpec(
    category = Category.QUERY,
    summary = "Count computed by reading rows instead of a counter table",
    severity = Severity.WARNING)
public final class CountWithoutCounterTable implements CassandraRule {
  @Override
  public void check(CassandraAnalysis a, Findings out) {
    for (CassandraPlan p : a.plans()) {
      if (!(p.pattern().operation() instanceof Operation.Read)
          || !((Operation.Read) p.pattern().operation()).count()) {
        continue;
      }
      double rows = p.rows().busiest();
      if (rows <= 1) {
        continue;
      }
      String entity = p.pattern().operation().entity();
      String reads =
          Double.isNaN(rows)
              ? "reading every row it matches (" + p.access().label() + ")"
              : "reading " + Units.count(rows) + " rows per request for the busiest key";
      out.report(
          Severity.WARNING,
          p.pattern().id(),
          p.pattern().location(),
          "pattern "
              + p.pattern().id()
              + " counts "
              + entity
              + " by "
              + reads
              + ", at "
              + Units.rate(p.pattern().ratePerSecond()),
          "keep a counter table (e.g. "
              + entity.toLowerCase(Locale.ROOT)
              + "_counts (key..., total counter)) and increment it where "
              + entity
              + " is written");
    }
  }
}
