package dev.keyplan.report;

import java.util.Locale;

/** The few SVG marks the report's charts draw, with coordinates to a tenth of a pixel. */
final class Svg {
  private Svg() {}

  static String line(String kind, double x1, double y1, double x2, double y2) {
    return "<line class=\""
        + kind
        + "\" x1=\""
        + f(x1)
        + "\" y1=\""
        + f(y1)
        + "\" x2=\""
        + f(x2)
        + "\" y2=\""
        + f(y2)
        + "\"/>\n";
  }

  /** A text mark; {@code s} is escaped. */
  static String text(String kind, double x, double y, String anchor, String s) {
    return "<text class=\""
        + kind
        + "\" x=\""
        + f(x)
        + "\" y=\""
        + f(y)
        + "\" text-anchor=\""
        + anchor
        + "\">"
        + Html.isolate(s)
        + "</text>\n";
  }

  static String rect(String kind, double x, double y, double width, double height) {
    return "<rect class=\""
        + kind
        + "\" x=\""
        + f(x)
        + "\" y=\""
        + f(y)
        + "\" width=\""
        + f(width)
        + "\" height=\""
        + f(height)
        + "\"/>\n";
  }

  /** A coordinate: one decimal, a dot whatever the locale. */
  static String f(double v) {
    return String.format(Locale.ROOT, "%.1f", v);
  }
}
