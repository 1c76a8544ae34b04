package dev.keyplan.model;

import java.util.Locale;

/**
 * Writes quantities the way the seeds and vendor docs do: decimal sizes ({@code 13.9 MB}), counts
 * with thousands separators ({@code 120,000}), rates per second. Used by finding messages and by
 * every renderer, so a number reads the same everywhere.
 */
public final class Units {
  private Units() {}

  /** Returns a byte count in B, KB, MB, GB or TB (powers of 1000), three significant digits. */
  public static String bytes(double b) {
    if (Double.isNaN(b)) {
      return "?";
    }
    String[] units = {"B", "KB", "MB", "GB", "TB", "PB"};
    int i = 0;
    double v = b;
    while (Math.abs(v) >= 1000 && i < units.length - 1) {
      v /= 1000;
      i++;
    }
    return significant(v) + " " + units[i];
  }

  /**
   * Returns a count with thousands separators, rounded to a whole number (or 2 decimals below 10).
   */
  public static String count(double n) {
    if (Double.isNaN(n)) {
      return "?";
    }
    if (Math.abs(n) < 10 && n != Math.rint(n)) {
      return String.format(Locale.ROOT, "%.2f", n);
    }
    if (Math.abs(n) >= 1e15) {
      return String.format(Locale.ROOT, "%.3g", n);
    }
    return grouped(Math.round(n));
  }

  /**
   * Returns {@code v} with a comma between each group of three digits, as {@code
   * String.format(Locale.ROOT, "%,d", v)} writes it ({@code -1,234,567}), without the formatter:
   * every plan's notes and every finding print counts, and parsing the format string each time took
   * a tenth of a check's analysis.
   */
  static String grouped(long v) {
    String digits = Long.toString(v);
    int sign = v < 0 ? 1 : 0;
    int n = digits.length() - sign;
    if (n <= 3) {
      return digits;
    }
    StringBuilder out = new StringBuilder(digits.length() + (n - 1) / 3);
    out.append(digits, 0, sign);
    int first = n % 3 == 0 ? 3 : n % 3;
    out.append(digits, sign, sign + first);
    for (int i = sign + first; i < digits.length(); i += 3) {
      out.append(',').append(digits, i, i + 3);
    }
    return out.toString();
  }

  /** Returns a rate such as {@code 100/s}, {@code 0.58/s}. */
  public static String rate(double perSecond) {
    if (Double.isNaN(perSecond)) {
      return "?";
    }
    if (perSecond >= 10 || perSecond == Math.rint(perSecond)) {
      return count(perSecond) + "/s";
    }
    return significant(perSecond) + "/s";
  }

  /**
   * Returns a rate of named units, {@code 120 WCU/s} or {@code 0.5 RCU/s}: the number as {@link
   * #rate(double)} writes it, then the unit.
   */
  public static String rate(double perSecond, String unit) {
    String r = rate(perSecond);
    // rate() ends in "/s" except for NaN, which it writes "?"
    return (r.endsWith("/s") ? r.substring(0, r.length() - 2) : r) + " " + unit + "/s";
  }

  /**
   * Returns a number of capacity units as the DynamoDB patterns table prints them: whole numbers
   * and anything from 10 up with thousands separators ({@code 17,584,229}), smaller ones with up to
   * two decimals ({@code 0.5}, {@code 7.25}), and {@code <0.01} for a trace, where {@link
   * #count(double)} would print {@code 0.00}.
   */
  public static String capacity(double units) {
    if (Double.isNaN(units)) {
      return "?";
    }
    if (units == Math.rint(units) || units >= 10) {
      return count(units);
    }
    if (units < 0.01) {
      return "<0.01";
    }
    return String.format(Locale.ROOT, "%.2f", units).replaceAll("0$", "");
  }

  /**
   * Returns a share as {@link #percent(double)} does, but a trace (above 0, below 0.01%) as {@code
   * <0.01%}: a share of a ceiling that small is noise, and {@code 0.0012%} would read as precise.
   */
  public static String share(double fraction) {
    return fraction > 0 && fraction < 0.0001 ? "<0.01%" : percent(fraction);
  }

  /**
   * Returns a fraction as a percentage with up to two significant decimals ({@code 0.2%}, {@code
   * 25%}).
   */
  public static String percent(double fraction) {
    if (Double.isNaN(fraction)) {
      return "?";
    }
    return significant(fraction * 100) + "%";
  }

  /** Returns a duration in the largest whole unit, or days with one decimal. */
  public static String duration(double seconds) {
    if (seconds >= 365 * 86_400 * 2) {
      return significant(seconds / (365 * 86_400)) + " years";
    }
    if (seconds >= 2 * 86_400) {
      return significant(seconds / 86_400) + " days";
    }
    if (seconds >= 2 * 3_600) {
      return significant(seconds / 3_600) + " hours";
    }
    if (seconds >= 120) {
      return significant(seconds / 60) + " minutes";
    }
    return significant(seconds) + " s";
  }

  /**
   * Returns an amount of money with two decimals, {@code $1,642.50} for USD and {@code 1,642.50
   * EUR} otherwise; amounts under a cent show as {@code <$0.01}.
   */
  public static String money(double amount, String currency) {
    if (Double.isNaN(amount)) {
      return "?";
    }
    boolean usd = currency.equals("USD");
    if (amount > 0 && amount < 0.005) {
      return usd ? "<$0.01" : "<0.01 " + currency;
    }
    String v = String.format(Locale.ROOT, "%,.2f", amount);
    return usd ? "$" + v : v + " " + currency;
  }

  private static String significant(double v) {
    if (v == Math.rint(v) && Math.abs(v) < 1e15) {
      return grouped((long) v);
    }
    String s =
        Math.abs(v) >= 100
            ? String.format(Locale.ROOT, "%,.0f", v)
            : Math.abs(v) >= 10
                ? String.format(Locale.ROOT, "%.1f", v)
                : Math.abs(v) >= 1
                    ? String.format(Locale.ROOT, "%.2f", v)
                    : String.format(Locale.ROOT, "%.2g", v);
    if (s.contains(".") && !s.contains("e")) {
      // The trailing zeros, then a bare point: what replaceAll("0+$", "") and ("\\.$", "") did,
      // without compiling two patterns per number.
      int end = s.length();
      while (s.charAt(end - 1) == '0') {
        end--;
      }
      if (s.charAt(end - 1) == '.') {
        end--;
      }
      s = s.substring(0, end);
    }
    return s;
  }
}
