package dev.keyplan.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.DoubleFunction;

/**
 * One column of a simulation's time series drawn as an inline SVG line chart: one line per subject
 * (node, partition, shard) over the run, a linear y axis from 0 with ticks in the column's unit, a
 * time axis, and a legend giving each line's peak.
 *
 * <p>At most {@link #MAX_LINES} lines are drawn so the chart stays readable: when there are more
 * subjects, the busiest by peak are drawn one by one and the rest are summed into one "others (N)"
 * line, which the legend names as such. Every point also sits in {@code data-} attributes written
 * as the JSON report writes numbers (the chart's {@code data-seconds}, each line's {@code
 * data-values}, "-" where the subject had no row in that interval, as a partition before its
 * split), so tests compare them with {@code simulate --format json} without a browser.
 */
public final class SeriesChart {
  /**
   * Lines drawn at most, "others" included: past eight, colours and the legend stop telling lines
   * apart.
   */
  static final int MAX_LINES = 8;

  private static final int WIDTH = 980;
  private static final int HEIGHT = 220;
  private static final int LEFT = 100;
  private static final int RIGHT = 230;
  private static final int TOP = 12;
  private static final int BOTTOM = 36;
  private static final int LEGEND_NAME = 22;

  /**
   * A drawn line: one subject, or the sum of several ("others").
   *
   * @param values one per interval; NaN where no subject of the line had a row
   */
  record Line(String name, List<String> subjects, double[] values) {
    double peak() {
      double p = 0;
      for (double v : values) {
        if (v > p) {
          p = v;
        }
      }
      return p;
    }

    boolean others() {
      return subjects.size() > 1;
    }
  }

  /** A horizontal reference line: an engine's ceiling the lines are read against. */
  public record Limit(String label, double value) {}

  /** A moment of the run marked across the chart: the burst spent, a chunk marked jumbo. */
  record Marker(long second, String label) {}

  /**
   * The time axis every chart of one run shares.
   *
   * @param seconds each interval's start
   * @param duration the run's length: the axis' end
   * @param markers moments drawn as vertical lines, in time order
   */
  record Frame(long[] seconds, long duration, List<Marker> markers) {}

  private SeriesChart() {}

  /**
   * Returns the lines to draw for {@code bySubject} (values per interval, in the subjects' order):
   * all of them when they fit, else the {@code MAX_LINES - 1} busiest by peak and one line summing
   * the others. Lines are ordered by peak, busiest first, ties by the subjects' order.
   */
  static List<Line> lines(Map<String, double[]> bySubject) {
    List<Line> all = new ArrayList<>();
    bySubject.forEach((s, v) -> all.add(new Line(s, List.of(s), v)));
    // A stable sort: equal peaks keep the series' own order, so the page is the same on every run.
    all.sort(Comparator.comparingDouble(Line::peak).reversed());
    if (all.size() <= MAX_LINES) {
      return all;
    }
    List<Line> out = new ArrayList<>(all.subList(0, MAX_LINES - 1));
    List<Line> rest = all.subList(MAX_LINES - 1, all.size());
    double[] sum = new double[rest.get(0).values().length];
    java.util.Arrays.fill(sum, Double.NaN);
    List<String> names = new ArrayList<>();
    for (Line l : rest) {
      names.add(l.name());
      for (int i = 0; i < sum.length; i++) {
        if (!Double.isNaN(l.values()[i])) {
          sum[i] = (Double.isNaN(sum[i]) ? 0 : sum[i]) + l.values()[i];
        }
      }
    }
    out.add(new Line("others (" + rest.size() + ")", names, sum));
    return out;
  }

