package dev.keyplan.report;

import dev.keyplan.dynamodb.design.DynamoDbAnalysis;
import dev.keyplan.dynamodb.design.DynamoDbAnalyzer;
import dev.keyplan.dynamodb.design.DynamoDbTable;
import dev.keyplan.dynamodb.facts.DynamoDbLimits;
import dev.keyplan.model.Model;
import dev.keyplan.mongodb.design.MongoDbAnalysis;
import dev.keyplan.mongodb.design.MongoDbAnalyzer;
import dev.keyplan.mongodb.design.MongoDbCollection;
import dev.keyplan.mongodb.design.MongoDbShard;
import dev.keyplan.mongodb.facts.MongoDbLimits;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.ToDoubleFunction;

/**
 * Size over the horizon of each DynamoDB table and MongoDB collection, drawn with {@link
 * SizingChart}: the item or document sizes, and the busiest item collection or shard key value,
 * against the engine's limits.
 *
 * <p>Each curve is the analysis itself run at {@link SizingChart#SAMPLES} horizons from today to
 * the model's ({@link Model#atHorizon}), so the point at time t is exactly what {@code keyplan
 * check} reports for {@code horizon: t}, and the last point is the JSON report's figure. That costs
 * 25 analyses per store (milliseconds for the shipped examples) and needs no second growth formula
 * to keep in step with the sizing code.
 *
 * <p>Lines drawn (DynamoDbLimits and MongoDbLimits, with their sources):
 *
 * <ul>
 *   <li>DynamoDB: the 400 KB item limit; 10 GB, which caps an item collection when the table has a
 *       local index and otherwise is the most one partition holds (the collection then spans
 *       partitions, drawn as a guideline, not a limit);
 *   <li>MongoDB: the 16 MiB document limit; for a sharded collection the range size, above which
 *       the busiest shard key value's chunk cannot split and becomes jumbo (rule JumboChunkRisk).
 * </ul>
 */
public final class GrowthCharts {
  private GrowthCharts() {}

  /** Returns the DynamoDB analysis at each sample time, the model's own analysis last. */
  public static List<DynamoDbAnalysis> dynamodb(DynamoDbAnalysis a) {
    List<DynamoDbAnalysis> out = new ArrayList<>();
    for (long t : times(a.model())) {
      out.add(
          t == a.model().horizonSeconds() ? a : DynamoDbAnalyzer.analyze(a.model().atHorizon(t)));
    }
    return out;
  }

  /** Returns the MongoDB analysis at each sample time, the model's own analysis last. */
  public static List<MongoDbAnalysis> mongodb(MongoDbAnalysis a) {
    List<MongoDbAnalysis> out = new ArrayList<>();
    for (long t : times(a.model())) {
      out.add(
          t == a.model().horizonSeconds() ? a : MongoDbAnalyzer.analyze(a.model().atHorizon(t)));
    }
    return out;
  }

  /** Returns table {@code t}'s chart, or empty when a size is unknown (a spread undeclared). */
  public static Optional<String> table(DynamoDbTable t, List<DynamoDbAnalysis> at) {
    Model m = at.get(at.size() - 1).model();
    SizingChart.Series s =
        series(
            m,
            List.of(
                curve("item", "largest item", at, a -> a.sizing().get(t.name()).largestItemBytes()),
                curve(
                    "collection",
                    "busiest item collection",
                    at,
                    a -> a.sizing().get(t.name()).collectionBytes())));
    if (s == null) {
      return Optional.empty();
    }
    boolean local = !t.lsis().isEmpty();
    List<SizingChart.Limit> limits =
        List.of(
            new SizingChart.Limit(
                "hard",
                "item limit " + DynamoDbLimits.MAX_ITEM_BYTES / 1024 + " KB",
                DynamoDbLimits.MAX_ITEM_BYTES),
            local
                ? new SizingChart.Limit(
                    "hard",
                    "item collection limit 10 GB (local index)",
                    DynamoDbLimits.MAX_ITEM_COLLECTION_BYTES)
                : new SizingChart.Limit(
                    "guideline", "one partition: 10 GB", DynamoDbLimits.MAX_PARTITION_BYTES));
    return Optional.of(
        SizingChart.svg(
            t.name(),
            "Item and item collection size of " + t.name() + " over the horizon",
            s,
            limits));
  }

  /** Returns collection {@code c}'s chart, or empty when a size is unknown. */
  public static Optional<String> collection(MongoDbCollection c, List<MongoDbAnalysis> at) {
    Model m = at.get(at.size() - 1).model();
    MongoDbAnalysis last = at.get(at.size() - 1);
    boolean sharded = last.shard(c.name()).map(MongoDbShard::sharded).orElse(false);
    List<SizingChart.Curve> curves = new ArrayList<>();
    curves.add(
        curve("typical", "typical document", at, a -> collectionOf(a, c.name()).typicalBytes()));
    curves.add(
        curve("busiest", "largest document", at, a -> collectionOf(a, c.name()).largestBytes()));
    if (sharded) {
      curves.add(
          curve(
              "value",
              "busiest shard key value",
              at,
              a -> a.shard(c.name()).map(MongoDbShard::busiestValueBytes).orElse(Double.NaN)));
    }
    SizingChart.Series s = series(m, curves);
    if (s == null) {
      return Optional.empty();
    }
    List<SizingChart.Limit> limits = new ArrayList<>();
    limits.add(
        new SizingChart.Limit(
            "hard",
            "document limit " + MongoDbLimits.MAX_DOCUMENT_BYTES / MongoDbLimits.MB + " MiB",
            MongoDbLimits.MAX_DOCUMENT_BYTES));
    if (sharded) {
      long range = last.design().rangeSizeBytes();
      limits.add(
          new SizingChart.Limit(
              "guideline", "range size " + range / MongoDbLimits.MB + " MiB: jumbo above", range));
    }
    return Optional.of(
        SizingChart.svg(
            c.name(),
            "Document and shard key value size of " + c.name() + " over the horizon",
            s,
            limits));
  }

  private static MongoDbCollection collectionOf(MongoDbAnalysis a, String name) {
    return a.collections().stream().filter(c -> c.name().equals(name)).findFirst().orElseThrow();
  }

  private static <A> SizingChart.Curve curve(
      String kind, String label, List<A> at, ToDoubleFunction<A> bytes) {
    return new SizingChart.Curve(kind, label, at.stream().mapToDouble(bytes).toArray());
  }

  /** Returns the series, or null when any point is unknown. */
  private static SizingChart.Series series(Model m, List<SizingChart.Curve> curves) {
    for (SizingChart.Curve c : curves) {
      for (double v : c.bytes()) {
        if (!Double.isFinite(v)) {
          return null;
        }
      }
    }
    long[] ts = times(m);
    double[] seconds = new double[ts.length];
    for (int i = 0; i < ts.length; i++) {
      seconds[i] = ts[i];
    }
    return new SizingChart.Series(seconds, curves);
  }

  /** Returns the sample times: today, then evenly to the horizon, whole seconds. */
  private static long[] times(Model m) {
    long[] out = new long[SizingChart.SAMPLES];
    for (int i = 0; i < out.length; i++) {
      out[i] = Math.round(m.horizonSeconds() * (double) i / (out.length - 1));
    }
    return out;
  }
}
