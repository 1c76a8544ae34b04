package dev.keyplan.mongodb.facts;

/**
 * MongoDB's limits, defaults and advice thresholds that keyplan computes with: one place, each with
 * its source. The sources are those gathered in the project's MongoDB research notes (§0, §1, §3,
 * §4), re-read for issue 4 on 2026-12-02; they describe MongoDB 6.0 to 8.0.
 *
 * <p>Sources, abbreviated below:
 *
 * <ul>
 *   <li>[limits] MongoDB Manual, "MongoDB Limits and Thresholds",
 *       https://www.mongodb.com/docs/manual/reference/limits/ (mongodb/docs
 *       source/reference/limits.txt)
 *   <li>[partitioning] MongoDB Manual, "Data Partitioning with Chunks" ("Range Size"),
 *       https://www.mongodb.com/docs/manual/core/sharding-data-partitioning/ and "Modify Range Size
 *       in a Sharded Cluster",
 *       https://www.mongodb.com/docs/manual/tutorial/modify-chunk-size-in-sharded-cluster/
 *   <li>[balancer] MongoDB Manual, "Balancer" ("Migration Thresholds"),
 *       https://www.mongodb.com/docs/manual/core/sharding-balancer-administration/ (and DOCS-15792)
 *   <li>[reshard] MongoDB Manual, "Reshard a Collection",
 *       https://www.mongodb.com/docs/manual/core/sharding-reshard-a-collection/
 *   <li>[txn] MongoDB Manual, "Production Considerations" for transactions ("Runtime Limit", "Lock
 *       Request Timeout"),
 *       https://www.mongodb.com/docs/manual/core/transactions-production-consideration/ (the 5 ms
 *       default came with SERVER-35415)
 *   <li>[analyze] MongoDB Manual, "analyzeShardKey",
 *       https://www.mongodb.com/docs/manual/reference/command/analyzeShardKey/ , and the server
 *       parameters it reads (mongodb/mongo src/mongo/db/s/analyze_shard_key_cmd_util.cpp)
 *   <li>[atlas] the Atlas Performance Advisor schema-advice triggers (Atlas Admin API {@code
 *       listSchemaAdvice}), as mongodb-js/mongodb-mcp-server
 *       src/common/atlas/performanceAdvisorUtils.ts describes them in {@code
 *       SCHEMA_TRIGGER_DESCRIPTIONS}
 *   <li>[ttl] MongoDB Manual, "TTL Indexes" and "db.collection.createIndex()" (option {@code
 *       expireAfterSeconds}), https://www.mongodb.com/docs/manual/core/index-ttl/
 * </ul>
 *
 * <p>MongoDB writes "MB" for 1,024 × 1,024 bytes: the 16 MB document limit is 16,777,216 bytes, as
 * drivers print it ("the connected server supports BSON document sizes up to 16777216 bytes"), and
 * the range size setting is in such megabytes. So a 128 MB range is 134,217,728 bytes, and the
 * balancer needs a gap of 3 × 128 MB = 384 MB (402,653,184 bytes) between two shards before it
 * migrates.
 */
public final class MongoDbLimits {
  private MongoDbLimits() {}

  /** One megabyte as MongoDB counts it, 1,048,576 bytes. */
  public static final long MB = 1024L * 1024L;

  // ----- Documents -----

  /**
   * Largest BSON document, 16 MB = 16,777,216 bytes; a document of exactly this size is accepted.
   * [limits]
   */
  public static final long MAX_DOCUMENT_BYTES = 16 * MB;

  /**
   * Levels of nesting a stored document may have: 100. The top-level document is level 1 and each
   * non-empty embedded document or array one more; an empty one adds none. The server's own count
   * ({@code validateDepth} in {@code fixDocumentForInsert}, mongodb/mongo; its tests accept 100
   * nested {@code {a: …}} and reject 101). [limits]
   */
  public static final int MAX_NESTING_DEPTH = 100;

  // ----- Indexes -----

  /** Indexes on one collection, {@code _id} included: at most 64. [limits] */
  public static final int MAX_INDEXES_PER_COLLECTION = 64;

  /**
   * The most shards keyplan models, in the {@code mongodb:} section and in {@code simulate mongodb
   * --shards}: MongoDB documents no limit; 10,000 is far past any cluster MongoDB describes and
   * keeps a run's per-shard state within the work budget (docs/reliability.md, Simulation budget),
   * which refuses a run too long for its shards.
   */
  public static final int MAX_SHARDS = 10_000;

