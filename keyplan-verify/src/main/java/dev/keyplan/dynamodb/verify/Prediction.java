package dev.keyplan.dynamodb.verify;

import dev.keyplan.dynamodb.design.DynamoDbItem;
import dev.keyplan.dynamodb.design.DynamoDbPlan;
import dev.keyplan.dynamodb.design.DynamoDbPlan.Access;
import dev.keyplan.dynamodb.design.DynamoDbPlan.Touch;
import dev.keyplan.dynamodb.design.DynamoDbTable;
import dev.keyplan.dynamodb.design.KeyPath;
import dev.keyplan.dynamodb.facts.Capacity;
import dev.keyplan.dynamodb.verify.KeyGroup.Which;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What keyplan's plan says one request consumes on each copy of the data, for the busiest or a
 * typical key, at the scale that was loaded.
 *
 * <ul>
 *   <li>Typical key: each {@link Touch}'s {@code readUnitsTypical} and {@code writeUnits}, and the
 *       plan's {@code itemsTypical}.
 *   <li>Busiest key: {@code readUnitsBusiest}, which the plan gives per query on the busiest
 *       partition, times the queries of a request (its write shards); {@code itemsBusiest}. A
 *       global index's fetch from the table the plan costs at the typical key only, and so does
 *       this prediction.
 *   <li>Scaled down: when the loaded items of the read's type are fewer than the plan says a
 *       request evaluates, the group was scaled by {@code s} = loaded / keyplan's count; the plan's
 *       bytes are then scaled by {@code s} and rounded by keyplan's own rule ({@link
 *       Capacity#query}, once per query), and fetches scaled by {@code s}.
 *   <li>Scan: keyplan's Scan rule ({@link Capacity#query} of the summed entry sizes, {@link
 *       DynamoDbItem#entryBytes}) over the items actually loaded, since the plan's figure is for
 *       the whole table at the horizon.
 * </ul>
 *
 * @param reads predicted read units per copy, at the scale loaded
 * @param writes predicted write units per copy
 * @param items items the request evaluates, at the scale loaded; NaN for a write
 * @param scale the factor the plan's figures were scaled by (1 when not scaled)
 * @param horizon the plan's read units per copy at the horizon, unscaled
 */
