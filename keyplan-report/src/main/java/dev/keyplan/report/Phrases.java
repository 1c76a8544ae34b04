package dev.keyplan.report;

import dev.keyplan.model.Units;

/** Phrases the text renderers share, so one figure reads the same in every format. */
public final class Phrases {
  private Phrases() {}

  /** Returns "typical" or "typical (busiest N)" when they differ. */
  public static String pair(double typical, double busiest) {
    if (Double.isNaN(typical)) {
      return "all";
    }
    String s = Units.count(Math.ceil(typical));
    return Math.ceil(typical) == Math.ceil(busiest)
        ? s
        : s + " (busiest " + Units.count(Math.ceil(busiest)) + ")";
  }

  /** Returns {@code s} fit for a Markdown table cell: its pipes escaped. */
  public static String markdownCell(String s) {
    return s.replace("|", "\\|");
  }
}
