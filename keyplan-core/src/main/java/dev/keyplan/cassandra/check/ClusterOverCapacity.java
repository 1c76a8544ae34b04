package dev.keyplan.cassandra.check;

import dev.keyplan.cassandra.design.CassandraAnalysis;
import dev.keyplan.cassandra.design.ClusterCapacity;
import dev.keyplan.check.Category;
import dev.keyplan.check.Findings;
import dev.keyplan.check.RuleSpec;
import dev.keyplan.check.Severity;
import dev.keyplan.model.Units;
import java.util.ArrayList;
import java.util.List;

/**
 * Flags a cluster too small for the design at its declared node count ({@code nodes:}): the mean
 * node's replica operations reach {@code node_budget}, or its data reaches the per-node guideline
 * ({@link dev.keyplan.cassandra.facts.CassandraLimits#GUIDELINE_BYTES_PER_NODE}). Both are worked
 * out once in {@link ClusterCapacity}; unlike a hot partition, more nodes do fix it, so the finding
 * says how many.
 */
@RuleSpec(
    category = Category.SIZE,
    summary = "The cluster's nodes cannot carry the design's load or data",
    severity = Severity.WARNING)
public final class ClusterOverCapacity implements CassandraRule {
  @Override
  public void check(CassandraAnalysis a, Findings out) {
    ClusterCapacity c = a.cluster();
    List<String> over = new ArrayList<>();
    if (c.nodeBudget() > 0 && c.budgetShare() >= 1) {
      over.add(
          Units.rate(c.replicaOpsPerNode())
              + " replica operations on each node, "
              + Units.percent(c.budgetShare())
              + " of node_budget "
              + Units.rate(c.nodeBudget()));
    }
    // NaN (a table's size unknown) compares false: no finding on a figure keyplan does not have;
    // but a lower bound of it (the unsized tables' rows × their bytes) already over is one.
    double atLeastPerNode = c.bytesAtLeast() / c.nodes();
    if (c.storageShare() >= 1) {
      over.add(
          Units.bytes(c.bytesPerNode())
              + " of data on each node at the horizon, "
              + Units.percent(c.storageShare())
              + " of the "
              + Units.bytes(c.bytesPerNodeGuideline())
              + " per-node guideline");
    } else if (!c.storageKnown() && atLeastPerNode >= c.bytesPerNodeGuideline()) {
      over.add(
          "at least "
              + Units.bytes(atLeastPerNode)
              + " of data on each node at the horizon (a table's partitions are unsized: its rows"
              + " × their bytes are counted), "
              + Units.percent(atLeastPerNode / c.bytesPerNodeGuideline())
              + " of the "
              + Units.bytes(c.bytesPerNodeGuideline())
              + " per-node guideline");
    }
    if (over.isEmpty()) {
      return;
    }
    String where = c.datacenters() > 1 ? " per datacenter" : "";
    out.report(
        Severity.WARNING,
        "nodes",
        a.design().location(),
        c.nodesPerDatacenter() + " nodes" + where + " are too few: " + String.join("; ", over),
        "plan "
            + c.nodesNeeded()
            + " nodes"
            + where
            + " (nodes: "
            + c.nodesNeeded()
            + "; by throughput "
            + c.nodesByThroughput()
            + ", by storage "
            + (c.storageKnown() ? "" : "at least ")
            + c.nodesByStorage()
            + ", never fewer than RF "
            + c.localRf()
            + "), or do less work per request: fewer replicas per read (consistency), no scans or index reads"
            + " on hot paths; raise node_budget only from a cassandra-stress run on your hardware");
  }
}
