package dev.keyplan.report;

import dev.keyplan.cassandra.design.BoundTable;
import dev.keyplan.cassandra.design.CassandraSizing;
import dev.keyplan.cassandra.design.PartitionSize;
import dev.keyplan.cassandra.design.Sizer;
import dev.keyplan.cassandra.facts.CassandraLimits;
import dev.keyplan.cassandra.scylla.ScyllaLimits;
import dev.keyplan.model.Entity;
import dev.keyplan.model.Units;
import java.util.ArrayList;
import java.util.List;

/**
 * One Cassandra or ScyllaDB table's partition size over the model's horizon, drawn as inline SVG:
 * the typical and the busiest partition, with the engine's guideline and hard limit as labelled
 * horizontal lines.
 *
 * <p>The curves come from the same sizing as {@code check}: the point at the horizon is exactly
 * {@link CassandraSizing#typical()} and {@link CassandraSizing#busiest()} (the JSON report's {@code
 * partitions.typical.bytes} and {@code partitions.busiest.bytes}). Before the horizon:
 *
 * <ul>
 *   <li>a table with a time bucket, or whose key identifies one row, holds the same partition at
 *       any time, so its curves are flat;
 *   <li>an unbucketed table's partitions hold a fixed share of the table's rows, and the rows grow
 *       linearly ({@code count + growth × t}, capped at the horizon's rows when a TTL holds them
 *       there), so each partition's rows scale with them and its bytes follow {@link
 *       Sizer#partition}.
 * </ul>
 *
 * Deliberately left out: the number of partitions is held at its horizon value (a key whose
 * distinct values grow with the rows would make early partitions slightly larger than drawn).
 *
 * <p>The hard limit is Cassandra's 2 billion values per partition, converted to bytes for this
 * table's row shape with the same formula; on ScyllaDB the large-partition warning (1000 MB,
 * scylla.yaml) is drawn too. The y axis is logarithmic because the limits sit orders of magnitude
 * above most partitions.
 */
public final class SizingChart {
  /** Samples along the horizon: enough for a smooth line, few enough to keep the page small. */
  static final int SAMPLES = 25;

  private static final int WIDTH = 980;
  private static final int HEIGHT = 240;
  private static final int LEFT = 70;
  private static final int RIGHT = 250;
  private static final int TOP = 12;
  private static final int BOTTOM = 34;

  /** A horizontal reference line. */
  record Limit(String kind, String label, double bytes) {}

  /**
   * One curve: bytes at each sample time.
   *
   * @param kind its CSS class and the name of its {@code data-<kind>-bytes} attribute on the chart
   */
  record Curve(String kind, String label, double[] bytes) {}

  /** The curves of one chart at the same sample times. */
  public record Series(double[] seconds, List<Curve> curves) {
    public Series {
      curves = List.copyOf(curves);
    }

    public Series(double[] seconds, double[] typical, double[] busiest) {
      this(
          seconds,
          List.of(
              new Curve("typical", "typical", typical), new Curve("busiest", "busiest", busiest)));
    }

    double[] typical() {
      return curve("typical");
    }

    double[] busiest() {
      return curve("busiest");
    }

    private double[] curve(String kind) {
      return curves.stream().filter(c -> c.kind().equals(kind)).findFirst().orElseThrow().bytes();
    }
  }

  private SizingChart() {}

  /** Returns the curves for {@code s}, or null when its size is unknown (no declared spread). */
  public static Series series(BoundTable t, CassandraSizing s, long horizonSeconds) {
    if (!s.typical().known() || !s.busiest().known()) {
      return null;
    }
    double[] at = new double[SAMPLES];
    double[] typical = new double[SAMPLES];
    double[] busiest = new double[SAMPLES];
    boolean flat = s.windowSeconds() > 0 || s.keyIdentifiesRow() || !(s.rows() > 0);
    Entity e = t.entity();
    for (int i = 0; i < SAMPLES; i++) {
      at[i] = horizonSeconds * (double) i / (SAMPLES - 1);
      double share =
          flat ? 1 : Math.min(e.count() + e.growthPerSecond() * at[i], s.rows()) / s.rows();
      typical[i] =
          i == SAMPLES - 1 || flat
              ? s.typical().bytes()
              : Sizer.partition(t, s.typical().rows() * share).bytes();
      busiest[i] =
          i == SAMPLES - 1 || flat
              ? s.busiest().bytes()
              : Sizer.partition(t, s.busiest().rows() * share).bytes();
    }
    return new Series(at, typical, busiest);
  }

