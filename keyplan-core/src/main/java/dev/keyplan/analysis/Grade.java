package dev.keyplan.analysis;

import java.util.Locale;

/**
 * How well a store serves something, in the three words every store's summary uses: a one-partition
 * read or a write is {@code GOOD}, a fan-out over known keys is {@code FAIR}, a scan or a pattern
 * the design does not serve is {@code POOR}. A grade of the access kind, not of the whole design:
 * the findings say why and what to do.
 */
public enum Grade {
  GOOD,
  FAIR,
  POOR;

  /** The word printed in HTML classes and attributes: {@code good}, {@code fair}, {@code poor}. */
  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * Grades a share of a limit as a rule with warning share {@code warnShare} judges it: at or above
   * the limit poor, from the warning share fair, below it good. With a warning share of 0.5, 0.84
   * of a ceiling is fair and 1.0 poor.
   */
  public static Grade ofShare(double share, double warnShare) {
    return share >= 1 ? POOR : share >= warnShare ? FAIR : GOOD;
  }
}
