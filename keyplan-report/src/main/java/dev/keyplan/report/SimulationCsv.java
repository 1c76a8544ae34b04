package dev.keyplan.report;

import dev.keyplan.simulate.SimulationResult;

/**
 * A simulation's time series as CSV for charts: the header {@code second,<subject>,<columns…>},
 * then one line per interval and subject. Numbers are plain ({@code 1234.5}, no thousands
 * separator, six significant digits), names are quoted when they hold a comma or a quote (RFC
 * 4180), so spreadsheets and pandas read it as it is.
 */
public final class SimulationCsv {
  private SimulationCsv() {}

  public static String render(SimulationResult r) {
    StringBuilder out = new StringBuilder();
    out.append("second,").append(r.series().subject());
    r.series().columns().forEach(c -> out.append(',').append(c));
    out.append('\n');
    for (var row : r.series().rows()) {
      out.append(row.second()).append(',').append(quote(row.subject()));
      for (int i = 0; i < r.series().columns().size(); i++) {
        out.append(',').append(number(row.value(i)));
      }
      out.append('\n');
    }
    return out.toString();
  }

  static String number(double v) {
    if (Double.isNaN(v) || Double.isInfinite(v)) {
      return "";
    }
    if (v == Math.rint(v) && Math.abs(v) < 9e15) {
      return Long.toString((long) v);
    }
    return new java.math.BigDecimal(v)
        .round(new java.math.MathContext(6))
        .stripTrailingZeros()
        .toPlainString();
  }

  static String quote(String s) {
    return s.contains(",") || s.contains("\"") || s.contains("\n")
        ? "\"" + s.replace("\"", "\"\"") + "\""
        : s;
  }
}
