package dev.keyplan.cassandra.report;

import static dev.keyplan.report.Phrases.pair;

import dev.keyplan.cassandra.design.BucketAdvice;
import dev.keyplan.cassandra.design.CassandraAnalysis;
import dev.keyplan.cassandra.design.CassandraHeat;
import dev.keyplan.cassandra.design.CassandraPlan;
import dev.keyplan.cassandra.design.CassandraSizing;
import dev.keyplan.cassandra.design.ConsistencyCheck;
import dev.keyplan.model.Quantities;
import dev.keyplan.model.Units;
import dev.keyplan.report.TextTable;
import dev.keyplan.workload.CompositeKey;

/**
 * A Cassandra or ScyllaDB analysis in {@code check}'s text: patterns, sizing, bucket advice, heat,
 * the cluster's capacity and consistency.
 */
public final class CassandraText {
  private CassandraText() {}

  /**
   * One line per table whose partition key has several attributes: which assumption its partitions
   * and busiest share rest on (independence, or the model's belongs_to / per: statements), for
   * every format to state; and one per key attribute whose busiest rate a {@code for:} window
   * bounds, with the rows the busiest partition holds for it (docs/model.md, "Hot for a window").
   */
  static java.util.List<String> keyAssumptions(CassandraAnalysis a) {
    java.util.List<String> out = new java.util.ArrayList<>();
    for (CassandraSizing s : a.sizing().values()) {
      if (s.partitionKey().assumption() != CompositeKey.Assumption.ONE_ATTRIBUTE) {
        out.add(
            s.table()
                + ": partition key ("
                + String.join(", ", s.partitionKey().attributes())
                + ") "
                + s.partitionKey().text());
      }
      for (String window : s.partitionKey().windows()) {
        out.add(s.table() + ": " + window);
      }
    }
    return out;
  }

  public static void render(CassandraAnalysis a, StringBuilder out) {
    String store = a.store().id();
    out.append("Patterns (").append(store).append(")\n").append(patterns(a).render()).append('\n');
    out.append("Sizing (")
        .append(store)
        .append(", at ")
        .append(Quantities.formatSeconds(a.model().horizonSeconds()))
        .append(", one replica; ")
        .append(a.replicationLabel(false))
        .append(")\n")
        .append(sizing(a).render());
    for (String line : keyAssumptions(a)) {
      out.append("  ").append(line).append('\n');
    }
    out.append('\n');
    for (CassandraSizing s : a.sizing().values()) {
      s.advice().ifPresent(b -> out.append(advice(s, b)).append('\n'));
    }
    out.append("Heat (busiest partition; budget ")
        .append(Units.rate(a.design().nodeBudget()))
        .append(" per node")
        .append(a.design().isScylla() ? " / " + a.design().shardsPerNode() + " shards" : "")
        .append(")\n")
        .append(heat(a).render());
    if (a.design().isScylla()) {
      out.append(
              "  On ScyllaDB a partition is served by one shard (core) of each replica: token → shard with\n"
                  + "  murmur3_partitioner_ignore_msb_bits 12; 'keyplan cassandra token --shards ")
          .append(a.design().shardsPerNode())
          .append(" …' gives a key's shard.\n");
    }
    out.append('\n');
    out.append(CassandraCluster.title(a))
        .append('\n')
        .append(cluster(a).render())
        .append("  ")
        .append(CassandraCluster.needed(a.cluster()))
        .append("\n\n");
    out.append("Consistency (")
        .append(a.replicationLabel(true))
        .append(a.replicatesAlike() && a.dcs() > 1 ? " per DC, " + a.dcs() + " DCs" : "")
        .append(")\n")
        .append(consistency(a).render())
        .append('\n');
  }

  static TextTable patterns(CassandraAnalysis a) {
    var t = new TextTable("pattern", "rate", "table", "access", "partitions", "rows");
    for (CassandraPlan p : a.plans()) {
      t.row(
          p.pattern().id(),
          Units.rate(p.pattern().ratePerSecond()),
          p.tables().isEmpty() ? "-" : String.join(" + ", p.tables()),
          p.access().label(),
          pair(p.partitions().typical(), p.partitions().busiest()),
          pair(p.rows().typical(), p.rows().busiest()));
    }
    return t;
  }

  static TextTable sizing(CassandraAnalysis a) {
    var t =
        new TextTable(
            "table", "rows", "partitions", "typical partition", "busiest partition", "bucket");
    for (CassandraSizing s : a.sizing().values()) {
      t.row(
          s.table(),
          Units.count(s.rows()),
          Units.count(s.partitions()),
          size(s.typical()),
          size(s.busiest()),
          s.windowSeconds() > 0
              ? Quantities.formatSeconds(s.windowSeconds())
              : s.unbounded() ? "none (unbounded)" : "-");
    }
    return t;
  }

  static String size(dev.keyplan.cassandra.design.PartitionSize p) {
    if (!p.known()) {
      return "unknown (no spread)";
    }
    return Units.count(p.rows())
        + " rows, "
        + Units.count(p.values())
        + " values, "
        + Units.bytes(p.bytes())
        + " (on disk "
        + Units.bytes(p.diskBytes())
        + ")";
  }

  static String advice(CassandraSizing s, BucketAdvice b) {
    var t =
        new TextTable(
            "bucket",
            "busiest rows",
            "values",
            "bytes",
            "on disk",
            "column data",
            "within 100k values / 100 MB",
            "latest read walks");
    for (BucketAdvice.Option o : b.options()) {
      t.row(
          Quantities.formatSeconds(o.windowSeconds()),
          Units.count(o.busiest().rows()),
          Units.count(o.busiest().values()),
          Units.bytes(o.busiest().bytes()),
          Units.bytes(o.busiest().diskBytes()),
          Units.bytes(o.busiest().dataBytes()),
          o.fits() ? "yes" : "no",
          Units.count(o.latestReadPartitions())
              + (o.latestReadPartitions() == 1 ? " partition" : " partitions"));
    }
    String chosen =
        b.chosen()
            .map(
                o ->
                    "widest within both guidelines: " + Quantities.formatSeconds(o.windowSeconds()))
            .orElse(
                "no conventional bucket keeps the busiest partition within the guidelines: add a shard suffix");
    return "Bucket advice for "
        + s.table()
        + " (busiest key writes "
        + Units.rate(s.busiestRowsPerSecond())
        + "; "
        + chosen
        + ")\n"
        + t.render();
  }

  static TextTable heat(CassandraAnalysis a) {
    var t = new TextTable("table", "writes", "reads", "per replica", "of budget");
    for (CassandraHeat h : a.heat().values()) {
      t.row(
          h.table(),
          Units.rate(h.writesPerSecond()),
          Units.rate(h.readsPerSecond()),
          Units.rate(h.replicaLoad()),
          Units.percent(h.budgetShare()));
    }
    return t;
  }

  static TextTable cluster(CassandraAnalysis a) {
    var t = new TextTable(CassandraCluster.COLUMNS);
    CassandraCluster.rows(a.cluster()).forEach(t::row);
    return t;
  }

  static TextTable consistency(CassandraAnalysis a) {
    var t =
        new TextTable(
            "pattern", "level", "replicas", "R + W > RF", "paxos round trips", "remaining");
    for (ConsistencyCheck c : a.consistency()) {
      t.row(
          c.pattern().id(),
          c.level(),
          c.replicas() + " of " + c.replicationFactor(),
          c.overlapsWrites() ? "yes" : "no",
          Integer.toString(c.paxosRoundTrips()),
          c.remaining().isEmpty() ? "-" : c.remaining().get(0));
    }
    return t;
  }
}
