package dev.keyplan.mongodb.check;

import dev.keyplan.check.Category;
import dev.keyplan.check.Findings;
import dev.keyplan.check.RuleSpec;
import dev.keyplan.check.Severity;
import dev.keyplan.model.Units;
import dev.keyplan.mongodb.design.MongoDbAnalysis;
import dev.keyplan.mongodb.design.MongoDbCollection;
import dev.keyplan.mongodb.design.MongoDbPlan;
import dev.keyplan.mongodb.design.MongoDbShard;
import dev.keyplan.mongodb.facts.MongoDbLimits;
import java.util.ArrayList;
import java.util.List;

/**
 * Flags the busiest shard of a collection (its replica set's primary when unsharded) whose reads
 * plus writes per second come close to what one shard is planned to serve: {@code shard_budget},
 * 10,000/s unless written — keyplan's planning figure for one primary, in line with Cassandra's
 * {@code node_budget}, not a MongoDB limit (docs/model.md, "Defaults"). The load is MongoDbShard's:
 * {@code Σ rate × share reaching the busiest shard × operations}, every scatter-gather on every
 * shard.
 *
 * <ul>
 *   <li><b>error</b> above the budget; <b>warning</b> from 50% of it (no room for the traffic to
 *       double: the margin of HotPartition and PartitionThroughputExceeded, keyplan's, not
 *       MongoDB's).
 *   <li>With a monotonic key the inserts all reach one shard; MonotonicShardKey reports them, so
 *       here they are left out and only the rest of the load is held against the budget.
 * </ul>
 *
 * <p>Neither HotPartition (a Cassandra partition on each of its replicas) nor
 * PartitionThroughputExceeded (DynamoDB's 3,000 RCU / 1,000 WCU a partition) reads true for a
 * shard, which serves many key values and whose budget is the user's.
 *
 * <p>Worked number: 2,000 scatter-gather reads/s by tenant_id plus 9,000 targeted ones on the
 * busiest of 4 shards is 11,000/s, 110% of 10,000/s ⇒ error; 2,000/s of it reach every shard
 * whatever the count.
 */
@RuleSpec(
    category = Category.KEY,
    summary = "The busiest shard of a collection serves more than a shard's budget",
    severity = Severity.ERROR)
public final class ShardOverBudget implements MongoDbRule {

  @Override
  public void check(MongoDbAnalysis a, Findings out) {
    for (MongoDbShard s : a.shards()) {
      if (Double.isNaN(s.reads()) || Double.isNaN(s.writes())) {
        continue;
      }
      MongoDbCollection c = a.collection(s.collection()).orElseThrow();
      double inserts = s.sharded() && s.monotonic().isPresent() ? s.inserts() : 0;
      double writes = Math.max(0, s.writes() - inserts);
      double load = s.reads() + writes;
      double share = load / s.budget();
      if (share < MongoDbLimits.SHARD_WARN_SHARE) {
        continue;
      }
      String where =
          s.sharded()
              ? "the busiest of its " + s.shards() + " shards"
              : "its replica set's primary (unsharded)";
      String m =
          c.name()
              + " puts "
              + Units.rate(s.reads())
              + " reads and "
              + Units.rate(writes)
              + " writes on "
              + where
              + ", "
              + Units.rate(load)
              + ": "
              + Units.percent(share)
              + " of the "
              + Units.rate(s.budget())
              + " budget per shard"
              + (inserts > 0
                  ? " (leaving out the "
                      + Units.rate(inserts)
                      + " inserts MonotonicShardKey reports)"
                  : "");
      out.report(
          share > 1 ? Severity.ERROR : Severity.WARNING,
          c.name(),
          c.shardKey().map(k -> k.location()).orElse(c.location()),
          m,
          fix(a, c, s, load));
    }
  }

  private static String fix(MongoDbAnalysis a, MongoDbCollection c, MongoDbShard s, double load) {
    if (!s.sharded()) {
      return "shard "
          + c.name()
          + " on a key its hot patterns give by equality: spread evenly, "
          + Units.count(Math.ceil(load / (s.budget() * MongoDbLimits.SHARD_WARN_SHARE)))
          + " shards keep each under "
          + Units.percent(MongoDbLimits.SHARD_WARN_SHARE)
          + " of the budget; or raise shard_budget if measured";
    }
    double scatter = 0;
    List<String> ids = new ArrayList<>();
    for (MongoDbPlan p : a.plans()) {
      if (p.targeting() == MongoDbPlan.Targeting.SCATTER_GATHER
          && p.collection().filter(c.name()::equals).isPresent()
          && p.access() != MongoDbPlan.Access.WRITE) {
        scatter += p.pattern().ratePerSecond();
        ids.add(p.pattern().id());
      }
    }
    StringBuilder fix = new StringBuilder();
    if (scatter > 0) {
      fix.append(Units.rate(scatter))
          .append(" of it is scatter-gather (")
          .append(String.join(", ", ids))
          .append(
              "), which every shard serves whatever their number: give those reads the shard key (see")
          .append(" ScatterGatherOnHotPath); ");
    }
    fix.append(
        s.usedShards() < s.shards() || s.jumbo()
            ? "the shard key concentrates the rest on few values: refine it with a high-cardinality suffix (see"
                + " LowCardinalityShardKey)"
            : "the rest is targeted and spread: add shards, or raise shard_budget if measured");
    return fix.toString();
  }
}
