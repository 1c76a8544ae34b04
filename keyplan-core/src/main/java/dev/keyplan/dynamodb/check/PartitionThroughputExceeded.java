package dev.keyplan.dynamodb.check;

import dev.keyplan.check.Category;
import dev.keyplan.check.Findings;
import dev.keyplan.check.RuleSpec;
import dev.keyplan.check.Severity;
import dev.keyplan.dynamodb.design.DynamoDbAnalysis;
import dev.keyplan.dynamodb.design.DynamoDbHeat;
import dev.keyplan.dynamodb.design.DynamoDbPlan;
import dev.keyplan.dynamodb.facts.DynamoDbLimits;
import dev.keyplan.model.KeyTemplate;
import dev.keyplan.model.Operation;
import dev.keyplan.model.Units;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Flags the busiest partition key value of a table or global index when its read or write units per
 * second come close to what one partition serves: 3,000 RCU and 1,000 WCU (AWS DG, "Best practices
 * for designing and using partition keys effectively"; seed 000: "every partition delivers at most
 * 3,000 read units and 1,000 write units per second"). Adaptive capacity moves throughput to a hot
 * partition and can isolate a busy item, "but it cannot go past" the ceiling (seed 000), and it is
 * "a safety net, not an architectural feature" (seed 004).
 *
 * <ul>
 *   <li><b>error</b> from 100% of either ceiling: the key is throttled as modelled, however much
 *       table capacity is provisioned;
 *   <li><b>warning</b> from 50%: no headroom for the traffic to double. The 50% line is keyplan's
 *       planning margin (the same as {@code DynamoDbHeat.suggestedShards} and Cassandra's
 *       HotPartition), not an AWS figure.
 * </ul>
 *
 * <p>Worked number (seed 000's interview question): 5,000 updates per second to one item of under 1
 * KB is 5,000 WCU/s, 500% of 1,000 ⇒ error; the item can never be split, so the fix shards it into
 * ⌈5,000 / 500⌉ = 10 items. Heat whose spread is unknown (NaN) is skipped: KeySpreadUndeclared asks
 * for the spread.
 */
@RuleSpec(
    category = Category.KEY,
    summary = "One partition key value needs more read or write units than a partition serves",
    severity = Severity.ERROR)
public final class PartitionThroughputExceeded implements DynamoDbRule {

  @Override
  public void check(DynamoDbAnalysis a, Findings out) {
    for (DynamoDbHeat h : a.heat()) {
      if (Double.isNaN(h.readUnits())
          || Double.isNaN(h.writeUnits())
          || h.ceilingShare() < DynamoDbLimits.PARTITION_THROUGHPUT_WARN_SHARE) {
        continue;
      }
      Severity severity = h.ceilingShare() >= 1 ? Severity.ERROR : Severity.WARNING;
      StringBuilder m =
          new StringBuilder(
              "the busiest "
                  + h.signature()
                  + " value of "
                  + h.copy()
                  + " takes "
                  + Units.capacity(h.readUnits())
                  + " RCU/s ("
                  + Units.share(h.readShare())
                  + " of "
                  + Units.count(DynamoDbLimits.MAX_RCU_PER_PARTITION)
                  + ") and "
                  + Units.capacity(h.writeUnits())
                  + " WCU/s ("
                  + Units.share(h.writeShare())
                  + " of "
                  + Units.count(DynamoDbLimits.MAX_WCU_PER_PARTITION)
                  + ") a partition serves per second");
      if (h.shards() > 1) {
        m.append(", on each of its ").append(h.shards()).append(" shards");
      }
      m.append("; from ").append(String.join(", ", contributions(a, h)));
      if (h.oneItem()) {
        m.append(
                "; the value holds a single item, and a single item can never be split (seed 000): no capacity")
            .append(" setting serves it more than one partition's ceiling");
      }
      h.monotonicSortKey()
          .ifPresent(
              s ->
                  m.append("; its sort key leads with ")
                      .append(s)
                      .append(", which")
                      .append(
                          " increases with time: adaptive capacity does not split an item collection on a monotonically")
                      .append(
                          " increasing sort key (seed 000), so the newest items all land on one partition"));
      String fix = h.writeShare() >= h.readShare() ? writeFix(a, h) : readFix(a, h);
      out.report(
          severity,
          h.copy() + " " + h.signature(),
          a.index().locationOf(h.copy()),
          m.toString(),
          fix);
    }
  }

  /** The patterns that reach the key, heaviest first: {@code place-order 800 WCU/s}. */
  private static List<String> contributions(DynamoDbAnalysis a, DynamoDbHeat h) {
    Map<String, double[]> load = new LinkedHashMap<>();
    for (DynamoDbAnalysis.PlanTouch pt : touches(a, h)) {
      DynamoDbPlan plan = pt.plan();
      DynamoDbPlan.Touch t = pt.touch();
      double[] l = load.computeIfAbsent(plan.pattern().id(), k -> new double[2]);
      double rate = plan.pattern().ratePerSecond() * t.busiestShare();
      l[0] += rate * t.readUnits().busiest();
      l[1] += rate * t.writeUnits();
    }
    List<Map.Entry<String, double[]>> sorted = new ArrayList<>(load.entrySet());
    sorted.sort((x, y) -> Double.compare(share(y.getValue()), share(x.getValue())));
    List<String> out = new ArrayList<>();
    for (Map.Entry<String, double[]> e : sorted) {
      List<String> parts = new ArrayList<>();
      if (e.getValue()[0] > 0) {
        parts.add(Units.capacity(e.getValue()[0]) + " RCU/s");
      }
      if (e.getValue()[1] > 0) {
        parts.add(Units.capacity(e.getValue()[1]) + " WCU/s");
      }
      out.add(e.getKey() + " " + (parts.isEmpty() ? "0 units/s" : String.join(" + ", parts)));
    }
    return out;
  }

  private static double share(double[] load) {
    return Math.max(
        load[0] / DynamoDbLimits.MAX_RCU_PER_PARTITION,
        load[1] / DynamoDbLimits.MAX_WCU_PER_PARTITION);
  }

  /**
   * The touches on the heat's copy and key whose share is known, with their plans, in plan order.
   */
  private static List<DynamoDbAnalysis.PlanTouch> touches(DynamoDbAnalysis a, DynamoDbHeat h) {
    return a.touchesOn(h.copy(), h.signature()).stream()
        .filter(pt -> !Double.isNaN(pt.touch().busiestShare()))
        .toList();
  }

  /**
   * Write sharding (seed 000 and seed 004; AWS DG, "Using write sharding to distribute workloads
   * evenly"): N random suffixes bring each partition's writes to half the ceiling, and every read
   * of the key then queries all N. A read with a limit must ask each suffix for up to the limit, so
   * its units grow with N (N / current suffixes times); one without a limit reads the same items in
   * N queries, each rounded up to 4 KB on its own. Fetches from the table after a global index do
   * not change.
   */
  private static String writeFix(DynamoDbAnalysis a, DynamoDbHeat h) {
    int n = Math.max(2, h.suggestedShards());
    if (n > KeyTemplate.MAX_SHARDS) {
      // A suffix of more than 1,000 values is outside what a key template may say, and every read
      // of the key would have to query them all: sharding is not the fix at this rate.
      return "write sharding cannot fix it: "
          + Units.capacity(h.writeUnits() * h.shards())
          + " WCU/s on one key needs "
          + Units.count(n)
          + " suffixes to bring each partition to half its ceiling, more than the "
          + Units.count(KeyTemplate.MAX_SHARDS)
          + " a key template allows (and every read of the key would query them all); aggregate"
          + " the writes before they reach DynamoDB (buffer them, in a stream or a queue, and write"
          + " totals), or key the item by something that spreads the writes";
    }
    StringBuilder fix =
        new StringBuilder(
            "write-shard the key: "
                + sharded(h.signature(), n)
                + " spreads the writes over "
                + n
                + " partitions, "
                + Units.capacity(h.writeUnits() * h.shards() / n)
                + " WCU/s each");
    if (h.oneItem()) {
      fix.append(" (split the item into ")
          .append(n)
          .append(" items, such as ")
          .append(n)
          .append(" partial counters summed on read)");
    }
    List<String> reads = new ArrayList<>();
    double extra = 0;
    for (DynamoDbAnalysis.PlanTouch pt : touches(a, h)) {
      DynamoDbPlan plan = pt.plan();
      DynamoDbPlan.Touch t = pt.touch();
      if (!plan.pattern().isRead()) {
        continue;
      }
      Operation.Read r = (Operation.Read) plan.pattern().operation();
      boolean limited = r.limit().isPresent() && !r.count();
      double blockUnits = plan.consistency().filter("strong"::equals).isPresent() ? 1 : 0.5;
      double grow = n / (double) h.shards();
      double units =
          limited
              ? t.readUnits().typical() * grow
              : n
                  * Math.max(
                      1, Math.ceil(plan.bytes().typical() / n / DynamoDbLimits.READ_UNIT_BYTES))
                  * blockUnits;
      double fetchCalls =
          plan.touches().stream().anyMatch(x -> x.signature().isEmpty())
              ? Math.ceil(
                  Math.min(plan.itemsEvaluated().typical(), r.limit().orElse(Integer.MAX_VALUE))
                      / (double) DynamoDbLimits.MAX_BATCH_GET_ITEMS)
              : 0;
      double calls = (plan.calls() - fetchCalls) * grow + fetchCalls;
      extra += plan.pattern().ratePerSecond() * (units - t.readUnits().typical());
      reads.add(
          plan.pattern().id()
              + " "
              + Units.capacity(plan.calls())
              + " → "
              + Units.capacity(calls)
              + " calls, "
              + Units.capacity(t.readUnits().typical())
              + " → "
              + Units.capacity(units)
              + " RCU");
    }
    if (reads.isEmpty()) {
      fix.append("; no read pattern reads the key, so the shards cost nothing on read");
    } else {
      fix.append("; every read of the key then queries all ")
          .append(n)
          .append(" shards and merges them (")
          .append(String.join("; ", reads))
          .append(", ")
          .append(Units.capacity(extra))
          .append(" RCU/s more in all)");
    }
    return fix.toString();
  }

  /**
   * Read heat: K copies of the hot item, each written on every write and read at random, bring the
   * reads of each copy to half the ceiling; or a cache in front of the key.
   */
  private static String readFix(DynamoDbAnalysis a, DynamoDbHeat h) {
    // Copies and caches are the fix for a hot item (GetItem). Heat from a Query that reads many
    // items is fixed by reading fewer of them: a copy of a whole item collection would multiply
    // its writes, and a Query over it reads as much from each copy.
    List<String> wide = new ArrayList<>();
    double wideUnits = 0;
    for (DynamoDbAnalysis.PlanTouch pt : touches(a, h)) {
      DynamoDbPlan plan = pt.plan();
      DynamoDbPlan.Touch t = pt.touch();
      boolean query =
          plan.access() == DynamoDbPlan.Access.QUERY
              || plan.access() == DynamoDbPlan.Access.QUERY_FAN_OUT;
      double items = plan.itemsEvaluated().busiest();
      if (plan.pattern().isRead() && query && items > 1) {
        double units = plan.pattern().ratePerSecond() * t.busiestShare() * t.readUnits().busiest();
        wideUnits += units;
        wide.add(
            plan.pattern().id()
                + " reads "
                + Units.count(items)
                + " items a request ("
                + Units.capacity(units)
                + " RCU/s)");
      }
    }
    if (wideUnits >= 0.5 * h.readUnits()) {
      return "read fewer items per request: "
          + String.join(", ", wide)
          + "; ask each Query for fewer: a smaller limit, a narrower sort-key range (range: in the"
          + " model says its width), or a time bucket in the key (a day's items instead of the key's"
          + " whole history); copies of the item collection would multiply its writes, and each"
          + " copy would be read as much";
    }
    int k =
        (int)
            Math.ceil(
                h.readUnits()
                    / (DynamoDbLimits.PARTITION_THROUGHPUT_WARN_SHARE
                        * DynamoDbLimits.MAX_RCU_PER_PARTITION));
    if (k > KeyTemplate.MAX_SHARDS) {
      return "cache the hot item in front of DynamoDB (DAX or an application cache): "
          + Units.capacity(h.readUnits())
          + " RCU/s on one item would need "
          + Units.count(k)
          + " copies, more than the "
          + Units.count(KeyTemplate.MAX_SHARDS)
          + " suffixes a key template allows, so duplication cannot fix it";
    }
    return "cache the hot item in front of DynamoDB (DAX or an application cache), or duplicate it: "
        + k
        + " copies ("
        + sharded(h.signature(), k)
        + ", every write puts all "
        + k
        + ", each read picks one) bring"
        + " each partition to "
        + Units.capacity(h.readUnits() / k)
        + " RCU/s, and the writes to "
        + Units.capacity(h.writeUnits() * k)
        + " WCU/s in all, "
        + Units.capacity(h.writeUnits())
        + " on each copy";
  }

  /** Returns the key template with a {@code {shard:N}} suffix on its last attribute. */
  static String sharded(String signature, int n) {
    String[] parts = signature.split(" \\| ");
    String last = parts[parts.length - 1];
    parts[parts.length - 1] =
        last.matches(".*\\{shard:\\s*\\d+\\}.*")
            ? last.replaceAll("\\{shard:\\s*\\d+\\}", "{shard:" + n + "}")
            : last + "#{shard:" + n + "}";
    return "\"" + String.join("\" | \"", parts) + "\"";
  }
}
