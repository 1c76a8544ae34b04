package dev.keyplan.dynamodb.facts;

/**
 * Amazon DynamoDB's limits, quotas and size constants that keyplan computes with: one place, each
 * with its source. All pages were read on 2026-12-02 for issue 3.
 *
 * <p>Sources, abbreviated below:
 *
 * <ul>
 *   <li>[quotas] AWS DynamoDB Developer Guide, "Quotas in Amazon DynamoDB",
 *       https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/ServiceQuotas.html
 *       (awsdocs/amazon-dynamodb-developer-guide doc_source/ServiceQuotas.md)
 *   <li>[sizes] AWS DynamoDB Developer Guide, "DynamoDB item sizes and formats",
 *       https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/CapacityUnitCalculations.html
 *   <li>[rw] AWS DynamoDB Developer Guide, "DynamoDB read and write operations",
 *       https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/read-write-operations.html
 *   <li>[gsi] AWS DynamoDB Developer Guide, "Using Global Secondary Indexes in DynamoDB",
 *       https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/GSI.html
 *   <li>[partition] AWS DynamoDB Developer Guide, "Best practices for designing and using partition
 *       keys effectively",
 *       https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/bp-partition-key-design.html
 * </ul>
 *
 * <p>AWS writes "KB", "MB" and "GB" for powers of 1,024: the 400 KB item limit is 409,600 bytes,
 * which mhart/dynalite's tests ({@code helpers.MAX_SIZE}) confirm against the live service.
 */
public final class DynamoDbLimits {
  private DynamoDbLimits() {}

  private static final long KB = 1024;
  private static final long MB = 1024 * KB;
  private static final long GB = 1024 * MB;

  /**
   * Maximum item size, 400 KB = 409,600 B, names plus values; an item of exactly this size is
   * accepted. [quotas]
   */
  public static final long MAX_ITEM_BYTES = 400 * KB;

  /** Smallest partition key value, 1 byte. [quotas] */
  public static final int MIN_PARTITION_KEY_BYTES = 1;

  /** Largest partition key value, 2,048 bytes. [quotas] */
  public static final int MAX_PARTITION_KEY_BYTES = 2_048;

  /** Smallest sort key value, 1 byte. [quotas] */
  public static final int MIN_SORT_KEY_BYTES = 1;

  /** Largest sort key value, 1,024 bytes. [quotas] */
  public static final int MAX_SORT_KEY_BYTES = 1_024;

  /** Read capacity units one partition serves per second before throttling: 3,000. [partition] */
  public static final int MAX_RCU_PER_PARTITION = 3_000;

  /** Write capacity units one partition serves per second before throttling: 1,000. [partition] */
  public static final int MAX_WCU_PER_PARTITION = 1_000;

  /** Maximum size of one partition, 10 GB. [quotas] */
  public static final long MAX_PARTITION_BYTES = 10 * GB;

  /**
   * On a table with a local secondary index, an item collection (table items and LSI entries of one
   * partition key value) "cannot exceed 10GB"; beyond it writes fail with
   * ItemCollectionSizeLimitExceededException. [quotas]
   */
  public static final long MAX_ITEM_COLLECTION_BYTES = 10 * GB;

  /** A Query or Scan returns at most 1 MB per call; more needs LastEvaluatedKey. [quotas] */
  public static final long MAX_QUERY_PAGE_BYTES = 1 * MB;

  /** BatchGetItem: at most 100 items per request. [quotas] */
  public static final int MAX_BATCH_GET_ITEMS = 100;

  /** BatchGetItem: at most 16 MB per response. [quotas] */
  public static final long MAX_BATCH_GET_BYTES = 16 * MB;

  /** BatchWriteItem: at most 25 put or delete requests. [quotas] */
  public static final int MAX_BATCH_WRITE_REQUESTS = 25;

  /** BatchWriteItem: at most 16 MB per request. [quotas] */
  public static final long MAX_BATCH_WRITE_BYTES = 16 * MB;

  /** TransactWriteItems / TransactGetItems: at most 100 unique items. [quotas] */
  public static final int MAX_TRANSACTION_ITEMS = 100;

  /** TransactWriteItems / TransactGetItems: at most 4 MB of data. [quotas] */
  public static final long MAX_TRANSACTION_BYTES = 4 * MB;

  /** Local secondary indexes per table: 5 (fixed). [quotas] */
  public static final int MAX_LOCAL_SECONDARY_INDEXES = 5;

  /** Global secondary indexes per table: 20 by default (adjustable). [quotas] */
  public static final int DEFAULT_MAX_GLOBAL_SECONDARY_INDEXES = 20;

  /**
   * Default table-level read quota, 40,000 RCU (RRU on demand), adjustable. It applies to the table
   * and to each of its GSIs on its own: "the maximum read and write capacity units that are
   * available for any table, or any individual GSI within that table" (on demand), "that can be
   * provisioned for any table or any of its GSIs" (provisioned). Older copies of the page said the
   * quota included the sum of the table and its GSIs; the current page, read 2026-12-02, does not.
   * [quotas]
   */
  public static final int DEFAULT_TABLE_MAX_RCU = 40_000;

  /**
   * Default table-level write quota, 40,000 WCU (WRU on demand), per table and per GSI as above.
   * [quotas]
   */
  public static final int DEFAULT_TABLE_MAX_WCU = 40_000;

  /**
   * Storage (not capacity) overhead of every item: "All items in DynamoDB require 100 bytes of
   * storage overhead for indexing purposes". [sizes]
   */
  public static final int STORAGE_OVERHEAD_PER_ITEM_BYTES = 100;

