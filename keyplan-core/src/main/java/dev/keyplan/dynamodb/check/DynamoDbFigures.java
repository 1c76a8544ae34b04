package dev.keyplan.dynamodb.check;

import dev.keyplan.dynamodb.design.DynamoDbAnalysis;
import dev.keyplan.dynamodb.design.DynamoDbItem;
import dev.keyplan.dynamodb.design.DynamoDbTable;
import dev.keyplan.dynamodb.design.KeyPath;
import dev.keyplan.dynamodb.facts.PriceTable;
import dev.keyplan.model.Units;
import java.util.Optional;

/**
 * Figures several DynamoDB rules need that {@link DynamoDbAnalysis} does not expose (yet): items
 * per key value, the bytes an item's local index entries add to it, and what a number of write
 * units costs per month in a table's billing mode. Each mirrors the analysis' own arithmetic
 * (ItemCounts, DynamoDbAnalyzer) so that a rule's numbers agree with the printed report; when the
 * analysis exposes them, the rules should read them from there and this class should go.
 */
public final class DynamoDbFigures {
  private DynamoDbFigures() {}

  /**
   * Application Auto Scaling's default target utilisation for DynamoDB, 70%: a provisioned copy
   * needs {@code peak / 0.7} units (the figure {@link dev.keyplan.dynamodb.design.DynamoDbCost}
   * uses).
   */
  public static final double TARGET_UTILIZATION =
      dev.keyplan.dynamodb.design.DynamoDbAnalyzer.TARGET_UTILIZATION;

  /**
   * Returns the bytes of the item's entries in the table's local secondary indexes, as the 400 KB
   * item limit counts them: "the size of the corresponding entries (including key values and
   * projected attributes) in all local secondary indexes" (AWS DG, LSI.html, "Item collection size
   * limit"; notes §2.1). Storage overhead is not part of it.
   */
  public static long lsiEntryBytes(DynamoDbItem it, DynamoDbTable t) {
    long bytes = 0;
    for (KeyPath l : t.lsis()) {
      if (it.on(l)) {
        bytes += it.entryBytes(l, t);
      }
    }
    return bytes;
  }

  /**
   * Returns what {@code wcuPerSecond} write units at peak cost per month in the table's billing
   * mode: on demand, the units at the design's average load × 2,628,000 s × the price per million;
   * provisioned, the capacity they need ({@code peak / 0.7}) × 730 h × the price per WCU-hour.
   */
  public static double writeMonthly(DynamoDbAnalysis a, DynamoDbTable t, double wcuPerSecond) {
    PriceTable p = a.prices();
    return t.billing().onDemand()
        ? p.onDemandMonthly(0, wcuPerSecond * a.design().averageLoad())
        : p.provisionedMonthly(0, wcuPerSecond / TARGET_UTILIZATION);
  }

  /** Returns the monthly storage cost of {@code bytes} at the analysis' prices. */
  public static double storageMonthly(DynamoDbAnalysis a, double bytes) {
    return a.prices().storageMonthly(bytes);
  }

  /**
   * Returns a rate of capacity units as the report prints it: {@code 120 WCU/s}, {@code 0.5 RCU/s}.
   */
  public static String units(double perSecond, String unit) {
    String r = Units.rate(perSecond);
    return r.substring(0, r.length() - 2) + " " + unit + "/s";
  }

  /** Returns {@code amount} in the price table's currency ({@code $1,642.50}). */
  public static String money(DynamoDbAnalysis a, double amount) {
    return Units.money(amount, a.prices().currency());
  }

  /** Returns the table a copy ({@code table} or {@code table.index}) belongs to. */
  public static Optional<DynamoDbTable> tableOf(DynamoDbAnalysis a, String copy) {
    return a.index().tableOf(copy);
  }
}
