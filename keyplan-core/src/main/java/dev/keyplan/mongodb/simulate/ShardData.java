package dev.keyplan.mongodb.simulate;

/**
 * Each shard's bytes of the collection now: what the balancer compares. With expected inserts on a
 * key that does not grow with time, a shard's bytes are {@code existing × Σ existing mass +
 * inserted × Σ inserted mass} over its chunks, both sums kept by the {@link ChunkMap}; otherwise
 * (recorded inserts, or a monotonic key's appended documents) the shard's chunks are added up.
 */
final class ShardData {
  /** The {@link ChunkMap} measure of the documents there at the start. */
  static final int EXISTING = 0;

  /** The {@link ChunkMap} measure of inserted documents. */
  static final int INSERTED = 1;

  private final ChunkMap map;
  private final Data data;
  private long version = -1;
  private double at = Double.NaN;
  private double[] cached;

  ShardData(ChunkMap map, Data data) {
    this.map = map;
    this.data = data;
  }

  /** Returns each shard's bytes at the data's current time. */
  double[] bytes() {
    if (cached != null && version == map.version() && at == data.now()) {
      return cached.clone();
    }
    int n = map.shards();
    double[] out = new double[n];
    if (data.summable()) {
      for (int s = 0; s < n; s++) {
        out[s] =
            data.existingBytes() * map.sum(s, EXISTING)
                + data.expectedInsertedBytes() * map.sum(s, INSERTED);
      }
    } else {
      for (Chunk c : map.chunks()) {
        out[c.shard()] += data.bytes(c.lo(), c.hi());
      }
    }
    cached = out;
    version = map.version();
    at = data.now();
    return out.clone();
  }

  /** Returns each shard's share of the data (even shares while the collection is empty). */
  double[] shares() {
    double[] b = bytes();
    double total = 0;
    for (double x : b) {
      total += x;
    }
    for (int s = 0; s < b.length; s++) {
      b[s] = total > 0 ? b[s] / total : 1.0 / b.length;
    }
    return b;
  }
}