  /**
   * Returns the reference lines for {@code t}: the guideline, ScyllaDB's warning, the hard limit.
   */
  public static List<Limit> limits(BoundTable t, boolean scylla) {
    List<Limit> out = new ArrayList<>();
    out.add(
        new Limit(
            "guideline",
            "guideline " + Units.bytes(CassandraLimits.GUIDELINE_BYTES_PER_PARTITION),
            CassandraLimits.GUIDELINE_BYTES_PER_PARTITION));
    if (scylla) {
      // Named as scylla.yaml states it (1000 "MB" of 1024 × 1024 bytes), not as Units would print
      // it (1.05 GB).
      out.add(new Limit("warning", "ScyllaDB warning 1000 MB", ScyllaLimits.LARGE_PARTITION_BYTES));
    }
    // Values grow linearly in rows, so two points give the rows at which they reach the limit.
    PartitionSize none = Sizer.partition(t, 0);
    double perRow = Sizer.partition(t, 1).values() - none.values();
    if (perRow > 0) {
      double rows = (CassandraLimits.MAX_CELLS_PER_PARTITION - none.values()) / perRow;
      out.add(
          new Limit(
              "hard",
              "hard limit 2 billion values ≈ " + Units.bytes(Sizer.partition(t, rows).bytes()),
              Sizer.partition(t, rows).bytes()));
    }
    return out;
  }

  /**
   * Returns the partition-size chart of a Cassandra or ScyllaDB table as an {@code <svg>} element.
   */
  public static String svg(String table, Series s, List<Limit> limits) {
    return svg(table, "Partition size of " + table + " over the horizon", s, limits);
  }

  /** Returns the chart as an {@code <svg>} element titled {@code title}. */
  public static String svg(String subject, String title, Series s, List<Limit> limits) {
    double lo = Double.MAX_VALUE;
    double hi = 0;
    for (Curve c : s.curves()) {
      for (double y : c.bytes()) {
        if (y > 0) {
          lo = Math.min(lo, y);
        }
        hi = Math.max(hi, y);
      }
    }
    for (Limit l : limits) {
      lo = Math.min(lo, l.bytes());
      hi = Math.max(hi, l.bytes());
    }
    // Strictly below the lowest value, so a line at a power of ten (100 MB) is not drawn on the
    // axis.
    int decadeLo = (int) Math.ceil(Math.log10(lo)) - 1;
    int decadeHi = Math.max(decadeLo + 1, (int) Math.ceil(Math.log10(hi)));
    var axes = new Axes(s.seconds()[s.seconds().length - 1], decadeLo, decadeHi);

    StringBuilder out = new StringBuilder();
    int n = s.seconds().length;
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
    for (Curve c : s.curves()) {
      out.append("\" data-")
          .append(c.kind())
          .append("-bytes=\"")
          .append(Html.plain(c.bytes()[n - 1]));
    }
    // Inline SVG in HTML needs no namespace declaration, and the page names no URL at all.
    out.append("\">\n").append("<title>").append(Html.escape(title)).append("</title>\n");
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
    for (Limit l : limits) {
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
    for (Curve c : s.curves()) {
      out.append(path(c.kind(), axes, s.seconds(), c.bytes()));
    }
    // Each label sits at the right end of its line, moved apart where two would overlap.
    List<Label> labels = new ArrayList<>();
    for (Limit l : limits) {
      labels.add(new Label("limit-label " + l.kind(), l.label(), axes.y(l.bytes())));
    }
    for (Curve c : s.curves()) {
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
