package dev.keyplan.mongodb.simulate;

/**
 * One chunk: the shard key range {@code [lo, hi)} in {@link KeySpace} coordinates, the shard that
 * owns it, whether the balancer has marked it jumbo, and when it last moved (the AutoMerger leaves
 * recently migrated chunks alone). Its size is not stored: {@link Data} knows the bytes of any
 * range at any time.
 */
final class Chunk {
  /** {@link #lastMigrated} of a chunk that never moved. */
  static final long NEVER = Long.MIN_VALUE / 2;

  private final double lo;
  private final double hi;
  private final int shard;
  private final boolean jumbo;
  private final long lastMigrated;
  private final double[] masses;

  Chunk(double lo, double hi, int shard, boolean jumbo, long lastMigrated, double[] masses) {
    if (!(lo < hi)) {
      throw new IllegalArgumentException("a chunk needs lo < hi, not [" + lo + ", " + hi + ")");
    }
    this.lo = lo;
    this.hi = hi;
    this.shard = shard;
    this.jumbo = jumbo;
    this.lastMigrated = lastMigrated;
    this.masses = masses;
  }

  double lo() {
    return lo;
  }

  double hi() {
    return hi;
  }

  int shard() {
    return shard;
  }

  boolean jumbo() {
    return jumbo;
  }

  long lastMigrated() {
    return lastMigrated;
  }

  /**
   * Returns the chunk's share of measure {@code k} (a {@link Density} the {@link ChunkMap} tracks).
   */
  double mass(int k) {
    return masses[k];
  }

  /** Returns true if the chunk holds MaxKey. */
  boolean holdsMaxKey() {
    return Double.isInfinite(hi);
  }

  /** Returns true if {@code x} lies in the chunk. */
  boolean contains(double x) {
    return lo <= x && x < hi;
  }

  @Override
  public String toString() {
    return "Chunk[" + lo + ", " + hi + ") on " + shard + (jumbo ? " jumbo" : "");
  }
}
