package dev.keyplan.cassandra.check;

import dev.keyplan.cassandra.cql.SecondaryIndex;
import dev.keyplan.cassandra.design.BoundTable;
import dev.keyplan.cassandra.design.CassandraAnalysis;
import dev.keyplan.cassandra.design.CassandraPlan;
import dev.keyplan.check.Category;
import dev.keyplan.check.Findings;
import dev.keyplan.check.RuleSpec;
import dev.keyplan.check.Severity;
import dev.keyplan.model.Operation;
import dev.keyplan.model.Units;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Flags the secondary indexes (legacy 2i, SAI, custom such as SASI) of a table that no pattern's
 * plan reads through: every write that sets an indexed column also updates the index on each
 * replica, and the index takes disk beside the table's SSTables, for no query of the model (Apache
 * Cassandra docs, "Secondary indexes": an index is maintained on every write to its table,
 * https://cassandra.apache.org/doc/latest/cassandra/developing/cql/indexing/2i/2i-concepts.html;
 * SAI's write path, which indexes each write in the memtable and in every flushed SSTable,
 * https://cassandra.apache.org/doc/latest/cassandra/developing/cql/indexing/sai/sai-read-write-paths.html).
 *
 * <p>Which index a plan reads through is {@link CassandraPlan#indexes()}, read from the analysis.
 * One finding per table, at its first unused index, counting them: "8 indexes, 5 used by no
 * pattern". The figure printed is the index entries the model's writes change per second in the
 * unused indexes: for each unused index, the rate of the writes into its table that set its column
 * (an insert or upsert carries the whole row; an update or increment only the columns it sets).
 * Worked number: 50 inserts/s into a table with 3 unused indexes write 3 × 50 = 150 entries/s.
 *
 * <p>A warning: the cost is certain and the model says nothing reads the index. It may still serve
 * an ad-hoc query the model does not list, which the fix says to check first.
 */
@RuleSpec(
    category = Category.WRITE,
    summary = "Secondary index that no access pattern reads through",
    severity = Severity.WARNING)
public final class UnusedSecondaryIndex implements CassandraRule {
  @Override
  public void check(CassandraAnalysis a, Findings out) {
    Set<String> used = new HashSet<>();
    for (CassandraPlan p : a.plans()) {
      used.addAll(p.indexes());
    }
    Map<String, List<SecondaryIndex>> byTable = new LinkedHashMap<>();
    for (SecondaryIndex i : a.schema().indexes()) {
      byTable.computeIfAbsent(i.table(), k -> new ArrayList<>()).add(i);
    }
    for (Map.Entry<String, List<SecondaryIndex>> e : byTable.entrySet()) {
      // An index on a table no entity is stored in: the whole table is outside the model, which
      // is for the unbound-table report to say, not for this rule.
      BoundTable t = a.table(e.getKey()).orElse(null);
      if (t == null) {
        continue;
      }
      List<SecondaryIndex> unused =
          e.getValue().stream().filter(i -> !used.contains(i.name())).toList();
      if (unused.isEmpty()) {
        continue;
      }
      List<CassandraPlan> writes = a.writesInto(t.name());
      double entries = 0;
      for (SecondaryIndex i : unused) {
        for (CassandraPlan w : writes) {
          if (sets((Operation.Write) w.pattern().operation(), i.column())) {
            entries += w.pattern().ratePerSecond();
          }
        }
      }
      int all = e.getValue().size();
      out.report(
          Severity.WARNING,
          t.name(),
          unused.get(0).location(),
          "table "
              + t.name()
              + " has "
              + all
              + (all == 1 ? " secondary index, " : " secondary indexes, ")
              + unused.size()
              + " used by no pattern ("
              + unused.stream()
                  .map(i -> i.name() + " on " + i.column())
                  .collect(Collectors.joining(", "))
              + "): the model's writes change "
              + Units.rate(entries)
              + " of their entries on every replica, for no read",
          "check that no query outside the model needs "
              + (unused.size() == 1 ? "it" : "them")
              + ", then drop "
              + (unused.size() == 1 ? "it" : "them")
              + " ("
              + unused.stream()
                  .map(
                      i ->
                          "DROP INDEX "
                              + (i.keyspace() == null ? "" : i.keyspace() + ".")
                              + i.name()
                              + ";")
                  .collect(Collectors.joining(" "))
              + ")");
    }
  }

  /** True when the write stores a value in {@code column}: an insert has every column. */
  private static boolean sets(Operation.Write w, String column) {
    return switch (w.kind()) {
      case INSERT, UPSERT -> true;
      case UPDATE, INCREMENT -> w.set().contains(column);
      case DELETE -> false;
    };
  }
}
