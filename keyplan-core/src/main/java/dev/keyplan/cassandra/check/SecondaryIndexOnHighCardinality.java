package dev.keyplan.cassandra.check;

import dev.keyplan.cassandra.cql.SecondaryIndex;
import dev.keyplan.cassandra.design.BoundTable;
import dev.keyplan.cassandra.design.CassandraAnalysis;
import dev.keyplan.cassandra.design.CassandraSizing;
import dev.keyplan.check.Category;
import dev.keyplan.check.Findings;
import dev.keyplan.check.RuleSpec;
import dev.keyplan.check.Severity;
import dev.keyplan.model.Units;
import dev.keyplan.workload.KeySpread;

/**
 * Flags a secondary index on a column with many values: every lookup covers every token range (the
 * replica sets of the whole ring, {@link dev.keyplan.cassandra.design.Fanout}) to find a few rows
 * (seed 003, "Secondary indexes on high-cardinality columns: scatter-gather read across all nodes;
 * materialize a new table"; Apache Cassandra docs on when not to use an index). High means at most
 * {@value #MAX_ROWS_PER_VALUE} rows per indexed value. A warning for a legacy index; advice for
 * SAI, which is built for it but still covers every token range.
 */
@RuleSpec(
    category = Category.QUERY,
    summary = "Secondary index on a high-cardinality column",
    severity = Severity.WARNING)
public final class SecondaryIndexOnHighCardinality implements CassandraRule {
  /** Rows per indexed value at or below which the index's scatter-gather dominates its cost. */
  static final double MAX_ROWS_PER_VALUE = 100;

  @Override
  public void check(CassandraAnalysis a, Findings out) {
    for (SecondaryIndex i : a.schema().indexes()) {
      BoundTable t = a.table(i.table()).orElse(null);
      if (t == null) {
        continue;
      }
      CassandraSizing s = a.sizing().get(t.name());
      var distinct = KeySpread.distinct(t.entity(), t.attributeOf(i.column()), s.rows());
      if (distinct.isEmpty()) {
        continue;
      }
      double perValue = s.rows() / distinct.getAsDouble();
      if (perValue > MAX_ROWS_PER_VALUE) {
        continue;
      }
      boolean sai = i.kind() == SecondaryIndex.Kind.SAI;
      out.report(
          sai ? Severity.INFO : Severity.WARNING,
          i.name(),
          i.location(),
          "index "
              + i.name()
              + " on "
              + t.name()
              + "."
              + i.column()
              + " has "
              + Units.count(distinct.getAsDouble())
              + " values for "
              + Units.count(s.rows())
              + " rows ("
              + Units.count(perValue)
              + " per value): each lookup covers every token range for a handful of rows",
          "materialise a table keyed by "
              + i.column()
              + " ("
              + t.entity().name().toLowerCase(java.util.Locale.ROOT)
              + "s_by_"
              + i.column()
              + ") and write it with the others");
    }
  }
}
