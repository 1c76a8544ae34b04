package dev.keyplan.cassandra.ring;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;

/**
 * The tokens a joining node takes when {@code allocate_tokens_for_local_replication_factor} is set
 * (on by default since Cassandra 4.0, {@code conf/cassandra.yaml}: "optimizes replicated load over
 * the nodes in the datacenter for the replica factor"), following the published design of Cassandra
 * 5.0's {@code org.apache.cassandra.dht.tokenallocator} package. Design sources: CASSANDRA-7032
 * (https://issues.apache.org/jira/browse/CASSANDRA-7032, the replication-aware algorithm),
 * CASSANDRA-12777 (https://issues.apache.org/jira/browse/CASSANDRA-12777, the allocator for a
 * replication factor of 1), CASSANDRA-15600 (https://issues.apache.org/jira/browse/CASSANDRA-15600,
 * initial splits instead of random tokens), the Apache docs on the option
 * (https://cassandra.apache.org/doc/5.0/cassandra/managing/configuration/cass_yaml_file.html) and
 * the class comments of apache/cassandra {@code TokenAllocation}, {@code TokenAllocatorBase},
 * {@code NoReplicationTokenAllocator} and {@code ReplicationAwareTokenAllocator}. Notes:
 * shared/notes/cassandra.md §4.1–4.2.
 *
 * <p>Which algorithm runs depends on the datacenter as the joining node sees it ({@code
 * TokenAllocation.createStrategy}): its racks are counted only when its own rack already has a node
 * (a node in a new rack counts the datacenter as one rack).
 *
 * <ul>
 *   <li>Local RF of 1: one ring of the datacenter's nodes, no replication: {@link TakeoverTokens}.
 *   <li>As many racks as the RF: NetworkTopologyStrategy puts one replica in each rack, so a node's
 *       replicated share is its share of its own rack's ring; the node balances against its rack's
 *       nodes alone, again without replication.
 *   <li>More racks than the RF: the datacenter's ring, racks as the replication groups: {@link
 *       ReplicatedTokens}.
 *   <li>One rack: the datacenter's ring, each node its own group: {@link ReplicatedTokens}.
 *   <li>Between one rack and the RF: Cassandra refuses to allocate ("the number of racks … is lower
 *       than its replication factor") unless told to fall back to random tokens; keyplan falls
 *       back.
 * </ul>
 *
 * <p>Both algorithms start a ring the same way: while the ring has fewer units than the RF, or
 * fewer tokens than the node asks for, the node's tokens split the widest range at a ratio drawn
 * from [1 - 1/√5, 1 - 1/√5 + 0.075) ({@code TokenAllocatorBase.generateSplits}). Cassandra seeds
 * those ratios with the ring's token count, so a layout gives the same ring whatever the start;
 * keyplan does the same. Only a fresh ring's first token is random, from the caller's seeded
 * source: it turns the ring, never changes the ownership.
 */
public final class TokenAllocator {
  /** Which path chose a node's tokens. */
  public enum Method {
    /** Widest ranges split at about the golden ratio: the first nodes of a ring. */
    SPLITS,
    /** The most loaded nodes' largest vnodes split (RF 1, or a ring per rack). */
    TAKEOVER,
    /** Candidates ranked by the drop in replicated-ownership variance. */
    REPLICATION_AWARE,
    /** Random tokens: Cassandra's fallback when the racks cannot hold the RF. */
    RANDOM
  }

  /** A joining node's tokens, ascending, and the path that chose them. */
  public record Allocation(List<Long> tokens, Method method) {
    public Allocation {
      tokens = tokens.stream().sorted().toList();
    }
  }

  // TokenAllocatorBase.MIN_INITIAL_SPLITS_RATIO and its 0.075 spread: "a reasonably chaotic
  // initial token split, after which the algorithm behaves well for an unbounded number of nodes".
  static final double MIN_SPLIT_RATIO = 1.0 - 1.0 / Math.sqrt(5.0);
  static final double MAX_SPLIT_RATIO = MIN_SPLIT_RATIO + 0.075;

  private static final double RING = 0x1p64;

  private TokenAllocator() {}

  /**
   * Returns the {@code numTokens} tokens of a node joining {@code datacenter}/{@code rack} of a
   * cluster whose nodes are {@code existing} (every datacenter), for the given local replication
   * factor. {@code random} gives only a fresh ring's first token and the fallback's random tokens.
   */
  public static Allocation allocate(
      List<Node> existing,
      String datacenter,
      String rack,
      int localRf,
      int numTokens,
      SplittableRandom random) {
    if (numTokens < 1) {
      throw new IllegalArgumentException("num_tokens must be at least 1, not " + numTokens);
    }
    List<Node> local = existing.stream().filter(n -> n.datacenter().equals(datacenter)).toList();
    Set<String> racks = new HashSet<>();
    local.forEach(n -> racks.add(n.rack()));
    int rackCount = racks.contains(rack) ? racks.size() : 1;
    Allocation chosen;
    if (localRf <= 1) {
      chosen = TakeoverTokens.add(ring(local, false).tokens, numTokens, random);
    } else if (rackCount == localRf) {
      List<Node> sameRack = local.stream().filter(n -> n.rack().equals(rack)).toList();
      chosen = TakeoverTokens.add(ring(sameRack, false).tokens, numTokens, random);
    } else if (rackCount > localRf || rackCount == 1) {
      Units units = ring(local, rackCount > localRf);
      int group = rackCount > localRf ? units.groupOf(rack) : units.groups.size();
      chosen = ReplicatedTokens.add(units.tokens, units.group, group, localRf, numTokens, random);
    } else {
      chosen = new Allocation(randomTokens(existing, numTokens, random), Method.RANDOM);
    }
    return new Allocation(avoidClashes(existing, chosen.tokens()), chosen.method());
  }

