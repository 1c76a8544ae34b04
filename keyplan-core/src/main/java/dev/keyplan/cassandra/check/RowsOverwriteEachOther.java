package dev.keyplan.cassandra.check;

import dev.keyplan.cassandra.design.BoundTable;
import dev.keyplan.cassandra.design.CassandraAnalysis;
import dev.keyplan.cassandra.design.CassandraSizing;
import dev.keyplan.check.Category;
import dev.keyplan.check.Findings;
import dev.keyplan.check.RuleSpec;
import dev.keyplan.check.Severity;
import dev.keyplan.model.Attribute;
import dev.keyplan.model.Units;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Flags a table whose primary key holds neither the entity's {@code key} nor a {@code unique}
 * attribute. In Cassandra every write is an upsert: two rows with the same primary key values are
 * one row, the later write replacing the earlier (CQL reference, INSERT: "INSERT does not check the
 * prior existence of the row by default: the row is created if none existed before, and updated
 * otherwise", https://cassandra.apache.org/doc/latest/cassandra/developing/cql/dml.html). So the
 * table silently keeps one row per combination of its key columns, and a read of "every order of a
 * user" returns one order per distinct clustering value.
 *
 * <p>The sizing counts what such a table really holds: a partition at most Π distinct values of its
 * clustering columns ({@link CassandraSizing#rowsPerPartitionCap}), the finding says how many rows
 * the model writes against how many the table can keep.
 */
@RuleSpec(
    category = Category.KEY,
    summary = "The primary key does not identify a row: writes overwrite each other",
    severity = Severity.ERROR)
public final class RowsOverwriteEachOther implements CassandraRule {

  @Override
  public void check(CassandraAnalysis a, Findings out) {
    for (BoundTable t : a.tables()) {
      CassandraSizing s = a.sizing().get(t.name());
      if (s == null || !s.overwrites()) {
        continue;
      }
      List<String> key = t.entity().key();
      List<String> missing =
          key.stream().filter(k -> !t.table().isKeyColumn(t.columnOf(k))).toList();
      List<String> clustering = t.clustering().stream().map(c -> c.name()).toList();
      // The clustering columns the fix proposes: the table's own, then the missing key.
      List<String> fixed = new java.util.ArrayList<>(clustering);
      fixed.addAll(missing);
      List<String> unique =
          t.entity().attributes().values().stream()
              .filter(Attribute::unique)
              .map(Attribute::name)
              .toList();
      String kept =
          Double.isInfinite(s.rowsPerPartitionCap())
              ? ""
              : ": a partition keeps at most "
                  + Units.count(s.rowsPerPartitionCap())
                  + (s.rowsPerPartitionCap() == 1 ? " row" : " rows")
                  + (t.clustering().isEmpty()
                      ? " (no clustering columns)"
                      : " (the distinct values of " + String.join(" × ", clustering) + ")")
                  + ", so the table holds "
                  + Units.count(s.rows())
                  + " rows of the "
                  + Units.count(t.entity().rowsAfter(a.model().horizonSeconds(), 0))
                  + " the model writes";
      out.report(
          Severity.ERROR,
          t.name(),
          t.table().location(),
          "the primary key of "
              + t.name()
              + " ("
              + String.join(", ", t.table().primaryKey())
              + ") lacks "
              + String.join(", ", missing)
              + " of "
              + t.entity().name()
              + "'s key"
              + (unique.isEmpty()
                  ? ""
                  : " and every unique attribute (" + String.join(", ", unique) + ")")
              + ": rows with the same key values overwrite each other"
              + kept,
          "add "
              + String.join(", ", missing)
              + " to the clustering columns of "
              + t.name()
              + " (PRIMARY KEY (("
              + String.join(", ", t.partitionKey())
              + ")"
              + fixed.stream().map(c -> ", " + c).collect(Collectors.joining())
              + ")); if the table is meant to keep only the latest row per key, model that row as"
              + " an entity of its own, keyed as the table is, and write it with upsert");
    }
  }
}
