package dev.keyplan.cassandra.verify;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import dev.keyplan.cassandra.cql.Column;
import dev.keyplan.cassandra.design.BoundTable;
import dev.keyplan.cassandra.design.CassandraSizing;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Semaphore;

/**
 * Loads one table's busiest and typical partitions and measures their bytes.
 *
 * <p>The busiest partition gets keyplan's busiest row count at the horizon scaled down to at most
 * {@code maxRows} (the factor is reported); a typical key gets its typical rows, in as many
 * consecutive time buckets as the table's reads walk (so a "latest N" read can be traced walking
 * them). Each group is flushed on its own and measured by the bytes the flush wrote.
 */
final class TableLoad {
  final BoundTable table;
  final PartitionProbe busiest;
  final List<PartitionProbe> typical = new ArrayList<>();
  final long busiestRows;
  final long typicalRows;
  final double scale;
  long busiestBytes = -1;
  long typicalBytes = -1;

  TableLoad(BoundTable table, CassandraSizing sizing, int maxRows, int typicalBuckets) {
    this.table = table;
    double predictedBusiest = sizing.busiest().known() ? sizing.busiest().rows() : maxRows;
    this.busiestRows = Math.max(1, Math.min(maxRows, Math.round(predictedBusiest)));
    this.scale = busiestRows / Math.max(1, predictedBusiest);
    double predictedTypical = sizing.typical().known() ? sizing.typical().rows() : 1;
    this.typicalRows = Math.max(1, Math.min(maxRows, Math.round(predictedTypical)));
    this.busiest = PartitionProbe.of(table, "busiest", 1, 0);
    for (int b = 0; b < typicalBuckets; b++) {
      typical.add(PartitionProbe.of(table, "typical", 2, b));
    }
  }

  /** Inserts the rows, flushing and measuring after each group when JMX is there. */
  void load(CqlSession session, String keyspace, java.util.Optional<Jmx> jmx, Runnable tick) {
    List<Column> columns =
        table.table().columns().stream().filter(c -> !c.type().isCounter()).toList();
    String cql =
        "INSERT INTO "
            + keyspace
            + "."
            + table.name()
            + " ("
            + String.join(", ", columns.stream().map(Column::name).toList())
            + ") VALUES ("
            + String.join(", ", columns.stream().map(c -> "?").toList())
            + ")";
    PreparedStatement insert = session.prepare(cql);
    insertRows(session, insert, columns, busiest, busiestRows, tick);
    jmx.ifPresent(j -> busiestBytes = j.flush(keyspace, table.name()));
    for (PartitionProbe p : typical) {
      insertRows(session, insert, columns, p, typicalRows, tick);
    }
    jmx.ifPresent(j -> typicalBytes = j.flush(keyspace, table.name()) / typical.size());
  }

  private void insertRows(
      CqlSession session,
      PreparedStatement insert,
      List<Column> columns,
      PartitionProbe p,
      long rows,
      Runnable tick) {
    Semaphore window = new Semaphore(64);
    List<CompletionStage<AsyncResultSet>> pending = new ArrayList<>();
    for (long r = 0; r < rows; r++) {
      Object[] values = new Object[columns.size()];
      for (int i = 0; i < columns.size(); i++) {
        Column c = columns.get(i);
        int k = table.partitionKey().indexOf(c.name());
        boolean clustering = table.clustering().stream().anyMatch(x -> x.name().equals(c.name()));
        values[i] =
            k >= 0
                ? p.key().get(k)
                : CqlValues.value(table, c, clustering ? r : r + p.n() * 1_000_000L);
      }
      BoundStatement s = insert.bind(values);
      window.acquireUninterruptibly();
      pending.add(session.executeAsync(s).whenComplete((x, e) -> window.release()));
      tick.run();
    }
    for (CompletionStage<AsyncResultSet> f : pending) {
      f.toCompletableFuture().join();
    }
  }
}
