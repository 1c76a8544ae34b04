package dev.keyplan.report;

import dev.keyplan.analysis.Growth;
import dev.keyplan.model.Units;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One table's or collection's sizes over the model's horizon, drawn as inline SVG: the curves of
 * the analysis's {@link Growth} (a partition, an item, a document, a shard key value), with the
 * engine's guideline, warning and hard limit as labelled horizontal lines. The y axis is
 * logarithmic because the limits sit orders of magnitude above most units of data.
 *
 * <p>The curves are the analysis's own ({@code StoreAnalysis.growth}): the point at the horizon is
 * the figure the JSON report prints, and this class draws, it does not size.
 */
public final class SizingChart {
  /** Samples along the horizon: enough for a smooth line, few enough to keep the page small. */
  public static final int SAMPLES = 25;

  private static final int WIDTH = 980;
  private static final int HEIGHT = 240;
  private static final int LEFT = 70;
  private static final int RIGHT = 250;
  private static final int TOP = 12;
  private static final int BOTTOM = 34;

  private SizingChart() {}

  /** Returns {@code g}'s chart, or empty when a size is unknown (a key spread undeclared). */
  public static Optional<String> svg(Growth g) {
    return g.known() ? Optional.of(draw(g)) : Optional.empty();
  }

  /** Returns the chart of {@code g}, whose points are all known, as an {@code <svg>} element. */
  static String draw(Growth g) {
    String subject = g.subject();
    String title = g.title();
    List<Growth.Curve> curves = g.curves();
    List<Growth.Limit> limits = g.limits();
    double[] seconds = g.seconds();
    double lo = Double.MAX_VALUE;
    double hi = 0;
    for (Growth.Curve c : curves) {
      for (double y : c.bytes()) {
        if (y > 0) {
          lo = Math.min(lo, y);
        }
        hi = Math.max(hi, y);
      }
    }
    for (Growth.Limit l : limits) {
      lo = Math.min(lo, l.bytes());
      hi = Math.max(hi, l.bytes());
    }
    // Strictly below the lowest value, so a line at a power of ten (100 MB) is not drawn on the
    // axis.
    int decadeLo = (int) Math.ceil(Math.log10(lo)) - 1;
    int decadeHi = Math.max(decadeLo + 1, (int) Math.ceil(Math.log10(hi)));
    var axes = new Axes(seconds[seconds.length - 1], decadeLo, decadeHi);

    StringBuilder out = new StringBuilder();
    int n = seconds.length;
    out.append("<svg class=\"chart sizing\" role=\"img\" viewBox=\"0 0 ")
        .append(WIDTH)
        .append(' ')
        .append(HEIGHT)
        .append("\" width=\"")
        .append(WIDTH)
        .append("\" height=\"")
        .append(HEIGHT)
        .append("\" data-table=\"")
        .append(Html.escape(subject));
    for (Growth.Curve c : curves) {
      out.append("\" data-")
          .append(c.kind())
          .append("-bytes=\"")
          .append(Html.plain(c.bytes()[n - 1]));
    }
    // Inline SVG in HTML needs no namespace declaration, and the page names no URL at all.
    out.append("\">\n").append("<title>").append(Html.isolate(title)).append("</title>\n");
    for (int d = decadeLo; d <= decadeHi; d++) {
      double y = axes.y(Math.pow(10, d));
      out.append(Svg.line("grid", LEFT, y, WIDTH - RIGHT, y))
          .append(Svg.text("tick", LEFT - 6, y + 4, "end", Units.bytes(Math.pow(10, d))));
    }
    for (int q = 0; q <= 4; q++) {
      double sec = axes.horizon * q / 4;
      double x = axes.x(sec);
      out.append(Svg.line("axis", x, HEIGHT - BOTTOM, x, HEIGHT - BOTTOM + 4))
          // "now" starts at the axis, clear of the lowest size label beside it.
          .append(
              Svg.text(
                  "tick",
                  x,
                  HEIGHT - BOTTOM + 16,
                  q == 0 ? "start" : "middle",
                  q == 0 ? "now" : Units.duration(sec)));
    }
    out.append(Svg.line("axis", LEFT, HEIGHT - BOTTOM, WIDTH - RIGHT, HEIGHT - BOTTOM));
    for (Growth.Limit l : limits) {
      double y = axes.y(l.bytes());
      out.append("<line class=\"limit ")
          .append(l.kind())
          .append("\" x1=\"")
          .append(Svg.f(LEFT))
          .append("\" y1=\"")
          .append(Svg.f(y))
          .append("\" x2=\"")
          .append(Svg.f(WIDTH - RIGHT))
          .append("\" y2=\"")
          .append(Svg.f(y))
          .append("\"/>\n");
    }
    for (Growth.Curve c : curves) {
      out.append(path(c.kind(), axes, seconds, c.bytes()));
    }
    // Each label sits at the right end of its line, moved apart where two would overlap.
    List<Label> labels = new ArrayList<>();
    for (Growth.Limit l : limits) {
      labels.add(new Label("limit-label " + l.kind(), l.label(), axes.y(l.bytes())));
    }
    for (Growth.Curve c : curves) {
      double last = c.bytes()[n - 1];
      labels.add(
          new Label("series-label " + c.kind(), c.label() + " " + Units.bytes(last), axes.y(last)));
    }
    double[] ys = spread(labels.stream().mapToDouble(Label::y).toArray());
    for (int i = 0; i < labels.size(); i++) {
      out.append(
          Svg.text(
              labels.get(i).kind(), WIDTH - RIGHT + 6, ys[i] + 4, "start", labels.get(i).text()));
    }
    out.append("</svg>\n");
    return out.toString();
  }

