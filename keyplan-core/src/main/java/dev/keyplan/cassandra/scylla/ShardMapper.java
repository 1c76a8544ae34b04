package dev.keyplan.cassandra.scylla;

/**
 * The ScyllaDB shard (CPU core) that owns a Murmur3 token on a node with {@code shardCount} shards:
 * the {@code biased-token-round-robin} sharding algorithm.
 *
 * <p>The token is biased to unsigned ({@code token + 2^63}), shifted left by {@code ignoreMsb} bits
 * dropping what leaves the 64 bits, and scaled to {@code [0, shardCount)} by taking the high 64
 * bits of the 128-bit product with {@code shardCount}. Ignoring the top bits makes consecutive
 * small token ranges go round-robin over the shards. Source: scylladb/scylladb {@code
 * docs/dev/protocol-extensions.md} ("Intranode sharding": {@code SCYLLA_NR_SHARDS}, {@code
 * SCYLLA_SHARDING_ALGORITHM}, {@code SCYLLA_SHARDING_IGNORE_MSB}).
 *
 * <p>It applies to vnode keyspaces; tablet keyspaces place each tablet on a (host, shard) pair that
 * drivers learn from the server instead.
 */
public record ShardMapper(int shardCount, int ignoreMsb) {

  /**
   * ScyllaDB's default {@code murmur3_partitioner_ignore_msb_bits}, 12: scylladb/scylladb {@code
   * db/config.cc}, and the {@code SCYLLA_SHARDING_IGNORE_MSB} value servers report.
   */
  public static final int DEFAULT_IGNORE_MSB = 12;

  /**
   * @throws IllegalArgumentException unless {@code shardCount >= 1} and {@code ignoreMsb} is from 0
   *     to 63
   */
  public ShardMapper {
    if (shardCount < 1) {
      throw new IllegalArgumentException("a node has at least 1 shard, not " + shardCount);
    }
    if (ignoreMsb < 0 || ignoreMsb > 63) {
      throw new IllegalArgumentException("ignore_msb must be from 0 to 63, not " + ignoreMsb);
    }
  }

  /** Returns the mapper for {@code shardCount} shards with the default {@code ignore_msb}. */
  public static ShardMapper withDefaultIgnoreMsb(int shardCount) {
    return new ShardMapper(shardCount, DEFAULT_IGNORE_MSB);
  }

  /** Returns the shard, from 0 to {@code shardCount - 1}, that owns {@code token}. */
  public int shardOf(long token) {
    long biased = (token + Long.MIN_VALUE) << ignoreMsb;
    // multiplyHigh is signed; when biased's top bit is set its unsigned value is biased + 2^64,
    // which adds shardCount to the high word. shardCount is positive, so no other correction.
    long high = Math.multiplyHigh(biased, shardCount) + (biased < 0 ? shardCount : 0);
    return (int) high;
  }
}
