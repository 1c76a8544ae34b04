package dev.keyplan.cassandra.simulate;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The cluster a Cassandra or ScyllaDB run simulates, checked once when built.
 *
 * @param nodesPerDatacenter nodes in each datacenter; default 6
 * @param datacenters datacenter names; default: those the keyspace's NetworkTopologyStrategy names,
 *     else {@code dc1}
 * @param racks racks per datacenter, nodes dealt to them in turn; default 3
 * @param numTokens vnodes per node; default 16, {@code conf/cassandra.yaml} since 4.0
 * @param allocation how tokens are chosen; default replication-aware, as {@code
 *     allocate_tokens_for_local_replication_factor: 3} is in the shipped yaml
 * @param replication replicas per datacenter; empty: the keyspace's own
 * @param simpleStrategy replicate with SimpleStrategy (the ring walk ignoring racks and
 *     datacenters) rather than NetworkTopologyStrategy; default: as the keyspace says
 * @param consistency a level for every pattern; empty: each pattern's own, else the design's
 * @param addNodes nodes to join at the end of the run, to see what data moves; default 0
 * @param removeNodes nodes to leave at the end of the run, by name; default none
 * @param shardsPerNode ScyllaDB shards (cores) per node; 0 for Cassandra; default: the design's,
 *     else 8
 */
public record CassandraSetup(
    int nodesPerDatacenter,
    Optional<List<String>> datacenters,
    int racks,
    int numTokens,
    TokenAllocation allocation,
    Optional<Map<String, Integer>> replication,
    Optional<Boolean> simpleStrategy,
    Optional<String> consistency,
    int addNodes,
    List<String> removeNodes,
    int shardsPerNode) {

  /** The levels a run understands: those the Cassandra CQL reference lists for reads and writes. */
  public static final Set<String> LEVELS =
      Set.of("ONE", "TWO", "THREE", "QUORUM", "LOCAL_QUORUM", "EACH_QUORUM", "ALL", "LOCAL_ONE");

  public CassandraSetup {
    require(
        nodesPerDatacenter >= 1 && nodesPerDatacenter <= 10_000,
        "nodes must be between 1 and 10,000, not " + nodesPerDatacenter);
    require(
        racks >= 1 && racks <= nodesPerDatacenter,
        "racks must be between 1 and the nodes per datacenter ("
            + nodesPerDatacenter
            + "), not "
            + racks);
    require(
        numTokens >= 1 && numTokens <= 1536,
        "num_tokens must be between 1 and 1536, not " + numTokens);
    require(
        addNodes >= 0 && addNodes <= 1000,
        "nodes to add must be between 0 and 1,000, not " + addNodes);
    datacenters.ifPresent(
        d ->
            require(
                !d.isEmpty() && d.stream().distinct().count() == d.size(),
                "datacenters must be distinct names, not " + d));
    replication.ifPresent(
        r ->
            r.forEach(
                (dc, n) ->
                    require(
                        n >= 1,
                        "the replication factor of " + dc + " must be at least 1, not " + n)));
    consistency.ifPresent(
        c ->
            require(
                LEVELS.contains(c),
                "consistency must be one of " + new java.util.TreeSet<>(LEVELS) + ", not " + c));
    require(
        shardsPerNode >= 0 && shardsPerNode <= 1024,
        "shards per node must be between 1 and 1,024, not " + shardsPerNode);
    removeNodes = List.copyOf(removeNodes);
  }

  /**
   * The defaults: 6 nodes per datacenter in 3 racks, 16 tokens, replication-aware tokens, the
   * keyspace's replication.
   */
  public static CassandraSetup defaults() {
    return defaults(dev.keyplan.cassandra.facts.CassandraLimits.DEFAULT_NODES_PER_DATACENTER);
  }

  /**
   * The defaults with {@code nodes} per datacenter: the design's {@code nodes:}, so that simulate
   * runs the cluster check plans for. Racks stay 3, or fewer on a smaller cluster.
   */
  public static CassandraSetup defaults(int nodes) {
    return new CassandraSetup(
        nodes,
        Optional.empty(),
        Math.min(3, nodes),
        16,
        TokenAllocation.REPLICATION_AWARE,
        Optional.empty(),
        Optional.empty(),
        Optional.empty(),
        0,
        List.of(),
        0);
  }

  private static void require(boolean ok, String message) {
    if (!ok) {
      throw new IllegalArgumentException(message);
    }
  }
}
