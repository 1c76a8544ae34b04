package dev.keyplan.cassandra.simulate;

import dev.keyplan.cassandra.design.Fanout;
import dev.keyplan.cassandra.facts.ConsistencyLevels;

/**
 * Per-node work, summed as operations are applied.
 *
 * <p>A write is applied by every replica, whatever its consistency level: the level only says how
 * many acknowledgements the coordinator waits for (Cassandra docs, "Dynamo" architecture page). A
 * read contacts {@code ConsistencyLevels.replicas(level)} replicas, nearest first: those of the
 * coordinator's (local) datacenter, then remote ones; within a datacenter the work spreads evenly
 * over the replicas, as the dynamic snitch evens it out over time. The coordinator is a local
 * replica of the partition (token-aware load balancing, the Java driver's default), spread evenly
 * over them.
 *
 * <p>Each keyspace replicates on its own ({@link #sharing}): the loads of the tables of several
 * keyspaces add up on the same nodes, each applied with its table's replicas.
 */
final class Load {
  final Cluster cluster;
  final int localRf;
  final int totalRf;
  final int dcs;
  final double[] coordinator;
  final double[] reads;
  final double[] writes;

  Load(Cluster cluster, int localRf, int totalRf, int dcs) {
    this(
        cluster,
        localRf,
        totalRf,
        dcs,
        new double[cluster.size()],
        new double[cluster.size()],
        new double[cluster.size()]);
  }

  private Load(
      Cluster cluster,
      int localRf,
      int totalRf,
      int dcs,
      double[] coordinator,
      double[] reads,
      double[] writes) {
    this.cluster = cluster;
    this.localRf = localRf;
    this.totalRf = totalRf;
    this.dcs = dcs;
    this.coordinator = coordinator;
    this.reads = reads;
    this.writes = writes;
  }

  /**
   * Returns a load that adds to this one's nodes through another keyspace's replicas of the same
   * ring.
   */
  Load sharing(Cluster other, int localRf, int totalRf, int dcs) {
    return new Load(other, localRf, totalRf, dcs, coordinator, reads, writes);
  }

  void clear() {
    java.util.Arrays.fill(coordinator, 0);
    java.util.Arrays.fill(reads, 0);
    java.util.Arrays.fill(writes, 0);
  }

  /** Replicas a read at {@code level} contacts. */
  int contacted(String level) {
    return Math.min(totalRf, ConsistencyLevels.replicas(level, localRf, totalRf, dcs));
  }

  /**
   * Applies {@code count} partition operations on range {@code range}, of which {@code requests}
   * are separate client requests (a bucket walk reads several partitions per request).
   *
   * @param perReplica receives, per replica position, the work each replica did (may be null)
   */
  void apply(
      int range, double count, double requests, boolean write, int contacted, double[] perReplica) {
    int[] all = cluster.replicas[range];
    int[] local = cluster.localReplicas[range].length > 0 ? cluster.localReplicas[range] : all;
    for (int x : local) {
      coordinator[x] += requests / local.length;
    }
    if (write) {
      for (int i = 0; i < all.length; i++) {
        writes[all[i]] += count;
        if (perReplica != null) {
          perReplica[i] += count;
        }
      }
      return;
    }
    int near = Math.min(contacted, local.length);
    int remote = all.length - local.length;
    if (remote == 0) { // one datacenter: every replica is local
      double w = count * near / local.length;
      for (int i = 0; i < all.length; i++) {
        reads[all[i]] += w;
        if (perReplica != null) {
          perReplica[i] += w;
        }
      }
      return;
    }
    int far = Math.min(Math.max(0, contacted - near), remote);
    for (int i = 0; i < all.length; i++) {
      int x = all[i];
      boolean isLocal = contains(local, x);
      double w = isLocal ? count * near / local.length : (remote > 0 ? count * far / remote : 0);
      reads[x] += w;
      if (perReplica != null) {
        perReplica[i] += w;
      }
    }
  }

  /**
   * Applies {@code count} operations spread over the whole ring by each range's width: the tail of
   * many distinct keys, whose tokens Murmur3 spreads evenly.
   */
  void applyTail(double count, double requests, boolean write, int contacted) {
    for (int x = 0; x < cluster.size(); x++) {
      double local = cluster.localShare[x];
      double any = cluster.replicaShare[x];
      if (write) {
        writes[x] += count * any;
      } else {
        int localRf = Math.max(1, this.localRf);
        int near = Math.min(contacted, localRf);
        int remoteRf = totalRf - localRf;
        int far = Math.min(Math.max(0, contacted - near), remoteRf);
        reads[x] +=
            count * local * near / localRf
                + (remoteRf > 0 ? count * (any - local) * far / remoteRf : 0);
      }
      coordinator[x] += requests * local / Math.max(1, localRf);
    }
  }

  /**
   * Applies {@code requests} range reads (an index query, ALLOW FILTERING, a scan), each asking
   * {@code contacts} ({@link Fanout#rangeRead}: ⌈nodes ÷ RF⌉ replica sets × the level's replicas):
   * the local replica requests go to the local datacenter's nodes in proportion to the share of the
   * ring they replicate, the remote ones likewise to the other datacenters' nodes. The coordinator
   * is any local node.
   */
  void applyRange(double requests, Fanout.Contacts contacts) {
    double local = 0;
    double remote = 0;
    int localNodes = 0;
    for (int x = 0; x < cluster.size(); x++) {
      local += cluster.localShare[x];
      remote += cluster.replicaShare[x] - cluster.localShare[x];
      if (cluster.nodes.get(x).datacenter().equals(cluster.localDc)) {
        localNodes++;
      }
    }
    double near = requests * contacts.replicaSets() * contacts.near();
    double far = requests * contacts.replicaSets() * contacts.far();
    for (int x = 0; x < cluster.size(); x++) {
      if (local > 0) {
        reads[x] += near * cluster.localShare[x] / local;
      }
      if (remote > 1e-12) {
        reads[x] += far * (cluster.replicaShare[x] - cluster.localShare[x]) / remote;
      }
      if (cluster.nodes.get(x).datacenter().equals(cluster.localDc)) {
        coordinator[x] += requests / Math.max(1, localNodes);
      }
    }
  }

  private static boolean contains(int[] a, int v) {
    for (int x : a) {
      if (x == v) {
        return true;
      }
    }
    return false;
  }
}
