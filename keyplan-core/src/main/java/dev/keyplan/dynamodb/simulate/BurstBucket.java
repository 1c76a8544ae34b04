package dev.keyplan.dynamodb.simulate;

import dev.keyplan.dynamodb.facts.DynamoDbLimits;

/**
 * Burst capacity, kept for the whole table: the unused provisioned units of past seconds, at most
 * 300 seconds' worth ("DynamoDB currently retains up to five minutes (300 seconds) of unused read
 * and write capacity", AWS DG, burst-adaptive-capacity; {@link
 * DynamoDbLimits#BURST_CAPACITY_SECONDS}). Demand above the provisioned rate draws on it until it
 * is empty. AWS re:Post knowledge center, "dynamodb-spiky-workloads-short-intervals": 150 RCU
 * provisioned keep up to 150 × 300 = 45,000 units, which a steady 200 RCU/s drains at 50 a second,
 * in 900 s.
 *
 * <p>The guide says the unused capacity is kept per partition; keyplan keeps it per table, the way
 * re:Post's worked example counts it, and never lets it lift a partition past its ceiling.
 */
final class BurstBucket {
  private final double capacity;
  private double level;

  /** A bucket for {@code provisioned} units per second, full or empty. */
  BurstBucket(double provisioned, boolean full) {
    this.capacity = provisioned * DynamoDbLimits.BURST_CAPACITY_SECONDS;
    this.level = full ? capacity : 0;
  }

  /** Keeps {@code unused} units, up to the bucket's capacity. */
  void keep(double unused) {
    level = Math.min(capacity, level + unused);
  }

  /** Takes up to {@code wanted} units and returns how many it gave. */
  double draw(double wanted) {
    double d = Math.min(level, wanted);
    level -= d;
    return d;
  }

  /** Returns the units in the bucket. */
  double level() {
    return level;
  }

  /** Returns the most units the bucket holds: 300 s of provisioned capacity. */
  double capacity() {
    return capacity;
  }
}
