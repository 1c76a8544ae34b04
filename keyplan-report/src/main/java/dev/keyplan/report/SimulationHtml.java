package dev.keyplan.report;

import dev.keyplan.model.StoreId;
import dev.keyplan.model.Units;
import dev.keyplan.simulate.SimulationResult;
import dev.keyplan.store.Stores;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * The report's simulation section ({@code keyplan report --simulate}): for each store's run, the
 * settings on one line, what the run found, one {@link SeriesChart} per series column worth drawing
 * ({@link SimulationPlots}), the summary tables, the first events and the notes. It renders the
 * store-neutral {@link SimulationResult} that {@code simulate} prints as text and JSON, so every
 * figure here is one {@code simulate --format json} gives for the same model, seed and duration.
 *
 * <p>Every string from the run (names of nodes, partitions, keys; findings that quote them) goes
 * through {@link Html#escape}.
 */
public final class SimulationHtml {
  /**
   * Events shown: the first of a MongoDB run are its migrations, which the chunks table already
   * sums.
   */
  static final int EVENTS = 20;

  /** Rows shown per summary table: MongoDB's chunks table lists every chunk. */
  static final int TABLE_ROWS = 20;

  /** The section's style, appended to the page's only when the section is there. */
  public static final String CSS =
      """
      section#simulation h3 { font-size: 17px; margin-top: 28px; }
      section#simulation h4 { font-size: 14px; margin: 16px 0 4px; }
      .sim-settings { font-size: 12px; color: var(--muted); }
      ul.sim-findings li { margin: 2px 0; }
      figure.sim-chart { margin: 10px 0 16px; padding: 8px 12px; border: 1px solid var(--line); border-radius: 6px; }
      svg .axis-label, svg .legend { fill: var(--ink); }
      svg .series.others, svg .swatch.others { stroke: #8c959f; stroke-dasharray: 5 3; }
      svg .swatch { stroke-width: 3; }
      svg .limit.ceiling { stroke: var(--error); }
      svg .marker { stroke: var(--muted); stroke-dasharray: 2 3; } svg .marker-label { fill: var(--muted); font-size: 10px; }
      svg .c0 { stroke: #0969da; } svg .c1 { stroke: #cf222e; } svg .c2 { stroke: #1a7f37; } svg .c3 { stroke: #9a6700; }
      svg .c4 { stroke: #8250df; } svg .c5 { stroke: #bc4c00; } svg .c6 { stroke: #0a7e8c; } svg .c7 { stroke: #bf3989; }
      div.sim-scroll { overflow-x: auto; }
      table.sim-table, table.sim-events { font-size: 12px; }
      table.sim-table td { white-space: nowrap; }
      ul.sim-notes { font-size: 12px; color: var(--muted); }
      """;

  private SimulationHtml() {}

  /** Appends {@code <section id="simulation">} for {@code runs}; nothing when there are none. */
  public static void render(List<SimulationResult> runs, StringBuilder out) {
    if (runs.isEmpty()) {
      return;
    }
    out.append(
        "<section id=\"simulation\"><h2>Simulation</h2>\n<p class=\"note\">Each design run second by second"
            + " through its store's partitioning engine, as <code>keyplan simulate</code> runs it with the same seed and"
            + " duration and every store option at its default (docs/simulate.md). A rate is the average over each"
            + " interval of the series, so a legend's peak is the highest such average: the busiest single second, which"
            + " the findings quote, can be higher. Dotted lines mark the first burst spent, jumbo chunk or balanced"
            + " state.</p>\n");
    runs.forEach(r -> run(r, out));
    out.append("</section>\n");
  }

  private static void run(SimulationResult r, StringBuilder out) {
    out.append("<div class=\"simulation\" id=\"simulation-")
        .append(Html.escape(r.store()))
        .append("\" data-store=\"")
        .append(Html.escape(r.store()))
        .append("\">\n<h3>")
        .append(Html.text(storeName(r.store())))
        .append("</h3>\n");
    List<String> settings = new ArrayList<>();
    r.settings().forEach(s -> settings.add(s.name() + " " + s.value()));
    if (!settings.isEmpty()) {
      out.append("<p class=\"sim-settings\">")
          .append(Html.text(String.join(" · ", settings)))
          .append("</p>\n");
    }
    out.append("<ul class=\"sim-findings\">\n");
    r.findings().forEach(f -> out.append("<li>").append(Html.text(f)).append("</li>\n"));
    out.append("</ul>\n");
    charts(r, out);
    for (SimulationResult.Table t : r.tables()) {
      if (!t.rows().isEmpty()) {
        table(t, out);
      }
    }
    events(r, out);
    if (!r.notes().isEmpty()) {
      out.append("<h4>How the run was approximated</h4>\n<ul class=\"sim-notes\">\n");
      r.notes().forEach(n -> out.append("<li>").append(Html.text(n)).append("</li>\n"));
      out.append("</ul>\n");
    }
    out.append("</div>\n");
  }

  private static void charts(SimulationResult r, StringBuilder out) {
    SimulationResult.Series series = r.series();
    if (series.rows().isEmpty()) {
      return;
    }
    // The intervals, in order: every subject has at most one row per interval start.
    long[] seconds =
        series.rows().stream()
            .mapToLong(SimulationResult.Series.Row::second)
            .distinct()
            .sorted()
            .toArray();
    long duration = duration(r, seconds);
    var frame = new SeriesChart.Frame(seconds, duration, SimulationPlots.markers(r));
    List<String> flat = new ArrayList<>();
    for (SimulationPlots.Plot p : SimulationPlots.of(r)) {
      int c = series.columns().indexOf(p.column());
      if (c < 0) {
        continue;
      }
      Map<String, double[]> bySubject = column(series, c, p.subjects().of(r), seconds);
      List<SeriesChart.Line> lines = SeriesChart.lines(bySubject);
      if (lines.stream().allMatch(l -> l.peak() == 0)) {
        flat.add(p.title().toLowerCase(java.util.Locale.ROOT));
        continue;
      }
      out.append("<figure class=\"sim-chart\" data-store=\"")
          .append(Html.escape(r.store()))
          .append("\"><figcaption><b>")
          .append(Html.escape(p.title()))
          .append("</b>");
      if (p.total() != null) {
        out.append(" · ")
            .append(Html.escape(Units.count(total(bySubject, seconds, duration)) + " " + p.total()))
            .append(" in all");
      }
      out.append("</figcaption>\n")
          .append(SeriesChart.svg(p.column(), p.title(), frame, lines, p.format(), p.limit()))
          .append("</figure>\n");
    }
    if (!flat.isEmpty()) {
      out.append("<p class=\"note\">Zero throughout, not drawn: ")
          .append(Html.escape(String.join("; ", flat)))
          .append(".</p>\n");
    }
  }

  /**
   * Returns column {@code c} of each wanted subject, one value per interval, NaN where it has no
   * row.
   */
  private static Map<String, double[]> column(
      SimulationResult.Series series, int c, Predicate<String> wanted, long[] seconds) {
    Map<String, double[]> out = new LinkedHashMap<>();
    for (var row : series.rows()) {
      if (wanted.test(row.subject())) {
        double[] v = out.computeIfAbsent(row.subject(), s -> nans(seconds.length));
        v[java.util.Arrays.binarySearch(seconds, row.second())] = row.value(c);
      }
    }
    return out;
  }

  /**
   * Returns the run's length: every simulator states it as the setting {@code duration: N s}; the
   * last interval is shorter when the duration is not a multiple of the step, so it is not guessed
   * from the rows when the setting is there.
   */
  private static long duration(SimulationResult r, long[] seconds) {
    for (SimulationResult.Setting s : r.settings()) {
      if (s.name().equals("duration") && s.value().matches("\\d+ s")) {
        return Long.parseLong(s.value().substring(0, s.value().length() - 2));
      }
    }
    return seconds[seconds.length - 1] + (seconds.length > 1 ? seconds[1] - seconds[0] : 1);
  }

  /**
   * The column's sum over the run: each interval's per-second average times the interval's length.
   */
  private static double total(Map<String, double[]> bySubject, long[] seconds, long duration) {
    double sum = 0;
    for (double[] v : bySubject.values()) {
      for (int i = 0; i < v.length; i++) {
        if (!Double.isNaN(v[i])) {
          sum += v[i] * ((i + 1 < seconds.length ? seconds[i + 1] : duration) - seconds[i]);
        }
      }
    }
    return sum;
  }

  private static void table(SimulationResult.Table t, StringBuilder out) {
    // Some tables have fifteen columns: they scroll sideways rather than squeeze the page.
    out.append("<h4>")
        .append(Html.text(t.title()))
        .append("</h4>\n<div class=\"sim-scroll\"><table class=\"sim-table\" data-table=\"")
        .append(Html.escape(t.id()))
        .append("\">")
        .append(Html.header(t.columns().toArray(new String[0])));
    for (List<Object> row : t.rows().subList(0, Math.min(TABLE_ROWS, t.rows().size()))) {
      out.append("<tr>");
      for (int i = 0; i < row.size(); i++) {
        Object v = row.get(i);
        String shown = SimulationText.cell(t.columns().get(i), v);
        out.append(
            v instanceof Number n ? Html.numberCell(n.doubleValue(), shown) : Html.cell(shown));
      }
      out.append("</tr>\n");
    }
    out.append("</table></div>\n");
    more(t.rows().size() - TABLE_ROWS, "rows", out);
  }

  private static void events(SimulationResult r, StringBuilder out) {
    if (r.events().isEmpty()) {
      return;
    }
    out.append("<h4>Events</h4>\n<table class=\"sim-events\">")
        .append(Html.header("second", "kind", "subject", "what"));
    for (SimulationResult.Event e : r.events().subList(0, Math.min(EVENTS, r.events().size()))) {
      out.append("<tr>")
          .append(Html.numberCell(e.second(), Long.toString(e.second())))
          .append(Html.cell(e.kind()))
          .append(Html.cell(e.subject()))
          .append(Html.cell(e.text()))
          .append("</tr>\n");
    }
    out.append("</table>\n");
    more(r.events().size() - EVENTS, "events", out);
  }

  private static void more(int n, String what, StringBuilder out) {
    if (n > 0) {
      out.append("<p class=\"note more\" data-value=\"")
          .append(n)
          .append("\">")
          .append(n)
          .append(" more ")
          .append(what)
          .append(": <code>keyplan simulate --format json</code> lists them all.</p>\n");
    }
  }

  private static double[] nans(int n) {
    double[] v = new double[n];
    java.util.Arrays.fill(v, Double.NaN);
    return v;
  }

  /** The store's name as a heading prints it, from the registry; an id it does not know as is. */
  private static String storeName(String store) {
    return Stores.builtIn().id(store).map(StoreId::displayName).orElse(store);
  }
}
