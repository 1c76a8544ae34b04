package dev.keyplan.mongodb.report;

import dev.keyplan.analysis.Growth;
import dev.keyplan.model.Units;
import dev.keyplan.mongodb.design.MongoDbAnalysis;
import dev.keyplan.mongodb.design.MongoDbCollection;
import dev.keyplan.mongodb.design.MongoDbPlan;
import dev.keyplan.mongodb.emit.MongoshScript;
import dev.keyplan.mongodb.facts.MongoDbLimits;
import dev.keyplan.report.HeatBars;
import dev.keyplan.report.Html;
import dev.keyplan.report.SizingChart;

/** A MongoDB analysis on the HTML page of {@code keyplan report} (docs/report.md). */
public final class MongoDbHtml {
  private MongoDbHtml() {}

  /** Appends the store's section of the page. */
  public static void render(MongoDbAnalysis a, StringBuilder out) {
    Html.openStoreSection(
        a,
        out,
        "pattern",
        Html.num("rate"),
        "collection / index",
        "access",
        "routing",
        Html.num("keys examined"),
        Html.num("docs examined"));
    for (MongoDbPlan p : a.plans()) {
      String servedBy = p.collection().orElse("-") + p.index().map(i -> " / " + i).orElse("");
      Html.openPatternRow(p, servedBy, out);
      out.append(
              Html.cell(
                  p.targeting().id() + (p.shards() > 1 ? " (" + p.shards() + " shards)" : "")))
          .append(
              Html.numberCell(
                  p.keysExamined().typical(),
                  Html.reads(p.pattern(), p.keysExamined().typical(), p.keysExamined().busiest())))
          .append(
              Html.numberCell(
                  p.docsExamined().typical(),
                  Html.reads(p.pattern(), p.docsExamined().typical(), p.docsExamined().busiest())))
          .append("</tr>\n");
    }
    out.append("</table>\n");
    HeatBars.section(
        a.store().id(),
        a.hotspots(),
        "Each collection's busiest shard (an unsharded collection's one"
            + " primary): reads and writes per second against the model's shard budget.",
        out);
    out.append("<h3>Collections at the horizon</h3>\n<table class=\"sizes\" data-store=\"")
        .append(a.store())
        .append("\">")
        .append(
            Html.header(
                "collection",
                Html.num("documents"),
                Html.num("typical document"),
                Html.num("largest document"),
                Html.num(
                    "of the " + MongoDbLimits.MAX_DOCUMENT_BYTES / MongoDbLimits.MB + " MiB limit"),
                Html.num("data"),
                Html.num("indexes")));
    for (MongoDbCollection c : a.collections()) {
      out.append("<tr data-table=\"")
          .append(Html.escape(c.name()))
          .append("\">")
          .append(Html.cell(c.name()))
          .append(Html.numberCell(c.documents(), Units.count(c.documents())))
          .append(Html.numberCell(c.typicalBytes(), Units.bytes(c.typicalBytes())))
          .append(Html.numberCell(c.largestBytes(), Units.bytes(c.largestBytes())))
          .append(
              Html.numberCell(
                  (double) c.largestBytes() / MongoDbLimits.MAX_DOCUMENT_BYTES,
                  Units.percent((double) c.largestBytes() / MongoDbLimits.MAX_DOCUMENT_BYTES)))
          .append(Html.numberCell(c.dataBytes(), Units.bytes(c.dataBytes())))
          // Every index is a copy of its keys, written with each document (JSON indexes[].bytes).
          .append(
              Html.numberCell(
                  c.indexBytes(),
                  Units.bytes(c.indexBytes())
                      + " in "
                      + c.indexes().size()
                      + (c.indexes().size() == 1 ? " index" : " indexes")))
          .append("</tr>\n");
    }
    out.append("</table>\n");
    for (Growth g : a.growth(SizingChart.SAMPLES)) {
      Html.figure(a.store().id(), g.subject(), SizingChart.svg(g), out);
    }
    out.append("</section>\n");
  }

  /** Appends the mongosh script to the schema section. */
  public static void schema(MongoDbAnalysis a, StringBuilder out) {
    Html.pre(out, "mongosh", MongoshScript.emit(a));
  }
}
