package dev.keyplan.cassandra.simulate;

import dev.keyplan.cassandra.simulate.CassandraWorkload.TableData;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The heavy partitions of a run, made when first touched: a heavy value's partition in each shard
 * suffix and time bucket gets its own token from the values of its key columns (the bucket column
 * holds the bucket's number, the suffix column the suffix), so a week-bucketed channel's weeks land
 * on different replicas, as they do in Cassandra.
 */
final class Partitions {
  private final java.util.function.Function<TableData, Cluster> clusterOf;
  private final Map<TableData, Map<Long, HeavyPartition>> byTable =
      new java.util.IdentityHashMap<>();
  private final List<HeavyPartition> all = new ArrayList<>();

  /**
   * @param clusterOf each table's keyspace's replicas on the ring
   */
  Partitions(java.util.function.Function<TableData, Cluster> clusterOf) {
    this.clusterOf = clusterOf;
  }

  HeavyPartition of(TableData t, int rank, int shard, long bucket) {
    long id = ((long) rank << 40) ^ ((long) shard << 28) ^ bucket;
    return byTable
        .computeIfAbsent(t, k -> new HashMap<>())
        .computeIfAbsent(id, k -> make(t, rank, shard, bucket));
  }

  private HeavyPartition make(TableData t, int rank, int shard, long bucket) {
    List<String> literals = new ArrayList<>();
    List<String> names = new ArrayList<>();
    StringBuilder key = new StringBuilder(t.keys().name(rank));
    for (int i = 0; i < t.keyColumns().size(); i++) {
      String column = t.keyColumns().get(i);
      String type = t.keyTypes().get(i);
      java.util.Optional<String> attribute = t.attributeOf(column);
      if (attribute.isPresent() && attribute.get().equals(t.keys().attribute())) {
        literals.add(KeyTokens.literal(type, rank, t.keys().name(rank)));
        names.add(t.keys().name(rank));
      } else if (t.windowSeconds() > 0 && attribute.isEmpty() && isBucket(t, column)) {
        literals.add(KeyTokens.derived(type, bucket, t.windowSeconds()));
        names.add("bucket-" + bucket);
        key.append(":").append(column).append(" ").append(bucket);
      } else if (attribute.isEmpty()) {
        literals.add(KeyTokens.derived(type, shard, 0));
        names.add("shard-" + shard);
        key.append(":").append(column).append(" ").append(shard);
      } else {
        literals.add(KeyTokens.literal(type, 0, attribute.get() + "-1"));
        names.add(attribute.get() + "-1");
      }
    }
    long token = KeyTokens.token(t.keyTypes(), literals, names);
    HeavyPartition p =
        new HeavyPartition(t, rank, shard, bucket, key.toString(), token, clusterOf.apply(t));
    all.add(p);
    return p;
  }

  private static boolean isBucket(TableData t, String column) {
    return t.bucketColumn().map(column::equals).orElse(false);
  }

  List<HeavyPartition> all() {
    return all;
  }
}