  /**
   * Returns the chart as an {@code <svg>} element.
   *
   * @param column the series column, for {@code data-column}
   * @param format writes a value with its unit, for ticks and the legend
   * @param limit a reference line, or null
   */
  static String svg(
      String column,
      String title,
      Frame frame,
      List<Line> lines,
      DoubleFunction<String> format,
      Limit limit) {
    long[] seconds = frame.seconds();
    double hi = limit == null ? 0 : limit.value();
    for (Line l : lines) {
      hi = Math.max(hi, l.peak());
    }
    double step = niceStep(hi > 0 ? hi / 4 : 0.25);
    double top = Math.max(step, Math.ceil(hi / step - 1e-9) * step);
    double span = Math.max(1, frame.duration());
    StringBuilder out = new StringBuilder();
    out.append("<svg class=\"chart series-chart\" role=\"img\" viewBox=\"0 0 ")
        .append(WIDTH)
        .append(' ')
        .append(HEIGHT)
        .append("\" width=\"")
        .append(WIDTH)
        .append("\" height=\"")
        .append(HEIGHT)
        .append("\" data-column=\"")
        .append(Html.escape(column))
        .append("\" data-seconds=\"")
        .append(join(seconds))
        .append("\">\n<title>")
        .append(Html.isolate(title))
        .append("</title>\n");
    for (int k = 0; k * step <= top + step / 2; k++) {
      double v = k * step;
      double y = y(v, top);
      out.append(Svg.line(v == 0 ? "axis" : "grid", LEFT, y, WIDTH - RIGHT, y))
          .append(Svg.text("tick", LEFT - 6, y + 4, "end", format.apply(v)));
    }
    long tick = timeStep(span);
    for (long t = 0; t <= span; t += tick) {
      double x = x(t, span);
      out.append(Svg.line("axis", x, HEIGHT - BOTTOM, x, HEIGHT - BOTTOM + 4))
          .append(Svg.text("tick", x, HEIGHT - BOTTOM + 16, "middle", time(t)));
    }
    out.append(
        Svg.text(
            "axis-label",
            LEFT + (WIDTH - LEFT - RIGHT) / 2.0,
            HEIGHT - 4,
            "middle",
            "time since the start"));
    for (int k = 0; k < frame.markers().size(); k++) {
      Marker m = frame.markers().get(k);
      double x = x(m.second(), span);
      // Labels step down so two moments close in time do not print over each other.
      out.append("<line class=\"marker\" data-second=\"")
          .append(m.second())
          .append("\" x1=\"")
          .append(Svg.f(x))
          .append("\" y1=\"")
          .append(Svg.f(TOP))
          .append("\" x2=\"")
          .append(Svg.f(x))
          .append("\" y2=\"")
          .append(Svg.f(HEIGHT - BOTTOM))
          .append("\"/>\n")
          .append(Svg.text("marker-label", x + 3, TOP + 9 + 11 * (k % 3), "start", m.label()));
    }
    if (limit != null) {
      double y = y(limit.value(), top);
      out.append("<line class=\"limit ceiling\" data-value=\"")
          .append(Html.plain(limit.value()))
          .append("\" x1=\"")
          .append(Svg.f(LEFT))
          .append("\" y1=\"")
          .append(Svg.f(y))
          .append("\" x2=\"")
          .append(Svg.f(WIDTH - RIGHT))
          .append("\" y2=\"")
          .append(Svg.f(y))
          .append("\"/>\n")
          .append(Svg.text("limit-label", WIDTH - RIGHT - 4, y - 4, "end", limit.label()));
    }
    for (int k = 0; k < lines.size(); k++) {
      Line l = lines.get(k);
      String kind = l.others() ? "others" : "c" + k;
      out.append("<path class=\"series ")
          .append(kind)
          .append("\" data-subject=\"")
          .append(Html.escape(l.name()))
          .append(
              l.others() ? "\" data-subjects=\"" + Html.escape(String.join(" ", l.subjects())) : "")
          .append("\" data-values=\"")
          .append(join(l.values()))
          .append("\" d=\"")
          .append(path(seconds, l.values(), span, top))
          .append("\"/>\n");
      double ly = TOP + 8 + k * 16;
      out.append(Svg.line("swatch " + kind, WIDTH - RIGHT + 12, ly - 4, WIDTH - RIGHT + 30, ly - 4))
          .append(
              Svg.text(
                  "legend",
                  WIDTH - RIGHT + 36,
                  ly,
                  "start",
                  shorten(l.name()) + "  peak " + format.apply(l.peak())));
    }
    return out.append("</svg>\n").toString();
  }

  /**
   * Returns 1, 2, 2.5 or 5 × a power of ten, the smallest at least {@code raw}: ticks people read
   * at a glance.
   */
  static double niceStep(double raw) {
    double mag = Math.pow(10, Math.floor(Math.log10(raw)));
    for (double f : new double[] {1, 2, 2.5, 5, 10}) {
      if (f * mag >= raw * (1 - 1e-9)) {
        return f * mag;
      }
    }
    return 10 * mag;
  }

  /**
   * Returns a tick step in seconds giving two to six ticks over {@code span}, on minutes and hours.
   */
  static long timeStep(double span) {
    long[] steps = {
      1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1_800, 3_600, 7_200, 10_800, 21_600, 43_200,
      86_400
    };
    for (long s : steps) {
      if (span / s <= 6) {
        return s;
      }
    }
    return (long) Math.ceil(span / 6 / 86_400) * 86_400;
  }

  /** Returns a tick's time: 90 s, 20 min, 2 h, 1.5 d (short: the ticks sit side by side). */
  static String time(long t) {
    if (t == 0) {
      return "0";
    }
    if (t < 120 && t % 60 != 0 || t < 60) {
      return t + " s";
    }
    if (t < 7_200 && t % 3_600 != 0) {
      return trim(t / 60.0) + " min";
    }
    if (t < 172_800) {
      return trim(t / 3_600.0) + " h";
    }
    return trim(t / 86_400.0) + " d";
  }

  private static String trim(double v) {
    return v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%.1f", v);
  }

  private static String shorten(String name) {
    return name.length() <= LEGEND_NAME ? name : name.substring(0, LEGEND_NAME - 1) + "…";
  }

  private static double x(double seconds, double span) {
    return LEFT + seconds / span * (WIDTH - LEFT - RIGHT);
  }

  private static double y(double v, double top) {
    return TOP + (1 - v / top) * (HEIGHT - TOP - BOTTOM);
  }

  /**
   * The line's path; a gap (NaN) lifts the pen so a partition born mid-run starts where it starts.
   */
  private static String path(long[] seconds, double[] values, double span, double top) {
    StringBuilder d = new StringBuilder();
    boolean down = false;
    for (int i = 0; i < values.length; i++) {
      if (Double.isNaN(values[i])) {
        down = false;
        continue;
      }
      d.append(d.length() == 0 ? "" : " ")
          .append(down ? "L" : "M")
          .append(Svg.f(x(seconds[i], span)))
          .append(',')
          .append(Svg.f(y(values[i], top)));
      down = true;
    }
    return d.toString();
  }

  private static String join(long[] xs) {
    StringBuilder s = new StringBuilder();
    for (long x : xs) {
      s.append(s.length() == 0 ? "" : " ").append(x);
    }
    return s.toString();
  }

  private static String join(double[] vs) {
    StringBuilder s = new StringBuilder();
    for (double v : vs) {
      s.append(s.length() == 0 ? "" : " ").append(Double.isNaN(v) ? "-" : Html.plain(v));
    }
    return s.toString();
  }
}
