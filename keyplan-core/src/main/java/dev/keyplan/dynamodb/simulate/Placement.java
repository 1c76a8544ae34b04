package dev.keyplan.dynamodb.simulate;

/**
 * Which live partitions hold each tracked key's item collection, and what share of it each holds:
 * one partition with share 1, unless a split fell inside the collection (split by sort key), when
 * each part holds the share of the slot it covers (traffic and rows spread evenly over the sort
 * key). Rebuilt after every split; a key is looked up by index every second.
 */
final class Placement {
  final int[][] partitions;
  final double[][] shares;

  private Placement(int[][] partitions, double[][] shares) {
    this.partitions = partitions;
    this.shares = shares;
  }

  /** Returns the placement of collections starting at {@code starts} on {@code map}. */
  static Placement of(PartitionMap map, long[] starts) {
    int[][] parts = new int[starts.length][];
    double[][] shares = new double[starts.length][];
    for (int k = 0; k < starts.length; k++) {
      long s = starts[k];
      long e = s + HashSpace.COLLECTION;
      int first = map.locate(s);
      int last = map.locate(e - 1);
      parts[k] = new int[last - first + 1];
      shares[k] = new double[last - first + 1];
      for (int i = first; i <= last; i++) {
        SimulatedPartition p = map.get(i);
        long overlap = Math.min(e, p.hi) - Math.max(s, p.lo);
        parts[k][i - first] = i;
        shares[k][i - first] = (double) overlap / HashSpace.COLLECTION;
      }
    }
    return new Placement(parts, shares);
  }
}
