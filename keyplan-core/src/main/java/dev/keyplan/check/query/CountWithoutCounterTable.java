package dev.keyplan.check.query;

import dev.keyplan.check.CassandraRule;
import dev.keyplan.check.Findings;
import dev.keyplan.check.RuleSpec;
import dev.keyplan.check.Severity;
import dev.keyplan.design.cassandra.CassandraAnalysis;
import dev.keyplan.design.cassandra.PatternPlan;
import dev.keyplan.model.Operation;
import dev.keyplan.model.Units;

/**
 * Flags {@code COUNT(*)} answered by reading rows: "FORBIDDEN in Cassandra at scale: SELECT COUNT(*)
 * FROM large_table ... CORRECT: pre-compute counters in a dedicated counter table" (seed 002).
 */
@RuleSpec(summary = "Count computed by reading rows instead of a counter table", severity = Severity.WARNING)
public final class CountWithoutCounterTable implements CassandraRule {
  @Override
  public void check(CassandraAnalysis a, Findings out) {
    for (PatternPlan p : a.plans()) {
      if (!(p.pattern().operation() instanceof Operation.Read) || !((Operation.Read) p.pattern().operation()).count()) {
        continue;
      }
      String entity = p.pattern().operation().entity();
      out.report(Severity.WARNING, p.pattern().id(), p.pattern().location(),
          "pattern " + p.pattern().id() + " counts " + entity + " by reading " + Units.count(p.rowsBusiest())
              + " rows per request for the busiest key, at " + Units.rate(p.pattern().ratePerSecond()),
          "keep a counter table (e.g. " + entity.toLowerCase(java.util.Locale.ROOT)
              + "_counts (key..., total counter)) and increment it where " + entity + " is written");
    }
  }
}
