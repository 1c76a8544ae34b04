package dev.keyplan.cassandra.ring;

/**
 * A range of the Murmur3 token ring, {@code (start, end]}, and the node whose token is its end:
 * that node is the range's primary replica ({@code TokenMetadata.firstToken}, apache/cassandra).
 *
 * <p>The ring wraps: when {@code start >= end} the range runs from {@code start} past {@link
 * Long#MAX_VALUE} round to {@code end}; {@code start == end} (a one-token ring) is the whole ring.
 */
public record TokenRange(long start, long end, Node owner) {

  /** Returns whether {@code token} lies in {@code (start, end]}, wrapping round the ring. */
  public boolean contains(long token) {
    if (start < end) {
      return token > start && token <= end;
    }
    return token > start || token <= end;
  }

  /**
   * Returns the fraction of the 2<sup>64</sup>-token ring this range covers, in (0, 1]. It is
   * Cassandra's {@code Murmur3Partitioner.LongToken.size}: the unsigned distance scaled by
   * 2<sup>-64</sup>, with a range from a token to itself counting as the whole ring.
   */
  public double fraction() {
    double d = Math.scalb((double) (end - start), -Long.SIZE);
    return d > 0.0 ? d : d + 1.0;
  }
}
