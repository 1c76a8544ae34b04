package dev.keyplan.mongodb.design;

import dev.keyplan.model.Units;
import dev.keyplan.mongodb.facts.MongoDbLimits;
import java.util.List;
import java.util.Optional;

/**
 * A collection's load and data per shard, and its chunks (MongoDB manual, "Sharding"; "Data
 * Partitioning with Chunks"; "Reshard a Collection"). An unsharded collection is one replica set:
 * all its load is on one primary.
 *
 * @param usedShards shards the data can spread over: at most one per distinct shard key value
 * @param reads reads per second on the busiest shard: targeted ones by the busiest key value's
 *     share, every scatter-gather on every shard; NaN if a spread is unknown
 * @param writes writes per second on the busiest shard (every insert of a monotonic ranged key on
 *     the one holding MaxKey)
 * @param inserts inserts per second of documents of their own into the collection: {@code Σ rate ×
 *     documents} over the insert and upsert patterns of its entity. An insert into an embedded
 *     array is an update of the parent, routed by the parent's key, so it is not counted. With a
 *     monotonic key all of them reach the shard holding MaxKey (12,000 events/s on {@code
 *     {created_at: 1}}: 12,000/s on one shard)
 * @param monotonic the ranged shard key's first field grows with time
 * @param distinctValues distinct shard key values at the horizon: the most chunks there can be
 * @param busiestValueBytes data under the busiest single shard key value: a chunk cannot split
 *     below one value, so above the range size it is a jumbo chunk
 * @param initialChunks chunks of a new empty collection: one per shard for a hashed key (7.2+; the
 *     manual still says two), one for a ranged key
 * @param reshardBytesPerShard free storage each recipient needs to reshard: ((data + indexes) × 2)
 *     / shards
 * @param refine the fields of a refined shard key (the current one plus a suffix, {@code _id} for
 *     the entity's own key) that would make values small enough, when one exists:
 *     refineCollectionShardKey moves no data
 * @param scatterPatterns patterns sent to every shard
 */
public record MongoDbShard(
    String collection,
    boolean sharded,
    int shards,
    int usedShards,
    double reads,
    double writes,
    double inserts,
    double budget,
    Optional<String> monotonic,
    double distinctValues,
    double busiestValueBytes,
    boolean jumbo,
    int initialChunks,
    double dataBytes,
    double indexBytes,
    double reshardBytesPerShard,
    Optional<List<String>> refine,
    List<String> scatterPatterns) {

  public MongoDbShard {
    scatterPatterns = List.copyOf(scatterPatterns);
  }

  /**
   * Returns what reshardCollection costs, as the rules state it (MongoDB manual, "Reshard a
   * Collection"): free storage on each recipient of {@code ((data + indexes) × 2) / shards}, at
   * least 5 minutes, and writes blocked for 2 s at the end. For 145 GB of data and 1 GB of indexes
   * over 4 shards: (145 + 1) × 2 / 4 = 73 GB on each.
   */
  public String reshardCost() {
    return "each recipient shard needs "
        + Units.bytes(reshardBytesPerShard)
        + " free ((data "
        + Units.bytes(dataBytes)
        + " + indexes "
        + Units.bytes(indexBytes)
        + ") × "
        + MongoDbLimits.RESHARD_STORAGE_FACTOR
        + " / "
        + shards
        + " shards), it takes at least "
        + Units.duration(MongoDbLimits.RESHARD_MIN_SECONDS)
        + " and blocks writes for "
        + MongoDbLimits.RESHARD_WRITE_BLOCK_SECONDS
        + " s at the end";
  }

  /** Returns the busiest shard's load as a share of its budget. */
  public double budgetShare() {
    return (reads + writes) / budget;
  }
}
