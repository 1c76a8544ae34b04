package dev.keyplan.dynamodb.simulate;

import dev.keyplan.dynamodb.design.DynamoDbAnalysis;
import dev.keyplan.dynamodb.design.DynamoDbCost;
import dev.keyplan.dynamodb.design.DynamoDbTable;
import dev.keyplan.dynamodb.design.KeyPath;
import dev.keyplan.dynamodb.facts.DynamoDbLimits;
import dev.keyplan.dynamodb.model.DynamoDbDesign.Billing;
import dev.keyplan.model.Units;
import java.util.ArrayList;
import java.util.List;

/**
 * Sets up each copy: its capacity mode and units, the partitions it starts with, and whether it may
 * split for heat.
 *
 * <ul>
 *   <li>Mode: the setup's, else the table's in the design (on demand unless it says {@code
 *       capacity: {read, write}}); a global index follows its table ("Global secondary indexes
 *       inherit the read/write capacity mode from the base table", AWS DG, "Read/write capacity
 *       mode").
 *   <li>Provisioned units: the setup's or the design's for the table; a global index's own {@code
 *       capacity:}, else what its workload needs at 70% utilisation ({@link
 *       DynamoDbCost#neededRead()}), as keyplan's cost table prices it.
 *   <li>Partitions: the setup's, else {@code max(⌈bytes / 10 GB⌉, ⌈RCU / 3,000 + WCU / 1,000⌉)}
 *       provisioned, {@code max(⌈bytes / 10 GB⌉, ⌈max(RRU limit / 3,000, WRU limit / 1,000)⌉)} on
 *       demand ({@link PartitionMap}).
 *   <li>Heat splits: not on a provisioned table with a stream ("This isolation functionality is not
 *       available for tables using Provisioned Read/Write Capacity Mode that have enabled DynamoDB
 *       Streams", AWS DG, bp-partition-key-design); keyplan applies it to the table's indexes too.
 * </ul>
 */
final class CopySpecs {
  private CopySpecs() {}

  /** Returns the spec of {@code path} of {@code table}, with {@code keys} tracked. */
  static CopySpec of(
      DynamoDbAnalysis analysis,
      DynamoDbTable table,
      KeyPath path,
      DynamoDbSetup setup,
      CopyWorkload workload,
      List<KeyLoad> keys) {
    Billing billing = table.billing();
    boolean onDemand =
        setup.capacity().map(DynamoDbSetup.CapacityMode::onDemand).orElse(billing.onDemand());
    double read = 0;
    double write = 0;
    // A global index without capacity (every NoSQL Workbench file's) is provisioned at its need;
    // its label says so wherever the capacity is printed (issue 16 Decisions).
    boolean assumed = false;
    List<String> notes = new ArrayList<>(workload.notes());
    if (!onDemand && !path.isIndex()) {
      read =
          setup
              .capacity()
              .filter(c -> !c.onDemand())
              .map(DynamoDbSetup.CapacityMode::readUnits)
              .orElse(billing.readUnits());
      write =
          setup
              .capacity()
              .filter(c -> !c.onDemand())
              .map(DynamoDbSetup.CapacityMode::writeUnits)
              .orElse(billing.writeUnits());
    } else if (!onDemand) {
      if (path.capacity().isPresent()) {
        read = path.capacity().get().readUnits();
        write = path.capacity().get().writeUnits();
      } else {
        DynamoDbCost cost = analysis.cost(path.copy()).orElseThrow();
        read = cost.neededRead();
        write = cost.neededWrite();
        assumed = true;
        notes.add(
            path.copy()
                + " has no capacity of its own in the design: provisioned at what its workload needs at 70%"
                + " utilisation, "
                + Units.count(read)
                + " RCU / "
                + Units.count(write)
                + " WCU, the figure check reports and the cost table prices");
      }
    }
    String label =
        onDemand
            ? DynamoDbSetup.CapacityMode.onDemandMode().label()
            : DynamoDbSetup.CapacityMode.provisioned(read, write).label()
                + (assumed ? " (assumed: what the workload needs; none set)" : "");
    int partitions =
        setup.partitions().isPresent()
            ? setup.partitions().getAsInt()
            : initialPartitions(workload, onDemand, read, write, setup);
    boolean heat = onDemand || table.stream().isEmpty();
    if (!heat) {
      notes.add(
          path.copy()
              + ": a provisioned table with a stream does not isolate hot items, so no partition splits for heat");
    }
    return new CopySpec(
        path.copy(), keys, workload.tail(), label, onDemand, read, write, partitions, heat, notes);
  }

  private static int initialPartitions(
      CopyWorkload workload, boolean onDemand, double read, double write, DynamoDbSetup setup) {
    double bySize = Math.ceil(workload.bytesAt(0) / Ceilings.BYTES);
    double byThroughput;
    if (onDemand) {
      // The limits a new on-demand copy serves at once: twice the previous peak, under the quota.
      double r =
          new OnDemandCapacity(setup.onDemandPeakRead(), DynamoDbLimits.DEFAULT_TABLE_MAX_RCU)
              .limit();
      double w =
          new OnDemandCapacity(setup.onDemandPeakWrite(), DynamoDbLimits.DEFAULT_TABLE_MAX_WCU)
              .limit();
      byThroughput = Math.ceil(Math.max(r / Ceilings.READ, w / Ceilings.WRITE) - 1e-9);
    } else {
      byThroughput = Math.ceil(read / Ceilings.READ + write / Ceilings.WRITE - 1e-9);
    }
    return (int)
        Math.min(DynamoDbSetup.MAX_PARTITIONS, Math.max(1, Math.max(bySize, byThroughput)));
  }
}
