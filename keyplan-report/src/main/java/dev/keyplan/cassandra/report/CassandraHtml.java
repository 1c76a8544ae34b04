package dev.keyplan.cassandra.report;

import dev.keyplan.analysis.Growth;
import dev.keyplan.cassandra.design.BoundTable;
import dev.keyplan.cassandra.design.CassandraAnalysis;
import dev.keyplan.cassandra.design.CassandraPlan;
import dev.keyplan.cassandra.design.CassandraSizing;
import dev.keyplan.cassandra.emit.CqlEmitter;
import dev.keyplan.model.Quantities;
import dev.keyplan.model.Units;
import dev.keyplan.report.HeatBars;
import dev.keyplan.report.Html;
import dev.keyplan.report.SizingChart;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** A Cassandra or ScyllaDB analysis on the HTML page of {@code keyplan report} (docs/report.md). */
public final class CassandraHtml {
  private CassandraHtml() {}

  /** Appends the store's section: patterns, heat, copies of the data and partition-size charts. */
  public static void render(CassandraAnalysis a, StringBuilder out) {
    String store = a.store().id();
    Html.openStoreSection(
        a,
        out,
        "pattern",
        Html.num("rate"),
        "table",
        "access",
        Html.num("partitions"),
        Html.num("rows"));
    for (CassandraPlan p : a.plans()) {
      Html.openPatternRow(p, p.tables().isEmpty() ? "-" : String.join(" + ", p.tables()), out);
      out.append(
              Html.numberCell(
                  p.partitions().typical(),
                  Html.reads(p.pattern(), p.partitions().typical(), p.partitions().busiest())))
          .append(
              Html.numberCell(
                  p.rows().typical(),
                  Html.reads(p.pattern(), p.rows().typical(), p.rows().busiest())))
          .append("</tr>\n");
    }
    out.append("</table>\n");
    HeatBars.section(
        store,
        a.hotspots(),
        "Each table's busiest partition: the operations per second one replica of it"
            + " serves (every replica applies every write), against the model's budget per "
            + (a.design().isScylla() ? "shard" : "node")
            + ".",
        out);
    cluster(a, out);
    copies(a, out);
    out.append("<h3>Partition sizes</h3>\n<p class=\"note\">At ")
        .append(Html.text(Quantities.formatSeconds(a.model().horizonSeconds())))
        .append(", on one replica (")
        .append(a.replicationLabel(false))
        .append(
            "). Sizes follow the Apache Cassandra docs'"
                + " partition-size formula, the busiest partition's bytes on disk (Cassandra 5.0's"
                + " sstable format, uncompressed) beside it; the y axis is logarithmic.</p>\n");
    Map<String, Growth> growth = new LinkedHashMap<>();
    a.growth(SizingChart.SAMPLES).forEach(g -> growth.put(g.subject(), g));
    for (CassandraSizing s : a.sizing().values()) {
      out.append("<figure class=\"sizing\" data-store=\"")
          .append(store)
          .append("\"><figcaption><b>")
          .append(Html.text(s.table()))
          .append("</b> · ")
          .append(Html.escape(Units.count(s.rows())))
          .append(" rows · ")
          .append(Html.escape(Units.count(s.partitions())))
          .append(" partitions · ")
          .append(
              Html.text(
                  s.windowSeconds() > 0
                      ? "bucket " + Quantities.formatSeconds(s.windowSeconds())
                      : s.unbounded() ? "no bucket: grows without bound" : "no bucket"))
          .append(
              s.busiest().known()
                  ? Html.text(
                      " · busiest partition "
                          + Units.bytes(s.busiest().bytes())
                          + " (on disk "
                          + Units.bytes(s.busiest().diskBytes())
                          + ")")
                  : "")
          .append("</figcaption>\n");
      Optional<String> chart = Optional.ofNullable(growth.get(s.table())).flatMap(SizingChart::svg);
      if (chart.isEmpty()) {
        out.append("<p class=\"note\">Size unknown: the model gives no spread for ")
            .append(Html.text(String.join(", ", s.undeclared())))
            .append(".</p>\n");
      } else {
        out.append(chart.get());
      }
      out.append("</figure>\n");
    }
    out.append("</section>\n");
  }

