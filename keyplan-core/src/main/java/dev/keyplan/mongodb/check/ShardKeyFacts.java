package dev.keyplan.mongodb.check;

import dev.keyplan.model.Operation;
import dev.keyplan.model.Units;
import dev.keyplan.mongodb.design.MongoDbAnalysis;
import dev.keyplan.mongodb.design.MongoDbCollection;
import dev.keyplan.mongodb.design.MongoDbPlan;
import dev.keyplan.mongodb.design.MongoDbShard;
import dev.keyplan.mongodb.facts.MongoDbLimits;
import dev.keyplan.mongodb.model.MongoDbDesign;
import java.util.ArrayList;
import java.util.List;

/**
 * What the MongoDB shard-key rules say alike: a key as MongoDB writes it, the inserts, the price of
 * resharding.
 */
public final class ShardKeyFacts {
  private ShardKeyFacts() {}

  /**
   * Returns the key pattern as {@code sh.shardCollection} takes it: {@code {country_code: 1,
   * tenant_id: 1}}.
   */
  public static String text(MongoDbDesign.ShardKey key) {
    List<String> parts = new ArrayList<>();
    for (MongoDbDesign.IndexKey k : key.keys()) {
      parts.add(
          k.field()
              + ": "
              + (k.kind() == MongoDbDesign.IndexKey.Kind.HASHED ? "\"hashed\"" : k.kind().text()));
    }
    return "{" + String.join(", ", parts) + "}";
  }

  /**
   * Returns a range size as MongoDB states it, in MiB ({@code 128 MiB}) when whole, else in bytes.
   */
  public static String rangeSize(long bytes) {
    return bytes % MongoDbLimits.MB == 0
        ? Units.count(bytes / MongoDbLimits.MB) + " MiB"
        : Units.bytes(bytes);
  }

  /** Returns a ranged key pattern over {@code fields}: {@code {country_code: 1, tenant_id: 1}}. */
  public static String ranged(List<String> fields) {
    return "{" + String.join(", ", fields.stream().map(f -> f + ": 1").toList()) + "}";
  }

  /**
   * Returns the inserts per second of documents of their own into {@code c}: Σ rate × documents
   * over the insert and upsert patterns of its entity. An insert into an embedded array is an
   * update of the parent, routed by the parent's key, so it is not counted.
   */
  public static double insertsPerSecond(MongoDbAnalysis a, MongoDbCollection c) {
    double n = 0;
    for (MongoDbPlan plan : a.plans()) {
      if (plan.pattern().operation() instanceof Operation.Write w
          && w.entity().equals(c.entity().name())
          && (w.kind() == Operation.Kind.INSERT || w.kind() == Operation.Kind.UPSERT)) {
        for (MongoDbPlan.Touch t : plan.touches()) {
          if (t.collection().equals(c.name()) && t.write()) {
            n += plan.pattern().ratePerSecond() * t.operations();
          }
        }
      }
    }
    return n;
  }

  /**
   * Returns what reshardCollection costs (MongoDB manual, "Reshard a Collection"): free storage per
   * recipient {@code ((data + indexes) × 2) / shards}, at least 5 minutes, writes blocked 2 s.
   */
  public static String reshardCost(MongoDbShard s) {
    return "each recipient shard needs "
        + Units.bytes(s.reshardBytesPerShard())
        + " free ((data "
        + Units.bytes(s.dataBytes())
        + " + indexes "
        + Units.bytes(s.indexBytes())
        + ") × "
        + MongoDbLimits.RESHARD_STORAGE_FACTOR
        + " / "
        + s.shards()
        + " shards), it takes at least "
        + Units.duration(MongoDbLimits.RESHARD_MIN_SECONDS)
        + " and blocks writes for "
        + MongoDbLimits.RESHARD_WRITE_BLOCK_SECONDS
        + " s at the end";
  }
}
