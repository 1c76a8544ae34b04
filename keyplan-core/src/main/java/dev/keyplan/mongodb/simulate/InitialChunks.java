package dev.keyplan.mongodb.simulate;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;

/**
 * The chunks a collection has when it is sharded (MongoDB manual, "Data Partitioning with Chunks",
 * "Initial Chunks"; the project's MongoDB notes §2.7 and §3):
 *
 * <ul>
 *   <li>a populated collection: one chunk, MinKey to MaxKey, on the primary shard (shard0); the
 *       balancer then moves ranges off it;
 *   <li>an empty collection with zones: one chunk per zone range and per gap between them, a zone's
 *       chunks on its shards in turn and the gaps' on every shard in turn;
 *   <li>an empty collection with a hashed first field: one chunk per shard since 7.2 (SERVER-76405;
 *       the manual still says two), cut at {@code calculateHashedSplitPoints}' points
 *       (mongodb/mongo src/mongo/db/s/config/initial_split_policy.cpp): {@code interval = (2⁶³ − 1)
 *       / n × 2}, points symmetric around 0 (0, ±interval, … for even {@code n}; ±interval / 2, …
 *       for odd), the chunks dealt to the shards in a shuffled order, as {@code
 *       SplitPointsBasedSplitPolicy} does; with 4 shards the points are −4611686018427387902, 0 and
 *       4611686018427387902;
 *   <li>an empty collection with a ranged key: one chunk on the primary shard.
 * </ul>
 */
final class InitialChunks {
  private InitialChunks() {}

  /** Adds the initial chunks to {@code map}. */
  static void place(
      ChunkMap map, List<ZoneRange> zones, MongoDbSetup.Start start, SplittableRandom random) {
    KeySpace space = map.space();
    int shards = map.shards();
    if (start == MongoDbSetup.Start.POPULATED) {
      map.add(map.chunk(0, Double.POSITIVE_INFINITY, 0, false, Chunk.NEVER));
      return;
    }
    if (!zones.isEmpty()) {
      TreeSet<Double> bounds = new TreeSet<>();
      for (ZoneRange z : zones) {
        bounds.add(z.lo());
        bounds.add(z.hi());
      }
      bounds.add(0.0);
      bounds.add(Double.POSITIVE_INFINITY);
      int[] next = new int[zones.size()];
      int free = 0;
      Double lo = null;
      for (double b : bounds) {
        if (lo != null) {
          final double from = lo;
          int zone = -1;
          for (int z = 0; z < zones.size(); z++) {
            if (zones.get(z).lo() <= from && b <= zones.get(z).hi()) {
              zone = z;
            }
          }
          int shard =
              zone >= 0
                  ? zones.get(zone).shards().get(next[zone]++ % zones.get(zone).shards().size())
                  : free++ % shards;
          map.add(map.chunk(from, b, shard, false, Chunk.NEVER));
        }
        lo = b;
      }
      return;
    }
    if (space.hashed() && shards > 1) {
      List<Double> cuts = new ArrayList<>();
      for (long p : hashedSplitPoints(shards)) {
        cuts.add(space.coordinateOfHash(p));
      }
      int[] order = shuffled(shards, random);
      double lo = 0;
      for (int i = 0; i <= cuts.size(); i++) {
        double hi = i < cuts.size() ? cuts.get(i) : Double.POSITIVE_INFINITY;
        if (hi > lo) {
          map.add(map.chunk(lo, hi, order[i], false, Chunk.NEVER));
          lo = hi;
        }
      }
      return;
    }
    map.add(map.chunk(0, Double.POSITIVE_INFINITY, 0, false, Chunk.NEVER));
  }

  /**
   * Returns {@code calculateHashedSplitPoints(n)}: the {@code n − 1} hashed values that cut the
   * hash range evenly.
   */
  static List<Long> hashedSplitPoints(int n) {
    List<Long> points = new ArrayList<>();
    if (n < 2) {
      return points;
    }
    long interval = (Long.MAX_VALUE / n) * 2;
    long current = 0;
    if (n % 2 == 0) {
      points.add(current);
      current += interval;
    } else {
      current += interval / 2;
    }
    for (int i = 0; i < (n - 1) / 2; i++) {
      points.add(current);
      points.add(-current);
      current += interval;
    }
    points.sort(null);
    return points;
  }

  private static int[] shuffled(int n, SplittableRandom random) {
    int[] a = new int[n];
    for (int i = 0; i < n; i++) {
      a[i] = i;
    }
    for (int i = n - 1; i > 0; i--) {
      int j = random.nextInt(i + 1);
      int t = a[i];
      a[i] = a[j];
      a[j] = t;
    }
    return a;
  }
}