  /** Fields in one compound index: at most 32. [limits] */
  public static final int MAX_COMPOUND_INDEX_FIELDS = 32;

  /**
   * Memory a blocking (in-memory) sort may use without {@code allowDiskUse}: 100 MB; beyond it the
   * query fails, or spills to disk where that is allowed. [limits]
   */
  public static final long MAX_BLOCKING_SORT_BYTES = 100 * MB;

  /**
   * Largest {@code expireAfterSeconds} of a TTL index: 2,147,483,647 s (2³¹ − 1, about 68 years);
   * the server refuses a negative or larger value, so a 100-year TTL cannot be created. [ttl]
   */
  public static final long MAX_EXPIRE_AFTER_SECONDS = Integer.MAX_VALUE;

  // ----- Sharding: ranges (chunks) and the balancer -----

  /** Default range (chunk) size, 128 MB. [partitioning] */
  public static final long DEFAULT_RANGE_SIZE_BYTES = 128 * MB;

  /** Smallest range size that can be configured, 1 MB. [partitioning] */
  public static final long MIN_RANGE_SIZE_BYTES = 1 * MB;

  /** Largest range size that can be configured, 1,024 MB. [partitioning] */
  public static final long MAX_RANGE_SIZE_BYTES = 1024 * MB;

  /**
   * The balancer leaves a collection alone while the data-size difference between any two shards is
   * below 3 × the range size: "For the default range size of 128MB, two shards must have a data
   * size difference for a given collection of at least 384MB for a migration to occur". [balancer]
   */
  public static final int MIGRATION_THRESHOLD_RANGE_SIZES = 3;

  /**
   * Migrations a shard takes part in at one time: 1; so at most ⌊shards / 2⌋ run in parallel.
   * [balancer]
   */
  public static final int MIGRATIONS_PER_SHARD = 1;

  // ----- Resharding -----

  /**
   * Storage each recipient shard needs to reshard: ((collection storage size + index size) × 2) /
   * shards, so a 2 TB collection with 0.4 TB of indexes on 4 shards needs 1.2 TB per shard. This
   * constant is the factor 2. [reshard]
   */
  public static final int RESHARD_STORAGE_FACTOR = 2;

  /**
   * Writes to the collection are blocked for about 2 seconds at the end of resharding; an
   * application that cannot tolerate it should refine the shard key instead. [reshard]
   */
  public static final int RESHARD_WRITE_BLOCK_SECONDS = 2;

  /** Resharding "always" takes at least 5 minutes. [reshard] */
  public static final int RESHARD_MIN_SECONDS = 5 * 60;

  // ----- Transactions -----

  /**
   * A multi-document transaction must finish within one minute ({@code
   * transactionLifetimeLimitSeconds}, default 60); an expired one is aborted. [txn]
   */
  public static final int TRANSACTION_LIFETIME_SECONDS = 60;

  /**
   * A transaction waits at most 5 ms for a lock it needs ({@code
   * maxTransactionLockRequestTimeoutMillis}, default 5), then aborts. [txn]
   */
  public static final int TRANSACTION_LOCK_WAIT_MILLIS = 5;

  // ----- analyzeShardKey defaults (MongoDB 7.0+) -----

  /**
   * Documents analyzeShardKey samples for the key's characteristics when neither sampleRate nor
   * sampleSize is given: 10,000,000 ({@code analyzeShardKeyCharacteristicsDefaultSampleSize}).
   * [analyze]
   */
  public static final long ANALYZE_DEFAULT_SAMPLE_SIZE = 10_000_000;

  /**
   * Most common shard-key values analyzeShardKey reports: 5 ({@code
   * analyzeShardKeyNumMostCommonValues}, at most 1,000). [analyze]
   */
  public static final int ANALYZE_MOST_COMMON_VALUES = 5;

  /**
   * Ranges the read and write distribution is counted over, one hypothetical chunk each: 100
   * ({@code analyzeShardKeyNumRanges}, at most 10,000), "to find a shard key that scales up to 100
   * shards". [analyze]
   */
  public static final int ANALYZE_NUM_RANGES = 100;

  /**
   * A key is "monotonic" when the Pearson correlation |r| between index order and insertion order
   * (RecordIds) is at least 0.7 ({@code
   * analyzeShardKeyMonotonicityCorrelationCoefficientThreshold}). The default comes from the
   * server-parameter listings; the server's own jstest reads it with getParameter. [analyze]
   */
  public static final double ANALYZE_MONOTONIC_CORRELATION = 0.7;