  private record Label(String kind, String text, double y) {}

  /**
   * Returns {@code ys} moved as little as needed to keep labels 13 px apart in their order by y:
   * down first, then up from the bottom edge if that pushed one off the chart.
   */
  static double[] spread(double[] ys) {
    Integer[] order = new Integer[ys.length];
    for (int i = 0; i < ys.length; i++) {
      order[i] = i;
    }
    // Ties keep their given order, so the page is the same on every run.
    java.util.Arrays.sort(order, (a, b) -> Double.compare(ys[a], ys[b]));
    double[] out = ys.clone();
    for (int k = 1; k < order.length; k++) {
      out[order[k]] = Math.max(out[order[k]], out[order[k - 1]] + 13);
    }
    for (int k = order.length - 1; k >= 0; k--) {
      // The lowest label stays above the time axis's tick labels.
      double floor = k == order.length - 1 ? HEIGHT - BOTTOM - 4 : out[order[k + 1]] - 13;
      out[order[k]] = Math.min(out[order[k]], floor);
    }
    return out;
  }

  /** Maps seconds and bytes to SVG coordinates; bytes on a log scale. */
  private record Axes(double horizon, int decadeLo, int decadeHi) {
    double x(double seconds) {
      return LEFT + (horizon > 0 ? seconds / horizon : 0) * (WIDTH - LEFT - RIGHT);
    }

    double y(double bytes) {
      double v = Math.log10(Math.max(bytes, Math.pow(10, decadeLo)));
      return TOP + (decadeHi - v) / (decadeHi - decadeLo) * (HEIGHT - TOP - BOTTOM);
    }
  }

  private static String path(String kind, Axes axes, double[] xs, double[] ys) {
    // An empty table (0 B today) has no place on a log scale: the line starts at its first size.
    int first = 0;
    while (first < ys.length - 1 && !(ys[first] > 0)) {
      first++;
    }
    StringBuilder d = new StringBuilder();
    for (int i = first; i < xs.length; i++) {
      d.append(i == first ? "M" : " L")
          .append(Svg.f(axes.x(xs[i])))
          .append(',')
          .append(Svg.f(axes.y(ys[i])));
    }
    return "<path class=\"series " + kind + "\" d=\"" + d + "\"/>\n";
  }
}
