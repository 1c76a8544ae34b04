package dev.keyplan.mongodb.check;

import dev.keyplan.check.Category;
import dev.keyplan.check.Findings;
import dev.keyplan.check.RuleSpec;
import dev.keyplan.check.Severity;
import dev.keyplan.model.Operation;
import dev.keyplan.model.Units;
import dev.keyplan.mongodb.design.MongoDbAnalysis;
import dev.keyplan.mongodb.design.MongoDbCollection;
import dev.keyplan.mongodb.design.MongoDbPlan;
import dev.keyplan.mongodb.design.MongoDbPlan.Targeting;
import dev.keyplan.mongodb.design.MongoDbShard;
import dev.keyplan.mongodb.model.MongoDbDesign;
import java.util.ArrayList;
import java.util.List;

/**
 * Flags a read or write of a sharded collection that mongos sends to every shard: no shard key
 * equality (or prefix), or a range on a hashed key (MongoDB manual, "Query Routing"; seed 004: "For
 * queries that do not include the shard key, mongos broadcasts the query to every shard … and
 * merges the results", and "a 50-shard cluster executing a scatter-gather query must wait for the
 * slowest shard"). Each shard then serves the pattern's whole rate, so adding shards never lowers
 * it.
 *
 * <p>A multi-shard read is routed by a ranged key prefix to the chunks holding its range; it is
 * fine while that is some of the shards, and counted here only when its range covers all of them,
 * where it costs what a scatter-gather does.
 *
 * <p>Figures: the shards reached N; each serves the pattern's rate; the cluster serves {@code rate
 * × N} shard requests instead of {@code rate}. As ScanOnHotPath does, any such read is reported,
 * and the numbers decide how bad:
 *
 * <ul>
 *   <li><b>error</b> when the rate alone exceeds the per-shard budget ({@code shard_budget}): no
 *       number of shards can serve it;
 *   <li><b>warning</b> from 10% of the budget, the hot path: a tenth of every shard spent on one
 *       pattern, keyplan's planning line (the 10% LwtOnHotPath uses), not a MongoDB figure;
 *   <li><b>info</b> below it: a rare read (a dashboard at 2/s) that may well stay broadcast.
 * </ul>
 *
 * <p>A write whose filter lacks the shard key is broadcast the same way (MongoDB manual,
 * "updateOne": without the shard key, 7.1+ runs a two-phase broadcast to find the document; an
 * updateMany or deleteMany goes to every shard), and each shard's primary serves it.
 *
 * <p>Worked number: examples/tenants-mongodb.yaml's {@code tenant} read by tenant_id on {@code
 * {country_code: 1}} at 2,000/s reaches all 4 shards: 2,000/s on each, 20% of 10,000/s ⇒ warning;
 * 8,000 shard requests a second instead of 2,000.
 */
@RuleSpec(
    category = Category.QUERY,
    summary = "Read or write that mongos sends to every shard on a hot path",
    severity = Severity.ERROR)
public final class ScatterGatherOnHotPath implements MongoDbRule {
  @Override
  public void check(MongoDbAnalysis a, Findings out) {
    for (MongoDbPlan plan : a.plans()) {
      if (plan.collection().isEmpty()) {
        continue;
      }
      boolean read = plan.pattern().operation() instanceof Operation.Read;
      List<Operation.Condition> where = plan.pattern().operation().where();
      MongoDbCollection c = a.collection(plan.collection().get()).orElseThrow();
      MongoDbShard s = a.shard(c.name()).orElseThrow();
      boolean all =
          plan.targeting() == Targeting.SCATTER_GATHER
              || plan.targeting() == Targeting.MULTI_SHARD && plan.shards() >= s.shards();
      if (!c.sharded() || !all) {
        continue;
      }
      double rate = plan.pattern().ratePerSecond();
      double budget = a.design().shardBudget();
      Severity severity =
          rate > budget
              ? Severity.ERROR
              : rate >= HOT_PATH_SHARE * budget ? Severity.WARNING : Severity.INFO;
      MongoDbDesign.ShardKey key = c.shardKey().orElseThrow();
      String why =
          plan.targeting() == Targeting.MULTI_SHARD
              ? "its range of the shard key covers chunks on all of them"
              : key.hashed()
                  ? "it gives no equality on the hashed shard key " + key.pattern()
                  : "it gives no prefix of the shard key " + key.pattern();
      out.report(
          severity,
          plan.pattern().id(),
          plan.pattern().location(),
          "pattern "
              + plan.pattern().id()
              + (read ? " reads " : " writes ")
              + c.name()
              + " on all "
              + plan.shards()
              + " shards, since "
              + why
              + ": each shard serves all "
              + Units.rate(rate)
              + ", "
              + Units.percent(rate / budget)
              + " of the "
              + Units.rate(budget)
              + " budget per shard, and the cluster "
              + Units.rate(rate * plan.shards())
              + (read ? " shard reads" : " shard writes")
              + " instead of "
              + Units.rate(rate)
              + (severity == Severity.ERROR
                  ? ": no number of shards can serve it"
                  : severity == Severity.INFO
                      ? "; below "
                          + Units.percent(HOT_PATH_SHARE)
                          + " of the budget, off the hot path"
                      : ""),
          plan.targeting() == Targeting.MULTI_SHARD
              ? "narrow the range (a shorter window or a limit) so it stays within the chunks of a few shards, or"
                  + " give an equality on the key's first field: "
                  + fix(c, key, where)
              : fix(c, key, where));
    }
  }

  private static String fix(
      MongoDbCollection c, MongoDbDesign.ShardKey key, List<Operation.Condition> where) {
    List<String> eq = new ArrayList<>();
    for (Operation.Condition x : where) {
      if ((x.comparison() == Operation.Comparison.EQ || x.comparison() == Operation.Comparison.IN)
          && !eq.contains(c.fieldOf(x.attribute()))) {
        eq.add(c.fieldOf(x.attribute()));
      }
    }
    String first = key.fields().get(0);
    String give =
        "give "
            + first
            + " by equality in the filter, so mongos targets the shards owning its values";
    if (eq.isEmpty()) {
      return give
          + (key.hashed()
              ? "; a range needs a ranged key: {"
                  + MongoDbDesign.IndexKey.shellName(first)
                  + ": 1} routes it to the chunks"
                  + " holding the range (beware a key that grows with time: MonotonicShardKey)"
              : "")
          + "; or keep the read off the hot path (cache it, or precompute the answer)";
    }
    return give
        + "; or shard on a key the read's equality fields start with, {"
        + MongoDbDesign.IndexKey.shellName(eq.get(0))
        + ": 1} or {"
        + MongoDbDesign.IndexKey.shellName(eq.get(0))
        + ": \"hashed\"}, if this read matters more than the ones the current key serves (reshardCollection)";
  }
}
