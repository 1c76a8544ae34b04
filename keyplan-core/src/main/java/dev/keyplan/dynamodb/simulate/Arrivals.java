package dev.keyplan.dynamodb.simulate;

import java.util.SplittableRandom;

/** Where a copy's operations come from, one simulated second at a time. */
interface Arrivals {
  /**
   * Adds the units asked in {@code second} to {@code demand}, placing any untracked operation on
   * {@code map}.
   */
  void fill(long second, SplittableRandom random, Demand demand, PartitionMap map);
}
