package dev.keyplan.dynamodb.simulate;

import dev.keyplan.dynamodb.facts.Capacity;
import dev.keyplan.model.Units;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The DynamoDB simulator's options, each with its default; checked here, so a bad value fails
 * before anything runs (the CLI turns the {@link IllegalArgumentException} into exit code 2).
 *
 * @param capacity the capacity of every simulated table; empty (the default) takes each table's
 *     from the model's {@code dynamodb:} design, which is on-demand unless it says {@code capacity:
 *     {read: N, write: N}}. A provisioned override sets the table's own capacity; its global
 *     indexes keep the design's, or the capacity their workload needs at 70% utilisation
 * @param table the one table to simulate, with its global indexes; empty (the default) simulates
 *     every table of the design. A trace is replayed on this table, or on the design's first
 * @param burstFullAtStart the table ran below its provisioned rate for the 5 minutes before the
 *     run, so its burst bucket starts full (300 s of provisioned capacity); default true
 * @param partitions the partitions every copy (table or global index) starts with; empty (the
 *     default) derives them: {@code max(⌈bytes / 10 GB⌉, ⌈RCU / 3,000 + WCU / 1,000⌉)} provisioned,
 *     4 for a new on-demand table (see {@link PartitionMap})
 * @param heatSplitSeconds how long a partition's demand must stay over its ceiling before it is
 *     split for heat; default 300 s (AWS says "within minutes" and publishes no figure)
 * @param heatSplitShare the share of the per-partition ceiling (3,000 RCU, 1,000 WCU) a partition's
 *     average demand must exceed to be split for heat; default 1 (over the ceiling). AWS's blog
 *     says "near its throughput capacity limit" without a number; lower it to split earlier
 * @param onDemandPeakRead an on-demand copy's previous read peak at the start; default 6,000 RRU, a
 *     new table's, which lets it serve 12,000 RRU at once
 * @param onDemandPeakWrite the same for writes; default 2,000 WRU (4,000 WRU at once)
 * @param traceReads how a traced read is charged; default eventually consistent, the default of
 *     GetItem, Query and Scan (0.5 unit per 4 KB)
 * @param hotKeys the partition key values reported one by one per copy, busiest first; default 10
 */
