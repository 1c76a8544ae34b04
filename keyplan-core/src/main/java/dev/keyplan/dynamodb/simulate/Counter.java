package dev.keyplan.dynamodb.simulate;

/**
 * Units of one kind (read or write) a partition, key or copy was asked for and what became of them,
 * summed over the seconds added: consumed, throttled at the partition's ceiling, throttled because
 * the table had no capacity left (provisioned and burst spent, or the on-demand limit). Also the
 * busiest second's demand. Mutable: one per subject, owned by the simulation of one copy.
 */
final class Counter {
  double demand;
  double consumed;
  double partitionThrottled;
  double tableThrottled;
  double peakDemand;
  double peakConsumed;

  /** Adds one second. */
  void add(double demanded, double served, double atCeiling, double atTable) {
    demand += demanded;
    consumed += served;
    partitionThrottled += atCeiling;
    tableThrottled += atTable;
    peakDemand = Math.max(peakDemand, demanded);
    peakConsumed = Math.max(peakConsumed, served);
  }

  /** Returns every throttled unit, whatever the cause. */
  double throttled() {
    return partitionThrottled + tableThrottled;
  }

  /** Forgets everything, for the next interval. */
  void clear() {
    demand = 0;
    consumed = 0;
    partitionThrottled = 0;
    tableThrottled = 0;
    peakDemand = 0;
    peakConsumed = 0;
  }

  /** Returns the sums as an immutable value. */
  UnitTotals totals() {
    return new UnitTotals(
        demand, consumed, partitionThrottled, tableThrottled, peakDemand, peakConsumed);
  }
}
