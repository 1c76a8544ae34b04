package dev.keyplan.cassandra.design;

import dev.keyplan.cassandra.facts.ConsistencyLevels;
import dev.keyplan.model.AccessPattern;

/**
 * How many replicas one read asks, and the cost the read planner compares plans by: the one place
 * the planner, the cluster's capacity ({@link ClusterCapacity}) and {@code keyplan simulate} take
 * these figures from.
 *
 * <p>A keyed read asks the consistency level's replicas of each partition it names, local ones
 * first ({@link #contacted}).
 *
 * <p>A read that restricts no partition key (through a 2i or SAI index, with ALLOW FILTERING, or a
 * scan) is a range read, and Cassandra 5.0 serves all of them on one path: {@code
 * StorageProxy.getRangeSlice} hands the command to {@code RangeCommands}, which splits the ring
 * into its vnode ranges ({@code ReplicaPlanIterator}), merges consecutive ranges whose replicas
 * still satisfy the level into one request ({@code ReplicaPlanMerger}), and sends the requests a
 * batch at a time, the batch's size (the concurrency factor) being {@code ⌈limit ÷ rows expected
 * per range⌉}, rows per range estimated from the index as {@code estimated rows ÷ num_tokens ÷ RF}
 * (https://github.com/apache/cassandra/blob/cassandra-5.0/src/java/org/apache/cassandra/service/reads/range/RangeCommands.java,
 * https://github.com/apache/cassandra/blob/cassandra-5.0/src/java/org/apache/cassandra/service/reads/range/ReplicaPlanMerger.java).
 * Each replica asked searches its own local index for the ranges it was sent, whether or not it
 * holds a match: 2i and SAI indexes are built locally on each node (Apache Cassandra docs,
 * "Secondary index (2i) concepts",
 * https://cassandra.apache.org/Cassandra/trunk/cassandra/developing/cql/indexing/2i/2i-concepts.html;
 * DataStax, "How are indexes stored and updated?",
 * https://docs.datastax.com/en/cassandra/3.0/cassandra/dml/dmlIndexInternals.html). A query that
 * finds fewer rows than its limit (the usual case for an equality on an indexed column) covers the
 * whole ring, so the figure here is that whole-ring cover: the ring read once at the level is the
 * data of {@code nodes ÷ RF} nodes, asked of {@code replicas(level)} replicas, so a range read
 * costs {@code ⌈nodes ÷ RF⌉ × replicas(level)} replica requests ({@link #rangeRead}), the same for
 * 2i and SAI. An SAI top-k (ANN) query in later versions asks every replica the level needs at once
 * ({@code ScanAllRangesCommandIterator}) but reads the same share of the ring. Counting every node
 * once per request, as keyplan's cluster check did, is too many at ONE (6 nodes with RF 3: 6
 * instead of 2) and too few at QUORUM across datacenters. Traced on one Cassandra 5.0.6 node (16
 * tokens, RF 1), an SAI, a 2i and an ALLOW FILTERING read each submit 17 vnode ranges merged into 1
 * range request, ⌈1 ÷ 1⌉ × 1 (docs/model.md; one node cannot show which nodes a larger ring asks).
 *
 * <p>The cost of a plan is the replica rows it reads per second: {@code (rows + index lookups) ×
 * replicas(CL) × rate}. Worked example: 6 nodes with RF 3 make 2 replica sets; at LOCAL_QUORUM (2
 * replicas) an index read finding 4 rows at 100/s costs (4 + 2) × 2 × 100 = 1,200 replica rows/s,
 * while a keyed read of one 20-row partition costs 20 × 2 × 100 = 4,000.
 *
 * <p>Every figure is per table: a table's replicas are those of its own keyspace.
 */
public final class Fanout {
  private final int nodes;
  private final ConsistencyAnalysis consistency;

  /**
   * @param nodes nodes in each datacenter ({@code nodes:})
   * @param consistency the consistency arithmetic, for the replicas each pattern's level asks
   */
  Fanout(int nodes, ConsistencyAnalysis consistency) {
    this.nodes = nodes;
    this.consistency = consistency;
  }

  /**
   * The replica requests one read sends for one partition or, for a range read, for the whole ring.
   *
   * @param replicaSets the replica sets the ring splits into, 1 for a keyed read
   * @param near replicas asked in the local datacenter, per partition or replica set
   * @param far replicas asked in other datacenters, per partition or replica set
   */
  public record Contacts(int replicaSets, int near, int far) {
    /** Returns the replica requests in all: {@code replicaSets × (near + far)}. */
    public int requests() {
      return replicaSets * (near + far);
    }
  }

  /** Returns the nodes in each datacenter. */
  int nodes() {
    return nodes;
  }

  /** Returns the replicas of {@code table} that answer one request of {@code p}. */
  int replicas(AccessPattern p, String table) {
    return Math.max(1, consistency.replicasOf(p, table));
  }

  /** Returns the local replication factor of {@code table}. */
  int localRf(String table) {
    return consistency.replication(table).localRf();
  }

  /** Returns the replica sets a range read of {@code table} covers at the design's node count. */
  public int replicaSets(String table) {
    return replicaSets(nodes, localRf(table));
  }

  /**
   * Returns the replica sets a range read covers on {@code nodes} nodes per datacenter with {@code
   * localRf} replicas there: {@code ⌈nodes ÷ RF⌉}, at least 1 (a datacenter of fewer nodes than its
   * RF holds everything on each node).
   */
  public static int replicaSets(int nodes, int localRf) {
    return Math.max(1, (int) Math.ceil(nodes / (double) Math.max(1, localRf)));
  }

  /**
   * Returns the replicas of {@code table} one request of {@code p} at {@code level} asks per
   * partition, local ones first: {@code min(RF, replicas(level))}, of which at most the local RF
   * (and at most the datacenter's nodes) are local and the rest remote.
   */
  public Contacts contacted(AccessPattern p, String table) {
    TableReplication r = consistency.replication(table);
    return contacts(1, consistency.levelOf(p), r, nodes);
  }

  /**
   * Returns the replica requests one range read (index, ALLOW FILTERING, scan) of {@code table} by
   * {@code p} sends: {@code ⌈nodes ÷ RF⌉} replica sets, each asked at the pattern's level.
   */
  public Contacts rangeRead(AccessPattern p, String table) {
    TableReplication r = consistency.replication(table);
    return contacts(replicaSets(table), consistency.levelOf(p), r, nodes);
  }

  /**
   * Returns the contacts of a read at {@code level} of a table replicated as {@code r} on {@code
   * nodes} nodes per datacenter, over {@code replicaSets} replica sets: the arithmetic simulate
   * applies to the cluster it runs.
   */
  public static Contacts contacts(int replicaSets, String level, TableReplication r, int nodes) {
    int contacted =
        Math.min(r.totalRf(), ConsistencyLevels.replicas(level, r.localRf(), r.totalRf(), r.dcs()));
    int near = Math.min(contacted, Math.max(1, Math.min(r.localRf(), nodes)));
    int far = Math.min(Math.max(0, contacted - near), Math.max(0, r.totalRf() - r.localRf()));
    return new Contacts(replicaSets, near, far);
  }

  /**
   * Returns the replica rows per second a plan reading {@code rows} rows of {@code table} costs.
   */
  double cost(AccessPattern p, String table, double rows) {
    return rows * replicas(p, table) * p.ratePerSecond();
  }
}
