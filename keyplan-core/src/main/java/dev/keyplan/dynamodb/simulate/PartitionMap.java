package dev.keyplan.dynamodb.simulate;

import java.util.ArrayList;
import java.util.List;

/**
 * A copy's partitions: contiguous ranges that cover the {@link HashSpace} in order, each with its
 * share of a provisioned copy's capacity. Partitions are only ever split, never merged (AWS
 * Database Blog, "Scaling DynamoDB: How partitions, hot keys, and split for heat impact
 * performance", part 3: "Partitions today are only split, never merged").
 *
 * <p>At the start a copy has {@code n} partitions of equal range and equal capacity share. The
 * count follows the sizing rule AWS published until 2018 ("Understanding partition behavior", in
 * the archived Developer Guide; also {@link dev.keyplan.dynamodb.design.DynamoDbSizing}): at least
 * {@code ⌈bytes / 10 GB⌉} and, provisioned, {@code ⌈RCU / 3,000 + WCU / 1,000⌉}; a new on-demand
 * table serves 12,000 RRU or 4,000 WRU "or any linear combination of the two", which is what {@code
 * 4} partitions serve at 3,000 RCU or 1,000 WCU each. A split halves the parent's capacity share
 * between its children, as a split for size always did (the DynamoDB paper, Elhemali et al., USENIX
 * ATC 2022, §4: "splitting a partition and dividing performance allocation proportionately");
 * adaptive capacity then lends unused capacity back where it is needed.
 */
final class PartitionMap {
  private final List<SimulatedPartition> live = new ArrayList<>();
  private final List<SimulatedPartition> all = new ArrayList<>();
  private int created;

  /** A map of {@code n} equal partitions sharing {@code read} and {@code write} units evenly. */
  PartitionMap(int n, double read, double write) {
    long step = HashSpace.SIZE / n;
    for (int i = 0; i < n; i++) {
      long hi = i == n - 1 ? HashSpace.SIZE : step * (i + 1);
      add(new SimulatedPartition(name(), step * i, hi, 0, "initial", read / n, write / n));
    }
  }

  /** Returns the partitions the copy has a second after the last split, by range. */
  List<SimulatedPartition> live() {
    return live;
  }

  /** Returns every partition the copy ever had, in the order they were made. */
  List<SimulatedPartition> all() {
    return all;
  }

  /** Returns the number of live partitions. */
  int size() {
    return live.size();
  }

  /** Returns the live partition {@code i}, by range. */
  SimulatedPartition get(int i) {
    return live.get(i);
  }

  /** Returns the index of the live partition owning {@code position}. */
  int locate(long position) {
    int lo = 0;
    int hi = live.size() - 1;
    while (lo < hi) {
      int mid = (lo + hi + 1) >>> 1;
      if (live.get(mid).lo <= position) {
        lo = mid;
      } else {
        hi = mid - 1;
      }
    }
    return lo;
  }

  /**
   * Splits live partition {@code i} at {@code at} (strictly inside its range) at {@code second}.
   */
  void split(int i, long at, String cause, long second) {
    SimulatedPartition p = live.get(i);
    if (at <= p.lo || at >= p.hi) {
      throw new IllegalArgumentException(
          "split point " + at + " outside " + p.name + " [" + p.lo + ", " + p.hi + ")");
    }
    p.retiredAt = second;
    SimulatedPartition left =
        new SimulatedPartition(name(), p.lo, at, second, cause, p.shareRead / 2, p.shareWrite / 2);
    SimulatedPartition right =
        new SimulatedPartition(name(), at, p.hi, second, cause, p.shareRead / 2, p.shareWrite / 2);
    live.set(i, left);
    live.add(i + 1, right);
    all.add(left);
    all.add(right);
  }

  private void add(SimulatedPartition p) {
    live.add(p);
    all.add(p);
  }

  private String name() {
    return "p" + ++created;
  }
}
