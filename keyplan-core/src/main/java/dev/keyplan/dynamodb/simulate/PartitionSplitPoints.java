package dev.keyplan.dynamodb.simulate;

import java.util.List;
import java.util.OptionalLong;

/**
 * Where a partition splits.
 *
 * <p>For size, once it holds more than 10 GB (a table adds partitions when "A partition gets close
 * to 10 GB in size", AWS Database Blog, "Scaling DynamoDB", part 3), at the middle of its range,
 * halving it, moved to the nearer edge of an item collection that may not be split (one item, or a
 * table with a local index, whose collections "cannot exceed 10GB" anyway, AWS DG ServiceQuotas).
 *
 * <p>For heat, where it best isolates the hot keys: "adaptive capacity rebalances your partitions
 * such that frequently accessed items don't reside on the same partition", and "If your application
 * drives consistently high traffic to a single item, adaptive capacity might rebalance your data so
 * that a partition contains only that single, frequently accessed item" (AWS DG,
 * bp-partition-key-design). The DynamoDB paper (Elhemali et al., USENIX ATC 2022, §4.2) picks the
 * split point "based on key distribution the partition has observed". keyplan tries each tracked
 * key's edges, the middle of each collection it may split by sort key, and the middle of the range,
 * and keeps the point whose busier half runs lowest against the ceilings (reads over 3,000 or
 * writes over 1,000, the larger); untracked demand is taken as even over the range. No point that
 * leaves the busier half as hot as the whole: the partition then holds one collection that cannot
 * be split, and stays as it is.
 */
final class PartitionSplitPoints {
  private PartitionSplitPoints() {}

  /**
   * A tracked key's collection inside a partition: the slot's part in the range, the key's demand
   * there (units per second), whether it may be split by sort key, and which key it is.
   */
  record Inside(long start, long end, double read, double write, boolean divisible, int key) {}

  /**
   * Returns the point splitting {@code [lo, hi)} in half, moved off any collection that may not be
   * split.
   */
  static OptionalLong forSize(long lo, long hi, List<Inside> keys) {
    long mid = lo + (hi - lo) / 2;
    for (Inside k : keys) {
      if (!k.divisible() && k.start() < mid && mid < k.end()) {
        long before = k.start();
        long after = k.end();
        boolean beforeOk = before > lo;
        boolean afterOk = after < hi;
        if (!beforeOk && !afterOk) {
          return OptionalLong.empty();
        }
        mid = !afterOk || (beforeOk && mid - before <= after - mid) ? before : after;
      }
    }
    return mid > lo && mid < hi ? OptionalLong.of(mid) : OptionalLong.empty();
  }

  /**
   * Returns the point that best isolates the hot keys of {@code [lo, hi)}, whose whole demand is
   * {@code read} and {@code write} units per second; empty if no point makes its busier half
   * cooler.
   */
  static OptionalLong forHeat(long lo, long hi, double read, double write, List<Inside> keys) {
    double keyRead = 0;
    double keyWrite = 0;
    for (Inside k : keys) {
      keyRead += k.read();
      keyWrite += k.write();
    }
    double evenRead = Math.max(0, read - keyRead);
    double evenWrite = Math.max(0, write - keyWrite);
    double whole = heat(read, write);
    long best = -1;
    double bestScore = whole;
    long mid = lo + (hi - lo) / 2;
    long[] candidates = new long[keys.size() * 3 + 1];
    int n = 0;
    candidates[n++] = mid;
    for (Inside k : keys) {
      candidates[n++] = k.start();
      candidates[n++] = k.end();
      if (k.divisible()) {
        candidates[n++] = k.start() + (k.end() - k.start()) / 2;
      }
    }
    for (int c = 0; c < n; c++) {
      long at = candidates[c];
      if (at <= lo || at >= hi || cuts(at, keys)) {
        continue;
      }
      double share = (double) (at - lo) / (hi - lo);
      double leftRead = evenRead * share;
      double leftWrite = evenWrite * share;
      for (Inside k : keys) {
        double f =
            k.end() <= at
                ? 1
                : k.start() >= at ? 0 : (double) (at - k.start()) / (k.end() - k.start());
        leftRead += k.read() * f;
        leftWrite += k.write() * f;
      }
      double score = Math.max(heat(leftRead, leftWrite), heat(read - leftRead, write - leftWrite));
      boolean better =
          score < bestScore - 1e-9 * whole
              || (best >= 0
                  && Math.abs(score - bestScore) <= 1e-9 * whole
                  && Math.abs(at - mid) < Math.abs(best - mid));
      if (better) {
        best = at;
        bestScore = score;
      }
    }
    return best >= 0 ? OptionalLong.of(best) : OptionalLong.empty();
  }

  /** Returns true if {@code at} falls inside a collection that may not be split. */
  private static boolean cuts(long at, List<Inside> keys) {
    for (Inside k : keys) {
      if (!k.divisible() && k.start() < at && at < k.end()) {
        return true;
      }
    }
    return false;
  }

  private static double heat(double read, double write) {
    return Math.max(read / Ceilings.READ, write / Ceilings.WRITE);
  }
}
