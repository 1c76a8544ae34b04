package dev.keyplan.dynamodb.simulate;

/**
 * A copy's table-level capacity for one kind of unit (reads or writes), one second at a time. It
 * sees each partition's demand already held to the partition's ceiling, which no table-level
 * mechanism lifts.
 */
interface TableCapacity {
  /**
   * Serves second {@code second}: {@code served[i]} holds partition i's demand, at most its
   * ceiling; on return it holds the units consumed, and {@code throttled[i]} the units refused for
   * want of table capacity.
   *
   * @param shares each partition's share of provisioned capacity (ignored on demand)
   * @param n the number of partitions in the arrays
   */
  void admit(long second, double[] served, double[] shares, double[] throttled, int n);

  /** Returns the units per second the table offered in the last second admitted. */
  double limit();

  /** Returns the burst bucket's units after the last second admitted; 0 on demand. */
  double burst();

  /** Returns true for an on-demand copy. */
  boolean onDemand();
}
