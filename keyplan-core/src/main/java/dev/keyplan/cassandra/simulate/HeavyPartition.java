package dev.keyplan.cassandra.simulate;

/**
 * A partition tracked one by one: a heavy key value of a table, in one shard suffix and time
 * bucket. It keeps the work it put on each of its replicas.
 */
final class HeavyPartition {
  final CassandraWorkload.TableData table;
  final int rank;
  final int shard;
  final long bucket;
  final String key;
  final long token;
  final int range;
  final double[] perReplica;

  /** Its table's keyspace's replicas on the ring. */
  final Cluster cluster;

  HeavyPartition(
      CassandraWorkload.TableData table,
      int rank,
      int shard,
      long bucket,
      String key,
      long token,
      Cluster cluster) {
    this.table = table;
    this.rank = rank;
    this.shard = shard;
    this.bucket = bucket;
    this.key = key;
    this.token = token;
    this.cluster = cluster;
    this.range = cluster.rangeOf(token);
    this.perReplica = new double[cluster.replicas[range].length];
  }

  /** Replica reads and writes, summed over replicas. */
  double work() {
    double sum = 0;
    for (double w : perReplica) {
      sum += w;
    }
    return sum;
  }
}
