package dev.keyplan.cassandra.simulate;

import dev.keyplan.cassandra.cql.CqlKeyspace;
import dev.keyplan.cassandra.design.CassandraAnalysis;
import dev.keyplan.cassandra.ring.Node;
import dev.keyplan.cassandra.ring.ReplicaPlacement;
import dev.keyplan.cassandra.ring.Ring;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.ToIntFunction;

/**
 * The simulated cluster: datacenters, racks, nodes with their tokens, and the replication, taken
 * from the setup where it says and from the keyspace otherwise.
 *
 * <p>Nodes are named {@code n1…} in one datacenter and {@code dc2-n1…} with several, dealt to racks
 * {@code r1…} in turn; they join in name order, datacenters interleaved, each drawing tokens as the
 * allocation says from one {@code SplittableRandom(seed)}.
 */
record Topology(
    Cluster cluster,
    ReplicaPlacement placement,
    List<String> datacenters,
    int localRf,
    int totalRf,
    int dcs,
    SplittableRandom random,
    CassandraSetup setup,
    ToIntFunction<String> allocationRf) {

  static Topology of(CassandraAnalysis a, CassandraSetup setup, long seed) {
    CqlKeyspace ks = keyspace(a);
    boolean simple = setup.simpleStrategy().orElse(ks != null && simple(ks));
    List<String> dcs =
        setup
            .datacenters()
            .orElseGet(
                () -> {
                  List<String> named = new ArrayList<>();
                  if (ks != null && !simple(ks)) {
                    ks.replication()
                        .forEach(
                            (dc, n) -> {
                              if (!dc.equals("replication_factor") && n > 0) {
                                named.add(dc);
                              }
                            });
                  }
                  return named.isEmpty() ? List.of("dc1") : named;
                });
    Map<String, Integer> factors = new LinkedHashMap<>();
    if (setup.replication().isPresent()) {
      for (var e : setup.replication().get().entrySet()) {
        if (!simple && !dcs.contains(e.getKey())) {
          throw new dev.keyplan.simulate.SetupException(
              "replication names datacenter "
                  + e.getKey()
                  + ", which the cluster does not have (datacenters: "
                  + String.join(", ", dcs)
                  + ")");
        }
        factors.put(e.getKey(), e.getValue());
      }
    } else {
      int fallback = ks == null ? 3 : ks.replication().getOrDefault("replication_factor", 0);
      for (String dc : dcs) {
        int n = ks == null ? 3 : ks.replication().getOrDefault(dc, fallback);
        factors.put(dc, n);
      }
      factors.values().removeIf(n -> n <= 0);
      if (factors.isEmpty()) {
        throw new dev.keyplan.simulate.SetupException(
            "the keyspace "
                + (ks == null ? "" : ks.name() + " ")
                + "places no replica in the simulated datacenters "
                + dcs
                + "; give --datacenters or --rf");
      }
    }
    ReplicaPlacement placement =
        simple
            ? new ReplicaPlacement.Simple(factors.values().iterator().next())
            : new ReplicaPlacement.NetworkTopology(factors);
    SplittableRandom random = new SplittableRandom(seed);
    List<String[]> joining = new ArrayList<>();
    for (int i = 1; i <= setup.nodesPerDatacenter(); i++) {
      for (String dc : dcs) {
        joining.add(new String[] {name(dcs, dc, i), dc, "r" + ((i - 1) % setup.racks() + 1)});
      }
    }
    // The allocator balances each datacenter for the replicas it keeps, as an operator sets
    // allocate_tokens_for_local_replication_factor to the keyspace's RF; SimpleStrategy's replicas
    // ignore datacenters, and the allocator then sees them all as local.
    int simpleRf = factors.values().iterator().next();
    ToIntFunction<String> allocationRf =
        simple ? dc -> simpleRf : dc -> factors.getOrDefault(dc, 0);
    List<Node> nodes =
        setup.allocation().allocate(List.of(), joining, setup.numTokens(), allocationRf, random);
    nodes = new ArrayList<>(nodes);
    nodes.sort(
        java.util.Comparator.comparing(
                Node::datacenter, java.util.Comparator.comparingInt(dcs::indexOf))
            .thenComparingInt(
                n -> Integer.parseInt(n.name().substring(n.name().lastIndexOf('n') + 1))));
    Cluster cluster = new Cluster(Ring.of(nodes), placement, dcs.get(0));
    int local = simple ? factors.values().iterator().next() : factors.getOrDefault(dcs.get(0), 0);
    int total = simple ? local : factors.values().stream().mapToInt(Integer::intValue).sum();
    return new Topology(
        cluster,
        placement,
        dcs,
        local,
        total,
        simple ? 1 : factors.size(),
        random,
        setup,
        allocationRf);
  }

  private static boolean simple(CqlKeyspace ks) {
    return ks.strategyClass().endsWith("SimpleStrategy");
  }

  static String name(List<String> dcs, String dc, int i) {
    return dcs.size() == 1 ? "n" + i : dc + "-n" + i;
  }

  /** The keyspace of the design's tables, as the analyzer chose it. */
  private static CqlKeyspace keyspace(CassandraAnalysis a) {
    String name =
        a.design()
            .keyspace()
            .orElse(a.tables().isEmpty() ? null : a.tables().get(0).table().keyspace());
    CqlKeyspace ks = name == null ? null : a.schema().keyspace(name).orElse(null);
    if (ks == null && a.schema().keyspaces().size() == 1) {
      ks = a.schema().keyspaces().get(0);
    }
    return ks;
  }

  /**
   * The cluster after the setup's change: {@code addNodes} new nodes (in the local datacenter,
   * racks dealt on from the last) with tokens from the same allocation and random source, or the
   * named nodes gone.
   */
  Cluster changed() {
    List<Node> nodes = new ArrayList<>(cluster.nodes);
    for (String gone : setup.removeNodes()) {
      if (nodes.removeIf(n -> n.name().equals(gone)) == false) {
        throw new dev.keyplan.simulate.SetupException(
            "no node "
                + gone
                + " to remove (nodes: "
                + String.join(", ", cluster.nodes.stream().map(Node::name).toList())
                + ")");
      }
    }
    if (nodes.isEmpty()) {
      throw new dev.keyplan.simulate.SetupException(
          "removing " + setup.removeNodes() + " leaves no node");
    }
    List<String[]> joining = new ArrayList<>();
    String dc = datacenters.get(0);
    for (int i = 1; i <= setup.addNodes(); i++) {
      int n = setup.nodesPerDatacenter() + i;
      joining.add(new String[] {name(datacenters, dc, n), dc, "r" + ((n - 1) % setup.racks() + 1)});
    }
    List<Node> after =
        setup.allocation().allocate(nodes, joining, setup.numTokens(), allocationRf, random);
    return new Cluster(Ring.of(after), placement, datacenters.get(0));
  }

  boolean changes() {
    return setup.addNodes() > 0 || !setup.removeNodes().isEmpty();
  }
}
