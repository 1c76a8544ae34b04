package dev.keyplan.dynamodb.check;

import dev.keyplan.check.Category;
import dev.keyplan.check.Findings;
import dev.keyplan.check.RuleSpec;
import dev.keyplan.check.Severity;
import dev.keyplan.dynamodb.design.DynamoDbAnalysis;
import dev.keyplan.dynamodb.design.DynamoDbCost;
import dev.keyplan.dynamodb.design.DynamoDbPlan;
import dev.keyplan.dynamodb.design.DynamoDbTable;
import dev.keyplan.dynamodb.design.KeyPath;
import dev.keyplan.dynamodb.facts.DynamoDbLimits;
import dev.keyplan.model.Units;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Flags a table or global index whose peak read or write units per second exceed DynamoDB's default
 * throughput quotas ("Quotas in Amazon DynamoDB", throughput default quotas; seed 000: "The default
 * per-table quota is 40,000 read and 40,000 write units, adjustable"):
 *
 * <ul>
 *   <li><b>error</b>: more than 40,000 read or write units per second on the table or on any one of
 *       its GSIs. The current quotas page applies the table-level quota to "any table, or any
 *       individual GSI within that table" (on demand) and to what "can be provisioned for any table
 *       or any of its GSIs" (provisioned), so each copy is compared on its own;
 *   <li><b>error</b>, provisioned tables: the table and its GSIs together over the account-level
 *       80,000 RCU or WCU per Region, a bound the rest of the account's provisioned tables share;
 *   <li><b>warning</b>, on-demand tables: a copy whose peak exceeds the 12,000 read or 4,000 write
 *       units per second a new on-demand table sustains (AWS DG, "Pre-warming a table for on-demand
 *       capacity mode"); traffic above it, or above twice the previous peak within 30 minutes, may
 *       be throttled until DynamoDB has scaled, unless the table is pre-warmed.
 * </ul>
 *
 * <p>The quotas are adjustable, so the fix says how much to request. Peak units are DynamoDbCost's,
 * {@code Σ rate × units per request} over the patterns that use the copy; on a provisioned copy,
 * the capacity it sets counts when larger. Worked number: 100,000 eventually consistent GetItems of
 * a 3 KB item per second are 100,000 × 0.5 = 50,000 RCU/s, 125% of 40,000 ⇒ error: request at least
 * 50,000.
 */
@RuleSpec(
    category = Category.KEY,
    summary = "Table or index needs more throughput than DynamoDB's default quotas allow",
    severity = Severity.ERROR)
public final class TableQuotaExceeded implements DynamoDbRule {

  @Override
  public void check(DynamoDbAnalysis a, Findings out) {
    for (DynamoDbTable t : a.tables()) {
      double sumRead = 0;
      double sumWrite = 0;
      List<String> parts = new ArrayList<>();
      for (KeyPath path : t.paths()) {
        if (path.local()) {
          continue; // a local index consumes the table's capacity, counted in the table's copy
        }
        Optional<DynamoDbCost> found = a.cost(path.copy());
        if (found.isEmpty()) {
          continue;
        }
        DynamoDbCost c = found.get();
        double read = need(c, 0);
        double write = need(c, 1);
        sumRead += read;
        sumWrite += write;
        parts.add(
            path.copy()
                + " "
                + Units.capacity(read)
                + " RCU/s, "
                + Units.capacity(write)
                + " WCU/s");
        copy(a, t, path, read, write, out);
      }
      if (!t.billing().onDemand()
          && (sumRead > DynamoDbLimits.DEFAULT_ACCOUNT_MAX_RCU
              || sumWrite > DynamoDbLimits.DEFAULT_ACCOUNT_MAX_WCU)) {
        out.report(
            Severity.ERROR,
            t.name(),
            t.location(),
            "provisioned table "
                + t.name()
                + " and its global indexes"
                + " need "
                + Units.capacity(sumRead)
                + " RCU/s and "
                + Units.capacity(sumWrite)
                + " WCU/s together ("
                + String.join("; ", parts)
                + "): over the default account-level quota of "
                + Units.count(DynamoDbLimits.DEFAULT_ACCOUNT_MAX_RCU)
                + " RCU and "
                + Units.count(DynamoDbLimits.DEFAULT_ACCOUNT_MAX_WCU)
                + " WCU per Region, which every provisioned table of"
                + " the account shares",
            "request an increase of the account-level "
                + over(
                    sumRead,
                    sumWrite,
                    DynamoDbLimits.DEFAULT_ACCOUNT_MAX_RCU,
                    DynamoDbLimits.DEFAULT_ACCOUNT_MAX_WCU)
                + " throughput quota (provisioned mode) in Service Quotas, to at"
                + " least "
                + request(
                    sumRead,
                    sumWrite,
                    DynamoDbLimits.DEFAULT_ACCOUNT_MAX_RCU,
                    DynamoDbLimits.DEFAULT_ACCOUNT_MAX_WCU)
                + " plus the account's other provisioned tables; or switch"
                + " the table to on-demand, which has no account-level quota");
      }
    }
  }

  /**
   * Reports one copy against the table-level quota, or else against a new on-demand table's start.
   */
  private static void copy(
      DynamoDbAnalysis a, DynamoDbTable t, KeyPath path, double read, double write, Findings out) {
    String copy = path.copy();
    String what = path.isIndex() ? "global index " + copy : "table " + copy;
    boolean onDemand = t.billing().onDemand();
    List<String> warmTo = new ArrayList<>();
    if (read > DynamoDbLimits.NEW_ON_DEMAND_READ_UNITS) {
      warmTo.add("ReadUnitsPerSecond " + Units.capacity(Math.ceil(read)));
    }
    if (write > DynamoDbLimits.NEW_ON_DEMAND_WRITE_UNITS) {
      warmTo.add("WriteUnitsPerSecond " + Units.capacity(Math.ceil(write)));
    }
    String warm =
        "pre-warm it before the traffic arrives: set its warm throughput (UpdateTable WarmThroughput"
            + (path.isIndex() ? " in the index's GlobalSecondaryIndexUpdates" : "")
            + ": "
            + String.join(", ", warmTo)
            + "), or create it provisioned at the peak and switch to on-demand, at least 24 hours before the peak"
            + " (pre-warming page)";
    boolean readOver = read > DynamoDbLimits.DEFAULT_TABLE_MAX_RCU;
    boolean writeOver = write > DynamoDbLimits.DEFAULT_TABLE_MAX_WCU;
    boolean readWarm = read > DynamoDbLimits.NEW_ON_DEMAND_READ_UNITS;
    boolean writeWarm = write > DynamoDbLimits.NEW_ON_DEMAND_WRITE_UNITS;
    // The patterns behind the dimension that is over: a Scan among them is the thing to fix first.
    Contributors by = contributors(a, copy, readOver || !writeOver && readWarm ? 0 : 1);
    if (readOver || writeOver) {
      out.report(
          Severity.ERROR,
          copy,
          path.location(),
          what
              + " needs "
              + Units.capacity(read)
              + " RCU/s ("
              + Units.share(read / DynamoDbLimits.DEFAULT_TABLE_MAX_RCU)
              + ") and "
              + Units.capacity(write)
              + " WCU/s ("
              + Units.share(write / DynamoDbLimits.DEFAULT_TABLE_MAX_WCU)
              + ") at peak"
              + (onDemand ? "" : ", provisioned")
              + ": over the default table-level quota of "
              + Units.count(DynamoDbLimits.DEFAULT_TABLE_MAX_RCU)
              + " read and "
              + Units.count(DynamoDbLimits.DEFAULT_TABLE_MAX_WCU)
              + " write units per second, which applies to the table"
              + " and to each of its global indexes; from "
              + by.text(),
          by.scanFix()
              + "request an increase of the table-level "
              + over(
                  read,
                  write,
                  DynamoDbLimits.DEFAULT_TABLE_MAX_RCU,
                  DynamoDbLimits.DEFAULT_TABLE_MAX_WCU)
              + " throughput quota in Service Quotas (it is adjustable) to at least "
              + request(
                  read,
                  write,
                  DynamoDbLimits.DEFAULT_TABLE_MAX_RCU,
                  DynamoDbLimits.DEFAULT_TABLE_MAX_WCU)
              + (onDemand && !warmTo.isEmpty() ? "; then " + warm : ""));
    } else if (onDemand && (readWarm || writeWarm)) {
      out.report(
          Severity.WARNING,
          copy,
          path.location(),
          "on-demand "
              + what
              + " needs "
              + Units.capacity(read)
              + " read and "
              + Units.capacity(write)
              + " write units per second at peak, over the "
              + Units.count(DynamoDbLimits.NEW_ON_DEMAND_READ_UNITS)
              + " read or "
              + Units.count(DynamoDbLimits.NEW_ON_DEMAND_WRITE_UNITS)
              + " write units per second a new on-demand table"
              + " sustains: until DynamoDB has scaled it (twice the previous peak within 30 minutes), requests above that"
              + " may be throttled; from "
              + by.text(),
          by.scanFix() + warm);
    }
  }

  /** The heaviest patterns on a copy in one dimension, and whether a Scan carries most of it. */
  private record Contributors(String text, String scan) {
    String scanFix() {
      return scan.isEmpty()
          ? ""
          : "first serve " + scan + " without a Scan (ScanOnHotPath names the index); else ";
    }
  }

  /** Returns up to three patterns by their units per second on {@code copy} (0 reads, 1 writes). */
  private static Contributors contributors(DynamoDbAnalysis a, String copy, int dimension) {
    java.util.Map<String, Double> load = new java.util.LinkedHashMap<>();
    java.util.Set<String> scans = new java.util.HashSet<>();
    double total = 0;
    for (DynamoDbAnalysis.PlanTouch pt : a.touchesOn(copy)) {
      DynamoDbPlan plan = pt.plan();
      DynamoDbPlan.Touch t = pt.touch();
      double u =
          plan.pattern().ratePerSecond()
              * (dimension == 0 ? t.readUnits().typical() : t.writeUnits());
      load.merge(plan.pattern().id(), u, Double::sum);
      total += u;
      if (plan.access() == DynamoDbPlan.Access.SCAN) {
        scans.add(plan.pattern().id());
      }
    }
    List<java.util.Map.Entry<String, Double>> sorted = new ArrayList<>(load.entrySet());
    sorted.removeIf(e -> e.getValue() <= 0);
    sorted.sort((x, y) -> Double.compare(y.getValue(), x.getValue()));
    List<String> parts = new ArrayList<>();
    String unit = dimension == 0 ? " RCU/s" : " WCU/s";
    for (int i = 0; i < Math.min(3, sorted.size()); i++) {
      var e = sorted.get(i);
      parts.add(
          e.getKey()
              + " "
              + Units.capacity(e.getValue())
              + unit
              + (scans.contains(e.getKey()) ? " (a Scan)" : ""));
    }
    if (sorted.size() > 3) {
      parts.add(sorted.size() - 3 + " more");
    }
    String scan =
        !sorted.isEmpty()
                && scans.contains(sorted.get(0).getKey())
                && sorted.get(0).getValue() > total / 2
            ? sorted.get(0).getKey()
            : "";
    return new Contributors(parts.isEmpty() ? "no pattern" : String.join(", ", parts), scan);
  }

  /**
   * The copy's need in one dimension (0 read, 1 write): its peak, or the capacity it provisions if
   * larger.
   */
  private static double need(DynamoDbCost c, int dimension) {
    double peak = dimension == 0 ? c.readUnits() : c.writeUnits();
    return Math.max(peak, c.provisioned().map(p -> p[dimension]).orElse(0.0));
  }

  /** Which quotas are exceeded: {@code read}, {@code write}, or {@code read and write}. */
  private static String over(double read, double write, double readQuota, double writeQuota) {
    boolean r = read > readQuota;
    boolean w = write > writeQuota;
    return r && w ? "read and write" : r ? "read" : "write";
  }

  /**
   * The quota to request: the need rounded up to the next thousand units, per exceeded dimension.
   */
  private static String request(double read, double write, double readQuota, double writeQuota) {
    List<String> out = new ArrayList<>();
    if (read > readQuota) {
      out.add(Units.count(Math.ceil(read / 1000) * 1000) + " RCU");
    }
    if (write > writeQuota) {
      out.add(Units.count(Math.ceil(write / 1000) * 1000) + " WCU");
    }
    return String.join(" and ", out) + " (the peak, rounded up to the next 1,000)";
  }
}
