package dev.keyplan.mongodb.simulate;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * The routing table: which shard owns which chunk (the config server's {@code config.chunks}, as
 * mongos caches it). Besides the chunks in key order it keeps, per shard, the sum of each tracked
 * {@link Density} over the shard's chunks, so a shard's share of the data or of a pattern's
 * requests is read in O(1) however many chunks there are, and updated in O(measures) per change.
 */
final class ChunkMap {
  private final KeySpace space;
  private final List<Density> measures;
  private final TreeMap<Double, Chunk> chunks = new TreeMap<>();
  private final List<TreeMap<Double, Chunk>> byShard = new ArrayList<>();
  private final double[][] sums;
  private final int[] jumbo;
  private final int[][] pointShards;
  private long version;

  /**
   * @param measures the densities to sum per shard
   * @param trackPoints whether to count, per heavy value, the chunks of each shard that hold part
   *     of it
   */
  ChunkMap(KeySpace space, int shards, List<Density> measures, boolean trackPoints) {
    this.space = space;
    this.measures = List.copyOf(measures);
    for (int s = 0; s < shards; s++) {
      byShard.add(new TreeMap<>());
    }
    this.sums = new double[shards][measures.size()];
    this.jumbo = new int[shards];
    this.pointShards = trackPoints ? new int[space.pieces() / 2][shards] : null;
  }

  /** Returns a new chunk over {@code [lo, hi)} (not yet in the map). */
  Chunk chunk(double lo, double hi, int shard, boolean isJumbo, long lastMigrated) {
    double[] m = new double[measures.size()];
    for (int k = 0; k < m.length; k++) {
      m[k] = measures.get(k).mass(lo, hi);
    }
    return new Chunk(lo, hi, shard, isJumbo, lastMigrated, m);
  }

  void add(Chunk c) {
    chunks.put(c.lo(), c);
    byShard.get(c.shard()).put(c.lo(), c);
    account(c, 1);
  }

  void remove(Chunk c) {
    chunks.remove(c.lo());
    byShard.get(c.shard()).remove(c.lo());
    account(c, -1);
  }

  private void account(Chunk c, int sign) {
    for (int k = 0; k < measures.size(); k++) {
      sums[c.shard()][k] += sign * c.mass(k);
    }
    if (c.jumbo()) {
      jumbo[c.shard()] += sign;
    }
    if (pointShards != null) {
      int first = (int) Math.floor(c.lo());
      int last =
          (int) Math.min(space.pieces() - 1, Math.ceil(Math.min(c.hi(), space.pieces())) - 1);
      for (int i = Math.max(1, first | 1); i <= last; i += 2) {
        pointShards[i / 2][c.shard()] += sign;
      }
    }
    version++;
  }

  /**
   * Replaces {@code c} by chunks split at {@code bounds} (increasing, inside it); returns them in
   * order.
   */
  List<Chunk> split(Chunk c, List<Double> bounds) {
    remove(c);
    List<Chunk> out = new ArrayList<>();
    double lo = c.lo();
    for (double b : bounds) {
      if (b > lo && b < c.hi()) {
        out.add(chunk(lo, b, c.shard(), false, c.lastMigrated()));
        lo = b;
      }
    }
    out.add(chunk(lo, c.hi(), c.shard(), out.isEmpty() && c.jumbo(), c.lastMigrated()));
    out.forEach(this::add);
    return out;
  }

  /** Gives chunk {@code c} to shard {@code to}; returns the moved chunk. */
  Chunk move(Chunk c, int to, long second) {
    remove(c);
    Chunk moved = chunk(c.lo(), c.hi(), to, c.jumbo(), second);
    add(moved);
    return moved;
  }

  /** Marks {@code c} jumbo; returns the marked chunk. */
  Chunk markJumbo(Chunk c) {
    remove(c);
    Chunk marked = chunk(c.lo(), c.hi(), c.shard(), true, c.lastMigrated());
    add(marked);
    return marked;
  }

  /** Replaces a run of contiguous chunks of one shard by one chunk; returns it. */
  Chunk merge(List<Chunk> run) {
    long last = Chunk.NEVER;
    for (Chunk c : run) {
      remove(c);
      last = Math.max(last, c.lastMigrated());
    }
    Chunk merged =
        chunk(run.get(0).lo(), run.get(run.size() - 1).hi(), run.get(0).shard(), false, last);
    add(merged);
    return merged;
  }

  /** Returns the chunk holding coordinate {@code x}. */
  Chunk at(double x) {
    return chunks.floorEntry(Math.max(0, x)).getValue();
  }

  /** Returns the chunk holding MaxKey. */
  Chunk maxKeyChunk() {
    return chunks.lastEntry().getValue();
  }

  /** Returns every chunk in key order. */
  Collection<Chunk> chunks() {
    return chunks.values();
  }

  /** Returns shard {@code s}'s chunks by their lower bound. */
  NavigableMap<Double, Chunk> ofShard(int s) {
    return byShard.get(s);
  }

  int shards() {
    return byShard.size();
  }

  int size() {
    return chunks.size();
  }

  int chunkCount(int shard) {
    return byShard.get(shard).size();
  }

  int jumboCount(int shard) {
    return jumbo[shard];
  }

  /** Returns the sum of measure {@code k} over shard {@code s}'s chunks. */
  double sum(int s, int k) {
    return sums[s][k];
  }

  /** Returns true if shard {@code s} holds part of the heavy value of point piece {@code piece}. */
  boolean holdsPoint(int piece, int s) {
    return pointShards[piece / 2][s] > 0;
  }

  /** Returns a number that changes whenever a chunk is added or removed. */
  long version() {
    return version;
  }

  KeySpace space() {
    return space;
  }
}