public record DynamoDbSetup(
    Optional<CapacityMode> capacity,
    Optional<String> table,
    boolean burstFullAtStart,
    OptionalInt partitions,
    long heatSplitSeconds,
    double heatSplitShare,
    double onDemandPeakRead,
    double onDemandPeakWrite,
    Capacity.Read traceReads,
    int hotKeys) {

  /** The default heat-split delay, 300 s. */
  public static final long DEFAULT_HEAT_SPLIT_SECONDS = 300;

  /**
   * A new on-demand table's previous peak: "2,000 write request units or 6,000 read request units",
   * doubled at once to 4,000 WRU or 12,000 RRU. AWS DG, "Read/write capacity mode", Initial
   * throughput for on-demand capacity mode (awsdocs/amazon-dynamodb-developer-guide,
   * doc_source/HowItWorks.ReadWriteCapacityMode.md).
   */
  public static final double NEW_ON_DEMAND_PEAK_READ = 6_000;

  /** A new on-demand table's previous write peak, 2,000 WRU; as above. */
  public static final double NEW_ON_DEMAND_PEAK_WRITE = 2_000;

  /**
   * The most partitions a copy may start with here: more would be a typing mistake, not a table.
   */
  public static final int MAX_PARTITIONS = 100_000;

  public DynamoDbSetup {
    table.ifPresent(
        t -> {
          if (t.isBlank()) {
            throw new IllegalArgumentException(
                "table must name a table of the model's dynamodb: section, not be blank");
          }
        });
    if (partitions.isPresent()
        && (partitions.getAsInt() < 1 || partitions.getAsInt() > MAX_PARTITIONS)) {
      throw new IllegalArgumentException(
          "partitions must be from 1 to " + MAX_PARTITIONS + ", not " + partitions.getAsInt());
    }
    if (heatSplitSeconds < 1) {
      throw new IllegalArgumentException(
          "heat split delay must be at least 1 s, not " + heatSplitSeconds);
    }
    if (!(heatSplitShare > 0 && heatSplitShare <= 10)) {
      throw new IllegalArgumentException(
          "heat split share must be above 0 and at most 10 (1 = the partition's ceiling), not "
              + heatSplitShare);
    }
    if (!(onDemandPeakRead >= 1 && Double.isFinite(onDemandPeakRead))) {
      throw new IllegalArgumentException(
          "on-demand previous read peak must be at least 1 RRU, not " + onDemandPeakRead);
    }
    if (!(onDemandPeakWrite >= 1 && Double.isFinite(onDemandPeakWrite))) {
      throw new IllegalArgumentException(
          "on-demand previous write peak must be at least 1 WRU, not " + onDemandPeakWrite);
    }
    if (traceReads == Capacity.Read.TRANSACTIONAL) {
      throw new IllegalArgumentException(
          "traced reads are charged eventually or strongly consistent, not transactional");
    }
    if (hotKeys < 0 || hotKeys > 1_000) {
      throw new IllegalArgumentException(
          "hot keys reported must be from 0 to 1,000, not " + hotKeys);
    }
  }

  /** Returns the defaults: the design's capacity, every table, burst full, derived partitions. */
  public static DynamoDbSetup defaults() {
    return new DynamoDbSetup(
        Optional.empty(),
        Optional.empty(),
        true,
        OptionalInt.empty(),
        DEFAULT_HEAT_SPLIT_SECONDS,
        1,
        NEW_ON_DEMAND_PEAK_READ,
        NEW_ON_DEMAND_PEAK_WRITE,
        Capacity.Read.EVENTUAL,
        10);
  }

  /** Returns these options with {@code mode} for every simulated table. */
  public DynamoDbSetup withCapacity(CapacityMode mode) {
    return new DynamoDbSetup(
        Optional.of(mode),
        table,
        burstFullAtStart,
        partitions,
        heatSplitSeconds,
        heatSplitShare,
        onDemandPeakRead,
        onDemandPeakWrite,
        traceReads,
        hotKeys);
  }

  /** Returns these options simulating only {@code name}. */
  public DynamoDbSetup withTable(String name) {
    return new DynamoDbSetup(
        capacity,
        Optional.of(name),
        burstFullAtStart,
        partitions,
        heatSplitSeconds,
        heatSplitShare,
        onDemandPeakRead,
        onDemandPeakWrite,
        traceReads,
        hotKeys);
  }

  /** Returns these options with the burst bucket starting full or empty. */
  public DynamoDbSetup withBurstFullAtStart(boolean full) {
    return new DynamoDbSetup(
        capacity,
        table,
        full,
        partitions,
        heatSplitSeconds,
        heatSplitShare,
        onDemandPeakRead,
        onDemandPeakWrite,
        traceReads,
        hotKeys);
  }

  /** Returns these options with every copy starting on {@code n} partitions. */
  public DynamoDbSetup withPartitions(int n) {
    return new DynamoDbSetup(
        capacity,
        table,
        burstFullAtStart,
        OptionalInt.of(n),
        heatSplitSeconds,
        heatSplitShare,
        onDemandPeakRead,
        onDemandPeakWrite,
        traceReads,
        hotKeys);
  }

  /**
   * Returns these options with a heat split after {@code seconds} above {@code share} of the
   * ceiling.
   */
  public DynamoDbSetup withHeatSplit(long seconds, double share) {
    return new DynamoDbSetup(
        capacity,
        table,
        burstFullAtStart,
        partitions,
        seconds,
        share,
        onDemandPeakRead,
        onDemandPeakWrite,
        traceReads,
        hotKeys);
  }

  /** Returns these options with an on-demand copy's previous peaks at the start. */
  public DynamoDbSetup withOnDemandPeaks(double read, double write) {
    return new DynamoDbSetup(
        capacity,
        table,
        burstFullAtStart,
        partitions,
        heatSplitSeconds,
        heatSplitShare,
        read,
        write,
        traceReads,
        hotKeys);
  }

  /** Returns these options charging traced reads as {@code read}. */
  public DynamoDbSetup withTraceReads(Capacity.Read read) {
    return new DynamoDbSetup(
        capacity,
        table,
        burstFullAtStart,
        partitions,
        heatSplitSeconds,
        heatSplitShare,
        onDemandPeakRead,
        onDemandPeakWrite,
        read,
        hotKeys);
  }

  /** Returns these options reporting {@code n} hot keys per copy. */
  public DynamoDbSetup withHotKeys(int n) {
    return new DynamoDbSetup(
        capacity,
        table,
        burstFullAtStart,
        partitions,
        heatSplitSeconds,
        heatSplitShare,
        onDemandPeakRead,
        onDemandPeakWrite,
        traceReads,
        n);
  }

  /**
   * A table's capacity mode: on demand, or provisioned read and write capacity units per second.
   *
   * @param readUnits provisioned RCU per second; 0 on demand
   * @param writeUnits provisioned WCU per second; 0 on demand
   */
  public record CapacityMode(boolean onDemand, double readUnits, double writeUnits) {
    /** The most capacity units the model format accepts for a table, 40,000,000 (docs/model.md). */
    public static final double MAX_UNITS = 40_000_000;

    public CapacityMode {
      if (onDemand && (readUnits != 0 || writeUnits != 0)) {
        throw new IllegalArgumentException(
            "an on-demand table has no provisioned units, but "
                + readUnits
                + " RCU and "
                + writeUnits
                + " WCU were given");
      }
      if (!onDemand && !(readUnits >= 1 && readUnits <= MAX_UNITS)) {
        throw new IllegalArgumentException(
            "provisioned read capacity must be from 1 to 40,000,000 RCU, not " + readUnits);
      }
      if (!onDemand && !(writeUnits >= 1 && writeUnits <= MAX_UNITS)) {
        throw new IllegalArgumentException(
            "provisioned write capacity must be from 1 to 40,000,000 WCU, not " + writeUnits);
      }
    }

    /** On-demand capacity. */
    public static CapacityMode onDemandMode() {
      return new CapacityMode(true, 0, 0);
    }

    /** Provisioned capacity of {@code read} RCU and {@code write} WCU per second. */
    public static CapacityMode provisioned(double read, double write) {
      return new CapacityMode(false, read, write);
    }

    /** Returns {@code on-demand} or {@code provisioned 1,500 RCU / 800 WCU}. */
    public String label() {
      return onDemand
          ? "on-demand"
          : "provisioned " + Units.count(readUnits) + " RCU / " + Units.count(writeUnits) + " WCU";
    }
  }
}
