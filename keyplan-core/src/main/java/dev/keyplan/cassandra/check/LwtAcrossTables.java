package dev.keyplan.cassandra.check;

import dev.keyplan.cassandra.design.CassandraAccess;
import dev.keyplan.cassandra.design.CassandraAnalysis;
import dev.keyplan.cassandra.design.CassandraPlan;
import dev.keyplan.check.Category;
import dev.keyplan.check.Findings;
import dev.keyplan.check.RuleSpec;
import dev.keyplan.check.Severity;
import dev.keyplan.model.AccessPattern;
import dev.keyplan.model.Operation;

/**
 * Flags a lightweight transaction on a pattern that writes several tables. A condition ({@code IF
 * NOT EXISTS}, {@code IF col = ?}) is decided by Paxos among the replicas of one partition of one
 * table (CQL docs, "Lightweight transactions" under INSERT/UPDATE,
 * https://cassandra.apache.org/doc/latest/cassandra/developing/cql/dml.html), so the copies of the
 * row in the other tables are written without it.
 *
 * <p>Sent as a batch ({@code batch: logged} or {@code unlogged}) Cassandra refuses it: "Batch with
 * conditions cannot span multiple tables" (BatchStatement.java,
 * https://github.com/apache/cassandra/blob/cassandra-5.0/src/java/org/apache/cassandra/cql3/statements/BatchStatement.java):
 * an error, every request fails. Sent as separate statements it runs, but the other tables follow
 * the condition's table only if the application writes them after an applied transaction and
 * nothing fails in between, and two applied transactions' copies can land in either order: a
 * warning.
 *
 * <p>Materialized views are not counted: the server maintains them from the base table
 * (CassandraWritePlanner leaves them out of the tables a write updates).
 */
@RuleSpec(
    category = Category.CONSISTENCY,
    summary = "Lightweight transaction on a write that updates several tables",
    severity = Severity.WARNING)
public final class LwtAcrossTables implements CassandraRule {
  @Override
  public void check(CassandraAnalysis a, Findings out) {
    for (CassandraPlan p : a.plans()) {
      if (p.access() != CassandraAccess.WRITE
          || !(p.pattern().operation() instanceof Operation.Write w)
          || !w.isLightweightTransaction()
          || p.tables().size() < 2) {
        continue;
      }
      boolean batched = p.pattern().batch() != AccessPattern.Batch.NONE;
      String tables = String.join(", ", p.tables());
      String condition = "if " + w.condition().orElseThrow();
      if (batched) {
        out.report(
            Severity.ERROR,
            p.pattern().id(),
            p.pattern().location(),
            "pattern "
                + p.pattern().id()
                + " sends its lightweight transaction ("
                + condition
                + ") in one "
                + p.pattern().batch().name().toLowerCase(java.util.Locale.ROOT)
                + " batch over "
                + p.tables().size()
                + " tables ("
                + tables
                + "): Cassandra refuses it, \"Batch with conditions cannot span multiple tables\"",
            "run the conditional statement alone on the table that decides (the source of truth), "
                + "and write the other tables only when it is applied; or store the data in one "
                + "table and read it through an index");
      } else {
        out.report(
            Severity.WARNING,
            p.pattern().id(),
            p.pattern().location(),
            "pattern "
                + p.pattern().id()
                + " writes "
                + p.tables().size()
                + " tables ("
                + tables
                + ") with a lightweight transaction ("
                + condition
                + "): Paxos decides the condition on one partition of one table, the other "
                + (p.tables().size() - 1)
                + " copies are written without it and can miss or reorder applied writes",
            "make the conditional table the source of truth: run the transaction there, write the "
                + "other tables only when it is applied (idempotently, retried until done), and "
                + "read the decision from that table; or use a single-table design");
      }
    }
  }
}
