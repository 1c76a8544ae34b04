package dev.keyplan.cassandra.ring;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;

/**
 * Token allocation without replication, as Cassandra's {@code NoReplicationTokenAllocator}
 * (CASSANDRA-12777, https://issues.apache.org/jira/browse/CASSANDRA-12777) describes it: a node
 * with RF 1 owns exactly the ranges its tokens end, so the joining node takes ownership from the
 * most loaded nodes until they come down to a common target.
 *
 * <ol>
 *   <li>Nodes are taken in order of ownership, most first, while a node owns more than the average
 *       of the nodes taken so far plus the joining one (at most {@code num_tokens} nodes); that
 *       average is the target.
 *   <li>The targets are spread rather than equal, so that later nodes still find uneven ranges to
 *       even out (Cassandra 5.0's allocator does this; a ring of exactly equal nodes leaves the
 *       next one no good choice): spread = target × min(1, (num_tokens + 1) / (nodes + 1)) × 2 / (2
 *       × num_tokens + 1), the most loaded node aims at target + spread / 2, each next one a step
 *       of spread / (nodes taken) lower. Source: apache/cassandra 5.0 {@code
 *       src/java/org/apache/cassandra/dht/tokenallocator/NoReplicationTokenAllocator.java} ({@code
 *       sizeCorrection}, {@code spread}, {@code step}); the shares it gives are checked against
 *       cassandra-all 5.0.6 in keyplan-fidelity's FidelityAllocatorTest.
 *   <li>The new tokens are dealt over those nodes evenly (the first ones get one more when they do
 *       not divide). Each node gives up its largest vnodes: the joining node's token splits such a
 *       range so that the node sheds its excess over its target in proportion to the ranges' sizes,
 *       taking 10% to 90% of each (90% when the excess is more than the ranges hold).
 * </ol>
 *
 * <p>An empty ring, or one with fewer tokens than the node asks for, is started with {@link
 * TokenAllocator#splits}. Ties (two nodes as loaded, two vnodes as wide) go to the earlier node and
 * the smaller token, so the result is reproducible.
 */
final class TakeoverTokens {
  private static final double MAX_TAKEOVER = 0.90;
  private static final double MIN_TAKEOVER = 1.0 - MAX_TAKEOVER;

  private TakeoverTokens() {}

  /** Returns the joining unit's tokens for {@code ring} (token to unit index). */
  static TokenAllocator.Allocation add(
      TreeMap<Long, Integer> ring, int numTokens, SplittableRandom random) {
    int joining = ring.values().stream().mapToInt(Integer::intValue).max().orElse(-1) + 1;
    if (ring.isEmpty() || numTokens > ring.size()) {
      return new TokenAllocator.Allocation(
          TokenAllocator.splits(ring, joining, numTokens, random), TokenAllocator.Method.SPLITS);
    }
    double[] owned = new double[joining];
    for (Map.Entry<Long, Integer> e : ring.entrySet()) {
      owned[e.getValue()] += width(ring, e.getKey());
    }
    List<Integer> byLoad = new ArrayList<>();
    for (int u = 0; u < joining; u++) {
      if (owned[u] > 0) {
        byLoad.add(u);
      }
    }
    byLoad.sort(Comparator.comparingDouble((Integer u) -> -owned[u]).thenComparing(u -> u));

    List<Integer> donors = new ArrayList<>();
    double sum = 0;
    double target = 0;
    for (int i = 0; i < numTokens && i < byLoad.size(); i++) {
      int u = byLoad.get(i);
      sum += owned[u];
      double average = sum / (donors.size() + 2); // the donors so far, this one and the joiner
      if (owned[u] <= average) {
        break; // the average only falls from here: no later node is above it
      }
      donors.add(u);
      target = average;
    }

    int existing = byLoad.size();
    double correction = Math.min(1.0, (numTokens + 1.0) / (existing + 1.0));
    double spread = target * correction * 2 / (2 * numTokens + 1);
    double aim = target + spread / 2;
    double step = spread / donors.size();

    List<Long> out = new ArrayList<>();
    for (int d = 0; d < donors.size(); d++, aim -= step) {
      int u = donors.get(d);
      int count = numTokens / donors.size() + (d < numTokens % donors.size() ? 1 : 0);
      List<Long> largest = new ArrayList<>();
      ring.forEach(
          (token, unit) -> {
            if (unit == u) {
              largest.add(token);
            }
          });
      largest.sort(Comparator.comparingDouble((Long t) -> -width(ring, t)).thenComparing(t -> t));
      List<Long> given = largest.subList(0, Math.min(count, largest.size()));
      double work = 0;
      for (long t : given) {
        work += width(ring, t);
      }
      double excess = owned[u] - aim;
      for (long t : List.copyOf(given)) {
        double share =
            excess < work
                ? Math.max(MIN_TAKEOVER, Math.min(MAX_TAKEOVER, excess / work))
                : MAX_TAKEOVER;
        long token = TokenAllocator.split(previous(ring, t), t, share);
        ring.put(token, joining);
        out.add(token);
      }
    }
    if (out.size() < numTokens) {
      // A donor with fewer vnodes than its quota (nodes with mixed num_tokens): the rest split.
      out.addAll(TokenAllocator.splits(ring, joining, numTokens - out.size(), random));
    }
    return new TokenAllocator.Allocation(out, TokenAllocator.Method.TAKEOVER);
  }

  private static long previous(TreeMap<Long, Integer> ring, long token) {
    Long previous = ring.lowerKey(token);
    return previous != null ? previous : ring.lastKey();
  }

  /** The size of the range {@code token} ends. */
  private static double width(TreeMap<Long, Integer> ring, long token) {
    return TokenAllocator.size(previous(ring, token), token);
  }
}
