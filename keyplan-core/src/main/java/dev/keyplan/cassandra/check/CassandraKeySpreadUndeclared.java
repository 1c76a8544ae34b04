package dev.keyplan.cassandra.check;

import dev.keyplan.cassandra.design.BoundTable;
import dev.keyplan.cassandra.design.CassandraAnalysis;
import dev.keyplan.cassandra.design.CassandraSizing;
import dev.keyplan.check.Findings;
import dev.keyplan.check.Severity;

/**
 * KeySpreadUndeclared's part for Cassandra (and ScyllaDB): the rule's id, summary and page are
 * {@code KeySpreadUndeclared}'s, which runs this part on the store's analyses.
 */
public final class CassandraKeySpreadUndeclared implements CassandraRule {
  @Override
  public void check(CassandraAnalysis a, Findings out) {
    for (BoundTable t : a.tables()) {
      CassandraSizing s = a.sizing().get(t.name());
      if (s == null || s.undeclared().isEmpty()) {
        continue;
      }
      String attrs = String.join(", ", s.undeclared());
      out.report(
          Severity.INFO,
          t.name(),
          t.entity().location(),
          "cannot size or heat-check "
              + t.name()
              + ": "
              + t.entity().name()
              + " does not say how it spreads over "
              + attrs,
          "add under "
              + t.entity().name()
              + ": spread: {"
              + s.undeclared().get(0)
              + ": {distinct: N, busiest: R/s}}");
    }
  }
}
