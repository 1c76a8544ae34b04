package dev.keyplan.mongodb.simulate;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Which ranges one balancer round moves, as {@code BalancerPolicy::balance} chooses them for a
 * collection (mongodb/mongo src/mongo/db/s/balancer/balancer_policy.cpp, 7.0+, where balancing is
 * by data size). Every shard takes part in at most one migration per round, so at most ⌊n / 2⌋ run
 * at once (MongoDB manual, "Balancer": one migration per shard at a time).
 *
 * <ol>
 *   <li>Zone violations: a shard holding a chunk of a zone it is not in gives its first such
 *       (non-jumbo) chunk to the least loaded shard of the zone.
 *   <li>For each zone by name, then for the values in no zone: with {@code ideal} = the zone's
 *       shards' data / their number, pick the most loaded available shard ({@code from}) and the
 *       least loaded available shard that may hold the zone ({@code to}); move when {@code from >
 *       ideal}, {@code to < ideal} and {@code from − to ≥ 3 × range size} (384 MB at 128 MB); the
 *       range starts at {@code from}'s first non-jumbo chunk of the zone, in key order, and {@code
 *       moveRange} finds its end. Repeat while shards remain.
 * </ol>
 *
 * A shard's data is the whole collection's on it, as {@code shardToDataSizeMap} reports it. When
 * {@code from} holds only jumbo chunks of the zone, nothing moves for that zone, though the gap is
 * over the threshold: "Shard has only jumbo chunks for this collection and cannot be balanced".
 */
final class BalancerPolicy {
  private BalancerPolicy() {}

  /** A range to move: it starts at {@code chunk}'s lower bound. */
  record Move(Chunk chunk, int to, String reason) {}

  /**
   * What a round chose.
   *
   * @param jumboOnly shards that needed to give data away but held only jumbo chunks to give
   */
  record Selection(List<Move> moves, List<Integer> jumboOnly) {
    Selection {
      moves = List.copyOf(moves);
      jumboOnly = List.copyOf(jumboOnly);
    }
  }

  /** Returns the moves of one round, given each shard's data in bytes. */
  static Selection select(ChunkMap map, double[] bytes, List<ZoneRange> zones, double threshold) {
    int n = bytes.length;
    boolean[] available = new boolean[n];
    java.util.Arrays.fill(available, true);
    List<Move> moves = new ArrayList<>();
    List<Integer> jumboOnly = new ArrayList<>();
    for (int s = 0; s < n && count(available) >= 2; s++) {
      for (ZoneRange z : zones) {
        if (!available[s] || z.has(s)) {
          continue;
        }
        Optional<Chunk> c = firstMovable(map, s, zones, Optional.of(z));
        int to = leastLoaded(bytes, available, Optional.of(z));
        if (c.isPresent() && to >= 0) {
          moves.add(new Move(c.get(), to, "zone violation: " + z.name()));
          available[s] = false;
          available[to] = false;
        }
      }
    }
    List<Optional<ZoneRange>> order = new ArrayList<>();
    zones.forEach(z -> order.add(Optional.of(z)));
    order.add(Optional.empty());
    for (Optional<ZoneRange> zone : order) {
      double total = 0;
      int members = 0;
      for (int s = 0; s < n; s++) {
        if (zone.isEmpty() || zone.get().has(s)) {
          total += bytes[s];
          members++;
        }
      }
      if (members == 0 || total <= 0) {
        continue;
      }
      double ideal = Math.floor(total / members);
      while (true) {
        int from = mostLoaded(bytes, available);
        int to = leastLoaded(bytes, available, zone);
        if (from < 0
            || to < 0
            || from == to
            || bytes[from] <= ideal
            || bytes[to] >= ideal
            || bytes[from] - bytes[to] < threshold) {
          break;
        }
        Optional<Chunk> c = firstMovable(map, from, zones, zone);
        if (c.isEmpty()) {
          if (hasJumbo(map, from, zones, zone) && !jumboOnly.contains(from)) {
            jumboOnly.add(from);
          }
          break;
        }
        moves.add(
            new Move(
                c.get(), to, zone.map(z -> "imbalance in zone " + z.name()).orElse("imbalance")));
        available[from] = false;
        available[to] = false;
      }
    }
    return new Selection(moves, jumboOnly);
  }

  private static int count(boolean[] available) {
    int c = 0;
    for (boolean a : available) {
      c += a ? 1 : 0;
    }
    return c;
  }

  /** The available shard with the most data; the first on a tie, as shards are listed. */
  private static int mostLoaded(double[] bytes, boolean[] available) {
    int worst = -1;
    for (int s = 0; s < bytes.length; s++) {
      if (available[s] && (worst < 0 || bytes[s] > bytes[worst])) {
        worst = s;
      }
    }
    return worst;
  }

  /** The available shard with the least data that may hold {@code zone}'s chunks. */
  private static int leastLoaded(double[] bytes, boolean[] available, Optional<ZoneRange> zone) {
    int best = -1;
    for (int s = 0; s < bytes.length; s++) {
      if (available[s]
          && (zone.isEmpty() || zone.get().has(s))
          && (best < 0 || bytes[s] < bytes[best])) {
        best = s;
      }
    }
    return best;
  }

  private static Optional<Chunk> firstMovable(
      ChunkMap map, int shard, List<ZoneRange> zones, Optional<ZoneRange> zone) {
    for (Chunk c : map.ofShard(shard).values()) {
      if (!c.jumbo() && inZone(c, zones, zone)) {
        return Optional.of(c);
      }
    }
    return Optional.empty();
  }

  private static boolean hasJumbo(
      ChunkMap map, int shard, List<ZoneRange> zones, Optional<ZoneRange> zone) {
    return map.ofShard(shard).values().stream().anyMatch(c -> c.jumbo() && inZone(c, zones, zone));
  }

  private static boolean inZone(Chunk c, List<ZoneRange> zones, Optional<ZoneRange> zone) {
    return zone.isPresent()
        ? zone.get().lo() <= c.lo() && c.hi() <= zone.get().hi()
        : ZoneRange.inNoZone(zones, c.lo(), c.hi());
  }
}
