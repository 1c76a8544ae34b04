package dev.keyplan.mongodb.simulate;

import dev.keyplan.mongodb.facts.MongoDbLimits;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * The cluster and balancer a MongoDB run simulates. What the user leaves out comes from the model
 * or from MongoDB's own defaults; {@link MongoDbSimulator#run} fills it in against the model.
 *
 * @param shards shards of the cluster; default the model's {@code mongodb.shards}
 * @param rangeSizeBytes the range (chunk) size; default the model's {@code mongodb.range_size},
 *     which is 128 MB (134,217,728 bytes) unless written; MongoDB allows 1 to 1,024 MB
 * @param collection the sharded collection to simulate; default the first sharded collection in the
 *     model file (one collection per run: the balancer's rounds are simulated for it alone)
 * @param start whether the collection starts with the model's {@code count} documents in one chunk
 *     on the primary shard, or empty; default populated when the entity has documents, empty when
 *     its count is 0
 * @param balancerRoundSeconds the balancer's sleep after a round that moved or split nothing; 10 s,
 *     {@code kBalanceRoundDefaultInterval} in mongodb/mongo src/mongo/db/s/balancer/balancer.cpp
 *     (after a round that did something it sleeps {@value Balancer#SHORT_ROUND_SECONDS} s)
 * @param migrationBytesPerSecond how fast one migration copies its range: an assumption, since
 *     MongoDB documents no rate (it depends on disks, network and load); default {@value
 *     #DEFAULT_MIGRATION_MB_PER_SECOND} MB/s, so a full 128 MB range moves in 8 s
 * @param autoMergerSeconds how often the AutoMerger (7.0+) merges contiguous chunks of a shard;
 *     3,600 s, {@code autoMergerIntervalSecs}; 0 turns it off
 */
public record MongoDbSetup(
    OptionalInt shards,
    OptionalLong rangeSizeBytes,
    Optional<String> collection,
    Optional<Start> start,
    long balancerRoundSeconds,
    double migrationBytesPerSecond,
    long autoMergerSeconds) {

  /** The assumed copy rate of one migration, in MB (1,048,576 bytes) per second. */
  public static final long DEFAULT_MIGRATION_MB_PER_SECOND = 16;

  /** MongoDB's {@code autoMergerIntervalSecs} default (MongoDB manual, "AutoMerger"). */
  public static final long DEFAULT_AUTO_MERGER_SECONDS = 3_600;

  /** Every option at its default. */
  public static final MongoDbSetup DEFAULTS =
      new MongoDbSetup(
          OptionalInt.empty(),
          OptionalLong.empty(),
          Optional.empty(),
          Optional.empty(),
          Balancer.DEFAULT_ROUND_SECONDS,
          DEFAULT_MIGRATION_MB_PER_SECOND * MongoDbLimits.MB,
          DEFAULT_AUTO_MERGER_SECONDS);

  /** How the collection starts. */
  public enum Start {
    /**
     * The model's documents already there, in one chunk on the primary shard (sharding a populated
     * collection).
     */
    POPULATED,
    /** No documents: a hashed key gets one chunk per shard (7.2+), a ranged key one chunk. */
    EMPTY
  }

  public MongoDbSetup {
    if (shards.isPresent() && (shards.getAsInt() < 1 || shards.getAsInt() > MAX_SHARDS)) {
      throw new IllegalArgumentException(
          "shards must be between 1 and " + MAX_SHARDS + ", not " + shards.getAsInt());
    }
    if (rangeSizeBytes.isPresent()
        && (rangeSizeBytes.getAsLong() < MongoDbLimits.MIN_RANGE_SIZE_BYTES
            || rangeSizeBytes.getAsLong() > MongoDbLimits.MAX_RANGE_SIZE_BYTES)) {
      throw new IllegalArgumentException(
          "the range size must be between 1 MB and 1024 MB (MongoDB's limits), not "
              + rangeSizeBytes.getAsLong()
              + " bytes");
    }
    if (collection.isPresent() && collection.get().isBlank()) {
      throw new IllegalArgumentException("the collection name must not be blank");
    }
    if (balancerRoundSeconds < 1 || balancerRoundSeconds > 86_400) {
      throw new IllegalArgumentException(
          "the balancer round must be between 1 s and 86400 s, not " + balancerRoundSeconds);
    }
    if (!(migrationBytesPerSecond > 0) || Double.isInfinite(migrationBytesPerSecond)) {
      throw new IllegalArgumentException(
          "the migration rate must be a positive number of bytes per second, not "
              + migrationBytesPerSecond);
    }
    if (autoMergerSeconds < 0) {
      throw new IllegalArgumentException(
          "the AutoMerger interval must be 0 (off) or more seconds, not " + autoMergerSeconds);
    }
  }

  /**
   * The most shards a run accepts, as many as a model may declare ({@link
   * MongoDbLimits#MAX_SHARDS}): a run the model allows is never refused for its shards alone, only
   * by the work budget.
   */
  public static final int MAX_SHARDS = MongoDbLimits.MAX_SHARDS;

  /** Returns this setup with {@code n} shards. */
  public MongoDbSetup withShards(int n) {
    return new MongoDbSetup(
        OptionalInt.of(n),
        rangeSizeBytes,
        collection,
        start,
        balancerRoundSeconds,
        migrationBytesPerSecond,
        autoMergerSeconds);
  }

  /** Returns this setup with a range size of {@code bytes}. */
  public MongoDbSetup withRangeSize(long bytes) {
    return new MongoDbSetup(
        shards,
        OptionalLong.of(bytes),
        collection,
        start,
        balancerRoundSeconds,
        migrationBytesPerSecond,
        autoMergerSeconds);
  }

  /** Returns this setup simulating collection {@code name}. */
  public MongoDbSetup withCollection(String name) {
    return new MongoDbSetup(
        shards,
        rangeSizeBytes,
        Optional.of(name),
        start,
        balancerRoundSeconds,
        migrationBytesPerSecond,
        autoMergerSeconds);
  }

  /** Returns this setup with the collection starting {@code s}. */
  public MongoDbSetup withStart(Start s) {
    return new MongoDbSetup(
        shards,
        rangeSizeBytes,
        collection,
        Optional.of(s),
        balancerRoundSeconds,
        migrationBytesPerSecond,
        autoMergerSeconds);
  }

  /** Returns this setup with migrations copying {@code bytesPerSecond}. */
  public MongoDbSetup withMigrationRate(double bytesPerSecond) {
    return new MongoDbSetup(
        shards,
        rangeSizeBytes,
        collection,
        start,
        balancerRoundSeconds,
        bytesPerSecond,
        autoMergerSeconds);
  }

  /** Returns this setup with the AutoMerger running every {@code seconds} (0: off). */
  public MongoDbSetup withAutoMerger(long seconds) {
    return new MongoDbSetup(
        shards,
        rangeSizeBytes,
        collection,
        start,
        balancerRoundSeconds,
        migrationBytesPerSecond,
        seconds);
  }
}
