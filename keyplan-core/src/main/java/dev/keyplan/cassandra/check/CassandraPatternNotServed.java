package dev.keyplan.cassandra.check;

import dev.keyplan.cassandra.design.CassandraAccess;
import dev.keyplan.cassandra.design.CassandraAnalysis;
import dev.keyplan.cassandra.design.CassandraPlan;
import dev.keyplan.cassandra.design.TableSuggestion;
import dev.keyplan.check.Findings;
import dev.keyplan.check.Severity;
import dev.keyplan.model.Operation;

/**
 * PatternNotServed's part for Cassandra (and ScyllaDB): the rule's id, summary and page are {@code
 * PatternNotServed}'s, which runs this part on the store's analyses.
 */
public final class CassandraPatternNotServed implements CassandraRule {
  @Override
  public void check(CassandraAnalysis a, Findings out) {
    for (CassandraPlan p : a.plans()) {
      if (p.access() != CassandraAccess.NOT_SERVED) {
        continue;
      }
      String fix =
          p.pattern().operation() instanceof Operation.Read
              ? "add "
                  + TableSuggestion.forRead(
                      (Operation.Read) p.pattern().operation(),
                      a.model().entities().get(p.pattern().operation().entity()))
              : "add a table that stores " + p.pattern().operation().entity();
      out.report(
          Severity.ERROR,
          p.pattern().id(),
          p.pattern().location(),
          "pattern " + p.pattern().id() + " is not served: " + String.join("; ", p.notes()),
          fix);
    }
  }
}
