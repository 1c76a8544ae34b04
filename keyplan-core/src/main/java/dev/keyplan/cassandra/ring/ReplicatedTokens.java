package dev.keyplan.cassandra.ring;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.PriorityQueue;
import java.util.SplittableRandom;
import java.util.TreeMap;

/**
 * Replication-aware token allocation, the algorithm of CASSANDRA-7032
 * (https://issues.apache.org/jira/browse/CASSANDRA-7032) as Cassandra's {@code
 * ReplicationAwareTokenAllocator} documents it: each new token is chosen to reduce the variance of
 * <em>replicated</em> ownership, the share of the ring each vnode and each node holds a replica of.
 *
 * <p>Replicas are found as NetworkTopologyStrategy finds them within a datacenter: the range ending
 * at a token belongs to the first RF distinct groups clockwise from it (groups are racks, or nodes
 * when the datacenter has one rack), one node each. So a vnode's replicated span runs back from its
 * token to the token of the RF-th distinct group before it, or to the previous token of its own
 * group, whichever comes first.
 *
 * <ol>
 *   <li>The optimal vnode share is RF / (tokens in the ring + the node's tokens). The joining node
 *       starts as if each of its tokens already held that share.
 *   <li>Candidates are the midpoints of the ring's ranges. A candidate is scored by how much it
 *       lowers Σ over vnodes (share − optimal)² / (its node's token count)² plus Σ over nodes (node
 *       share / its token count − optimal)², over the vnodes whose span it changes; the joining
 *       node's own term is weighted by the fraction of its tokens placed.
 *   <li>Tokens are placed best first. After each, the next best candidate is rescored; it is taken
 *       if it still beats the next one's (older) score, otherwise it is put back and the next is
 *       tried: Cassandra's shortcut, "cuts search time by a factor of O(vnodes)".
 * </ol>
 *
 * <p>A ring with fewer nodes than the RF, fewer groups than the RF or fewer tokens than the node
 * asks for is started with {@link TokenAllocator#splits}. Equal scores go to the candidate with the
 * smaller split token, so the result is reproducible.
 */
final class ReplicatedTokens {
  private ReplicatedTokens() {}

  /** One vnode of the ring: its token, its node (unit) and its replicated share. */
  private static final class Vnode {
    final long token;
    final int unit;
    double share;

    Vnode(long token, int unit) {
      this.token = token;
      this.unit = unit;
    }
  }

  /** A candidate token: the midpoint of the range ending at {@code split}. */
  private record Candidate(int id, long token, long split) {}

  private record Scored(double improvement, Candidate candidate) {}

  private final List<Vnode> ring = new ArrayList<>();
  private int[] groupOf; // per unit
  private int[] tokenCount; // per unit
  private double[] owned; // per unit: the sum of its vnodes' replicated shares
  private int replicas;
  private int joining;
  private double optimal;
  private int numTokens;
  private int placed;
  // Marks of groups seen by the two walks, stamped to avoid clearing between walks.
  private int[] seenBack;
  private int[] seenForward;
  private int stampBack;
  private int stampForward;

  /**
   * Returns the joining unit's tokens for {@code ring} (token to unit), where unit {@code u} is in
   * replication group {@code groups.get(u)} and the joining unit in {@code joiningGroup}.
   */
  static TokenAllocator.Allocation add(
      TreeMap<Long, Integer> ring,
      List<Integer> groups,
      int joiningGroup,
      int replicas,
      int numTokens,
      SplittableRandom random) {
    int joining = groups.size();
    if (joining < replicas || numTokens > ring.size() || new HashSet<>(groups).size() < replicas) {
      return new TokenAllocator.Allocation(
          TokenAllocator.splits(ring, joining, numTokens, random), TokenAllocator.Method.SPLITS);
    }
    ReplicatedTokens a = new ReplicatedTokens();
    a.replicas = replicas;
    a.joining = joining;
    a.numTokens = numTokens;
    a.groupOf = new int[joining + 1];
    for (int u = 0; u < joining; u++) {
      a.groupOf[u] = groups.get(u);
    }
    a.groupOf[joining] = joiningGroup;
    int groupCount = 0;
    for (int g : a.groupOf) {
      groupCount = Math.max(groupCount, g + 1);
    }
    a.seenBack = new int[groupCount];
    a.seenForward = new int[groupCount];
    a.tokenCount = new int[joining + 1];
    a.tokenCount[joining] = numTokens;
    ring.forEach(
        (token, unit) -> {
          a.ring.add(new Vnode(token, unit));
          a.tokenCount[unit]++;
        });
    a.optimal = (double) replicas / (ring.size() + numTokens);
    a.refresh();
    List<Long> out = a.place();
    out.forEach(t -> ring.put(t, joining));
    return new TokenAllocator.Allocation(out, TokenAllocator.Method.REPLICATION_AWARE);
  }

