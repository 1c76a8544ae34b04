package dev.keyplan.dynamodb.simulate;

import java.util.Arrays;

/**
 * The units asked of a copy in one second, before anything is served: per tracked key, per
 * partition for operations placed one by one (a traced key not tracked, an exact-mode tail
 * operation), and spread over the whole hash space by range (the expected tail, scans).
 */
final class Demand {
  final double[] keyRead;
  final double[] keyWrite;
  double[] partitionRead = new double[0];
  double[] partitionWrite = new double[0];
  double spreadRead;
  double spreadWrite;

  Demand(int keys) {
    keyRead = new double[keys];
    keyWrite = new double[keys];
  }

  /** Clears the second for a map of {@code partitions} partitions. */
  void reset(int partitions) {
    Arrays.fill(keyRead, 0);
    Arrays.fill(keyWrite, 0);
    if (partitionRead.length < partitions) {
      partitionRead = new double[partitions * 2];
      partitionWrite = new double[partitions * 2];
    } else {
      Arrays.fill(partitionRead, 0, partitions, 0);
      Arrays.fill(partitionWrite, 0, partitions, 0);
    }
    spreadRead = 0;
    spreadWrite = 0;
  }
}
