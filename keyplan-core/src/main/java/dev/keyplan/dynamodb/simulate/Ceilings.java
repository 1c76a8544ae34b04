package dev.keyplan.dynamodb.simulate;

import dev.keyplan.dynamodb.facts.DynamoDbLimits;

/**
 * The per-partition ceilings every mechanism respects: 3,000 read and 1,000 write units a second,
 * managed independently ("a partition may throttle reads while writes continue normally", AWS DG,
 * "Key range throughput exceeded"), and hard: burst capacity "can't alleviate partition-level
 * throttling" (AWS re:Post knowledge center, dynamodb-spiky-workloads-short-intervals) and adaptive
 * capacity lends "up to the partition maximum of 3,000 RCUs and 1,000 WCUs" (AWS DG,
 * bp-partition-key-design). The numbers are {@link DynamoDbLimits}'.
 */
final class Ceilings {
  private Ceilings() {}

  /** Read units one partition serves per second. */
  static final double READ = DynamoDbLimits.MAX_RCU_PER_PARTITION;

  /** Write units one partition serves per second. */
  static final double WRITE = DynamoDbLimits.MAX_WCU_PER_PARTITION;

  /** A partition's most bytes before it splits for size, 10 GB. */
  static final double BYTES = DynamoDbLimits.MAX_PARTITION_BYTES;
}
