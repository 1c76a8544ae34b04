package dev.keyplan.analyze.write;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * Writes measured figures in the model's own syntax (docs/model.md, "Quantities"), so that the
 * model reader ({@code dev.keyplan.model.Quantities}) reads each back to the measured value within
 * the stated rounding.
 *
 * <p>Rounding: three significant figures, half up, on the exact binary value ({@link
 * BigDecimal#BigDecimal(double)}), so the same double always gives the same text. Three figures
 * bound the relative error of a figure read back at 0.5 unit in the third figure over at least 100
 * units in the first three: 0.5%. That is below every tolerance {@link Tolerance} allows between a
 * declared and a measured figure, so a value written by {@code --write} always agrees with the same
 * measurement on the next merge (idempotent), and below the issue's own 1% relative standard error
 * for a sketched distinct count (issue 19, "Sketch precision").
 *
 * <p>Suffixes are the model's: counts {@code k}, {@code M}, {@code B} (billion), {@code T}; sizes
 * decimal {@code B}, {@code KB}, {@code MB}, {@code GB}, as the seeds and vendor guidelines count
 * (docs/model.md: "Sizes are decimal because the seeds and the vendor guidelines are"); rates per
 * second, or per minute, hour or day when below one a second (so that 0.0123/s is written 44.3/h,
 * as a person would); shares in percent. Numbers are plain decimals: the model accepts no exponent
 * ({@code 1e6} is an error there).
 */
public final class FigureText {
  private FigureText() {}

  private static final MathContext THREE = new MathContext(3, RoundingMode.HALF_UP);

  /** Returns {@code v} rounded to three significant figures (0 stays 0). */
  static BigDecimal round(double v) {
    if (!Double.isFinite(v) || v < 0) {
      throw new IllegalArgumentException("a measured figure must be finite and at least 0: " + v);
    }
    return v == 0 ? BigDecimal.ZERO : new BigDecimal(v).round(THREE);
  }

  private static String plain(BigDecimal b) {
    String s = b.stripTrailingZeros().toPlainString();
    return s.equals("0.0") ? "0" : s;
  }

  /**
   * Returns a count: {@code 7}, {@code 2.47}, {@code 1.23k}, {@code 10.2M}, {@code 2B}, {@code
   * 1.5T}. The suffix is chosen after rounding, so 999,600 is {@code 1M}, not {@code 1000k}.
   */
  public static String count(double v) {
    BigDecimal r = round(v);
    String[] suffixes = {"T", "B", "M", "k"};
    int[] powers = {12, 9, 6, 3};
    for (int i = 0; i < suffixes.length; i++) {
      if (r.compareTo(BigDecimal.ONE.movePointRight(powers[i])) >= 0) {
        return plain(r.movePointLeft(powers[i])) + suffixes[i];
      }
    }
    return plain(r);
  }

  /**
   * Returns a size in decimal units, at least {@code 1B}: the model's smallest size (docs/model.md,
   * Attributes: "size, 1 B to 2 GB"), so an average below half a byte (mostly empty values) is
   * written as 1B. Below 1,000 B the whole number of bytes ({@code 212B}), as the reader rounds to
   * one; above, three figures ({@code 1.23KB}, {@code 4.5MB}).
   */
  public static String size(double bytes) {
    BigDecimal r = round(Math.max(1, bytes));
    String[] units = {"GB", "MB", "KB"};
    int[] powers = {9, 6, 3};
    for (int i = 0; i < units.length; i++) {
      if (r.compareTo(BigDecimal.ONE.movePointRight(powers[i])) >= 0) {
        return plain(r.movePointLeft(powers[i])) + units[i];
      }
    }
    // The model's sizes are whole bytes (Quantities.bytes rounds): below 1,000 B write the whole
    // number it will read, 39B rather than 38.6B.
    return Math.max(1, Math.round(bytes)) + "B";
  }

  /**
   * Returns a rate: per second from one a second up ({@code 50k/s}, {@code 2/s}), else in the first
   * of minute, hour and day at which it is at least one ({@code 44.3/h}); {@code 0/s} for none.
   */
  public static String rate(double perSecond) {
    if (perSecond == 0 || perSecond >= 1) {
      return count(perSecond) + "/s";
    }
    if (perSecond * 60 >= 1) {
      return count(perSecond * 60) + "/min";
    }
    if (perSecond * 3_600 >= 1) {
      return count(perSecond * 3_600) + "/h";
    }
    return count(perSecond * 86_400) + "/day";
  }

  /** Returns a share of 0 to 1 as a percentage: {@code 60%}, {@code 0.25%}, {@code 0.00123%}. */
  public static String share(double fraction) {
    if (!(fraction >= 0 && fraction <= 1)) {
      throw new IllegalArgumentException("a share must be in [0, 1]: " + fraction);
    }
    return plain(round(fraction * 100)) + "%";
  }

  /** Returns a Zipf exponent as {@code zipf(1.1)}. */
  public static String zipf(double s) {
    return "zipf(" + plain(round(s)) + ")";
  }

  /**
   * Returns an average element count as the whole number the model reads ({@code items:} is a whole
   * number from 1, docs/model.md, Attributes): rounded half up, at least 1.
   */
  public static String items(double average) {
    round(average);
    return Long.toString(Math.max(1, Math.round(average)));
  }
}
