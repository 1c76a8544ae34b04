package dev.keyplan.dynamodb.simulate;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * Where a partition key value lands: DynamoDB hashes the partition key and each partition owns a
 * contiguous range of the hash space. DynamoDB's own hash function is not published, so keyplan
 * stands in MD5 of the value's UTF-8 text, the hash the Dynamo paper names for its ring (DeCandia
 * et al., "Dynamo: Amazon's Highly Available Key-value Store", SOSP 2007, §4.2): the same value
 * lands in the same place on every run, and different values spread evenly, which is all the
 * simulation relies on.
 *
 * <p>The space is {@code [0, 2^62)}. A key value's item collection occupies a slot of {@value
 * #COLLECTION_LOG2}-bit width starting at the top 42 bits of its hash: a partition boundary inside
 * the slot splits the collection by sort key (AWS allows that unless the table has a local index or
 * the traffic follows a monotonic sort key), and a boundary at its edges keeps it whole. With 2^42
 * slots two tracked values share one with negligible probability.
 */
final class HashSpace {
  private HashSpace() {}

  /**
   * The size of the hash space, 2^62: boundaries and midpoints fit a {@code long} without overflow.
   */
  static final long SIZE = 1L << 62;

  static final int COLLECTION_LOG2 = 20;

  /** The width of one key value's slot, 2^20 positions. */
  static final long COLLECTION = 1L << COLLECTION_LOG2;

  /** Returns the first position of {@code key}'s slot. */
  static long start(String key) {
    byte[] d = md5().digest(key.getBytes(StandardCharsets.UTF_8));
    long h = 0;
    for (int i = 0; i < 8; i++) {
      h = (h << 8) | (d[i] & 0xFF);
    }
    return (h >>> 2) & ~(COLLECTION - 1);
  }

  /** Returns the share of the space {@code [lo, hi)} covers. */
  static double share(long lo, long hi) {
    return (double) (hi - lo) / SIZE;
  }

  /** Returns a position as 16 hexadecimal digits, the way the partitions table prints ranges. */
  static String hex(long position) {
    return String.format("%016x", position);
  }

  private static MessageDigest md5() {
    try {
      return MessageDigest.getInstance("MD5");
    } catch (NoSuchAlgorithmException e) {
      // Every Java platform must provide MD5 (MessageDigest's Javadoc).
      throw new IllegalStateException(e);
    }
  }
}