  // ----- Atlas schema-advice thresholds -----

  /**
   * Atlas flags arrays "with over 10000 entries" ({@code DOCS_CONTAIN_UNBOUNDED_ARRAY}). [atlas]
   */
  public static final int ATLAS_UNBOUNDED_ARRAY_ENTRIES = 10_000;

  /**
   * Atlas flags "Documents larger than 2 MB" ({@code DOC_SIZE_TOO_LARGE}). Atlas does not say which
   * megabyte; keyplan reads it as MongoDB's own, 2,097,152 bytes. [atlas]
   */
  public static final long ATLAS_LARGE_DOCUMENT_BYTES = 2 * MB;

  /** Atlas flags "More than 30 indexes" in a collection ({@code NUM_INDEXES}). [atlas] */
  public static final int ATLAS_MANY_INDEXES = 30;

  /**
   * Atlas flags a "High percentage of queries (>50%)" using $lookup ({@code
   * PERCENT_QUERIES_USE_LOOKUP}). [atlas]
   */
  public static final double ATLAS_LOOKUP_QUERY_SHARE = 0.50;

  /**
   * Atlas flags a "High number of queries (>100)" using $lookup ({@code
   * NUMBER_OF_QUERIES_USE_LOOKUP}). [atlas]
   */
  public static final int ATLAS_LOOKUP_QUERIES = 100;

  /**
   * Atlas flags "Too many namespaces (collections) in the database (>100)" ({@code
   * NUMBER_OF_NAMESPACES}). [atlas]
   */
  public static final int ATLAS_MANY_COLLECTIONS = 100;

  // ----- Derived figures -----

  /**
   * Returns the data-size gap between two shards at which the balancer starts migrating a
   * collection: 3 × the range size, 384 MB (402,653,184 bytes) at the default 128 MB. [balancer]
   *
   * @throws IllegalArgumentException if the range size is outside 1–1,024 MB
   */
  public static long migrationThresholdBytes(long rangeSizeBytes) {
    requireRangeSize(rangeSizeBytes);
    return MIGRATION_THRESHOLD_RANGE_SIZES * rangeSizeBytes;
  }

  /**
   * Returns the free storage each recipient shard needs to reshard a collection: ((storage +
   * indexes) × 2) / shards, rounded up to a whole byte. For the manual's example, 2 TB of data and
   * 0.4 TB of indexes on 4 shards, (2.4 TB × 2) / 4 = 1.2 TB. [reshard]
   *
   * @throws IllegalArgumentException if a size is negative or there is no shard
   */
  public static long reshardStoragePerShardBytes(
      long collectionStorageBytes, long indexBytes, int shards) {
    if (collectionStorageBytes < 0 || indexBytes < 0) {
      throw new IllegalArgumentException(
          "sizes cannot be negative, found collection "
              + collectionStorageBytes
              + " and indexes "
              + indexBytes
              + " bytes");
    }
    if (shards < 1) {
      throw new IllegalArgumentException(
          "a sharded collection has at least 1 shard, found " + shards);
    }
    long total =
        Math.multiplyExact(
            Math.addExact(collectionStorageBytes, indexBytes), RESHARD_STORAGE_FACTOR);
    return Math.floorDiv(total + shards - 1, shards);
  }

  /**
   * Checks a range size against what MongoDB accepts, 1 to 1,024 MB.
   *
   * @throws IllegalArgumentException if it is outside that range
   */
  public static void requireRangeSize(long rangeSizeBytes) {
    if (rangeSizeBytes < MIN_RANGE_SIZE_BYTES || rangeSizeBytes > MAX_RANGE_SIZE_BYTES) {
      throw new IllegalArgumentException(
          "a range size must be 1 to 1024 MB ("
              + MIN_RANGE_SIZE_BYTES
              + " to "
              + MAX_RANGE_SIZE_BYTES
              + " bytes), found "
              + rangeSizeBytes
              + " bytes");
    }
  }

  /**
   * Share of a shard's budget from which the busiest shard is a warning (rule ShardOverBudget, the
   * report's heat bars): keyplan's choice, leaving room for a burst of twice the modelled rate.
   */
  public static final double SHARD_WARN_SHARE = 0.5;

  /**
   * Planning default for a model's {@code shard_budget}: 10,000 operations/s per shard (a replica
   * set's primary). A planning figure, not a limit, of the same order as keyplan's Cassandra node
   * budget; measure yours (YCSB or mongoperf) and set it.
   */
  public static final double DEFAULT_SHARD_BUDGET = 10_000;
}
