package dev.keyplan.cassandra.report;

import static dev.keyplan.report.JsonFields.number;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.keyplan.cassandra.design.CassandraAnalysis;
import dev.keyplan.cassandra.design.ClusterCapacity;
import dev.keyplan.model.Units;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The cluster's capacity ({@link ClusterCapacity}) as every format of {@code check} shows it: one
 * set of rows (whole cluster, per node, against what) and one sentence of nodes needed, so text,
 * Markdown and HTML cannot say different things.
 */
final class CassandraCluster {
  private CassandraCluster() {}

  /** The columns of {@link #rows}. */
  static final String[] COLUMNS = {"cluster", "whole cluster", "per node", "of budget / guideline"};

  /** Returns the section's title: the cluster it describes. */
  static String title(CassandraAnalysis a) {
    ClusterCapacity c = a.cluster();
    return "Cluster ("
        + a.store().id()
        + ", "
        + c.nodesPerDatacenter()
        + " nodes"
        + (c.datacenters() > 1 ? " in each of " + c.datacenters() + " datacenters" : "")
        + ", "
        + a.replicationLabel(false)
        + "; mean node)";
  }

  /** Returns the rows: requests, replica reads, writes, what simulate does not model, data. */
  static List<String[]> rows(ClusterCapacity c) {
    int n = c.nodes();
    List<String[]> out = new ArrayList<>();
    out.add(
        new String[] {
          "requests coordinated",
          Units.rate(c.coordinatorPerSecond()),
          Units.rate(c.coordinatorPerNode()),
          "-"
        });
    out.add(
        new String[] {
          "replica reads",
          Units.rate(c.replicaReadsPerSecond()),
          Units.rate(c.replicaReadsPerSecond() / n),
          "-"
        });
    out.add(
        new String[] {
          "replica writes",
          Units.rate(c.replicaWritesPerSecond()),
          Units.rate(c.replicaWritesPerSecond() / n),
          "-"
        });
    if (c.unsimulatedPerSecond() > 0) {
      out.add(
          new String[] {
            "Paxos rounds, view writes",
            Units.rate(c.unsimulatedPerSecond()),
            Units.rate(c.unsimulatedPerSecond() / n),
            "-"
          });
    }
    out.add(
        new String[] {
          "replica operations",
          Units.rate(c.replicaOpsPerSecond()),
          Units.rate(c.replicaOpsPerNode()),
          c.nodeBudget() > 0
              ? Units.percent(c.budgetShare()) + " of " + Units.rate(c.nodeBudget())
              : "-"
        });
    boolean known = !Double.isNaN(c.bytes());
    boolean bound = !known && !Double.isNaN(c.bytesAtLeast());
    out.add(
        new String[] {
          "data at the horizon",
          known
              ? Units.bytes(c.bytes())
              : bound ? "at least " + Units.bytes(c.bytesAtLeast()) : "unknown",
          known
              ? Units.bytes(c.bytesPerNode())
              : bound ? "at least " + Units.bytes(c.bytesAtLeast() / c.nodes()) : "unknown",
          known
              ? Units.percent(c.storageShare()) + " of " + Units.bytes(c.bytesPerNodeGuideline())
              : "-"
        });
    return out;
  }

  /** Returns the nodes needed, and from what. */
  static String needed(ClusterCapacity c) {
    return "Nodes needed"
        + (c.datacenters() > 1 ? " per datacenter" : "")
        + ": "
        + c.nodesNeeded()
        + " (throughput "
        + c.nodesByThroughput()
        + ", storage "
        + (c.storageKnown()
            ? Integer.toString(c.nodesByStorage())
            : Double.isNaN(c.bytesAtLeast()) ? "unknown" : "at least " + c.nodesByStorage())
        + ", RF "
        + c.localRf()
        + "); declared "
        + c.nodesPerDatacenter()
        + ". Data is before compression.";
  }

  /** Writes the cluster as one element of the JSON array {@code cluster} (docs/output.md). */
  static void json(JsonGenerator g, CassandraAnalysis a) throws IOException {
    ClusterCapacity c = a.cluster();
    g.writeStartObject();
    g.writeStringField("store", a.store().id());
    g.writeNumberField("nodesPerDatacenter", c.nodesPerDatacenter());
    g.writeNumberField("datacenters", c.datacenters());
    number(g, "coordinatorPerSecond", c.coordinatorPerSecond());
    number(g, "replicaReadsPerSecond", c.replicaReadsPerSecond());
    number(g, "replicaWritesPerSecond", c.replicaWritesPerSecond());
    number(g, "unsimulatedPerSecond", c.unsimulatedPerSecond());
    number(g, "replicaOpsPerNode", c.replicaOpsPerNode());
    number(g, "budgetPerSecond", c.nodeBudget());
    number(g, "bytes", c.bytes());
    number(g, "bytesPerNode", c.bytesPerNode());
    number(g, "bytesPerNodeGuideline", c.bytesPerNodeGuideline());
    g.writeNumberField("nodesByThroughput", c.nodesByThroughput());
    if (Double.isNaN(c.bytes())) {
      g.writeNullField("nodesByStorage");
    } else {
      g.writeNumberField("nodesByStorage", c.nodesByStorage());
    }
    g.writeNumberField("nodesNeeded", c.nodesNeeded());
    g.writeArrayFieldStart("patterns");
    for (ClusterCapacity.PatternLoad p : c.patterns()) {
      g.writeStartObject();
      g.writeStringField("id", p.pattern());
      number(g, "coordinatorPerSecond", p.coordinatorPerSecond());
      number(g, "replicaOpsPerSecond", p.replicaOpsPerSecond());
      number(g, "unsimulatedPerSecond", p.unsimulatedPerSecond());
      g.writeEndObject();
    }
    g.writeEndArray();
    g.writeEndObject();
  }
}
