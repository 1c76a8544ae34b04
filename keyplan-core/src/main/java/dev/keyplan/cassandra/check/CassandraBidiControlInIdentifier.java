package dev.keyplan.cassandra.check;

import dev.keyplan.cassandra.cql.Column;
import dev.keyplan.cassandra.cql.CqlTable;
import dev.keyplan.cassandra.design.BoundTable;
import dev.keyplan.cassandra.design.CassandraAnalysis;
import dev.keyplan.check.Findings;
import dev.keyplan.check.design.BidiControlInIdentifier;

/**
 * BidiControlInIdentifier's part for Cassandra: the names the CQL schema gives, which a quoted
 * identifier ({@code "evil\u202Edi"}) lets hold any character: each table's keyspace, name and
 * columns, at their place in the schema. The rule's id, summary and page are {@code
 * BidiControlInIdentifier}'s.
 */
public final class CassandraBidiControlInIdentifier implements CassandraRule {
  @Override
  public void check(CassandraAnalysis a, Findings out) {
    for (BoundTable b : a.tables()) {
      CqlTable t = b.table();
      // A table created with no keyspace and no USE before it has none (null) to check.
      if (t.keyspace() != null) {
        BidiControlInIdentifier.report("keyspace", t.keyspace(), t.keyspace(), t.location(), out);
      }
      BidiControlInIdentifier.report("table", t.name(), t.name(), t.location(), out);
      for (Column c : t.columns()) {
        BidiControlInIdentifier.report(
            "column", t.name() + "." + c.name(), c.name(), c.location(), out);
      }
    }
  }
}
