package dev.keyplan.dynamodb.design;

import dev.keyplan.analysis.DataUnit;
import dev.keyplan.analysis.Grade;
import dev.keyplan.analysis.Growth;
import dev.keyplan.analysis.Hotspot;
import dev.keyplan.analysis.PlanSummary;
import dev.keyplan.dynamodb.facts.DynamoDbLimits;
import dev.keyplan.model.AccessPattern;
import dev.keyplan.model.Units;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.ToDoubleFunction;

/**
 * The store-neutral view of a DynamoDB analysis (see {@link dev.keyplan.analysis.StoreAnalysis}):
 * each copy's busiest partition key value against a partition's read and write ceilings, the
 * largest item against the 400 KB limit, how each pattern is served, and each table's item and item
 * collection size over the horizon.
 */
final class DynamoDbSummary {
  private DynamoDbSummary() {}

  /**
   * Each copy's busiest key value twice: its read units against 3,000, its writes against 1,000.
   */
  static List<Hotspot> hotspots(DynamoDbAnalysis a) {
    List<Hotspot> out = new ArrayList<>();
    for (DynamoDbHeat h : a.heat()) {
      String key = h.copy() + " " + h.signature();
      out.add(
          new Hotspot(
              key,
              "read units/s",
              "RCU/s",
              h.readUnits(),
              DynamoDbLimits.MAX_RCU_PER_PARTITION,
              "the "
                  + Units.count(DynamoDbLimits.MAX_RCU_PER_PARTITION)
                  + " RCU/s partition ceiling",
              DynamoDbLimits.PARTITION_THROUGHPUT_WARN_SHARE));
      out.add(
          new Hotspot(
              key,
              "write units/s",
              "WCU/s",
              h.writeUnits(),
              DynamoDbLimits.MAX_WCU_PER_PARTITION,
              "the "
                  + Units.count(DynamoDbLimits.MAX_WCU_PER_PARTITION)
                  + " WCU/s partition ceiling",
              DynamoDbLimits.PARTITION_THROUGHPUT_WARN_SHARE));
    }
    return out;
  }

  /** The largest item of any table, against the 400 KB item limit. */
  static Optional<DataUnit> largestUnit(DynamoDbAnalysis a) {
    return a.sizing().values().stream()
        .max(Comparator.comparingLong(DynamoDbSizing::largestItemBytes))
        .map(
            z ->
                new DataUnit(
                    z.table() + " " + z.largestItem() + " item",
                    z.largestItemBytes(),
                    DynamoDbLimits.MAX_ITEM_BYTES,
                    "the " + DynamoDbLimits.MAX_ITEM_BYTES / 1024 + " KB item limit"));
  }

  /**
   * A GetItem, BatchGetItem, Query or write is good; a Query fanned out over several key values
   * fair; a Scan or a pattern not served poor. The detail names the key path, the units and, when
   * priced, the pattern's monthly cost.
   */
  static PlanSummary summary(DynamoDbAnalysis a, AccessPattern p) {
    Optional<DynamoDbPlan> plan = a.plan(p.id());
    if (plan.isEmpty()) {
      return new PlanSummary(Grade.POOR, DynamoDbPlan.Access.NOT_SERVED.label(), "");
    }
    DynamoDbPlan x = plan.get();
    Grade grade =
        switch (x.access()) {
          case GET_ITEM, BATCH_GET, QUERY, WRITE -> Grade.GOOD;
          case QUERY_FAN_OUT -> Grade.FAIR;
          default -> Grade.POOR;
        };
    String where =
        x.path().map(k -> k.label()).orElse(x.copies().isEmpty() ? "" : x.copies().get(0));
    double cost = a.patternCosts().getOrDefault(p.id(), Double.NaN);
    String units =
        p.isRead() ? Units.count(x.readUnits()) + " RCU" : Units.count(x.writeUnits()) + " WCU";
    return new PlanSummary(
        grade,
        x.access().label(),
        where
            + " · "
            + units
            + (Double.isNaN(cost)
                ? ""
                : " · " + Units.money(cost, a.prices().currency()) + "/month"));
  }

  /**
   * Each table's largest item and busiest item collection at {@code samples} times from today to
   * the horizon. Each point is the analysis itself run on the model at that horizon ({@link
   * dev.keyplan.model.Model#atHorizon}), so the point at time t is what {@code keyplan check}
   * reports for {@code horizon: t} and the last point is this analysis's own figure: no second
   * growth formula to keep in step with the sizing code, at the cost of {@code samples} analyses.
   *
   * <p>The limits: the 400 KB item limit; 10 GB, which caps an item collection when the table has a
   * local index and otherwise is the most one partition holds (the collection then spans
   * partitions, drawn as a guideline, not a limit).
   */
  static List<Growth> growth(DynamoDbAnalysis a, int samples) {
    long[] times = Growth.times(a.model().horizonSeconds(), samples);
    List<DynamoDbAnalysis> at = new ArrayList<>();
    for (long t : times) {
      at.add(
          t == a.model().horizonSeconds() ? a : DynamoDbAnalyzer.analyze(a.model().atHorizon(t)));
    }
    double[] seconds = Growth.seconds(times);
    List<Growth> out = new ArrayList<>();
    for (DynamoDbTable t : a.tables()) {
      List<Growth.Curve> curves =
          List.of(
              curve("item", "largest item", at, x -> x.sizing().get(t.name()).largestItemBytes()),
              curve(
                  "collection",
                  "busiest item collection",
                  at,
                  x -> x.sizing().get(t.name()).collectionBytes()));
      Growth.Limit item =
          new Growth.Limit(
              "hard",
              "item limit " + DynamoDbLimits.MAX_ITEM_BYTES / 1024 + " KB",
              DynamoDbLimits.MAX_ITEM_BYTES);
      Growth.Limit collection =
          t.lsis().isEmpty()
              ? new Growth.Limit(
                  "guideline", "one partition: 10 GB", DynamoDbLimits.MAX_PARTITION_BYTES)
              : new Growth.Limit(
                  "hard",
                  "item collection limit 10 GB (local index)",
                  DynamoDbLimits.MAX_ITEM_COLLECTION_BYTES);
      out.add(
          new Growth(
              t.name(),
              "Item and item collection size of " + t.name() + " over the horizon",
              seconds,
              curves,
              List.of(item, collection)));
    }
    return out;
  }

  private static Growth.Curve curve(
      String kind, String label, List<DynamoDbAnalysis> at, ToDoubleFunction<DynamoDbAnalysis> f) {
    return new Growth.Curve(kind, label, at.stream().mapToDouble(f).toArray());
  }
}
