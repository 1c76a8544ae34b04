package dev.keyplan.mongodb.simulate;

import dev.keyplan.model.Units;
import dev.keyplan.mongodb.facts.MongoDbLimits;
import dev.keyplan.mongodb.simulate.MongoDbSimulator.Run;
import java.util.ArrayList;
import java.util.List;

/**
 * What a run shows, most important first: jumbo chunks, whether the balancer could even the shards
 * out, the shard that takes the most writes once the balancer has settled, and patterns sent to
 * every shard.
 */
final class RunFindings {
  private RunFindings() {}

  static List<String> of(Run run, MongoDbRunSummary.Figures typed) {
    List<String> out = new ArrayList<>();
    double total = typed.totalBytes();
    double range = run.rangeSizeBytes();
    for (MongoDbRun.ChunkFigures c : typed.chunks()) {
      if (c.jumbo()) {
        String value = c.heavyValues().size() == 1 ? c.heavyValues().get(0) : "one value";
        out.add(
            "chunk ["
                + c.min()
                + ", "
                + c.max()
                + ") on "
                + c.shard()
                + " is jumbo: the shard key value "
                + value
                + " alone holds "
                + Units.bytes(c.bytes())
                + " ("
                + Units.percent(c.bytes() / total)
                + " of the data, "
                + Units.count(c.bytes() / range)
                + " × the "
                + Mib.of(range)
                + " range size); it cannot be split and"
                + " the balancer never moves it");
      }
    }
    MongoDbRun.ShardFigures max = typed.shards().get(0);
    MongoDbRun.ShardFigures min = typed.shards().get(0);
    for (MongoDbRun.ShardFigures s : typed.shards()) {
      max = s.dataBytes() > max.dataBytes() ? s : max;
      min = s.dataBytes() < min.dataBytes() ? s : min;
    }
    double gap = max.dataBytes() - min.dataBytes();
    double threshold = MongoDbLimits.MIGRATION_THRESHOLD_RANGE_SIZES * range;
    long moved =
        typed.migrations().stream().filter(m -> m.outcome() == MongoDbRun.Outcome.MOVED).count();
    switch (run.balancer().state()) {
      case JUMBO_ONLY ->
          out.add(
              "the balancer cannot even the shards out: "
                  + max.shard()
                  + " holds "
                  + Units.bytes(max.dataBytes())
                  + " ("
                  + Units.percent(max.dataBytes() / total)
                  + ") and "
                  + min.shard()
                  + " "
                  + Units.bytes(min.dataBytes())
                  + ", "
                  + Mib.of(gap)
                  + " apart (over the "
                  + Mib.of(threshold)
                  + " threshold), and "
                  + max.shard()
                  + " has only jumbo chunks left to give; it stopped at "
                  + Units.duration(typed.settledAt().orElse(0))
                  + " after "
                  + moved
                  + " migrations");
      case BALANCED -> out.add(balanced(run, typed, moved, gap, threshold));
      default ->
          out.add(
              "still balancing at the end of the run, after "
                  + moved
                  + " migrations: "
                  + max.shard()
                  + " holds "
                  + Units.bytes(max.dataBytes())
                  + " and "
                  + min.shard()
                  + " "
                  + Units.bytes(min.dataBytes()));
    }
    writes(typed).ifPresent(out::add);
    for (MongoDbRun.PatternFigures p : typed.patterns()) {
      if (p.targeting()
          .equals(dev.keyplan.mongodb.design.MongoDbPlan.Targeting.SCATTER_GATHER.label())) {
        out.add(
            p.pattern()
                + " ("
                + Units.rate(p.requestsPerSecond())
                + ") gives no usable shard key, so mongos sends"
                + " each request to all "
                + run.shards()
                + " shards and waits for the slowest");
      }
    }
    return out;
  }

  /**
   * Balanced: the widest gap between two shards that the balancer compares (within a zone, when
   * there are zones).
   */
  private static String balanced(
      Run run, MongoDbRunSummary.Figures typed, long moved, double gap, double threshold) {
    String when =
        "balanced at "
            + Units.duration(typed.settledAt().orElse(0))
            + " after "
            + moved
            + " migrations: ";
    List<ZoneRange> zones = ZoneRange.of(run.collection().zones(), run.map().space(), run.shards());
    if (zones.isEmpty()) {
      return when
          + "the shards' data are within "
          + Mib.of(gap)
          + " of each other (the balancer moves nothing under "
          + Mib.of(threshold)
          + ")";
    }
    String widest = zones.get(0).name();
    double widestGap = -1;
    List<String> stuck = new ArrayList<>();
    for (ZoneRange z : zones) {
      double hi = Double.NEGATIVE_INFINITY;
      double lo = Double.POSITIVE_INFINITY;
      for (int s : z.shards()) {
        hi = Math.max(hi, typed.shards().get(s).dataBytes());
        lo = Math.min(lo, typed.shards().get(s).dataBytes());
      }
      if (hi - lo > widestGap) {
        widestGap = hi - lo;
        widest = z.name();
      }
      if (hi - lo >= threshold) {
        stuck.add(z.name() + " (" + Mib.of(hi - lo) + ")");
      }
    }
    if (!stuck.isEmpty()) {
      return when
          + "the balancer finds nothing to move, yet within zone "
          + String.join(", ", stuck)
          + " the shards"
          + " differ by more than "
          + Mib.of(threshold)
          + ": balancing by data size takes the most loaded shard of the"
          + " whole cluster as the donor (BalancerPolicy::_getMostOverloadedShard does not look at the zone), and that"
          + " shard holds none of the zone's chunks";
    }
    return when
        + "within each zone the shards' data are within "
        + Mib.of(widestGap)
        + " of each other (zone "
        + widest
        + " the widest; the balancer moves nothing under "
        + Mib.of(threshold)
        + "); across zones they"
        + " differ by "
        + Mib.of(gap)
        + ", as the zones' ranges hold different shares of the data";
  }

  /**
   * The shard with the most writes since the balancer settled (over the whole run if it never did).
   */
  private static java.util.Optional<String> writes(MongoDbRunSummary.Figures typed) {
    long from = typed.settledAt().orElse(0);
    java.util.Map<String, double[]> sums = new java.util.LinkedHashMap<>();
    for (MongoDbRun.ShardInterval i : typed.intervals()) {
      if (i.second() >= from) {
        double[] s = sums.computeIfAbsent(i.shard(), x -> new double[2]);
        s[0] += i.insertsPerSecond();
        s[1] += i.writesPerSecond();
      }
    }
    double inserts = sums.values().stream().mapToDouble(s -> s[0]).sum();
    double writes = sums.values().stream().mapToDouble(s -> s[1]).sum();
    if (writes <= 0) {
      return java.util.Optional.empty();
    }
    String busiest =
        sums.entrySet().stream()
            .max(java.util.Comparator.comparingDouble(e -> e.getValue()[1]))
            .orElseThrow()
            .getKey();
    double[] b = sums.get(busiest);
    return java.util.Optional.of(
        busiest
            + " takes "
            + Units.percent(b[1] / writes)
            + " of the writes"
            + (inserts > 0 ? " and " + Units.percent(b[0] / inserts) + " of the inserts" : "")
            + (typed.settledAt().isPresent() ? " once the balancer has settled" : " over the run")
            + " (an even spread over "
            + sums.size()
            + " shards is "
            + Units.percent(1.0 / sums.size())
            + ")");
  }
}
