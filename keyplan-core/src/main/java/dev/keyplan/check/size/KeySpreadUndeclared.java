package dev.keyplan.check.size;

import dev.keyplan.check.CassandraRule;
import dev.keyplan.check.Findings;
import dev.keyplan.check.RuleSpec;
import dev.keyplan.check.Severity;
import dev.keyplan.design.cassandra.BoundTable;
import dev.keyplan.design.cassandra.CassandraAnalysis;
import dev.keyplan.design.cassandra.TableSizing;

/**
 * Says plainly when a table cannot be sized or heat-checked because the model does not say how its
 * entity spreads over a partition-key attribute (seed 000: "Size and heat-check each key"). keyplan
 * does not guess a distribution.
 */
@RuleSpec(summary = "Partition key attribute without a declared spread: table not sized",
    severity = Severity.INFO)
public final class KeySpreadUndeclared implements CassandraRule {
  @Override
  public void check(CassandraAnalysis a, Findings out) {
    for (BoundTable t : a.tables()) {
      TableSizing s = a.sizing().get(t.name());
      if (s == null || s.undeclared().isEmpty()) {
        continue;
      }
      String attrs = String.join(", ", s.undeclared());
      out.report(Severity.INFO, t.name(), t.entity().location(),
          "cannot size or heat-check " + t.name() + ": " + t.entity().name() + " does not say how it spreads over " + attrs,
          "add under " + t.entity().name() + ": spread: {" + s.undeclared().get(0) + ": {distinct: N, busiest: R/s}}");
    }
  }
}
