package dev.keyplan.report;

import dev.keyplan.analysis.Hotspot;
import dev.keyplan.model.Units;
import java.util.List;

/**
 * The busiest key of each table, index or collection against its per-partition ceiling, as one
 * horizontal bar each, in inline SVG.
 *
 * <p>The bars are the analysis's own {@link Hotspot}s ({@code StoreAnalysis.hotspots()}): each
 * bar's {@code data-load} and {@code data-ceiling} equal the JSON report's heat figures. A bar is
 * coloured as the rule that judges it would judge it ({@link Hotspot#level()}): below the rule's
 * warning share of the ceiling fine, from it a warning, at or above the ceiling an error.
 *
 * <p>The scale runs from 0 to twice the ceiling, so the ceiling sits mid-track on every bar and
 * bars compare at a glance. A load beyond twice the ceiling is clipped at the track's end and its
 * label says how many times the ceiling it is (a key at 24× must not shrink every other bar to a
 * pixel). An unknown load (an undeclared spread) gets no bar and says so.
 */
public final class HeatBars {
  private static final int WIDTH = 1010;
  private static final int ROW = 30;
  private static final int LABEL = 270;
  private static final int TRACK = 320;
  private static final int PAD = 6;

  /** Characters of a key name that fit in the label column at 11 px. */
  private static final int MAX_KEY = 40;

  /** Keys below this share of their ceiling are listed as text, not drawn. */
  static final double MINOR_SHARE = 0.01;

  /** Keys drawn as bars even when all are cold, so a store's heat is always pictured. */
  static final int MIN_BARS = 3;

  private HeatBars() {}

  /**
   * Writes a store's heat under a heading: the bars hottest first, then the keys below {@link
   * #MINOR_SHARE} of their ceiling as one line of text, so that a table with twenty cold keys still
   * shows its hot one at the top. At least {@link #MIN_BARS} keys are drawn as bars.
   */
  public static void section(String store, List<Hotspot> bars, String note, StringBuilder out) {
    if (bars.isEmpty()) {
      return;
    }
    // Unknown loads first (nothing says they are cold), then by share of the ceiling; stable.
    List<Hotspot> sorted =
        bars.stream()
            .sorted(
                java.util.Comparator.comparingDouble(
                        (Hotspot b) ->
                            Double.isNaN(b.load()) ? Double.POSITIVE_INFINITY : b.share())
                    .reversed())
            .toList();
    int drawn = 0;
    while (drawn < sorted.size()
        && (drawn < MIN_BARS || !(sorted.get(drawn).share() < MINOR_SHARE))) {
      drawn++;
    }
    out.append("<h3>Heat</h3>\n<p class=\"note\">")
        .append(Html.text(note))
        .append(
            " The ceiling is mid-track; past twice the ceiling a bar is clipped and says how many times it is.</p>\n")
        .append("<figure class=\"heat\" data-store=\"")
        .append(store)
        .append("\">")
        .append(svg(store, sorted.subList(0, drawn)));
    List<Hotspot> rest = sorted.subList(drawn, sorted.size());
    if (!rest.isEmpty()) {
      out.append("<p class=\"note heat-rest\">")
          .append(rest.size())
          .append(rest.size() == 1 ? " more key" : " more keys")
          .append(" below ")
          .append(Units.percent(MINOR_SHARE))
          .append(" of its ceiling: ");
      for (int i = 0; i < rest.size(); i++) {
        Hotspot b = rest.get(i);
        out.append(i == 0 ? "" : "; ")
            .append(attributes("<span class=\"bar-rest\"", b))
            .append(">")
            .append(Html.text(b.key() + ": " + load(b)))
            .append("</span>");
      }
      out.append(".</p>\n");
    }
    out.append("</figure>\n");
  }