  /**
   * The allocation ring: each token of {@code nodes} mapped to its unit (the node's index), and
   * each unit's replication group (its rack's index, or its own index).
   */
  private static Units ring(List<Node> nodes, boolean groupByRack) {
    Units units = new Units();
    for (int u = 0; u < nodes.size(); u++) {
      Node node = nodes.get(u);
      units.group.add(groupByRack ? units.groupOf(node.rack()) : units.groupOf(node.name()));
      for (long token : node.tokens()) {
        units.tokens.put(token, u);
      }
    }
    return units;
  }

  /** An allocation ring under construction. */
  private static final class Units {
    final TreeMap<Long, Integer> tokens = new TreeMap<>();
    final List<Integer> group = new ArrayList<>();
    final Map<String, Integer> groups = new LinkedHashMap<>();

    int groupOf(String key) {
      return groups.computeIfAbsent(key, k -> groups.size());
    }
  }

  /**
   * A token another datacenter's node already holds moves to the next free one, as {@code
   * TokenAllocation.adjustForCrossDatacenterClashes} does; {@link Long#MIN_VALUE} is no node's
   * token under Murmur3Partitioner.
   */
  private static List<Long> avoidClashes(List<Node> existing, List<Long> tokens) {
    Set<Long> taken = new HashSet<>();
    existing.forEach(n -> taken.addAll(n.tokens()));
    List<Long> out = new ArrayList<>();
    for (long t : tokens) {
      while (t == Long.MIN_VALUE || taken.contains(t)) {
        t++;
      }
      taken.add(t);
      out.add(t);
    }
    return out;
  }

  /** {@code BootStrapper.getRandomTokens}: normalised random longs, skipping tokens taken. */
  static List<Long> randomTokens(List<Node> existing, int n, SplittableRandom random) {
    Set<Long> taken = new HashSet<>();
    existing.forEach(node -> taken.addAll(node.tokens()));
    List<Long> out = new ArrayList<>();
    while (out.size() < n) {
      long t = Murmur3Token.normalize(random.nextLong());
      if (taken.add(t)) {
        out.add(t);
      }
    }
    return out;
  }

  /**
   * {@code TokenAllocatorBase.generateSplits}: the new unit's tokens, each splitting the ring's
   * widest range (the first found from the smallest token, when two are as wide) at a ratio from
   * {@code new Random(tokens in the ring)}; a fresh ring's first token comes from {@code random}.
   * The tokens are added to {@code ring} as {@code unit}'s.
   */
  static List<Long> splits(
      TreeMap<Long, Integer> ring, int unit, int numTokens, SplittableRandom random) {
    Random ratios = new Random(ring.size());
    List<Long> out = new ArrayList<>();
    if (ring.isEmpty()) {
      long first = Murmur3Token.normalize(random.nextLong());
      out.add(first);
      ring.put(first, unit);
    }
    while (out.size() < numTokens) {
      long previous = ring.lastKey();
      double widest = 0;
      long from = 0;
      long to = 0;
      for (long token : ring.keySet()) {
        double size = size(previous, token);
        if (size > widest) {
          widest = size;
          from = previous;
          to = token;
        }
        previous = token;
      }
      double ratio = MIN_SPLIT_RATIO + (MAX_SPLIT_RATIO - MIN_SPLIT_RATIO) * ratios.nextDouble();
      long token = split(from, to, ratio);
      out.add(token);
      ring.put(token, unit);
    }
    return out;
  }

  /**
   * The share of the ring in {@code (left, right]}; equal ends are the whole ring, as in {@code
   * Token.size}.
   */
  static double size(long left, long right) {
    long width = right - left;
    return width == 0 ? 1.0 : unsigned(width) / RING;
  }

  /**
   * The token {@code ratio} of the way from {@code left} to {@code right}, clockwise ({@code
   * Murmur3Partitioner.split}); never {@link Long#MIN_VALUE}.
   */
  static long split(long left, long right, double ratio) {
    double width = left == right ? RING : unsigned(right - left);
    double offset = width * ratio;
    // A long holds offsets below 2^63; past that, wrap through the sign bit.
    long step = offset < 0x1p63 ? (long) offset : (long) (offset - 0x1p63) + Long.MIN_VALUE;
    long token = left + step;
    return token == Long.MIN_VALUE ? token + 1 : token;
  }

  /** The exact middle of {@code (left, right]} ({@code Murmur3Partitioner.midpoint}). */
  static long midpoint(long left, long right) {
    long token = left == right ? left + Long.MIN_VALUE : left + ((right - left) >>> 1);
    return token == Long.MIN_VALUE ? token + 1 : token;
  }

  private static double unsigned(long value) {
    return value >= 0 ? value : value + RING;
  }
}
