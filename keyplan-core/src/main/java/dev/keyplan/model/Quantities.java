package dev.keyplan.model;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses the quantities a model is written in: sizes ({@code 200B}, {@code 3KB}), counts ({@code
 * 10M}), rates ({@code 20k/s}) and durations ({@code 10m}, {@code 1y}).
 *
 * <p>Size and count suffixes are decimal, as the seeds and the vendor guidelines use them: seed 000
 * turns 100 messages/s × 200 B into "20 KB per second or about 1.7 GB per day" (1,728,000,000 B),
 * and the Cassandra guideline of 100 MB per partition is read as 100,000,000 B. Binary sizes are
 * written explicitly: {@code KiB}, {@code MiB}, {@code GiB}.
 *
 * <p>Durations: {@code s}, {@code m} (minute), {@code h}, {@code d}, {@code w} (7 d), {@code mo}
 * (30 d) and {@code y} (365 d). Each method returns empty for text it cannot read; the caller
 * reports what was expected at the value's location.
 */
public final class Quantities {
  private Quantities() {}

  /**
   * A number, then a suffix. Thousands separators are {@code ,} or {@code _} between groups of
   * exactly three digits, one kind per number, as docs/model.md ("Quantities") writes them: {@code
   * 2,0,0,0} is no grouping anyone means, and reading it as 2000 would accept a typo silently
   * (issue 18).
   */
  private static final Pattern NUMBER_SUFFIX =
      Pattern.compile(
          "((?:[0-9]{1,3}(?:,[0-9]{3})+|[0-9]{1,3}(?:_[0-9]{3})+|[0-9]+)(?:\\.[0-9]+)?)"
              + "\\s*([a-zA-Z%]*)");

  /**
   * Returns the number of bytes in {@code 200B}, {@code 3KB}, {@code 1.5MiB}; empty if unreadable.
   */
  public static java.util.OptionalLong bytes(String text) {
    Matcher m = NUMBER_SUFFIX.matcher(text.trim());
    if (!m.matches()) {
      return java.util.OptionalLong.empty();
    }
    double n = number(m.group(1));
    double unit;
    switch (m.group(2)) {
      case "B":
      case "":
        unit = 1;
        break;
      case "KB":
      case "kB":
        unit = 1e3;
        break;
      case "MB":
        unit = 1e6;
        break;
      case "GB":
        unit = 1e9;
        break;
      case "TB":
        unit = 1e12;
        break;
      case "KiB":
        unit = 1024;
        break;
      case "MiB":
        unit = 1024 * 1024;
        break;
      case "GiB":
        unit = 1024.0 * 1024 * 1024;
        break;
      default:
        return java.util.OptionalLong.empty();
    }
    return java.util.OptionalLong.of(Math.round(n * unit));
  }

  /** Returns the count in {@code 7}, {@code 10M}, {@code 1.5k}, {@code 2B}; empty if unreadable. */
  public static java.util.OptionalDouble count(String text) {
    Matcher m = NUMBER_SUFFIX.matcher(text.trim());
    if (!m.matches()) {
      return java.util.OptionalDouble.empty();
    }
    double scale = countScale(m.group(2));
    if (scale < 0) {
      return java.util.OptionalDouble.empty();
    }
    return java.util.OptionalDouble.of(number(m.group(1)) * scale);
  }

  /**
   * Returns events per second in {@code 20k/s}, {@code 5/min}, {@code 1M/day}; empty if unreadable.
   */
  public static java.util.OptionalDouble perSecond(String text) {
    String t = text.trim();
    int slash = t.lastIndexOf('/');
    if (slash < 0) {
      return java.util.OptionalDouble.empty();
    }
    var n = count(t.substring(0, slash));
    double seconds = per(t.substring(slash + 1).trim().toLowerCase(Locale.ROOT));
    if (n.isEmpty() || seconds <= 0) {
      return java.util.OptionalDouble.empty();
    }
    return java.util.OptionalDouble.of(n.getAsDouble() / seconds);
  }

  /**
   * Returns the seconds in {@code 10m}, {@code 1h}, {@code 30d}, {@code 1y}; empty if unreadable.
   */
  public static java.util.OptionalLong seconds(String text) {
    Matcher m = NUMBER_SUFFIX.matcher(text.trim());
    if (!m.matches()) {
      return java.util.OptionalLong.empty();
    }
    long unit = durationUnit(m.group(2));
    if (unit <= 0) {
      return java.util.OptionalLong.empty();
    }
    return java.util.OptionalLong.of(Math.round(number(m.group(1)) * unit));
  }

  /**
   * Returns a share in {@code 2%} as a fraction (0.02); empty if unreadable or not a percentage.
   */
  public static java.util.OptionalDouble share(String text) {
    String t = text.trim();
    if (!t.endsWith("%")) {
      return java.util.OptionalDouble.empty();
    }
    var n = count(t.substring(0, t.length() - 1));
    return n.isPresent()
        ? java.util.OptionalDouble.of(n.getAsDouble() / 100)
        : java.util.OptionalDouble.empty();
  }

  /** Returns the seconds of one duration unit, or -1 for an unknown unit. */
  static long durationUnit(String unit) {
    switch (unit) {
      case "s":
        return 1;
      case "m":
      case "min":
        return 60;
      case "h":
        return 3_600;
      case "d":
        return 86_400;
      case "w":
        return 7 * 86_400;
      case "mo":
        return 30 * 86_400;
      case "y":
        return 365 * 86_400;
      default:
        return -1;
    }
  }

  private static double per(String unit) {
    switch (unit) {
      case "s":
      case "sec":
        return 1;
      case "min":
      case "m":
        return 60;
      case "h":
      case "hour":
        return 3_600;
      case "d":
      case "day":
        return 86_400;
      default:
        return -1;
    }
  }

  private static double countScale(String suffix) {
    switch (suffix) {
      case "":
        return 1;
      case "k":
      case "K":
        return 1e3;
      case "M":
        return 1e6;
      case "B":
      case "G":
        return 1e9;
      case "T":
        return 1e12;
      default:
        return -1;
    }
  }

  private static double number(String digits) {
    return Double.parseDouble(digits.replace("_", "").replace(",", ""));
  }

  /** Returns a duration in seconds written back in the largest unit that divides it evenly. */
  public static String formatSeconds(long seconds) {
    String[] units = {"y", "mo", "w", "d", "h", "m"};
    for (String u : units) {
      long s = durationUnit(u);
      if (seconds >= s && seconds % s == 0) {
        return seconds / s + u;
      }
    }
    return seconds + "s";
  }
}