  private List<Long> place() {
    List<Candidate> candidates = new ArrayList<>();
    for (int i = 0; i < ring.size(); i++) {
      long previous = ring.get((i - 1 + ring.size()) % ring.size()).token;
      long end = ring.get(i).token;
      candidates.add(new Candidate(i, TokenAllocator.midpoint(previous, end), end));
    }
    PriorityQueue<Scored> queue =
        new PriorityQueue<>(
            Comparator.comparingDouble((Scored s) -> -s.improvement())
                .thenComparingLong(s -> s.candidate().split()));
    for (Candidate c : candidates) {
      queue.add(new Scored(improvement(c, 1.0 / numTokens), c));
    }
    List<Long> out = new ArrayList<>();
    Candidate best = queue.remove().candidate();
    while (true) {
      confirm(best);
      out.add(best.token());
      if (out.size() == numTokens) {
        return out;
      }
      double weight = (out.size() + 1.0) / numTokens;
      while (true) {
        best = queue.remove().candidate();
        double now = improvement(best, weight);
        Scored next = queue.peek();
        if (next == null || now >= next.improvement()) {
          break;
        }
        queue.add(new Scored(now, best));
      }
    }
  }

  /** Puts the candidate's token in the ring and recomputes every share. */
  private void confirm(Candidate c) {
    ring.add(position(c.token()), new Vnode(c.token(), joining));
    placed++;
    refresh();
  }

  /**
   * Recomputes each vnode's replicated share and each unit's sum; the joining unit counts its
   * tokens still to place at the optimal share.
   */
  private void refresh() {
    owned = new double[joining + 1];
    for (int i = 0; i < ring.size(); i++) {
      Vnode v = ring.get(i);
      v.share = share(i, null, -1);
      owned[v.unit] += v.share;
    }
    owned[joining] += (numTokens - placed) * optimal;
  }

  /**
   * The drop in the variance sum if {@code c}'s token joined the ring, the joining unit's own term
   * weighted by {@code joiningWeight}.
   */
  private double improvement(Candidate c, double joiningWeight) {
    // Sorted position; for the range that wraps, index 0 and the end are the same place on the
    // ring.
    int at = position(c.token());
    Vnode candidate = new Vnode(c.token(), joining);
    int size = ring.size() + 1;
    double[] change = new double[joining + 1];
    List<Integer> touched = new ArrayList<>();

    double share = share(at, candidate, at);
    double tokenChange = vnodeTerm(share, optimal, numTokens);
    change[joining] += share - optimal;
    touched.add(joining);

    // The vnodes after the candidate whose span reaches back over it: walking on, each group's
    // first vnode, until RF groups have been met (a later vnode's span stops before the candidate).
    stampForward++;
    int groupsMet = 0;
    for (int k = 1; k < size && groupsMet < replicas; k++) {
      int index = (at + k) % size;
      Vnode v = at(index, candidate, at);
      int g = groupOf[v.unit];
      if (seenForward[g] == stampForward) {
        continue;
      }
      seenForward[g] = stampForward;
      groupsMet++;
      double now = share(index, candidate, at);
      if (now != v.share) {
        tokenChange += vnodeTerm(now, v.share, tokenCount[v.unit]);
        if (change[v.unit] == 0 && !touched.contains(v.unit)) {
          touched.add(v.unit);
        }
        change[v.unit] += now - v.share;
      }
    }

    double unitChange = 0;
    for (int u : touched) {
      double before = owned[u] / tokenCount[u] - optimal;
      double after = (owned[u] + change[u]) / tokenCount[u] - optimal;
      double term = after * after - before * before;
      unitChange += u == joining ? term * joiningWeight : term;
    }
    return -(tokenChange + unitChange);
  }

  /**
   * The change of a vnode's variance term when its share goes from {@code before} to {@code now}.
   */
  private double vnodeTerm(double now, double before, int tokens) {
    double a = now - optimal;
    double b = before - optimal;
    return (a * a - b * b) / ((double) tokens * tokens);
  }

  /**
   * The replicated share of the vnode at {@code index} of the ring, with {@code extra} inserted at
   * {@code extraAt} when not null: back from its token to the RF-th distinct group's token, or to
   * its own group's previous token.
   */
  private double share(int index, Vnode extra, int extraAt) {
    int size = ring.size() + (extra == null ? 0 : 1);
    Vnode self = at(index, extra, extraAt);
    int own = groupOf[self.unit];
    stampBack++;
    int groups = 0;
    long start = self.token;
    for (int k = 1; k <= size; k++) {
      Vnode v = at((index - k + size) % size, extra, extraAt);
      start = v.token;
      int g = groupOf[v.unit];
      if (seenBack[g] == stampBack) {
        continue;
      }
      seenBack[g] = stampBack;
      groups++;
      if (groups >= replicas || g == own) {
        break;
      }
    }
    return TokenAllocator.size(start, self.token);
  }

  /** The vnode at {@code index} of the ring with {@code extra} inserted at {@code extraAt}. */
  private Vnode at(int index, Vnode extra, int extraAt) {
    if (extra == null || index < extraAt) {
      return ring.get(index);
    }
    return index == extraAt ? extra : ring.get(index - 1);
  }

  /** Where a token sits in the sorted ring: the index of the first vnode past it. */
  private int position(long token) {
    int low = 0;
    int high = ring.size();
    while (low < high) {
      int mid = (low + high) >>> 1;
      if (ring.get(mid).token < token) {
        low = mid + 1;
      } else {
        high = mid;
      }
    }
    return low;
  }
}
