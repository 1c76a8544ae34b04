package dev.keyplan.cassandra.simulate;

import dev.keyplan.cassandra.ring.Murmur3Token;
import dev.keyplan.cassandra.ring.Node;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;

/**
 * How a joining node picks its {@code num_tokens} tokens.
 *
 * <p>{@link #RANDOM} is Cassandra's behaviour without an allocator option: each token is {@code
 * normalize(random long)}, skipping tokens already taken ({@code BootStrapper.getRandomTokens}).
 * {@link #REPLICATION_AWARE} stands for {@code allocate_tokens_for_local_replication_factor} (on by
 * default since 4.0, {@code conf/cassandra.yaml}), modelled by its effect, not its algorithm: each
 * new token takes an even share from the most loaded node, so ownership evens out as nodes join.
 * Cassandra's {@code ReplicationAwareTokenAllocator} optimises replicated ownership per rack and
 * its own log warns when the std-dev of ownership grows past 5%; this greedy choice gets the same
 * kind of balance (with 16 tokens, a few percent) without claiming the same tokens. Notes:
 * shared/notes/cassandra.md §4.1–4.2.
 */
public enum TokenAllocation {
  /** Random tokens from the seed. */
  RANDOM,
  /**
   * Even shares taken from the most loaded nodes: the balance the replication-aware allocator aims
   * at.
   */
  REPLICATION_AWARE;

  /**
   * Returns {@code nodes} with tokens: those in {@code existing} keep theirs; each of {@code
   * joining} (name, dc, rack) gets {@code numTokens} new ones, in order.
   */
  public List<Node> allocate(
      List<Node> existing, List<String[]> joining, int numTokens, SplittableRandom random) {
    return allocate(existing, joining, numTokens, false, random);
  }

  /**
   * As {@link #allocate(List, List, int, SplittableRandom)}; with {@code byRack}, a node balances
   * against its own rack's tokens: when a datacenter has at least RF racks, NetworkTopologyStrategy
   * puts one replica in each rack, so a node's replicated share is its share of its rack's ring.
   */
  public List<Node> allocate(
      List<Node> existing,
      List<String[]> joining,
      int numTokens,
      boolean byRack,
      SplittableRandom random) {
    TreeSet<Long> taken = new TreeSet<>();
    existing.forEach(n -> taken.addAll(n.tokens()));
    List<Node> out = new ArrayList<>(existing);
    for (String[] j : joining) {
      // A datacenter's replicas walk its own nodes' tokens, so its balance is among them alone.
      List<Node> group =
          out.stream()
              .filter(n -> n.datacenter().equals(j[1]) && (!byRack || n.rack().equals(j[2])))
              .toList();
      List<Long> tokens =
          this == RANDOM
              ? randomTokens(taken, numTokens, random)
              : group.isEmpty()
                  ? evenlySpaced(taken, numTokens, random)
                  : evenShare(group, taken, numTokens);
      taken.addAll(tokens);
      out.add(new Node(j[0], j[1], j[2], tokens));
    }
    return List.copyOf(out);
  }

  /**
   * The first node of a group: a random token, then the ring split evenly from it, as the
   * allocator's {@code TokenAllocatorBase.generateSplits} starts a fresh ring.
   */
  private static List<Long> evenlySpaced(TreeSet<Long> taken, int n, SplittableRandom random) {
    long first = Murmur3Token.normalize(random.nextLong());
    long step = Long.divideUnsigned(-1L, n);
    List<Long> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      long t = first + step * i;
      while (t == Long.MIN_VALUE || taken.contains(t) || out.contains(t)) {
        t++;
      }
      out.add(t);
    }
    return out;
  }

  private static List<Long> randomTokens(TreeSet<Long> taken, int n, SplittableRandom random) {
    List<Long> out = new ArrayList<>();
    while (out.size() < n) {
      long t = Murmur3Token.normalize(random.nextLong());
      if (!taken.contains(t) && !out.contains(t)) {
        out.add(t);
      }
    }
    return out;
  }

  /**
   * Tokens that take an even share from the most loaded nodes: each new token goes into the widest
   * range of the node that owns most of the group's ring, taking the new node's remaining target (1
   * / (nodes + 1)) spread over its remaining tokens, or most of that range if it is narrower. With
   * 16 tokens a joining node ends within a few percent of the even share, as the allocator aims.
   */
  private static List<Long> evenShare(List<Node> group, TreeSet<Long> taken, int n) {
    java.util.TreeMap<Long, Integer> ring = new java.util.TreeMap<>();
    for (int i = 0; i < group.size(); i++) {
      for (long t : group.get(i).tokens()) {
        ring.put(t, i);
      }
    }
    int joiner = group.size();
    double[] load = new double[group.size() + 1];
    ring.forEach((t, o) -> load[o] += width(ring, t));
    double need = RING / (group.size() + 1);
    List<Long> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      int owner = 0;
      for (int o = 1; o < group.size(); o++) {
        if (load[o] > load[owner]) {
          owner = o;
        }
      }
      long widest = 0;
      double w = -1;
      for (long t : group.get(owner).tokens()) {
        if (ring.get(t) != null && ring.get(t) == owner && width(ring, t) > w) {
          w = width(ring, t);
          widest = t;
        }
      }
      long previous = ring.lowerKey(widest) != null ? ring.lowerKey(widest) : ring.lastKey();
      double take = Math.max(1, Math.min(w * 0.9, need / (n - i)));
      long token = previous + (long) take;
      while (token == Long.MIN_VALUE || taken.contains(token) || ring.containsKey(token)) {
        token++; // the minimum token is no node's in Murmur3Partitioner; another DC may hold this
        // one
      }
      ring.put(token, joiner);
      load[owner] -= take;
      load[joiner] += take;
      need -= take;
      out.add(token);
    }
    return out;
  }

  private static final double RING = Math.pow(2, 64);

  /** The width of the range a token owns: from the token before it (wrapping) to it. */
  private static double width(java.util.TreeMap<Long, Integer> ring, long token) {
    Long previous = ring.lowerKey(token);
    if (previous == null) {
      previous = ring.lastKey();
    }
    return ring.size() == 1 ? RING : Cluster.unsigned(token - previous);
  }
}
