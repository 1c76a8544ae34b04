package dev.keyplan.report;

import dev.keyplan.analysis.Grade;
import dev.keyplan.analysis.Hotspot;
import dev.keyplan.analysis.PlanSummary;
import dev.keyplan.analysis.StoreAnalysis;
import dev.keyplan.check.CheckResult;
import dev.keyplan.check.Severity;
import dev.keyplan.model.AccessPattern;
import dev.keyplan.model.Units;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The stores of a model side by side, shown when the model names more than one: how each serves
 * every pattern, then per store its findings, its hottest key against the ceiling and its largest
 * unit of data against the limit. Every figure is one the store's own section shows.
 *
 * <p>A cell's grade is the access kind's, not a judgement of the whole design: {@code good} for a
 * one-partition (one-item, one-shard) read or a write, {@code fair} for a read that fans out over
 * known keys or shards, {@code poor} for a scan, an index on every node or a pattern the design
 * does not serve. The findings say why and what to do. Every cell is the analysis's own
 * store-neutral view ({@link StoreAnalysis#summary}, {@link StoreAnalysis#hotspots}, {@link
 * StoreAnalysis#largestUnit}): this class grades nothing itself.
 */
final class SideBySide {
  private SideBySide() {}

  /** Returns whether the model names more than one store, so the page compares them. */
  static boolean applies(CheckResult r) {
    return r.analyses().size() > 1;
  }

  static void render(CheckResult r, StringBuilder out) {
    if (!applies(r)) {
      return;
    }
    List<StoreAnalysis> columns = r.analyses();
    out.append(
        "<section id=\"side-by-side\"><h2>Stores side by side</h2>\n<table class=\"side-by-side\"><tr><th>pattern</th>");
    columns.forEach(
        c -> out.append("<th>").append(Html.escape(c.store().displayName())).append("</th>"));
    out.append("</tr>\n");
    for (AccessPattern p : r.model().patterns()) {
      out.append("<tr data-pattern=\"")
          .append(Html.escape(p.id()))
          .append("\"><td><b>")
          .append(Html.text(p.id()))
          .append("</b><br><span class=\"rate\">")
          .append(Html.text((p.isRead() ? "read " : "write ") + Units.rate(p.ratePerSecond())))
          .append("</span></td>");
      for (StoreAnalysis c : columns) {
        PlanSummary cell = c.summary(p);
        out.append("<td class=\"grade ")
            .append(cell.grade().id())
            .append("\" data-store=\"")
            .append(c.store().id())
            .append("\" data-grade=\"")
            .append(cell.grade().id())
            .append("\">")
            .append(Html.escape(cell.access()))
            .append("<br><span class=\"detail\">")
            .append(Html.text(cell.detail()))
            .append("</span></td>");
      }
      out.append("</tr>\n");
    }
    summary(r, columns, out);
    out.append("</table>\n</section>\n");
  }

  private static void summary(CheckResult r, List<StoreAnalysis> columns, StringBuilder out) {
    out.append("<tr class=\"summary\"><td>findings</td>");
    for (StoreAnalysis c : columns) {
      String store = c.store().id();
      long errors =
          r.findings().stream()
              .filter(f -> f.store().equals(store) && f.severity() == Severity.ERROR)
              .count();
      long warnings =
          r.findings().stream()
              .filter(f -> f.store().equals(store) && f.severity() == Severity.WARNING)
              .count();
      out.append("<td class=\"grade ")
          .append(errors > 0 ? "poor" : warnings > 0 ? "fair" : "good")
          .append("\">")
          .append(errors)
          .append(errors == 1 ? " error, " : " errors, ")
          .append(warnings)
          .append(warnings == 1 ? " warning" : " warnings")
          .append("</td>");
    }
    out.append("</tr>\n<tr class=\"summary\"><td>hottest key</td>");
    for (StoreAnalysis c : columns) {
      Optional<Hotspot> hottest =
          c.hotspots().stream()
              .filter(b -> !Double.isNaN(b.load()))
              .max(Comparator.comparingDouble(Hotspot::share));
      out.append(
          hottest
              .map(
                  b ->
                      "<td class=\"grade "
                          + Grade.ofShare(b.share(), b.warnShare()).id()
                          + "\">"
                          + Html.text(b.key() + ": " + HeatBars.label(b))
                          + "</td>")
              .orElse("<td>-</td>"));
    }
    out.append("</tr>\n<tr class=\"summary\"><td>largest unit of data</td>");
    for (StoreAnalysis c : columns) {
      out.append(
          c.largestUnit()
              .map(
                  l ->
                      "<td class=\"grade "
                          + l.grade().id()
                          + "\">"
                          + Html.text(
                              l.what()
                                  + " "
                                  + Units.bytes(l.bytes())
                                  + ", "
                                  + HeatBars.share(l.share())
                                  + l.limitName())
                          + "</td>")
              .orElse("<td>-</td>"));
    }
    out.append("</tr>\n");
  }
}
