package dev.keyplan.cassandra.simulate;

import dev.keyplan.cassandra.ring.Node;
import dev.keyplan.cassandra.ring.ReplicaPlacement;
import dev.keyplan.cassandra.ring.Ring;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A ring with every range's replicas worked out once, so a simulated operation costs a binary
 * search and an array read instead of a ring walk.
 *
 * <p>Range {@code i} is {@code (token[i − 1], token[i]]}, range 0 wrapping from the largest token
 * (apache/cassandra {@code TokenMetadata.firstToken}). Its width is counted in tokens out of 2⁶⁴,
 * so a node's replicated share sums the widths of the ranges it is a replica of: with RF 3 on 6
 * even nodes, each holds 3/6 = 50% of the data.
 */
final class Cluster {
  private static final double RING = Math.pow(2, 64);

  final Ring ring;
  final List<Node> nodes;
  final String localDc;
  final long[] tokens;

  /** Per range, the node indexes of its replicas, primary first. */
  final int[][] replicas;

  /** Per range, the replicas in the local datacenter, primary-most first. */
  final int[][] localReplicas;

  final double[] width;

  /** Per node, the share of the ring it holds a replica of. */
  final double[] replicaShare;

  /** Per node, the share of the ring it is a local-datacenter replica of. */
  final double[] localShare;

  /** Per node, the share of the ring it is the primary of. */
  final double[] primaryShare;

  private final Map<String, Integer> index = new HashMap<>();

  /**
   * Per 1/65,536 of the ring (by the token's top 16 bits), the first range that can hold its
   * tokens.
   */
  private final int[] start = new int[1 << 16];

  Cluster(Ring ring, ReplicaPlacement placement, String localDc) {
    this.ring = ring;
    this.nodes = ring.nodes();
    this.localDc = localDc;
    for (int i = 0; i < nodes.size(); i++) {
      index.put(nodes.get(i).name(), i);
    }
    this.tokens = ring.sortedTokens().stream().mapToLong(Long::longValue).toArray();
    int n = tokens.length;
    replicas = new int[n][];
    localReplicas = new int[n][];
    width = new double[n];
    replicaShare = new double[nodes.size()];
    localShare = new double[nodes.size()];
    primaryShare = new double[nodes.size()];
    for (int i = 0; i < n; i++) {
      List<Node> r = placement.replicas(ring, tokens[i]);
      replicas[i] = r.stream().mapToInt(x -> index.get(x.name())).toArray();
      localReplicas[i] =
          r.stream()
              .filter(x -> x.datacenter().equals(localDc))
              .mapToInt(x -> index.get(x.name()))
              .toArray();
      long previous = tokens[(i - 1 + n) % n];
      width[i] = n == 1 ? RING : unsigned(tokens[i] - previous);
      for (int x : replicas[i]) {
        replicaShare[x] += width[i] / RING;
      }
      for (int x : localReplicas[i]) {
        localShare[x] += width[i] / RING;
      }
      primaryShare[replicas[i][0]] += width[i] / RING;
    }
    int r = 0;
    for (int b = 0; b < start.length; b++) {
      long lowest = ((long) b << 48) + Long.MIN_VALUE;
      while (r < n && tokens[r] < lowest) {
        r++;
      }
      start[b] = r;
    }
  }

  /**
   * Returns the range holding {@code token}: the first node token at or after it, wrapping to 0.
   */
  int rangeOf(long token) {
    // Start where the token's 1/65,536 of the ring starts, then step: with fewer ranges than
    // slices (16,000 on a 1,000-node ring) that is one or two steps, not a binary search.
    int i = start[(int) ((token - Long.MIN_VALUE) >>> 48)];
    while (i < tokens.length && tokens[i] < token) {
      i++;
    }
    return i == tokens.length ? 0 : i;
  }

  /** Returns the index of the node named {@code name}, or -1. */
  int indexOf(String name) {
    return index.getOrDefault(name, -1);
  }

  int size() {
    return nodes.size();
  }

  static double unsigned(long v) {
    return v >= 0 ? v : RING + v;
  }
}