record Prediction(
    Map<String, Double> reads,
    Map<String, Double> writes,
    double items,
    double scale,
    Map<String, Double> horizon) {

  /**
   * Returns the prediction for a read run against {@code group} (null for a Scan) of {@code data}.
   */
  static Prediction read(
      DynamoDbPlan plan,
      Which which,
      KeyGroup group,
      DynamoDbTable table,
      DynamoDbItem item,
      Dataset data) {
    Capacity.Read mode = mode(plan);
    KeyPath path = plan.path().orElseThrow();
    boolean busiest = which == Which.BUSIEST;
    if (plan.access() == Access.SCAN) {
      double[] scanned = data.scanned(table, path);
      Map<String, Double> reads =
          Map.of(path.copy(), Capacity.query((long) Math.ceil(scanned[1]), mode));
      return new Prediction(
          reads,
          Map.of(),
          scanned[0],
          scanned[0] / Math.max(1, plan.itemsEvaluated().typical()),
          units(plan, busiest, 1, mode));
    }
    double items = busiest ? plan.itemsEvaluated().busiest() : plan.itemsEvaluated().typical();
    KeyGroup.Member own = group.member(item).orElseThrow();
    // Scaled only where keyplan counts more items than were loaded (and knows how many).
    boolean known = !Double.isNaN(items) && !Double.isNaN(own.full());
    double scale = !known || own.loaded() >= items - 1e-9 ? 1 : own.loaded() / own.full();
    return new Prediction(
        units(plan, busiest, scale, mode),
        Map.of(),
        items * scale,
        scale,
        units(plan, busiest, 1, mode));
  }

  /** Returns the read units per copy of one request, the plan's figures scaled by {@code scale}. */
  private static Map<String, Double> units(
      DynamoDbPlan plan, boolean busiest, double scale, Capacity.Read mode) {
    Map<String, Double> reads = new LinkedHashMap<>();
    for (int i = 0; i < plan.touches().size(); i++) {
      Touch t = plan.touches().get(i);
      double units;
      if (i == 0) {
        units = firstTouchUnits(plan, busiest, scale, mode);
      } else if (busiest && !t.signature().isEmpty()) {
        // Per query on the busiest partition: a request makes one per shard.
        units = t.readUnits().busiest() * t.shards() * scale;
      } else {
        units = (busiest ? t.readUnits().busiest() : t.readUnits().typical()) * scale;
      }
      // A local index's own reads are shown apart from the table items it fetches.
      String copy = i == 0 ? firstCopy(plan) : t.copy();
      reads.merge(copy, units, Double::sum);
    }
    return reads;
  }

  /**
   * The read units of the plan's first touch (the read itself) per request: scaled down, the plan's
   * bytes × {@code scale} per query, each query billed page by page by keyplan's rule; else the
   * plan's figure (per query on the busiest partition times the queries of a request).
   */
  private static double firstTouchUnits(
      DynamoDbPlan plan, boolean busiest, double scale, Capacity.Read mode) {
    Touch t = plan.touches().get(0);
    int queries = t.shards();
    if (scale < 1) {
      double bytes = busiest ? plan.bytes().busiest() : plan.bytes().typical();
      double items = busiest ? plan.itemsEvaluated().busiest() : plan.itemsEvaluated().typical();
      double perQuery = bytes * scale / queries;
      return Capacity.pagedQuery(perQuery, items > 0 ? bytes / items : 0, mode) * queries;
    }
    if (busiest && !t.signature().isEmpty()) {
      return t.readUnits().busiest() * t.shards();
    }
    return busiest ? t.readUnits().busiest() : t.readUnits().typical();
  }

  /**
   * Returns this prediction with the read's own units billed page by page on the pages the engine
   * made: keyplan's rule (each call rounded on its own, {@link Capacity#pagedQuery}) applied to the
   * items each call evaluated ({@code pages}, ScannedCount per call), at keyplan's entry size per
   * item (the plan's bytes ÷ items). Where a page ends is the engine's business (dynalite ends it
   * on its own size estimate, DynamoDB at 1 MB of items), so the comparison uses its page
   * boundaries and checks the rounding. Unchanged for one page, a Scan, or a read of no item.
   */
  Prediction onPages(DynamoDbPlan plan, Which which, java.util.List<Long> pages) {
    if (pages.size() < 2
        || !(plan.access() == Access.QUERY || plan.access() == Access.QUERY_FAN_OUT)) {
      return this;
    }
    boolean busiest = which == Which.BUSIEST;
    double bytes = busiest ? plan.bytes().busiest() : plan.bytes().typical();
    double items = busiest ? plan.itemsEvaluated().busiest() : plan.itemsEvaluated().typical();
    if (!(items > 0) || !(bytes > 0)) {
      return this;
    }
    double itemBytes = bytes / items;
    Capacity.Read mode = mode(plan);
    double blocks = 0;
    for (long n : pages) {
      blocks += Capacity.readBlocks((long) Math.ceil(n * itemBytes));
    }
    Map<String, Double> paged = new LinkedHashMap<>(reads);
    double before = firstTouchUnits(plan, busiest, scale, mode);
    paged.merge(firstCopy(plan), blocks * mode.unitsPer4Kb() - before, Double::sum);
    return new Prediction(paged, writes, this.items, scale, horizon);
  }

  private static Capacity.Read mode(DynamoDbPlan plan) {
    return plan.consistency().map("strong"::equals).orElse(false)
        ? Capacity.Read.STRONG
        : Capacity.Read.EVENTUAL;
  }

  /** The copy the read's own units are counted on: a local index apart from its table. */
  private static String firstCopy(DynamoDbPlan plan) {
    return plan.path().map(KeyPath::local).orElse(false)
        ? plan.path().get().label()
        : plan.touches().get(0).copy();
  }

  /** Returns the prediction for a write (with the find before it, if any). */
  static Prediction write(DynamoDbPlan plan, Which which) {
    Map<String, Double> reads = new LinkedHashMap<>();
    Map<String, Double> writes = new LinkedHashMap<>();
    for (Touch t : plan.touches()) {
      if (t.writeUnits() > 0) {
        writes.merge(t.copy(), t.writeUnits(), Double::sum);
      }
      double r =
          which == Which.BUSIEST && !t.signature().isEmpty()
              ? t.readUnits().busiest() * t.shards()
              : t.readUnits().typical();
      if (r > 0) {
        reads.merge(t.copy(), r, Double::sum);
      }
    }
    return new Prediction(reads, writes, Double.NaN, 1, reads);
  }
}
