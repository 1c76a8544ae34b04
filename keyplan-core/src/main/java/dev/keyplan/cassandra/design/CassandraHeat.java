package dev.keyplan.cassandra.design;

/**
 * Load on the busiest partition of a table, and on each replica node that holds it.
 *
 * @param writesPerSecond writes per second into the busiest partition, summed over patterns
 * @param readsPerSecond reads per second of the busiest partition, summed over patterns
 * @param replicaLoad operations per second one replica of the busiest partition serves: every
 *     replica applies every write; reads are spread over the replicas they contact
 * @param budget operations per second one replica is planned to serve (per shard on ScyllaDB)
 */
public record CassandraHeat(
    String table,
    double writesPerSecond,
    double readsPerSecond,
    double replicaLoad,
    double budget) {

  /** Returns the busiest partition's share of one replica's budget. */
  public double budgetShare() {
    return budget > 0 ? replicaLoad / budget : 0; // NaN when the load is unknown
  }
}