  /** The whole cluster at its declared nodes: load and data on the mean node, nodes needed. */
  private static void cluster(CassandraAnalysis a, StringBuilder out) {
    out.append("<h3>")
        .append(Html.text(CassandraCluster.title(a)))
        .append("</h3>\n<table class=\"cluster\" data-store=\"")
        .append(a.store())
        .append("\">")
        .append(Html.header(CassandraCluster.COLUMNS));
    for (String[] r : CassandraCluster.rows(a.cluster())) {
      out.append("<tr>");
      for (String v : r) {
        out.append(Html.cell(v));
      }
      out.append("</tr>\n");
    }
    out.append("</table>\n<p class=\"note\">")
        .append(Html.text(CassandraCluster.needed(a.cluster())))
        .append("</p>\n");
  }

  /**
   * Each table is a copy of its entity's data: what it holds at the horizon, on one replica and in
   * the cluster, and which writes keep it. keyplan prices DynamoDB only; a Cassandra copy costs
   * disk and writes, said here in bytes and writes per second.
   */
  private static void copies(CassandraAnalysis a, StringBuilder out) {
    out.append("<h3>Copies of the data</h3>\n<table class=\"copies\" data-store=\"")
        .append(a.store())
        .append("\">")
        .append(
            Html.header(
                "table",
                "copy of",
                Html.num("rows"),
                Html.num("one replica"),
                Html.num("cluster (" + a.replicationLabel(false) + ")"),
                "written by",
                Html.num("writes/s")));
    double replica = 0;
    double cluster = 0;
    double writes = 0;
    for (CassandraSizing s : a.sizing().values()) {
      Optional<BoundTable> t = a.table(s.table());
      double bytes = s.tableBytes();
      List<CassandraPlan> writers = a.writesInto(s.table());
      double rate = writers.stream().mapToDouble(p -> p.pattern().ratePerSecond()).sum();
      // Each table is copied as its own keyspace says.
      double copies = bytes * a.replication(s.table()).totalRf();
      replica += bytes;
      cluster += copies;
      writes += rate;
      out.append("<tr data-table=\"")
          .append(Html.escape(s.table()))
          .append("\">")
          .append(Html.cell(s.table()))
          .append(Html.cell(t.map(b -> b.entity().name()).orElse("-")))
          .append(Html.numberCell(s.rows(), Units.count(s.rows())))
          .append(Html.numberCell(bytes, Units.bytes(bytes)))
          .append(Html.numberCell(copies, Units.bytes(copies)))
          .append(
              Html.cell(
                  writers.isEmpty()
                      ? "-"
                      : String.join(", ", writers.stream().map(p -> p.pattern().id()).toList())))
          .append(Html.numberCell(rate, Units.rate(rate)))
          .append("</tr>\n");
    }
    // One RF for all: the product, as the per-table sum may differ from it in the last bit.
    double clusterTotal = a.replicatesAlike() ? replica * a.totalRf() : cluster;
    out.append("<tr class=\"total\"><td colspan=\"3\">total</td>")
        .append(Html.numberCell(replica, Units.bytes(replica)))
        .append(Html.numberCell(clusterTotal, Units.bytes(clusterTotal)))
        .append("<td>row writes</td>")
        .append(Html.numberCell(writes, Units.rate(writes)))
        .append("</tr>\n</table>\n");
    for (String line : CassandraText.keyAssumptions(a)) {
      out.append("<p class=\"note\">").append(Html.text(line)).append("</p>\n");
    }
  }

  /** Appends the design's CQL to the schema section. */
  public static void schema(CassandraAnalysis a, StringBuilder out) {
    Html.pre(out, "CQL (" + a.store() + ")", CqlEmitter.emit(a));
  }
}
