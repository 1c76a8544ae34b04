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
import java.util.ArrayList;
import java.util.List;

/**
 * Flags a shard key whose values cannot spread the data over the shards. "Each unique shard key
 * value can exist on no more than a single chunk": a key of 7 values allows at most 7 chunks
 * (MongoDB manual, "Choose a Shard Key", "Shard Key Cardinality"), and a chunk lives on one shard.
 * So {@code useful shards = min(distinct values, shards)}, and the rest stay idle. The manual names
 * frequency beside cardinality: the shard holding the busiest value holds at least its share.
 *
 * <ul>
 *   <li><b>error</b> when the distinct values are fewer than the shards (shards idle for good), or
 *       the busiest value holds more than an even {@code 1 / shards} of the documents (its shard
 *       holds more than its share whatever the balancer does): the numbers prove it;
 *   <li><b>warning</b> below 100 distinct values: "a partition key with fewer than 100 distinct
 *       values will produce dangerously skewed distribution under any of the three systems" (seed
 *       004, "Lessons learned"). The manual gives no multiple of the shard count; the balancer
 *       moves whole values, so few values keep the shards as uneven as the values.
 * </ul>
 *
 * <p>Worked number: seed 004's tenants on {@code {country_code: 1}}: 120 values, the US 60% of the
 * documents over 4 shards: 60% &gt; 25% ⇒ error, the US shard holds 2.4 × an even share. A key of 3
 * plan names over 4 shards uses min(3, 4) = 3 shards, 1 idle ⇒ error.
 *
 * <p>This is not LowCardinalityPartitionKey: that rule's line (100 values or 2% of traffic) and its
 * fix (a time bucket or a shard suffix in the key's text) are Cassandra's; a shard key's line is
 * the shard count and its fix refineCollectionShardKey.
 */
@RuleSpec(
    category = Category.KEY,
    summary =
        "Shard key with fewer values than the shards can use, or one value holding more than a shard's share",
    severity = Severity.ERROR)
public final class LowCardinalityShardKey implements MongoDbRule {
  /** Fewer distinct values than this make a skewed key (seed 004). */
  static final double MIN_VALUES = 100;

  @Override
  public void check(MongoDbAnalysis a, Findings out) {
    for (MongoDbShard s : a.shards()) {
      if (!s.sharded() || Double.isNaN(s.distinctValues())) {
        continue;
      }
      MongoDbCollection c = a.collection(s.collection()).orElseThrow();
      MongoDbDesign.ShardKey key = c.shardKey().orElseThrow();
      double distinct = s.distinctValues();
      double share = c.keyBusiestShare(c.attributesOf(key.fields()));
      double even = 1.0 / s.shards();
      boolean fewer = distinct < s.shards();
      boolean dominant = !Double.isNaN(share) && share > even;
      if (!fewer && !dominant && distinct >= MIN_VALUES) {
        continue;
      }
      double useful = Math.min(distinct, s.shards());
      StringBuilder m =
          new StringBuilder(
              "shard key "
                  + key.pattern()
                  + " of "
                  + c.name()
                  + " has "
                  + Units.count(distinct)
                  + (distinct == 1 ? " value" : " values")
                  + " at the horizon, so at most "
                  + Units.count(distinct)
                  + " chunks: "
                  + Units.count(useful)
                  + " of "
                  + s.shards()
                  + " shards can hold data");
      if (fewer) {
        m.append(", ")
            .append(Units.count(s.shards() - useful))
            .append(" stay idle (fewer values than the ")
            .append(s.shards())
            .append(" shards)");
      }
      if (dominant) {
        m.append("; the busiest value holds ")
            .append(Units.percent(share))
            .append(" of the documents, which its one")
            .append(" shard must hold: ")
            .append(Units.count(share / even))
            .append(" × the even ")
            .append(Units.percent(even))
            .append(" share of ")
            .append(s.shards())
            .append(" shards");
      }
      if (!fewer && !dominant) {
        m.append("; below ")
            .append(Units.count(MIN_VALUES))
            .append(" values the balancer, which moves whole values,")
            .append(" leaves the shards as uneven as the values (seed 004)");
      }
      // A compound key's count rests on belongs_to, per: or independence: say which.
      c.keyAssumption(c.attributesOf(key.fields()))
          .ifPresent(x -> m.append("; key values and busiest value: ").append(x));
      out.report(
          fewer || dominant ? Severity.ERROR : Severity.WARNING,
          c.name(),
          key.location(),
          m.toString(),
          fix(c, s, key));
    }
  }

  private static String fix(MongoDbCollection c, MongoDbShard s, MongoDbDesign.ShardKey key) {
    List<String> suffix = new ArrayList<>();
    for (String k : c.entity().key()) {
      String field = c.fieldOf(k);
      if (!key.fields().contains(field) && !key.fields().contains(k)) {
        suffix.add(field);
      }
    }
    if (suffix.isEmpty() && !key.fields().contains("_id")) {
      suffix.add("_id");
    }
    List<String> refined = new ArrayList<>(key.fields());
    refined.addAll(suffix);
    double after = c.keyValues(c.attributesOf(refined));
    return "add a high-cardinality suffix: db.adminCommand({refineCollectionShardKey: \"<db>."
        + c.name()
        + "\", key: "
        + MongoDbDesign.ShardKey.rangedPattern(refined)
        + "}) moves no data (create an index on "
        + MongoDbDesign.ShardKey.rangedPattern(refined)
        + " first) and gives "
        + Units.count(after)
        + " values, so every value's documents can split over all "
        + s.shards()
        + " shards (a query giving every field of the new key targets one shard; one giving only "
        + String.join(", ", key.fields())
        + " reads that value's chunks). If the key should lead with another field,"
        + " reshardCollection: "
        + s.reshardCost();
  }
}
