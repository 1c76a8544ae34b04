package dev.keyplan.mongodb.check;

import dev.keyplan.check.Category;
import dev.keyplan.check.Findings;
import dev.keyplan.check.RuleSpec;
import dev.keyplan.check.Severity;
import dev.keyplan.model.Units;
import dev.keyplan.mongodb.design.MongoDbAnalysis;
import dev.keyplan.mongodb.design.MongoDbCollection;
import dev.keyplan.mongodb.design.MongoDbShard;
import dev.keyplan.mongodb.model.MongoDbDesign;
import java.util.List;

/**
 * Flags a shard key whose busiest single value holds more data at the horizon than one range
 * (chunk) may: a chunk cannot be split below one shard key value, so it "grows beyond the specified
 * chunk size but cannot be split" — a jumbo chunk, which the balancer cannot move (MongoDB manual,
 * "Data Partitioning with Chunks", "Indivisible/Jumbo Chunks"; notes §3 "Jumbo chunks"; seed 004,
 * worked scenario 3). The shard holding it keeps that data and its traffic for good.
 *
 * <p>Figures (MongoDbShard): busiest value bytes = documents × typical size × the value's share,
 * against {@code range_size} (128 MiB unless written, {@code
 * MongoDbLimits.DEFAULT_RANGE_SIZE_BYTES}); how many range sizes that is; the value's share of the
 * collection. Always an <b>error</b>: the numbers prove the chunk cannot split.
 *
 * <p>Worked number: examples/tenants-mongodb.yaml, 68,072,000 tenants of 2,135 B at the horizon (5M
 * now, 2/s for a year) by {@code {country_code: 1}}, the US 60%: 0.6 × 145 GB = 87.2 GB under "US",
 * 650 × the 128 MiB (134 MB) range size. Refined to {@code {country_code: 1, _id: 1}} (the sole key
 * tenant_id is the {@code _id}) each value is one document, 2,135 B, and the US spans ⌈87.2 GB /
 * 134 MB⌉ = 650 chunks the balancer can spread.
 */
@RuleSpec(
    category = Category.KEY,
    summary = "One shard key value holds more than a range: a jumbo chunk the balancer cannot move",
    severity = Severity.ERROR)
public final class JumboChunkRisk implements MongoDbRule {
  @Override
  public void check(MongoDbAnalysis a, Findings out) {
    for (MongoDbShard s : a.shards()) {
      if (!s.sharded() || !s.jumbo()) {
        continue;
      }
      MongoDbCollection c = a.collection(s.collection()).orElseThrow();
      MongoDbDesign.ShardKey key = c.shardKey().orElseThrow();
      long range = a.design().rangeSizeBytes();
      double bytes = s.busiestValueBytes();
      out.report(
          Severity.ERROR,
          c.name(),
          key.location(),
          "the busiest "
              + key.pattern()
              + " value of "
              + c.name()
              + " holds "
              + Units.bytes(bytes)
              + " at the horizon ("
              + Units.percent(bytes / s.dataBytes())
              + " of the collection), "
              + Units.count(bytes / range)
              + " × the "
              + a.rangeSize()
              + " range size: its chunk cannot split"
              + " below one value, becomes jumbo, and the balancer cannot move it off its shard"
              // A compound key's busiest value rests on belongs_to, per: or independence.
              + c.keyAssumption(c.attributesOf(key.fields()))
                  .map(x -> "; key values and busiest value: " + x)
                  .orElse(""),
          fix(a, c, s, bytes, range));
    }
  }

  private static String fix(
      MongoDbAnalysis a, MongoDbCollection c, MongoDbShard s, double bytes, long range) {
    if (s.refine().isEmpty()) {
      return "lead the key with a field whose values are smaller than a range (reshardCollection: "
          + s.reshardCost()
          + ")";
    }
    List<String> refined = s.refine().get();
    double after = c.dataBytes() * c.keyBusiestShare(c.attributesOf(refined));
    return "add a suffix so the value spans chunks: db.adminCommand({refineCollectionShardKey: \"<db>."
        + c.name()
        + "\", key: "
        + MongoDbDesign.ShardKey.rangedPattern(refined)
        + "}) (create that index first; no data moves): the busiest value"
        + " then holds "
        + Units.bytes(after)
        + ", and the "
        + Units.bytes(bytes)
        + " of the old one split into "
        + Units.count(Math.ceil(bytes / range))
        + " chunks of at most "
        + a.rangeSize()
        + " that the balancer can spread over "
        + s.shards()
        + " shards; or reshardCollection, "
        + s.reshardCost();
  }
}
