package dev.keyplan.cassandra.design;

import dev.keyplan.model.AccessPattern;

/**
 * How many replicas one read asks, and the cost the read planner compares plans by.
 *
 * <p>A keyed read asks the consistency level's replicas of each partition it names. A read that
 * restricts no partition key (through a secondary index, with ALLOW FILTERING, or a scan) is a
 * range read: the coordinator covers the whole token ring, asking the level's replicas of each
 * range, and merges consecutive ranges that the same replicas hold into one request, so covering
 * one datacenter asks at least ⌈nodes / RF⌉ replica sets. Source: Cassandra's range read path
 * ({@code StorageProxy.getRangeSlice}, {@code service/reads/range/RangeCommandIterator} and {@code
 * ReplicaPlanMerger}, Cassandra 4.0 to 5.0). Legacy indexes (2i) and SAI both take that path: each
 * replica asked reads its own local index, whether or not it holds a matching row.
 *
 * <p>The cost of a plan is the replica rows it reads per second: {@code (rows + index lookups) ×
 * replicas(CL) × rate}. Worked example: 6 nodes with RF 3 make 2 replica sets; at LOCAL_QUORUM (2
 * replicas) an index read finding 4 rows at 100/s costs (4 + 2) × 2 × 100 = 1,200 replica rows/s,
 * while a keyed read of one 20-row partition costs 20 × 2 × 100 = 4,000.
 *
 * @param nodes nodes in the local datacenter
 * @param localRf replicas of each row in the local datacenter
 * @param consistency the consistency arithmetic, for the replicas each pattern's level asks
 */
record Fanout(int nodes, int localRf, ConsistencyAnalysis consistency) {

  /** Returns the replicas that answer one request of {@code p} for each partition or range. */
  int replicas(AccessPattern p) {
    return Math.max(1, consistency.replicasOf(p));
  }

  /** Returns the replica sets a range read covers: ⌈nodes / RF⌉, at least 1. */
  int replicaSets() {
    return Math.max(1, (int) Math.ceil(nodes / (double) Math.max(1, localRf)));
  }

  /** Returns the replica rows per second a plan reading {@code rows} rows per request costs. */
  double cost(AccessPattern p, double rows) {
    return rows * replicas(p) * p.ratePerSecond();
  }
}
