package dev.keyplan.dynamodb.simulate;

import dev.keyplan.dynamodb.facts.DynamoDbLimits;
import dev.keyplan.simulate.WorkBudget;

/**
 * The most partitions a copy can hold by the end of a run, worked out before the run from its spec,
 * so that the work estimate ({@link dev.keyplan.simulate.WorkBudget}) counts the partitions a run
 * will visit every second and record every interval, not only the ones it starts with. Issue 18: a
 * model at 1B/s started with 4 partitions, split for heat or size to 16,000 and more, and ran for
 * minutes in gigabytes while the estimate saw 4.
 *
 * <p>An upper bound, the largest of:
 *
 * <ul>
 *   <li>the partitions it starts with;
 *   <li>size: {@code 2 × ⌈bytes at the end / 10 GB⌉}, since a partition splits when it passes 10 GB
 *       and every partition of an evenly growing copy passes it at once, so the count can overshoot
 *       what the bytes need by up to a half;
 *   <li>heat (when the copy may split for heat): a split halves one partition once a window, so at
 *       most {@code start × 2^⌊duration / window⌋}, and no more than {@code 2 ×} the partitions
 *       that bring the average partition under the heat share: {@code ⌈max(RCU / 3,000, WCU /
 *       1,000) / share⌉};
 *   <li>throughput, on demand: what the table's quota serves at the ceilings, {@code ⌈max(40,000 /
 *       3,000, 40,000 / 1,000)⌉} (the default quotas, {@link DynamoDbLimits}).
 * </ul>
 *
 * capped at {@link #cap}, which {@link Splits} enforces: a copy never holds more live partitions.
 * The mechanisms and their sources are {@link Splits}' and {@link PartitionMap}'s.
 */
final class PartitionForecast {
  /**
   * The most live partitions a copy may hold here, the same as the most it may start with ({@link
   * DynamoDbSetup#MAX_PARTITIONS}): a split beyond it is refused with an event, so a run's memory
   * and time per second stay bounded whatever the rate.
   */
  static final int CAP = DynamoDbSetup.MAX_PARTITIONS;

  private PartitionForecast() {}

  /**
   * The most live partitions {@code spec} may hold when the run simulates {@code copies} copies:
   * {@link #CAP}, or the copy's share of the state a run may hold ({@link WorkBudget#MAX_RUN_BYTES}
   * ÷ {@link WorkBudget#SUBJECT_BYTES} ÷ copies) when that is less, but never fewer than it starts
   * with. Example: the table and three global indexes of examples/app-table.yaml may hold 131,072 ÷
   * 4 = 32,768 partitions each; one table alone, 100,000.
   */
  static int cap(CopySpec spec, int copies) {
    long share = WorkBudget.MAX_RUN_BYTES / WorkBudget.SUBJECT_BYTES / Math.max(1, copies);
    return (int) Math.max(spec.partitions(), Math.min(CAP, share));
  }

  /**
   * Returns the most partitions {@code spec} can hold after {@code durationSeconds}, one of {@code
   * copies} copies the run simulates; {@code traced} when a trace drives the demand, which the spec
   * does not hold, so heat is bounded by doubling alone.
   */
  static int of(
      CopySpec spec, DynamoDbSetup setup, long durationSeconds, boolean traced, int copies) {
    double bytes = spec.tail().bytesAt(durationSeconds);
    double read = spec.tail().readUnits() + spec.tail().scanReadUnits();
    double write = spec.tail().writeUnits();
    for (KeyLoad k : spec.keys()) {
      bytes += k.bytesAt(durationSeconds);
      read += k.readUnits();
      write += k.writeUnits();
    }
    double most = spec.partitions();
    most = Math.max(most, 2 * Math.ceil(bytes / Ceilings.BYTES));
    if (spec.heatSplits()) {
      double windows = Math.floor((double) durationSeconds / setup.heatSplitSeconds());
      // 2^windows overflows to Infinity past 1,023 windows, which min() below handles.
      double byDoubling = spec.partitions() * Math.pow(2, windows);
      double byDemand =
          traced
              ? Double.POSITIVE_INFINITY
              : 2
                  * Math.ceil(
                      Math.max(read / Ceilings.READ, write / Ceilings.WRITE)
                          / setup.heatSplitShare());
      most = Math.max(most, Math.min(byDoubling, byDemand));
    }
    if (spec.onDemand()) {
      most =
          Math.max(
              most,
              Math.ceil(
                  Math.max(
                      DynamoDbLimits.DEFAULT_TABLE_MAX_RCU / Ceilings.READ,
                      DynamoDbLimits.DEFAULT_TABLE_MAX_WCU / Ceilings.WRITE)));
    }
    return (int) Math.min(cap(spec, copies), most);
  }
}
