package dev.keyplan.mongodb.design;

import dev.keyplan.analysis.DataUnit;
import dev.keyplan.analysis.Grade;
import dev.keyplan.analysis.Growth;
import dev.keyplan.analysis.Hotspot;
import dev.keyplan.analysis.PlanSummary;
import dev.keyplan.model.AccessPattern;
import dev.keyplan.model.Units;
import dev.keyplan.mongodb.facts.MongoDbLimits;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.ToDoubleFunction;

/**
 * The store-neutral view of a MongoDB analysis (see {@link dev.keyplan.analysis.StoreAnalysis}):
 * each collection's busiest shard (or its one primary) against a shard's budget, the largest
 * document against the 16 MiB limit, how each pattern is served, and each collection's document and
 * shard key value size over the horizon.
 */
final class MongoDbSummary {
  private MongoDbSummary() {}

  /** The busiest shard of each collection, reads and writes together, against a shard's budget. */
  static List<Hotspot> hotspots(MongoDbAnalysis a) {
    List<Hotspot> out = new ArrayList<>();
    for (MongoDbShard s : a.shards()) {
      String key =
          s.collection() + (s.sharded() ? " busiest of " + s.shards() + " shards" : " (unsharded)");
      out.add(
          new Hotspot(
              key,
              "reads + writes/s",
              "ops/s",
              s.reads() + s.writes(),
              s.budget(),
              "the " + Units.count(s.budget()) + " ops/s budget of a shard",
              MongoDbLimits.SHARD_WARN_SHARE));
    }
    return out;
  }

  /** The largest document of any collection, against the 16 MiB document limit. */
  static Optional<DataUnit> largestUnit(MongoDbAnalysis a) {
    return a.collections().stream()
        .max(Comparator.comparingLong(MongoDbCollection::largestBytes))
        .map(
            c ->
                new DataUnit(
                    c.name() + " document",
                    c.largestBytes(),
                    MongoDbLimits.MAX_DOCUMENT_BYTES,
                    "the "
                        + MongoDbLimits.MAX_DOCUMENT_BYTES / MongoDbLimits.MB
                        + " MiB document limit"));
  }

  /**
   * An index scan or a write is good on one shard (or an unsharded collection) and fair when it
   * goes to several; a collection scan, an in-memory sort or a pattern not served poor.
   */
  static PlanSummary summary(MongoDbAnalysis a, AccessPattern p) {
    Optional<MongoDbPlan> plan = a.plan(p.id());
    if (plan.isEmpty()) {
      return new PlanSummary(Grade.POOR, MongoDbPlan.Access.NOT_SERVED.label(), "");
    }
    MongoDbPlan x = plan.get();
    boolean oneShard =
        x.targeting() == MongoDbPlan.Targeting.SINGLE_SHARD
            || x.targeting() == MongoDbPlan.Targeting.UNSHARDED;
    Grade grade =
        switch (x.access()) {
          case IXSCAN, WRITE -> oneShard ? Grade.GOOD : Grade.FAIR;
          default -> Grade.POOR;
        };
    String where = x.collection().orElse("") + x.index().map(i -> " / " + i).orElse("");
    String routing = x.targeting().label() + (x.shards() > 1 ? " (" + x.shards() + " shards)" : "");
    return new PlanSummary(grade, x.access().label(), where + " · " + routing);
  }

  /**
   * Each collection's typical and largest document, and for a sharded collection its busiest shard
   * key value, at {@code samples} times from today to the horizon. As for DynamoDB, each point is
   * the analysis run on the model at that horizon, so the last point is this analysis's figure.
   *
   * <p>The limits: the 16 MiB document limit; for a sharded collection the range size, above which
   * the busiest shard key value's chunk cannot split and becomes jumbo (rule JumboChunkRisk).
   */
  static List<Growth> growth(MongoDbAnalysis a, int samples) {
    long[] times = Growth.times(a.model().horizonSeconds(), samples);
    List<MongoDbAnalysis> at = new ArrayList<>();
    for (long t : times) {
      at.add(t == a.model().horizonSeconds() ? a : MongoDbAnalyzer.analyze(a.model().atHorizon(t)));
    }
    double[] seconds = Growth.seconds(times);
    List<Growth> out = new ArrayList<>();
    for (MongoDbCollection c : a.collections()) {
      boolean sharded = a.shard(c.name()).map(MongoDbShard::sharded).orElse(false);
      List<Growth.Curve> curves = new ArrayList<>();
      curves.add(
          curve("typical", "typical document", at, x -> collectionOf(x, c.name()).typicalBytes()));
      curves.add(
          curve("busiest", "largest document", at, x -> collectionOf(x, c.name()).largestBytes()));
      List<Growth.Limit> limits = new ArrayList<>();
      limits.add(
          new Growth.Limit(
              "hard",
              "document limit " + MongoDbLimits.MAX_DOCUMENT_BYTES / MongoDbLimits.MB + " MiB",
              MongoDbLimits.MAX_DOCUMENT_BYTES));
      if (sharded) {
        curves.add(
            curve(
                "value",
                "busiest shard key value",
                at,
                x -> x.shard(c.name()).map(MongoDbShard::busiestValueBytes).orElse(Double.NaN)));
        long range = a.design().rangeSizeBytes();
        limits.add(
            new Growth.Limit(
                "guideline",
                "range size " + range / MongoDbLimits.MB + " MiB: jumbo above",
                range));
      }
      out.add(
          new Growth(
              c.name(),
              "Document and shard key value size of " + c.name() + " over the horizon",
              seconds,
              curves,
              limits));
    }
    return out;
  }

  private static MongoDbCollection collectionOf(MongoDbAnalysis a, String name) {
    return a.collections().stream().filter(c -> c.name().equals(name)).findFirst().orElseThrow();
  }

  private static Growth.Curve curve(
      String kind, String label, List<MongoDbAnalysis> at, ToDoubleFunction<MongoDbAnalysis> f) {
    return new Growth.Curve(kind, label, at.stream().mapToDouble(f).toArray());
  }
}
