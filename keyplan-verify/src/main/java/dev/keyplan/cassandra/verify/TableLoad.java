package dev.keyplan.cassandra.verify;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.ColumnDefinition;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.type.DataType;
import dev.keyplan.cassandra.cql.Column;
import dev.keyplan.cassandra.cql.CqlTable;
import dev.keyplan.cassandra.cql.UserType;
import dev.keyplan.cassandra.design.BoundTable;
import dev.keyplan.cassandra.design.CassandraSizing;
import dev.keyplan.cassandra.design.PartitionSize;
import dev.keyplan.cassandra.design.Sizer;
import dev.keyplan.cassandra.design.SstableFootprint;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Semaphore;
import java.util.function.Function;

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

  /** Seconds of server clock the busiest and the typical group took to load (counter cells). */
  double busiestClockSeconds;

  double typicalClockSeconds;

  /**
   * The write timestamps a group's rows get ({@code USING TIMESTAMP}) are spread evenly over this
   * many seconds, as a memtable holding ten minutes of writes would hold them: the issue's
   * decision, so that the on-disk model's timestamp deltas are exercised, not only a burst's 1–3
   * byte ones.
   */
  static final long SPREAD_SECONDS = 600;

  /**
   * The first write timestamp, in microseconds: a fixed instant (2023-11-14T22:13:20Z) so that a
   * run writes the same bytes whenever it runs; only the deltas between timestamps reach the
   * sstable.
   */
  static final long TIMESTAMP_BASE_MICROS = 1_700_000_000_000_000L;

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

  /**
   * The server's type of each column, from the prepared write's bind variables: what a value of a
   * user-defined type, tuple or vector must be built from (its fields, its dimension).
   */
  final Map<String, DataType> types = new HashMap<>();

  /**
   * The columns a row's write binds, in the order of {@link #writeCql}: a counter table's counters
   * then its primary key; any other table's columns.
   */
  List<Column> boundColumns() {
    CqlTable t = table.table();
    if (!t.isCounterTable()) {
      return t.columns();
    }
    List<Column> out =
        new ArrayList<>(t.columns().stream().filter(c -> c.type().isCounter()).toList());
    t.primaryKey().forEach(k -> out.add(t.column(k).orElseThrow()));
    return out;
  }

  /**
   * The write of one row: {@code INSERT}, or for a counter table {@code UPDATE … SET c = c + ?
   * WHERE key}, since Cassandra refuses INSERT there ("INSERT statements are not allowed on counter
   * tables, use UPDATE instead"; counters are only changed by increments:
   * https://cassandra.apache.org/doc/latest/cassandra/developing/cql/types.html#counters).
   */
  String writeCql(String keyspace) {
    List<Column> columns = boundColumns();
    if (table.table().isCounterTable()) {
      List<String> set = new ArrayList<>();
      List<String> where = new ArrayList<>();
      for (Column c : columns) {
        if (c.type().isCounter()) {
          set.add(c.name() + " = " + c.name() + " + ?");
        } else {
          where.add(c.name() + " = ?");
        }
      }
      return "UPDATE "
          + keyspace
          + "."
          + table.name()
          + " SET "
          + String.join(", ", set)
          + " WHERE "
          + String.join(" AND ", where);
    }
    return "INSERT INTO "
        + keyspace
        + "."
        + table.name()
        + " ("
        + String.join(", ", columns.stream().map(Column::name).toList())
        + ") VALUES ("
        + String.join(", ", columns.stream().map(c -> "?").toList())
        + ")";
  }

  /**
   * The write that loads one row: {@link #writeCql} with {@code USING TIMESTAMP ?} bound last, so
   * the rows' timestamps are spread ({@link #SPREAD_SECONDS}). Not on a counter table: Cassandra
   * refuses a client timestamp for counter updates, which take the server's clock.
   */
  String loadCql(String keyspace) {
    return table.table().isCounterTable()
        ? writeCql(keyspace)
        : writeCql(keyspace) + " USING TIMESTAMP ?";
  }

  /**
   * The timestamp of row {@code index} of a group of {@code count} rows: spread evenly over {@link
   * #SPREAD_SECONDS}.
   */
  static long timestamp(long index, long count) {
    return TIMESTAMP_BASE_MICROS + Math.round(SPREAD_SECONDS * 1e6 * index / Math.max(1, count));
  }

  /**
   * The writes of a group of {@code count} rows as loaded, for the on-disk model: timestamps spread
   * over {@code (count − 1) / count} of {@link #SPREAD_SECONDS} (the span they cover), the server's
   * clock over the seconds the group took, the table's default TTL. A counter table's timestamps
   * are the server's clock.
   */
  SstableFootprint.Writes writes(long count, double clockSeconds) {
    double spread =
        table.table().isCounterTable()
            ? clockSeconds
            : SPREAD_SECONDS * (double) (count - 1) / Math.max(1, count);
    return new SstableFootprint.Writes(
        spread, clockSeconds, table.table().defaultTimeToLiveSeconds());
  }

  /**
   * keyplan's size of a loaded partition of {@code rows} rows, of the group whose writes were
   * {@code writes}: the docs' formula and the on-disk figure.
   */
  PartitionSize predicted(
      long rows, SstableFootprint.Writes writes, Function<String, Optional<UserType>> types) {
    return Sizer.partition(table, rows, types, writes);
  }

  /** Prepares {@link #writeCql} and keeps the server's types of its columns. */
  PreparedStatement prepare(CqlSession session, String keyspace) {
    PreparedStatement write = session.prepare(writeCql(keyspace));
    for (ColumnDefinition d : write.getVariableDefinitions()) {
      types.put(d.getName().asInternal(), d.getType());
    }
    return write;
  }

  /**
   * The value of column {@code c} in row {@code row}, of the server's type when it is known, sized
   * as the on-disk model sizes the column ({@link CqlValues}).
   */
  Object value(Column c, long row) {
    return CqlValues.value(table, c, types.get(c.name()), row);
  }

  /** Writes the rows, flushing and measuring after each group when JMX is there. */
  void load(CqlSession session, String keyspace, java.util.Optional<Jmx> jmx, Runnable tick) {
    List<Column> columns = boundColumns();
    prepare(session, keyspace);
    PreparedStatement insert = session.prepare(loadCql(keyspace));
    // Seconds of the server's clock a group took: measured, since the local deletion times of
    // TTLs and tombstones, and counter timestamps, are the server's and cannot be set.
    // BytesFlushed from before each group: a flush the server makes on its own while the group
    // loads holds some of its rows too.
    long before = jmx.map(j -> j.flushedSoFar(keyspace, table.name())).orElse(0L);
    long start = System.nanoTime();
    insertRows(session, insert, columns, busiest, 0, busiestRows, busiestRows, tick);
    busiestClockSeconds = (System.nanoTime() - start) / 1e9;
    jmx.ifPresent(j -> busiestBytes = j.flushSince(keyspace, table.name(), before));
    long beforeTypical = jmx.map(j -> j.flushedSoFar(keyspace, table.name())).orElse(0L);
    start = System.nanoTime();
    long group = typicalRows * typical.size();
    for (int i = 0; i < typical.size(); i++) {
      insertRows(
          session, insert, columns, typical.get(i), i * typicalRows, typicalRows, group, tick);
    }
    typicalClockSeconds = (System.nanoTime() - start) / 1e9;
    jmx.ifPresent(
        j -> typicalBytes = j.flushSince(keyspace, table.name(), beforeTypical) / typical.size());
  }

  /**
   * Returns true if row {@code r} of a partition sets a column its rows hold in {@code share} of
   * them: when {@code ⌊(r + 1) × share⌋ > ⌊r × share⌋}, so that any {@code n} consecutive rows set
   * it {@code ⌊n × share⌋} times or once more, evenly spread, with no randomness (30%: rows 3, 6
   * and 9 of 0 to 9).
   */
  static boolean sets(long r, double share) {
    return Math.floor((r + 1) * share) > Math.floor(r * share);
  }

  private void insertRows(
      CqlSession session,
      PreparedStatement insert,
      List<Column> columns,
      PartitionProbe p,
      long first,
      long rows,
      long group,
      Runnable tick) {
    boolean timestamps = !table.table().isCounterTable();
    Semaphore window = new Semaphore(64);
    List<CompletionStage<AsyncResultSet>> pending = new ArrayList<>();
    for (long r = 0; r < rows; r++) {
      Object[] values = new Object[columns.size() + (timestamps ? 1 : 0)];
      for (int i = 0; i < columns.size(); i++) {
        Column c = columns.get(i);
        int k = table.partitionKey().indexOf(c.name());
        boolean clustering = table.clustering().stream().anyMatch(x -> x.name().equals(c.name()));
        values[i] =
            k >= 0
                ? p.key().get(k)
                : value(c, c.type().isCounter() ? r + 1 : clustering ? r : r + p.n() * 1_000_000L);
      }
      if (timestamps) {
        // Row r of partition p sits at first + r of the group: spread over the whole flush, so
        // every partition's rows cover the span and the sstable's smallest timestamp is the base.
        values[columns.size()] = timestamp(first + r, group);
      }
      BoundStatement s = insert.bind(values);
      // A sparse attribute (present: below 100%) is left unset, not null (a null writes a
      // tombstone), in the rows that do not hold it, as the model sizes them.
      for (int i = 0; i < columns.size(); i++) {
        Column c = columns.get(i);
        double present = table.isKey(c.name()) ? 1 : Sizer.presentOf(table, c);
        if (present < 1 && !sets(r, present)) {
          s = s.unset(i);
        }
      }
      window.acquireUninterruptibly();
      pending.add(session.executeAsync(s).whenComplete((x, e) -> window.release()));
      tick.run();
    }
    for (CompletionStage<AsyncResultSet> f : pending) {
      f.toCompletableFuture().join();
    }
  }
}
