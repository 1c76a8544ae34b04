package dev.keyplan.dynamodb.simulate;

import dev.keyplan.dynamodb.facts.DynamoDbLimits;
import java.util.List;

/**
 * Everything one copy's simulation starts from.
 *
 * @param copy the table, or {@code table.index}
 * @param keys the tracked key values, in the order they are reported (busiest first)
 * @param tail the untracked values, for sizes (traffic comes from the arrivals)
 * @param capacityLabel {@code on-demand} or {@code provisioned 1,500 RCU / 800 WCU}
 * @param onDemand true for an on-demand copy
 * @param readUnits provisioned RCU per second (0 on demand), shared among the partitions
 * @param writeUnits provisioned WCU per second (0 on demand)
 * @param partitions the partitions it starts with
 * @param heatSplits false when the copy may not split for heat, with the reason in {@code notes}
 * @param notes what the copy's set-up assumed
 */
record CopySpec(
    String copy,
    List<KeyLoad> keys,
    TailLoad tail,
    String capacityLabel,
    boolean onDemand,
    double readUnits,
    double writeUnits,
    int partitions,
    boolean heatSplits,
    List<String> notes) {

  CopySpec {
    keys = List.copyOf(keys);
    notes = List.copyOf(notes);
  }

  /**
   * Returns the copy's read capacity: provisioned with its burst bucket, or on demand from the
   * setup's previous peak.
   */
  TableCapacity readCapacity(DynamoDbSetup setup) {
    return onDemand
        ? new OnDemandCapacity(setup.onDemandPeakRead(), DynamoDbLimits.DEFAULT_TABLE_MAX_RCU)
        : new ProvisionedTableCapacity(readUnits, setup.burstFullAtStart());
  }

  /** Returns the copy's write capacity, as {@link #readCapacity} does for reads. */
  TableCapacity writeCapacity(DynamoDbSetup setup) {
    return onDemand
        ? new OnDemandCapacity(setup.onDemandPeakWrite(), DynamoDbLimits.DEFAULT_TABLE_MAX_WCU)
        : new ProvisionedTableCapacity(writeUnits, setup.burstFullAtStart());
  }
}
