package dev.keyplan.cassandra.verify;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import dev.keyplan.cassandra.cql.Column;
import dev.keyplan.cassandra.design.CassandraAnalysis;
import dev.keyplan.cassandra.design.CassandraPlan;
import dev.keyplan.model.Operation;
import dev.keyplan.verify.Latency;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Runs each write pattern on every table keyplan says it must update, as the application would: an
 * insert (or update, which CQL writes the same way) of a new row in the busiest partition, a delete
 * of one of its rows, a counter increment ({@code UPDATE … SET c = c + 1}) of a busiest-partition
 * row; lightweight transactions are left out and said so. Reports the latency of the whole write
 * (all its tables, one after the other).
 */
final class CassandraVerifyWrites {
  private CassandraVerifyWrites() {}

  static List<List<Object>> run(
      CqlSession session,
      String keyspace,
      CassandraAnalysis a,
      Map<String, TableLoad> loads,
      int samples,
      List<String> notes) {
    List<List<Object>> rows = new ArrayList<>();
    for (CassandraPlan plan : a.plans()) {
      if (plan.pattern().isRead() || plan.tables().isEmpty()) {
        continue;
      }
      Operation.Write w = (Operation.Write) plan.pattern().operation();
      if (w.isLightweightTransaction()) {
        notes.add(plan.pattern().id() + ": lightweight transactions are not run");
        continue;
      }
      plan.pattern()
          .fanOut()
          .ifPresent(
              f ->
                  notes.add(
                      plan.pattern().id()
                          + ": "
                          + f.describe()
                          + "; verify writes one row per table, so its latency is of one row"
                          + " of each table, not of the whole request"));
      List<TableLoad> targets =
          plan.tables().stream().map(loads::get).filter(java.util.Objects::nonNull).toList();
      List<PreparedStatement> statements = new ArrayList<>();
      for (TableLoad l : targets) {
        statements.add(
            w.kind() == Operation.Kind.DELETE
                ? session.prepare(delete(keyspace, l))
                : l.prepare(session, keyspace));
      }
      Latency latency = new Latency();
      for (int i = 0; i < samples; i++) {
        long start = System.nanoTime();
        for (int k = 0; k < targets.size(); k++) {
          session.execute(statements.get(k).bind(values(targets.get(k), w.kind(), i)));
        }
        latency.record(System.nanoTime() - start);
      }
      rows.add(
          List.of(
              plan.pattern().id(),
              w.kind().keyword(),
              String.join(" ", plan.tables()),
              (long) targets.size(),
              latency.millis(50),
              latency.millis(99)));
    }
    return rows;
  }

  private static String delete(String keyspace, TableLoad l) {
    List<String> key = new ArrayList<>(l.table.partitionKey());
    l.table.clustering().forEach(c -> key.add(c.name()));
    return "DELETE FROM "
        + keyspace
        + "."
        + l.table.name()
        + " WHERE "
        + String.join(" AND ", key.stream().map(k -> k + " = ?").toList());
  }

  /** New rows past the loaded ones (a delete removes loaded row i). */
  private static Object[] values(TableLoad l, Operation.Kind kind, int i) {
    long row = kind == Operation.Kind.DELETE ? i : l.busiestRows + i;
    List<Column> cs = new ArrayList<>();
    if (kind == Operation.Kind.DELETE) {
      l.table.partitionKey().forEach(k -> cs.add(l.table.table().column(k).orElseThrow()));
      l.table.clustering().forEach(c -> cs.add(l.table.table().column(c.name()).orElseThrow()));
    } else {
      cs.addAll(l.boundColumns());
    }
    Object[] out = new Object[cs.size()];
    for (int k = 0; k < cs.size(); k++) {
      Column c = cs.get(k);
      int pk = l.table.partitionKey().indexOf(c.name());
      boolean clustering = l.table.clustering().stream().anyMatch(x -> x.name().equals(c.name()));
      out[k] =
          pk >= 0
              ? l.busiest.key().get(pk)
              : l.value(c, c.type().isCounter() ? 1 : clustering ? row : row + 7_000_000L);
    }
    return out;
  }
}
