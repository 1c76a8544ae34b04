package dev.keyplan.cassandra.verify;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import dev.keyplan.cassandra.cql.Column;
import dev.keyplan.cassandra.cql.CqlSchema;
import dev.keyplan.cassandra.cql.SecondaryIndex;
import dev.keyplan.cassandra.design.BoundTable;
import dev.keyplan.cassandra.design.CassandraAccess;
import dev.keyplan.cassandra.design.CassandraPlan;
import dev.keyplan.model.Operation;
import dev.keyplan.verify.Latency;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs one read pattern as CQL on a loaded partition: its where clause over the table's columns
 * (partition key from the partition, clustering and regular columns from its first row), its limit,
 * {@code ALLOW FILTERING} where keyplan says it is needed. A bucket walk queries the partition's
 * buckets newest first until the limit is met, as the application would.
 */
final class CassandraVerifyReads {
  private CassandraVerifyReads() {}

  /** What one key's requests measured. */
  record Measured(Traced traced, int partitionsWalked, Latency latency, String cql) {}

  static Measured run(
      CqlSession session,
      String keyspace,
      TableLoad load,
      CassandraPlan plan,
      List<PartitionProbe> buckets,
      int samples) {
    Operation.Read read = (Operation.Read) plan.pattern().operation();
    BoundTable t = load.table;
    boolean walk = plan.access() == CassandraAccess.BUCKET_WALK && t.timeBucket().isPresent();
    int limit = read.limit().orElse(Integer.MAX_VALUE);
    Latency latency = new Latency();
    Traced total = new Traced(0, false, 0, false);
    int walked = 0;
    String cql = null;
    List<PartitionProbe> order = new ArrayList<>(buckets);
    java.util.Collections.reverse(order); // newest bucket first
    for (PartitionProbe p : walk ? order : buckets.subList(0, 1)) {
      List<Object> values = new ArrayList<>();
      cql = cql(keyspace, plan, load, read, p, values, read.limit().isPresent() ? limit : 0);
      SimpleStatement s = SimpleStatement.newInstance(cql, values.toArray());
      for (int i = 0; i < samples; i++) {
        long start = System.nanoTime();
        session.execute(s).all();
        latency.record(System.nanoTime() - start);
      }
      ResultSet traced = session.execute(s.setTracing(true));
      long rows = traced.all().size();
      total = total.plus(Traced.of(traced.getExecutionInfo().getQueryTrace(), t.name()));
      walked++;
      limit -= (int) Math.min(limit, rows);
      if (!walk || limit <= 0) {
        break;
      }
    }
    return new Measured(total, walked, latency, cql);
  }

  /** The rows an ANN search asks for: Cassandra's own example of a vector search reads 10. */
  static final int ANN_LIMIT = 10;

  /**
   * One ANN search ({@code ORDER BY v ANN OF ? LIMIT 10}) per loaded vector column that an SAI
   * index serves, traced: the search returns the {@code LIMIT} nearest rows of the loaded data, so
   * it must read {@code min(10, loaded rows)} rows. The model's patterns cannot say "order by ann"
   * yet, so no keyplan plan is compared; a vector column without an SAI index is not searched,
   * since Cassandra refuses ANN ordering without one. Syntax:
   * https://cassandra.apache.org/doc/latest/cassandra/developing/cql/indexing/sai/sai-query.html
   */
  static List<List<Object>> vectorSearches(
      CqlSession session,
      String keyspace,
      CqlSchema schema,
      java.util.Collection<TableLoad> loads,
      int samples,
      List<String> notes) {
    List<List<Object>> rows = new ArrayList<>();
    for (TableLoad l : loads) {
      for (Column c : l.table.table().columns()) {
        if (c.type().unfrozen().vectorDimension().isEmpty()) {
          continue;
        }
        boolean sai =
            schema.indexesOn(l.table.name()).stream()
                .anyMatch(i -> i.column().equals(c.name()) && i.kind() == SecondaryIndex.Kind.SAI);
        if (!sai) {
          notes.add(
              l.table.name()
                  + "."
                  + c.name()
                  + ": no SAI index serves this vector, so no ANN search is run (Cassandra refuses"
                  + " one)");
          continue;
        }
        long loaded = l.busiestRows + l.typicalRows * l.typical.size();
        String cql =
            "SELECT * FROM "
                + keyspace
                + "."
                + l.table.name()
                + " ORDER BY "
                + c.name()
                + " ANN OF ? LIMIT "
                + ANN_LIMIT;
        // A query vector no loaded row holds: the row number past every loaded one.
        SimpleStatement s = SimpleStatement.newInstance(cql, l.value(c, 9_000_000_000L));
        Latency latency = new Latency();
        for (int i = 0; i < samples; i++) {
          long start = System.nanoTime();
          session.execute(s).all();
          latency.record(System.nanoTime() - start);
        }
        ResultSet traced = session.execute(s.setTracing(true));
        long returned = traced.all().size();
        Traced t = Traced.of(traced.getExecutionInfo().getQueryTrace(), l.table.name());
        long expected = Math.min(ANN_LIMIT, loaded);
        String verdict = t.rows() == expected && returned == expected ? "ok" : "MISMATCH";
        rows.add(
            List.of(
                "ann " + c.name(),
                "query vector",
                "ANN (SAI vector index)",
                l.table.name(),
                (double) Math.min(expected, 1 + l.typical.size()),
                (double) t.partitions(),
                t.partitions() / (double) Math.min(expected, 1 + l.typical.size()),
                (double) expected,
                (double) t.rows(),
                latency.millis(50),
                latency.millis(99),
                verdict));
      }
    }
    return rows;
  }

