package dev.keyplan.cassandra.simulate;

import dev.keyplan.cassandra.cql.CqlKeyspace;
import dev.keyplan.cassandra.design.CassandraAnalysis;
import dev.keyplan.cassandra.design.TableReplication;
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
 * The simulated cluster: datacenters, racks, nodes with their tokens, and the replication of each
 * keyspace the design's tables are in, taken from the setup where it says and from the keyspace
 * otherwise.
 *
 * <p>Nodes are named {@code n1…} in one datacenter and {@code dc2-n1…} with several, dealt to racks
 * {@code r1…} in turn; they join in name order, datacenters interleaved, each drawing tokens as the
 * allocation says from one {@code SplittableRandom(seed)}. One ring serves every keyspace; each
 * keyspace places its replicas on it by its own strategy and factors ({@link KeyspaceRing}), as
 * Cassandra does: replication is a keyspace's, the tokens the nodes'.
 *
 * @param cluster the design keyspace's replicas on the ring (the first under {@code keyspace:})
 * @param rings each table's keyspace's replicas on the same ring, by table name
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
    ToIntFunction<String> allocationRf,
    Map<String, KeyspaceRing> rings) {

  /**
   * One keyspace's replicas on the shared ring.
   *
   * @param replication its replication as simulated (the setup's {@code --rf} or the keyspace's)
   * @param placement how it places replicas
   */
  record KeyspaceRing(Cluster cluster, TableReplication replication, ReplicaPlacement placement) {}

  /**
   * Returns the replication in words: the design keyspace's placement, or each keyspace's when the
   * tables' keyspaces place replicas differently ({@code hotel {...}; reservation {...}}).
   */
  String describeReplication() {
    Map<String, String> each = new LinkedHashMap<>();
    rings
        .values()
        .forEach(r -> each.putIfAbsent(r.replication().keyspace(), r.placement().describe()));
    if (each.values().stream().distinct().count() <= 1) {
      return placement.describe();
    }
    List<String> parts = new ArrayList<>();
    each.forEach((k, d) -> parts.add(k + " " + d));
    return String.join("; ", parts);
  }

  /** Returns the replicas of {@code table}'s keyspace (the design keyspace's if not known). */
  KeyspaceRing ring(String table) {
    KeyspaceRing r = rings.get(table);
    return r != null
        ? r
        : new KeyspaceRing(
            cluster,
            new TableReplication("", "", localRf, totalRf, dcs > 1 ? datacenters : List.of()),
            placement);
  }

  /** Every keyspace a table is in, the design's first; {@code ""} to null when there is none. */
  private static Map<String, CqlKeyspace> keyspaces(CassandraAnalysis a) {
    CqlKeyspace main = keyspace(a);
    Map<String, CqlKeyspace> keyspaces = new LinkedHashMap<>();
    if (main != null) {
      keyspaces.put(main.name(), main);
    }
    for (var t : a.tables()) {
      String name = a.replication(t.name()).keyspace();
      a.schema().keyspace(name).ifPresent(k -> keyspaces.putIfAbsent(k.name(), k));
    }
    if (keyspaces.isEmpty()) {
      keyspaces.put("", null);
    }
    return keyspaces;
  }

  /**
   * The datacenters the run builds: the setup's, else those the keyspaces' NetworkTopologyStrategy
   * names, else {@code dc1}.
   */
  static List<String> datacenters(CassandraAnalysis a, CassandraSetup setup) {
    return datacenters(keyspaces(a), setup);
  }

  private static List<String> datacenters(
      Map<String, CqlKeyspace> keyspaces, CassandraSetup setup) {
    return setup
        .datacenters()
        .orElseGet(
            () -> {
              List<String> named = new ArrayList<>();
              for (CqlKeyspace ks : keyspaces.values()) {
                if (ks != null && !simple(ks)) {
                  ks.replication()
                      .forEach(
                          (dc, n) -> {
                            if (!dc.equals("replication_factor") && n > 0 && !named.contains(dc)) {
                              named.add(dc);
                            }
                          });
                }
              }
              return named.isEmpty() ? List.of("dc1") : named;
            });
  }

  static Topology of(CassandraAnalysis a, CassandraSetup setup, long seed) {
    Map<String, CqlKeyspace> keyspaces = keyspaces(a);
    List<String> dcs = datacenters(keyspaces, setup);
    Map<String, ReplicaPlacement> placements = new LinkedHashMap<>();
    Map<String, TableReplication> replications = new LinkedHashMap<>();
    Map<String, Integer> allocation = new LinkedHashMap<>();
    for (var e : keyspaces.entrySet()) {
      CqlKeyspace ks = e.getValue();
      boolean simple = setup.simpleStrategy().orElse(ks != null && simple(ks));
      Map<String, Integer> factors = factors(ks, setup, simple, dcs);
      ReplicaPlacement placement =
          simple
              ? new ReplicaPlacement.Simple(factors.values().iterator().next())
              : new ReplicaPlacement.NetworkTopology(factors);
      int local = simple ? factors.values().iterator().next() : factors.getOrDefault(dcs.get(0), 0);
      int total = simple ? local : factors.values().stream().mapToInt(Integer::intValue).sum();
      placements.put(e.getKey(), placement);
      replications.put(
          e.getKey(),
          new TableReplication(
              e.getKey(),
              simple ? "SimpleStrategy" : "NetworkTopologyStrategy",
              local,
              total,
              simple ? List.of() : List.copyOf(factors.keySet())));
      // The allocator balances each datacenter for the replicas it keeps, as an operator sets
      // allocate_tokens_for_local_replication_factor to the keyspace's RF (the largest, with
      // several keyspaces); SimpleStrategy's replicas ignore datacenters, and the allocator then
      // sees them all as local.
      for (String dc : dcs) {
        int n = simple ? local : factors.getOrDefault(dc, 0);
        allocation.merge(dc, n, Math::max);
      }
    }
    boolean simpleMain = replications.values().iterator().next().simple();
    ToIntFunction<String> allocationRf = dc -> allocation.getOrDefault(dc, 0);
    SplittableRandom random = new SplittableRandom(seed);
    List<String[]> joining = new ArrayList<>();
    for (int i = 1; i <= setup.nodesPerDatacenter(); i++) {
      for (String dc : dcs) {
        joining.add(new String[] {name(dcs, dc, i), dc, "r" + ((i - 1) % setup.racks() + 1)});
      }
    }
    List<Node> nodes =
        setup.allocation().allocate(List.of(), joining, setup.numTokens(), allocationRf, random);
    nodes = new ArrayList<>(nodes);
    nodes.sort(
        java.util.Comparator.comparing(
                Node::datacenter, java.util.Comparator.comparingInt(dcs::indexOf))
            .thenComparingInt(
                n -> Integer.parseInt(n.name().substring(n.name().lastIndexOf('n') + 1))));
    Ring ring = Ring.of(nodes);
    Map<String, Cluster> clusters = new LinkedHashMap<>();
    placements.forEach((k, pl) -> clusters.put(k, new Cluster(ring, pl, dcs.get(0))));
    String first = keyspaces.keySet().iterator().next();
    Map<String, KeyspaceRing> rings = new LinkedHashMap<>();
    for (var t : a.tables()) {
      String k = a.replication(t.name()).keyspace();
      String key = clusters.containsKey(k) ? k : first;
      rings.put(
          t.name(),
          new KeyspaceRing(clusters.get(key), replications.get(key), placements.get(key)));
    }
    TableReplication r = replications.get(first);
    return new Topology(
        clusters.get(first),
        placements.get(first),
        dcs,
        r.localRf(),
        r.totalRf(),
        simpleMain ? 1 : r.datacenters().size(),
        random,
        setup,
        allocationRf,
        rings);
  }

  /** Returns the replicas per datacenter of {@code ks} (null: none declared) on {@code dcs}. */
  private static Map<String, Integer> factors(
      CqlKeyspace ks, CassandraSetup setup, boolean simple, List<String> dcs) {
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
      return factors;
    }
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
    return factors;
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