  /** Storage overhead of every index entry: "100 bytes of overhead per index item". [gsi] */
  public static final int STORAGE_OVERHEAD_PER_INDEX_ENTRY_BYTES = 100;

  /** One read capacity unit covers a strongly consistent read of up to 4 KB. [rw] */
  public static final long READ_UNIT_BYTES = 4 * KB;

  /** One write capacity unit covers a write of up to 1 KB. [rw] */
  public static final long WRITE_UNIT_BYTES = 1 * KB;

  /** A list or map costs 3 bytes "regardless of its contents". [sizes] */
  public static final int LIST_OR_MAP_OVERHEAD_BYTES = 3;

  /** "Each List or Map element also requires 1 byte of overhead." [sizes] */
  public static final int LIST_OR_MAP_ELEMENT_OVERHEAD_BYTES = 1;

  /** A Boolean or Null value is 1 byte. [sizes] */
  public static final int BOOLEAN_OR_NULL_BYTES = 1;

  /** Numbers have "up to 38 significant digits". [quotas] */
  public static final int MAX_NUMBER_DIGITS = 38;

  /**
   * Exponent (base 10, of the first significant digit) of the smallest positive number, 1E-130.
   * [quotas]
   */
  public static final int MIN_NUMBER_EXPONENT = -130;

  /** Exponent of the largest number, 9.9999999999999999999999999999999999999E+125. [quotas] */
  public static final int MAX_NUMBER_EXPONENT = 125;

  /**
   * A number takes at most 21 bytes: 38 digits in 19 pairs, one misalignment byte, one more, and
   * the sign would be 22, but zaccharles/dynamodb-calculator caps it at 21 (index.html, {@code
   * calculateNumberSizeInBytes}); mhart/dynalite does not cap. Only a negative 38-digit number with
   * a misaligned pair reaches the cap.
   */
  public static final int MAX_NUMBER_BYTES = 21;

  /** Nested attributes (lists and maps) go at most 32 levels deep. [quotas] */
  public static final int MAX_NESTING_DEPTH = 32;

  /**
   * Default account-level read quota for provisioned capacity, 80,000 RCU per Region, adjustable:
   * the sum over every provisioned table and GSI of the account, so a table and its GSIs together
   * must stay below it. On-demand tables have no account-level quota. [quotas], read 2026-12-02.
   */
  public static final int DEFAULT_ACCOUNT_MAX_RCU = 80_000;

  /**
   * Default account-level write quota for provisioned capacity, 80,000 WCU per Region. [quotas],
   * read 2026-12-02.
   */
  public static final int DEFAULT_ACCOUNT_MAX_WCU = 80_000;

  /**
   * Read units per second a new on-demand table "will be able to sustain" (12,000 reads per second)
   * without pre-warming; beyond it, and beyond twice the previous peak within 30 minutes, requests
   * may be throttled. A GSI has warm throughput values of its own, so keyplan applies the same
   * starting figures to each on-demand GSI (an assumption: the pre-warming page names tables). AWS
   * DG, "Pre-warming a table for on-demand capacity mode",
   * https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/pre-warming-on-demand-capacity-mode.html
   * and "Understanding DynamoDB warm throughput",
   * https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/warm-throughput.html ; read
   * 2026-12-02.
   */
  public static final int NEW_ON_DEMAND_READ_UNITS = 12_000;

  /** Write units per second a new on-demand table sustains (4,000 writes per second); as above. */
  public static final int NEW_ON_DEMAND_WRITE_UNITS = 4_000;

  // Pages read on 2026-12-02, cited in full here.

  /**
   * A TransactWriteItems client request token makes a retry idempotent for 10 minutes after the
   * first request that used it completes; after that the same token is a new request. AWS API
   * Reference, TransactWriteItems, {@code ClientRequestToken},
   * https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_TransactWriteItems.html
   */
  public static final int TRANSACTION_IDEMPOTENCY_WINDOW_SECONDS = 600;

  /**
   * TTL "typically deletes expired items within 48 hours of expiration" (the API reference says
   * "within two days"); until then an expired item still counts toward storage. AWS DG, "Time to
   * Live (TTL)",
   * https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/howitworks-ttl.html
   */
  public static final int TTL_TYPICAL_DELETION_DELAY_SECONDS = 48 * 3_600;

  /**
   * Burst capacity: DynamoDB retains up to 300 seconds of a partition's unused read and write
   * capacity, so a short peak above provisioned capacity may be served, a sustained one is
   * throttled. AWS DG, "Burst capacity",
   * https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/burst-adaptive-capacity.html
   */
  public static final int BURST_CAPACITY_SECONDS = 300;

  /**
   * Share of a partition's 3,000 RCU or 1,000 WCU from which the busiest key value is a warning
   * (rule PartitionThroughputExceeded, the report's heat bars): keyplan's choice, leaving room for
   * a burst of twice the modelled rate before the partition throttles.
   */
  public static final double PARTITION_THROUGHPUT_WARN_SHARE = 0.5;

  /**
   * Share of a partition's 1,000 WCU that a shard of a write-sharded key is planned to take:
   * keyplan's choice, so a doubling of the traffic still fits. A key value asking 840 WCU/s is
   * split into ⌈840 / 500⌉ = 2 shards.
   */
  public static final double WRITE_HEADROOM = 0.5;

  /**
   * Application Auto Scaling's default target utilisation for DynamoDB, 70% (AWS DG, "Managing
   * throughput capacity automatically with DynamoDB auto scaling"): provisioned capacity is planned
   * at peak / 0.7, so 700 WCU/s at peak needs 1,000 WCU.
   */
  public static final double TARGET_UTILIZATION = 0.7;
}
