package dev.keyplan.designer;

/**
 * What one store's proposal costs a month on one offer (self-managed nodes, a managed service), and
 * how that moves with the load: a count of priced units (nodes, shards, instances) that the load
 * and the data each ask for, plus what is billed per use and per byte.
 *
 * <p>{@code monthly(k) = perUnitMonthly × units(k) + usageMonthly × k + storageMonthly}, where
 * {@code units(k) = max(⌈unitsForLoad × k⌉, ⌈unitsForData⌉, minimumUnits)} and {@code k} scales
 * every pattern's rate (1 as the model says; 2 and 10 for the verdict's sensitivity). Example: a
 * Cassandra cluster whose replica operations need 41.5 nodes of 20,000/s and whose data needs 559
 * nodes of 2 TB, at $455.52 a node-month ($0.624 an hour × 730), costs 559 × $455.52 = $254,635.68
 * at ×1 and ×10 alike: the data, not the load, sizes it.
 *
 * @param offer what is priced, in words ({@code self-managed, i3.2xlarge nodes})
 * @param basis where each price comes from: instance type or tier, region, source and date
 * @param unit what a unit is ({@code node}, {@code shard of 3 members})
 * @param perUnitMonthly the price of one unit for a 730-hour month, in US dollars; NaN when the
 *     offer cannot be priced for this workload (the note says why), so that no comparison picks it
 * @param unitsForLoad units the patterns' rates need at ×1, unrounded (0 when the load is not what
 *     sizes it)
 * @param unitsForData units the data at the horizon needs, unrounded
 * @param minimumUnits the fewest units the offer runs on (the replicas a datacenter needs)
 * @param usageMonthly what is billed per request at ×1 (on-demand throughput), in US dollars
 * @param storageMonthly what is billed per byte stored, in US dollars
 * @param note what the figure leaves out or assumes, empty if nothing
 */
public record MonthlyCost(
    String offer,
    String basis,
    String unit,
    double perUnitMonthly,
    double unitsForLoad,
    double unitsForData,
    int minimumUnits,
    double usageMonthly,
    double storageMonthly,
    String note) {

  /** AWS's and MongoDB Atlas's billing month: 8,760 hours a year / 12. */
  public static final double HOURS_PER_MONTH = 730;

  /** Returns the units the offer runs at with every rate × {@code k}. */
  public long units(double k) {
    if (perUnitMonthly == 0 && unitsForLoad == 0 && unitsForData == 0) {
      return 0;
    }
    double load = Math.ceil(unitsForLoad * k - 1e-9);
    double data = Math.ceil(unitsForData - 1e-9);
    return (long) Math.max(minimumUnits, Math.max(load, data));
  }

  /** Returns the month's cost with every rate × {@code k}, in US dollars. */
  public double monthly(double k) {
    return perUnitMonthly * units(k) + usageMonthly * k + storageMonthly;
  }
}