  private static String cql(
      String keyspace,
      CassandraPlan plan,
      TableLoad load,
      Operation.Read read,
      PartitionProbe p,
      List<Object> values,
      int limit) {
    BoundTable t = load.table;
    List<String> where = new ArrayList<>();
    for (int i = 0; i < t.partitionKey().size(); i++) {
      String column = t.partitionKey().get(i);
      boolean asked =
          read.where().stream().anyMatch(c -> c.attribute().equals(column))
              || t.derived(column).isPresent();
      if (!asked) {
        continue;
      }
      var cond =
          read.where().stream()
              .filter(c -> c.attribute().equals(t.attributeOf(column)))
              .findFirst();
      if (cond.isPresent() && cond.get().comparison() == Operation.Comparison.IN) {
        // The loaded key and others that hold nothing: each is still a partition looked up.
        List<Object> keys = new ArrayList<>();
        keys.add(p.key().get(i));
        Column col = t.table().column(column).orElseThrow();
        double bytes = CqlValues.sized(t, col).bytes();
        for (int k = 1; k < cond.get().values(); k++) {
          keys.add(CqlValues.key(col, 1_000 + k, bytes).value());
        }
        where.add(column + " IN ?");
        values.add(keys);
      } else {
        where.add(column + " = ?");
        values.add(p.key().get(i));
      }
    }
    for (Operation.Condition c : read.where()) {
      if (t.partitionKey().contains(t.columnOf(c.attribute()))
          || t.column(c.attribute()).isEmpty()) {
        continue;
      }
      Column col = t.column(c.attribute()).orElseThrow();
      boolean clustering = t.clustering().stream().anyMatch(x -> x.name().equals(col.name()));
      Object first = load.value(col, clustering ? 0 : p.n() * 1_000_000L);
      switch (c.comparison()) {
        case RANGE -> where.add(col.name() + " >= ?");
        case CONTAINS -> {
          where.add(col.name() + " CONTAINS ?");
          first =
              first instanceof java.util.Collection<?> coll
                  ? coll.iterator().next()
                  : first instanceof java.util.Map<?, ?> m ? m.values().iterator().next() : first;
        }
        case CONTAINS_KEY -> {
          where.add(col.name() + " CONTAINS KEY ?");
          first = first instanceof java.util.Map<?, ?> m ? m.keySet().iterator().next() : first;
        }
        case ENTRY -> {
          // m[k] = v: bind the key and the value of one entry the row holds.
          where.add(col.name() + "[?] = ?");
          if (first instanceof java.util.Map<?, ?> m && !m.isEmpty()) {
            var e = m.entrySet().iterator().next();
            values.add(e.getKey());
            first = e.getValue();
          }
        }
        default -> where.add(col.name() + " = ?");
      }
      values.add(first);
    }
    String select = read.count() ? "count(*)" : "*";
    StringBuilder s =
        new StringBuilder("SELECT ")
            .append(select)
            .append(" FROM ")
            .append(keyspace)
            .append('.')
            .append(t.name());
    if (!where.isEmpty()) {
      s.append(" WHERE ").append(String.join(" AND ", where));
    }
    if (limit > 0) {
      // The rows still wanted: a walk's next bucket asks for what the newer ones did not give.
      s.append(" LIMIT ").append(limit);
    }
    if (plan.filtersInPartition() || plan.access() == CassandraAccess.ALLOW_FILTERING) {
      s.append(" ALLOW FILTERING");
    }
    return s.toString();
  }
}
