package dev.keyplan.dynamodb.design;

import java.util.Optional;

/**
 * What one copy of the data (the table, or a global index) costs per month at the model's rates.
 *
 * <p>Throughput: on demand, {@code units/s × 2,628,000 s × price per million} for reads and writes;
 * provisioned, {@code capacity × 730 h × price per unit-hour}, at the capacity the design sets and
 * at the capacity the workload needs ({@code peak / 0.7}, Application Auto Scaling's default target
 * of 70% utilisation). Storage: {@code bytes at the horizon / 2^30 × price per GB-month}. Rates are
 * the patterns' peaks times the design's {@code average_load}, so a cost at 100% is an upper bound.
 *
 * @param readUnits peak read units per second (RCU, or RRU on demand)
 * @param writeUnits peak write units per second
 * @param provisioned the {read, write} capacity units the design provisions, if provisioned
 * @param onDemandMonthly throughput on demand, at the average load
 * @param provisionedMonthly the design's provisioned capacity, if provisioned
 * @param neededRead read capacity units the workload needs: peak / 0.7
 * @param neededWrite write capacity units the workload needs: peak / 0.7
 * @param neededMonthly provisioned capacity at the workload's need
 * @param writesMonthly the write units alone in the copy's billing mode, what its writes add to the
 *     bill: on demand, {@code writeUnits × average load × 2,628,000 s × price per million};
 *     provisioned, {@code writeUnits / 0.7 × 730 h × price per WCU-hour}, not rounded up to whole
 *     units as {@code neededWrite} is. At the built-in prices 1,000 WCU/s at an average load of 1
 *     is $1,642.50 on demand; 700 WCU/s provisioned is 1,000 WCU × 730 h × $0.00065 = $474.50
 * @param storageMonthly storage at the horizon
 */
public record DynamoDbCost(
    String copy,
    double readUnits,
    double writeUnits,
    Optional<double[]> provisioned,
    double onDemandMonthly,
    Optional<Double> provisionedMonthly,
    double neededRead,
    double neededWrite,
    double neededMonthly,
    double writesMonthly,
    double storageBytes,
    double storageMonthly,
    boolean onDemand) {

  /** Returns the monthly total in the copy's billing mode: throughput plus storage. */
  public double monthly() {
    return (onDemand ? onDemandMonthly : provisionedMonthly.orElse(neededMonthly)) + storageMonthly;
  }

  /**
   * Returns true if the design provisions this copy below what its peaks need, in reads or writes
   * ({@code set < ⌈peak / 0.7⌉}): {@link #monthly} is then what the capacity set costs, not what
   * the workload needs, and ProvisionedBelowNeed reports it (an error below the peak, a warning
   * below the 70% target).
   */
  public boolean belowNeed() {
    return provisioned.map(p -> p[0] < neededRead || p[1] < neededWrite).orElse(false);
  }

  /**
   * Returns the monthly total at what the workload needs: on demand as billed; provisioned at the
   * needed capacity ({@code neededMonthly}, ⌈peak / 0.7⌉ units), plus storage either way. Equal to
   * {@link #monthly} for an on-demand copy and for a provisioned one set exactly at its need.
   */
  public double monthlyAtNeed() {
    return (onDemand ? onDemandMonthly : neededMonthly) + storageMonthly;
  }
}
