package dev.keyplan.cassandra.simulate;

import dev.keyplan.simulate.SimulationResult;
import java.util.List;
import java.util.Optional;

/**
 * What a Cassandra or ScyllaDB run found, typed for tests and callers; {@link #result()} is the
 * same as tables for the renderers.
 *
 * @param nodes per node, in ring order of names
 * @param hottest the busiest partitions, busiest first (at most ten), then the largest three if not
 *     among them
 * @param movement what a node joining or leaving at the end would stream, if one was asked for
 */
public record CassandraRun(
    String store,
    List<NodeStats> nodes,
    List<PartitionStats> hottest,
    Optional<Movement> movement,
    SimulationResult result) {

  public CassandraRun {
    nodes = List.copyOf(nodes);
    hottest = List.copyOf(hottest);
  }

  /**
   * One node over the run.
   *
   * @param primaryShare share of the ring whose primary replica it is
   * @param replicaShare share of the ring it holds a replica of (RF 3 on 6 even nodes: 0.5)
   * @param partitions partitions it stores at the end (expected, from its replica share)
   * @param bytes bytes it stores at the end, before compression
   * @param coordinatorOps requests it coordinates per second, on average (token-aware clients pick
   *     a local replica of the partition)
   * @param replicaReads partition reads it serves per second, on average
   * @param replicaWrites partition writes it applies per second, on average
   * @param peakOps its busiest interval's replica reads + writes per second
   * @param hottestPartition the partition that takes most of its replica work, if a heavy one
   * @param hottestShare that partition's share of its replica reads and writes
   * @param busiestShardOps ScyllaDB: replica operations per second on its busiest shard; 0 for
   *     Cassandra
   */
  public record NodeStats(
      String name,
      String datacenter,
      String rack,
      int tokens,
      double primaryShare,
      double replicaShare,
      double partitions,
      double bytes,
      double coordinatorOps,
      double replicaReads,
      double replicaWrites,
      double peakOps,
      String hottestPartition,
      double hottestShare,
      double busiestShardOps) {

    /** Replica reads and writes per second. */
    public double replicaOps() {
      return replicaReads + replicaWrites;
    }
  }

  /**
   * One heavy partition.
   *
   * @param key the partition key's values, {@code channel_id-1} or {@code channel_id-1:week 2}
   * @param bytes its size at the end of the run on each replica
   * @param opsPerReplica replica reads and writes per second it puts on each of its replicas
   */
  public record PartitionStats(
      String table,
      String key,
      long token,
      List<String> replicas,
      double bytes,
      double opsPerReplica) {
    public PartitionStats {
      replicas = List.copyOf(replicas);
    }
  }

  /**
   * Data that moves when the ring changes.
   *
   * @param change what changed, {@code "n7 joins"} or {@code "n3 leaves"}
   * @param bytesMoved bytes streamed to nodes that become replicas of data they did not hold
   * @param fractionMoved that, as a share of all replicas' bytes before the change
   * @param perNode per node: bytes it receives and bytes it no longer has to hold
   */
  public record Movement(
      String change, double bytesMoved, double fractionMoved, List<NodeMove> perNode) {
    public Movement {
      perNode = List.copyOf(perNode);
    }
  }

  /** One node's part in a change: {@code in} streamed to it, {@code out} it gives up. */
  public record NodeMove(String node, double in, double out) {}

  /** Returns the node named {@code name}. */
  public NodeStats node(String name) {
    return nodes.stream()
        .filter(n -> n.name().equals(name))
        .findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no node " + name));
  }
}
