package dev.keyplan.dynamodb.check;

import dev.keyplan.check.Category;
import dev.keyplan.check.Findings;
import dev.keyplan.check.RuleSpec;
import dev.keyplan.check.Severity;
import dev.keyplan.dynamodb.design.DynamoDbAnalysis;
import dev.keyplan.dynamodb.design.DynamoDbCost;
import dev.keyplan.dynamodb.design.DynamoDbTable;
import dev.keyplan.dynamodb.design.KeyPath;
import dev.keyplan.dynamodb.facts.DynamoDbLimits;
import dev.keyplan.dynamodb.model.DynamoDbSectionReader;
import dev.keyplan.input.Location;
import dev.keyplan.model.Units;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Flags provisioned capacity below what the patterns need, per copy (the table, and each global
 * index, which has its own capacity; local indexes use the table's):
 *
 * <ul>
 *   <li>error: read or write capacity below the peak units (DynamoDbCost.readUnits, writeUnits):
 *       requests beyond it are throttled once burst capacity, at most {@value
 *       DynamoDbLimits#BURST_CAPACITY_SECONDS} s of unused capacity, is spent. A GSI short of write
 *       capacity throttles the table's writes too (GSI.md);
 *   <li>info: a GSI of a provisioned table without capacity of its own, as in every NoSQL Workbench
 *       file, which has no per-index units: the capacity is unknown, so keyplan assumes the need,
 *       costs it (DynamoDbCost.monthly) and simulates it (CopySpecs) at that, and says so (issue 16
 *       Decisions). CreateTable needs ProvisionedThroughput for every GSI of a PROVISIONED table
 *       ("You must use ProvisionedThroughput or OnDemandThroughput based on your table's capacity
 *       mode", API reference, GlobalSecondaryIndex), so the fix sets it;
 *   <li>warning: at or above the peak but below {@code peak / 0.7}, the capacity Application Auto
 *       Scaling's default 70% target would set: no headroom, and auto scaling reacts in minutes.
 * </ul>
 *
 * Each message compares the monthly cost at the need with on demand (DynamoDbCost). Worked number:
 * 120 puts/s of a 102 B item need 120 WCU at peak and ⌈120 / 0.7⌉ = 172 to provision; 50 WCU
 * throttles 70 writes a second.
 */
@RuleSpec(
    category = Category.COST,
    summary = "Provisioned capacity is below the patterns' peak or the 70% auto-scaling target",
    severity = Severity.ERROR)
public final class ProvisionedBelowNeed implements DynamoDbRule {
  @Override
  public void check(DynamoDbAnalysis a, Findings out) {
    for (DynamoDbTable t : a.tables()) {
      if (t.billing().onDemand()) {
        continue;
      }
      for (KeyPath path : t.paths()) {
        if (path.isIndex() && !path.isGlobal()) {
          continue;
        }
        DynamoDbCost c = a.cost(path.copy()).orElse(null);
        if (c == null) {
          continue;
        }
        String what = path.isIndex() ? "index " + path.label() : "table " + t.name();
        Location at = path.isIndex() ? path.location() : t.location();
        String need =
            "the workload needs "
                + Units.count(c.neededRead())
                + " RCU and "
                + Units.count(c.neededWrite())
                + " WCU (peaks of "
                + Units.rate(c.readUnits(), "RCU")
                + " and "
                + Units.rate(c.writeUnits(), "WCU")
                + " at 70% target utilisation), "
                + a.prices().money(c.neededMonthly())
                + "/month provisioned; on demand "
                + a.prices().money(c.onDemandMonthly())
                + "/month";
        if (c.provisioned().isEmpty()) {
          // Unknown, not wrong: a NoSQL Workbench file has no per-index units, so keyplan assumes
          // the need, prices it (DynamoDbCost.monthly) and simulates it (CopySpecs), and says so.
          out.report(
              Severity.INFO,
              path.label(),
              at,
              what
                  + " of provisioned table "
                  + t.name()
                  + " has no capacity in the design: keyplan assumes what its workload needs, "
                  + Units.count(c.neededRead())
                  + " RCU and "
                  + Units.count(c.neededWrite())
                  + " WCU, and costs and simulates it at that; "
                  + need
                  + ". CreateTable needs ProvisionedThroughput for every global index of a"
                  + " provisioned table",
              beyondLimits(c.neededRead(), c.neededWrite())
                  .orElse(
                      "set the index's capacity in the model: indexes: {"
                          + path.name()
                          + ": {capacity: {read: "
                          + units(c.neededRead())
                          + ", write: "
                          + units(c.neededWrite())
                          + "}}} under table "
                          + t.name()
                          + " (on an index of a schema: file, capacity alone is allowed),"
                          + " or make the table on-demand"));
          continue;
        }
        double[] set = c.provisioned().get();
        List<String> problems = new ArrayList<>();
        Severity severity = null;
        for (int i = 0; i < 2; i++) {
          double peak = i == 0 ? c.readUnits() : c.writeUnits();
          double needed = i == 0 ? c.neededRead() : c.neededWrite();
          String unit = i == 0 ? "RCU" : "WCU";
          if (set[i] < peak) {
            severity = Severity.ERROR;
            problems.add(
                Units.count(set[i])
                    + " "
                    + unit
                    + ", below the peak of "
                    + Units.rate(peak, unit)
                    + ": "
                    + Units.rate(peak - set[i], unit)
                    + " are throttled once burst"
                    + " capacity (at most "
                    + DynamoDbLimits.BURST_CAPACITY_SECONDS
                    + " s of unused capacity) is spent"
                    + (i == 1 && path.isIndex()
                        ? ", and the index's throttling throttles the table's writes"
                        : ""));
          } else if (set[i] < needed) {
            severity = severity == null ? Severity.WARNING : severity;
            problems.add(
                Units.count(set[i])
                    + " "
                    + unit
                    + ", at least the peak of "
                    + Units.rate(peak, unit)
                    + " but below the "
                    + Units.count(needed)
                    + " that a 70% target utilisation gives: no headroom");
          }
        }
        if (severity == null) {
          continue;
        }
        out.report(
            severity,
            path.label(),
            at,
            what
                + " is provisioned with "
                + String.join("; and ", problems)
                + "; "
                + need
                + " (the capacity set costs "
                + a.prices().money(c.provisionedMonthly().orElse(0.0))
                + "/month)",
            beyondLimits(Math.max(set[0], c.neededRead()), Math.max(set[1], c.neededWrite()))
                .orElse(
                    "provision capacity: {read: "
                        + units(Math.max(set[0], c.neededRead()))
                        + ", write: "
                        + units(Math.max(set[1], c.neededWrite()))
                        + "} with auto scaling, or switch to on-demand,"
                        + " which follows the peaks"));
      }
    }
  }

  /**
   * Returns the units to propose for a need: whole, and at least 1, the least the model reader
   * takes (an index no pattern reads needs 0 RCU, and {@code read: 0} would be refused).
   */
  private static long units(double needed) {
    return Math.max(1, Math.round(needed));
  }

  /**
   * Returns the fix when the capacity needed is more than the model reader takes ({@link
   * DynamoDbSectionReader#MAX_CAPACITY_UNITS} units a table or index): a {@code capacity:} it would
   * refuse is no fix, so the finding says plainly that none exists within keyplan's limits.
   */
  private static Optional<String> beyondLimits(double read, double write) {
    long max = DynamoDbSectionReader.MAX_CAPACITY_UNITS;
    if (units(read) <= max && units(write) <= max) {
      return Optional.empty();
    }
    return Optional.of(
        "no provisioned capacity fits within keyplan's limits (1 to "
            + Units.count(max)
            + " units each for read and write): it would need "
            + Units.count(units(read))
            + " RCU and "
            + Units.count(units(write))
            + " WCU; switch to on-demand, which follows the peaks (asking AWS to raise the"
            + " table's throughput quotas), or spread the load over more keys and tables");
  }
}
