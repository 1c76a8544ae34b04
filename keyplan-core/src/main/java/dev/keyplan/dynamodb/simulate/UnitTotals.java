package dev.keyplan.dynamodb.simulate;

/**
 * Units of one kind (reads or writes) a subject was asked for over a run, and what became of them.
 *
 * @param demand units asked for
 * @param consumed units served
 * @param partitionThrottled units refused at a partition's ceiling (DynamoDB's
 *     KeyRangeThroughputExceeded)
 * @param tableThrottled units refused because the table had nothing left: provisioned capacity and
 *     burst spent, or the on-demand limit reached
 * @param peakDemand the busiest second's demand
 * @param peakConsumed the busiest second's consumption
 */
public record UnitTotals(
    double demand,
    double consumed,
    double partitionThrottled,
    double tableThrottled,
    double peakDemand,
    double peakConsumed) {

  /** Returns every throttled unit, whatever the cause. */
  public double throttled() {
    return partitionThrottled + tableThrottled;
  }

  /** Returns the throttled share of the demand; 0 when nothing was asked. */
  public double throttledShare() {
    return demand > 0 ? throttled() / demand : 0;
  }
}
