package dev.keyplan.dynamodb.design;

import java.util.List;
import java.util.Optional;

/**
 * The load on the busiest partition key value of one copy of the data (the table or a global
 * index), summed over every pattern that reaches it: {@code Σ rate × share × units}, against the
 * per-partition ceilings of 3,000 read and 1,000 write units per second.
 *
 * <p>Item types whose partition key templates are equal share key values, so their loads add up:
 * the busiest customer's profile reads and order writes land on one partition. Where two patterns
 * could favour different values, keyplan assumes the same value is the busiest for both (the worst
 * case).
 *
 * @param copy the table, or {@code table.index}
 * @param signature the partition key template(s), such as {@code C#{customer_id}}
 * @param readUnits read units per second on the busiest value; NaN if a spread is unknown
 * @param writeUnits write units per second on the busiest value; NaN if a spread is unknown
 * @param oneItem the busiest value holds a single item, which DynamoDB can never split
 * @param monotonicSortKey the time-ordered attribute that leads the sort key, if any: adaptive
 *     capacity does not split an item collection on a monotonically increasing sort key
 * @param patterns the ids of the patterns that reach this key
 * @param shards the suffix values the key is already spread over (1 if none)
 * @param suggestedShards write-sharding suffixes that bring the writes to half the ceiling, if
 *     writes exceed half of it; 0 otherwise
 */
public record DynamoDbHeat(
    String copy,
    String signature,
    double readUnits,
    double writeUnits,
    boolean oneItem,
    Optional<String> monotonicSortKey,
    List<String> patterns,
    int shards,
    int suggestedShards) {

  public DynamoDbHeat {
    patterns = List.copyOf(patterns);
  }

  /** Returns the busiest value's read units as a share of the 3,000 RCU ceiling. */
  public double readShare() {
    return readUnits / dev.keyplan.dynamodb.facts.DynamoDbLimits.MAX_RCU_PER_PARTITION;
  }

  /** Returns the busiest value's write units as a share of the 1,000 WCU ceiling. */
  public double writeShare() {
    return writeUnits / dev.keyplan.dynamodb.facts.DynamoDbLimits.MAX_WCU_PER_PARTITION;
  }

  /** Returns the larger of the two shares: how close the busiest value is to throttling. */
  public double ceilingShare() {
    return Math.max(readShare(), writeShare());
  }
}
