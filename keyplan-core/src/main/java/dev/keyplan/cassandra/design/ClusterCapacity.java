package dev.keyplan.cassandra.design;

import dev.keyplan.cassandra.facts.CassandraLimits;
import dev.keyplan.cassandra.model.CassandraDesign;
import dev.keyplan.model.AccessPattern;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The whole cluster's load and data at the declared node count ({@code nodes:} per datacenter), the
 * figures the heat table's busiest partition does not give: a design whose every partition is cool
 * can still need more nodes than it has.
 *
 * <p>Replica operations are counted as {@code keyplan simulate} applies them (its {@code Load}), so
 * that check's mean per node and simulate's mean node agree:
 *
 * <ul>
 *   <li>a write is applied by every replica of the table's keyspace, whatever its level: {@code
 *       rate × RF} (all datacenters; Apache Cassandra docs, "Dynamo",
 *       https://cassandra.apache.org/doc/5.0/cassandra/architecture/dynamo.html);
 *   <li>a read keyed on partitions asks {@code replicas(level)} of them, local ones first: {@code
 *       rate × partitions read × replicas(level)} ({@link Fanout#contacted});
 *   <li>a read through a secondary index, ALLOW FILTERING or a scan is a range read covering the
 *       ring: {@code rate × ⌈nodes ÷ RF⌉ × replicas(level)} ({@link Fanout#rangeRead}, where the
 *       figure and its sources are);
 *   <li>every request is coordinated by one node: {@code rate} per table it asks (an application
 *       join asks each of its tables).
 * </ul>
 *
 * <p>Two costs Cassandra pays that simulate does not model are counted beside them ({@link
 * #unsimulatedPerSecond}): a lightweight transaction's Paxos rounds beyond the first (4 for a
 * write, 3 for a serial read, as in the heat table) and the server's writes of a materialized view
 * when its base table is written.
 *
 * <p>Every RF is the table's own keyspace's: a model over keyspaces of RF 3 and RF 1 writes and
 * stores the RF 1 tables once.
 *
 * <p>Data: every table's bytes on one replica ({@link CassandraSizing#tableBytes}, at the horizon,
 * before compression) × its keyspace's RF over all datacenters, spread over the nodes, against
 * {@link CassandraLimits#GUIDELINE_BYTES_PER_NODE}.
 *
 * <p>Example (examples/sensors.yaml): 10,000 writes/s × RF 3 = 30,000 replica writes/s and 2,000
 * reads/s of one partition at LOCAL_ONE = 2,000 replica reads/s, on 6 nodes: 5,333 replica
 * operations/s per node, 26.7% of a 20,000/s budget; 2 nodes would do by throughput, but RF 3 needs
 * 3.
 *
 * @param nodesPerDatacenter the design's {@code nodes:}
 * @param datacenters datacenters with replicas of any of the tables
 * @param localRf the largest replication factor of a table in the local datacenter (the fewest
 *     nodes one can have)
 * @param coordinatorPerSecond requests coordinated per second, whole cluster
 * @param replicaReadsPerSecond replica reads per second, whole cluster, as simulate counts them
 * @param replicaWritesPerSecond replica writes per second, whole cluster, as simulate counts them
 * @param unsimulatedPerSecond replica operations per second simulate does not model: Paxos rounds
 *     beyond the first, materialized-view writes
 * @param nodeBudget replica operations per second one node is planned to serve ({@code
 *     node_budget})
 * @param bytes data on all replicas at the horizon, before compression; NaN when a table's size is
 *     unknown (a key spread undeclared)
 * @param bytesAtLeast {@code bytes} when known, else a lower bound: a table of unknown size counted
 *     as its rows × their bytes ({@link CassandraSizing#tableBytesAtLeast}); NaN when a table's
 *     rows are unknown too
 * @param bytesPerNodeGuideline data one node should hold
 * @param patterns each pattern's share of the load, in model order
 */
public record ClusterCapacity(
    int nodesPerDatacenter,
    int datacenters,
    int localRf,
    double coordinatorPerSecond,
    double replicaReadsPerSecond,
    double replicaWritesPerSecond,
    double unsimulatedPerSecond,
    double nodeBudget,
    double bytes,
    double bytesAtLeast,
    double bytesPerNodeGuideline,
    List<PatternLoad> patterns) {

  public ClusterCapacity {
    patterns = List.copyOf(patterns);
  }

  /**
   * One pattern's load on the cluster.
   *
   * @param replicaOpsPerSecond replica reads or writes per second, as simulate counts them
   * @param unsimulatedPerSecond Paxos rounds beyond the first and view writes it causes
   */
  public record PatternLoad(
      String pattern,
      double coordinatorPerSecond,
      double replicaOpsPerSecond,
      double unsimulatedPerSecond) {}

  /** Returns every node of every datacenter. */
  public int nodes() {
    return nodesPerDatacenter * datacenters;
  }

  /** Returns replica operations per second over the whole cluster, unsimulated ones included. */
  public double replicaOpsPerSecond() {
    return replicaReadsPerSecond + replicaWritesPerSecond + unsimulatedPerSecond;
  }

  /** Returns the mean node's replica operations per second, as simulate's mean node counts them. */
  public double simulatedPerNode() {
    return (replicaReadsPerSecond + replicaWritesPerSecond) / nodes();
  }

  /** Returns the mean node's replica operations per second. */
  public double replicaOpsPerNode() {
    return replicaOpsPerSecond() / nodes();
  }

  /** Returns the requests the mean node coordinates per second. */
  public double coordinatorPerNode() {
    return coordinatorPerSecond / nodes();
  }

  /** Returns the mean node's share of {@code node_budget}. */
  public double budgetShare() {
    return nodeBudget > 0 ? replicaOpsPerNode() / nodeBudget : 0;
  }

  /** Returns the data on the mean node, before compression (NaN when unknown). */
  public double bytesPerNode() {
    return bytes / nodes();
  }

  /** Returns the mean node's share of the per-node data guideline (NaN when unknown). */
  public double storageShare() {
    return bytesPerNode() / bytesPerNodeGuideline;
  }

  /**
   * Returns the nodes per datacenter the replica operations need: {@code ⌈ops ÷ (budget ×
   * datacenters)⌉}, at least 1.
   */
  public int nodesByThroughput() {
    if (nodeBudget <= 0) {
      return 1;
    }
    return (int) Math.max(1, Math.ceil(replicaOpsPerSecond() / (nodeBudget * datacenters)));
  }

  /**
   * Returns the nodes per datacenter the data needs: {@code ⌈bytes ÷ (guideline × datacenters)⌉},
   * at least 1; with a table's size unknown, the same of the lower bound {@link #bytesAtLeast} (the
   * nodes the data needs at least: {@link #storageKnown} says which); 0 when even that is unknown.
   */
  public int nodesByStorage() {
    double b = Double.isNaN(bytes) ? bytesAtLeast : bytes;
    if (Double.isNaN(b)) {
      return 0;
    }
    return (int) Math.max(1, Math.ceil(b / (bytesPerNodeGuideline * datacenters)));
  }

  /** Whether every table's size is known, so that {@link #nodesByStorage} is exact. */
  public boolean storageKnown() {
    return !Double.isNaN(bytes);
  }

  /**
   * Returns the nodes per datacenter the design needs: the larger of throughput and storage, and
   * never fewer than the local replication factor (a datacenter holds RF distinct replicas).
   */
  public int nodesNeeded() {
    return Math.max(localRf, Math.max(nodesByThroughput(), nodesByStorage()));
  }

  /**
   * Returns the rows one request of write {@code p} writes in {@code table} (a fan-out's N), with
   * {@code byName} the first bound table of each name; 1 for a table not bound. A map, not a scan
   * of the tables per written table: the scan made the capacity writes × tables (about 600 ms of
   * the 20,000-pattern, 6,000-table bench model's analysis, which took 1,019 ms, 797 after).
   */
  private static double rowsWritten(Map<String, BoundTable> byName, String table, AccessPattern p) {
    BoundTable t = byName.get(table);
    return t == null ? 1 : t.rowsWritten(p);
  }

  /**
   * Works out the cluster's load from the plans and sizes.
   *
   * @param tables the bound tables (to find each base table's materialized views)
   */
  static ClusterCapacity of(
      CassandraDesign design,
      List<BoundTable> tables,
      List<CassandraPlan> plans,
      Map<String, CassandraSizing> sizing,
      ConsistencyAnalysis consistency,
      Fanout fanout) {
    int nodesPerDc = design.nodes();
    Map<String, List<String>> views = new java.util.HashMap<>();
    // The cluster's datacenters are those any table's keyspace replicates to; its smallest
    // datacenter must hold the largest local RF.
    java.util.Set<String> datacenters = new java.util.LinkedHashSet<>();
    int localRf = 1;
    for (BoundTable t : tables) {
      t.table()
          .viewOf()
          .ifPresent(base -> views.computeIfAbsent(base, k -> new ArrayList<>()).add(t.name()));
      TableReplication r = consistency.replication(t.name());
      datacenters.addAll(r.datacenters());
      localRf = Math.max(localRf, r.localRf());
    }
    if (tables.isEmpty()) {
      TableReplication r = consistency.replication(null);
      datacenters.addAll(r.datacenters());
      localRf = Math.max(localRf, r.localRf());
    }
    Map<String, BoundTable> byName = new java.util.HashMap<>();
    tables.forEach(t -> byName.putIfAbsent(t.name(), t));
    double coordinator = 0;
    double reads = 0;
    double writes = 0;
    double unsimulated = 0;
    List<PatternLoad> loads = new ArrayList<>();
    for (CassandraPlan plan : plans) {
      AccessPattern p = plan.pattern();
      if (plan.access() == CassandraAccess.NOT_SERVED || plan.tables().isEmpty()) {
        continue; // sends no request: simulate skips it too
      }
      double rate = p.ratePerSecond();
      String level = consistency.levelOf(p);
      int rounds = Math.max(1, ConsistencyAnalysis.paxosRoundTrips(p, level));
      double c = 0;
      double ops = 0;
      double extra = 0;
      // A read's related entities (with:) are reads of their own tables, added to the pattern's.
      for (CassandraPlan part : plan.requests()) {
        if (part.access() == CassandraAccess.NOT_SERVED || part.tables().isEmpty()) {
          continue;
        }
        List<String> targets =
            part.access() == CassandraAccess.APPLICATION_JOIN || !p.isRead()
                ? part.tables()
                : part.tables().subList(0, 1);
        for (String table : targets) {
          if (!sizing.containsKey(table)) {
            continue;
          }
          int totalRf = consistency.replication(table).totalRf();
          if (!p.isRead()) {
            // A fan-out writes N rows a request, each a mutation on every replica.
            double rows = rate * rowsWritten(byName, table, p);
            c += rows;
            ops += rows * totalRf;
            extra += rows * totalRf * (rounds - 1);
            extra += rows * totalRf * views.getOrDefault(table, List.of()).size();
            continue;
          }
          c += rate;
          if (part.access() == CassandraAccess.SECONDARY_INDEX
              || part.access() == CassandraAccess.ALLOW_FILTERING
              || part.access() == CassandraAccess.FULL_SCAN) {
            int requests = fanout.rangeRead(p, table).requests();
            ops += rate * requests;
            extra += rate * requests * (rounds - 1);
          } else {
            double partitions =
                Double.isNaN(part.partitions().typical())
                    ? 1
                    : Math.max(1, part.partitions().typical());
            int requests = fanout.contacted(p, table).requests();
            ops += rate * partitions * requests;
            extra += rate * partitions * requests * (rounds - 1);
          }
        }
      }
      coordinator += c;
      if (p.isRead()) {
        reads += ops;
      } else {
        writes += ops;
      }
      unsimulated += extra;
      loads.add(new PatternLoad(p.id(), c, ops, extra));
    }
    double bytes = 0;
    double atLeast = 0;
    for (CassandraSizing s : sizing.values()) {
      int rf = consistency.replication(s.table()).totalRf();
      // NaN stays NaN: one unknown table makes the total unknown, and its lower bound a bound.
      bytes += s.tableBytes() * rf;
      atLeast += s.tableBytesAtLeast() * rf;
    }
    return new ClusterCapacity(
        nodesPerDc,
        Math.max(1, datacenters.size()),
        localRf,
        coordinator,
        reads,
        writes,
        unsimulated,
        design.nodeBudget(),
        bytes,
        atLeast,
        CassandraLimits.GUIDELINE_BYTES_PER_NODE,
        loads);
  }
}