  /** {@code <tag ... data-key … data-ceiling}, the figures a test compares with the JSON report. */
  private static String attributes(String open, Hotspot b) {
    return open
        + " data-key=\""
        + Html.escape(b.key())
        + "\" data-what=\""
        + Html.escape(b.what())
        + "\" data-load=\""
        + (Double.isNaN(b.load()) ? "" : Html.plain(b.load()))
        + "\" data-ceiling=\""
        + Html.plain(b.ceiling())
        + "\"";
  }

  /** Returns the bars as one {@code <svg>}, or an empty string when there are none. */
  static String svg(String store, List<Hotspot> bars) {
    if (bars.isEmpty()) {
      return "";
    }
    int height = bars.size() * ROW + 2 * PAD + 14;
    StringBuilder out = new StringBuilder();
    out.append("<svg class=\"chart heat\" role=\"img\" viewBox=\"0 0 ")
        .append(WIDTH)
        .append(' ')
        .append(height)
        .append("\" width=\"")
        .append(WIDTH)
        .append("\" height=\"")
        .append(height)
        .append("\" data-store=\"")
        .append(Html.escape(store))
        .append("\">\n<title>")
        .append(Html.isolate("Busiest key against its ceiling, " + store))
        .append("</title>\n");
    double mid = LABEL + TRACK / 2.0;
    out.append(Svg.text("tick", LABEL, PAD + 10, "start", "0"))
        .append(Svg.text("tick", mid, PAD + 10, "middle", "ceiling"))
        .append(Svg.text("tick", LABEL + TRACK, PAD + 10, "end", "2×"));
    for (int i = 0; i < bars.size(); i++) {
      Hotspot b = bars.get(i);
      double y = PAD + 14 + i * ROW;
      out.append(attributes("<g class=\"bar " + b.level() + "\"", b))
          .append(">\n")
          .append("<title>")
          .append(Html.isolate(b.key() + ": " + b.what()))
          .append("</title>\n")
          .append(Svg.text("key", LABEL - 8, y + 13, "end", shorten(b.key())))
          .append(Svg.text("what", LABEL - 8, y + 25, "end", b.what()))
          .append(Svg.rect("track", LABEL, y + 6, TRACK, 14));
      if (!Double.isNaN(b.load())) {
        // At least a hairline, so a tiny load still shows where it is.
        out.append(
            Svg.rect("fill", LABEL, y + 6, Math.max(1, Math.min(b.share(), 2) / 2 * TRACK), 14));
      }
      out.append(Svg.line("ceiling", mid, y + 2, mid, y + 24))
          .append(Svg.text("value", LABEL + TRACK + 8, y + 17, "start", label(b)))
          .append("</g>\n");
    }
    out.append("</svg>\n");
    return out.toString();
  }

  /** A key name that fits the label column; the full name is in the bar's title. */
  static String shorten(String key) {
    return key.length() <= MAX_KEY ? key : key.substring(0, MAX_KEY - 1) + "…";
  }

  /**
   * "840 WCU/s · 84% of the 1,000 WCU/s partition ceiling", "12,000 ops/s · 2.4× the 5,000 ops/s
   * budget of a replica", or why there is no figure. Shares below 0.1% and loads below 0.01 are
   * said as such rather than in scientific notation.
   */
  static String label(Hotspot b) {
    if (Double.isNaN(b.load())) {
      return "unknown: a key spread is undeclared";
    }
    return load(b) + " · " + share(b.share()) + b.ceilingName();
  }

  /** "840 WCU/s", "< 0.01 RCU/s". */
  static String load(Hotspot b) {
    return (b.load() > 0 && b.load() < 0.01 ? "< 0.01" : Units.count(b.load())) + " " + b.unit();
  }

  /**
   * "84% of ", "< 0.1% of " or, past twice the reference, "2,441× ": to be followed by what it is
   * of.
   */
  static String share(double share) {
    return share > 2
        ? Units.count(Math.round(share * 10) / 10.0) + "× "
        : share > 0 && share < 0.001 ? "< 0.1% of " : Units.percent(share) + " of ";
  }
}
