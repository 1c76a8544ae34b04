package dev.keyplan.analyze.write;

/**
 * When a declared figure agrees with a measured one. Each kind of figure has its own band, taken
 * from the measurement's stated error where it has one (issue 19, "Fidelity" and "Sketch
 * precision") and otherwise a tolerance stated here; two figures also agree whenever {@link
 * FigureText} writes them alike (so a value once written always agrees with the same measurement:
 * the merge is idempotent).
 *
 * <ul>
 *   <li>Counts counted exactly ({@code count}, an exact {@code distinct}): equal after the
 *       three-figure rounding {@link FigureText} writes (within 0.5%).
 *   <li>Sketched distinct counts, and {@code per:} counts (ratios of them): within 3 relative
 *       standard errors of the measurement, the fidelity bound issue 19 sets ("distinct within 3
 *       standard errors").
 *   <li>Shares ({@code busiest: P%}, {@code present:}): within 0.5 percentage points, issue 19's
 *       bound for the busiest share, and within a tenth of the measured share, so that a small
 *       share (a busiest value of 0.01%) does not agree with a guess fifty times larger: heat and
 *       sizes are proportional to it.
 *   <li>Rates ({@code growth:}, a busiest rate) and sizes: within 1% (sizes: or 1 byte), the
 *       tolerance the brief of this feature gives for sizes, applied to rates because a measured
 *       rate is a count over a span and rounds as a count does.
 *   <li>{@code items:}: equal as the whole number the model reads; {@code time_ordered:} equal.
 *   <li>A Zipf exponent: within 0.05, issue 19's fidelity bound for the fitted exponent.
 * </ul>
 */
final class Tolerance {
  private Tolerance() {}

  /** Percentage points two shares may differ by: issue 19's fidelity bound for busiest shares. */
  static final double SHARE_POINTS = 0.005;

  /** Fraction of a measured share a declared one may differ by. */
  static final double SHARE_RELATIVE = 0.10;

  /** Relative difference allowed between rates and between sizes. */
  static final double RELATIVE = 0.01;

  /** Standard errors a sketched count may differ by. */
  static final double STANDARD_ERRORS = 3;

  /** The fitted Zipf exponent's fidelity bound. */
  static final double ZIPF = 0.05;

  static boolean count(double declared, double measured) {
    return FigureText.count(declared).equals(FigureText.count(measured));
  }

  static boolean sketched(double declared, double measured, double relativeError) {
    return count(declared, measured)
        || Math.abs(declared - measured) <= STANDARD_ERRORS * relativeError * measured;
  }

  static boolean share(double declared, double measured) {
    double d = Math.abs(declared - measured);
    return FigureText.share(declared).equals(FigureText.share(measured))
        || (d <= SHARE_POINTS && d <= SHARE_RELATIVE * measured);
  }

  static boolean rate(double declared, double measured) {
    return FigureText.rate(declared).equals(FigureText.rate(measured))
        || Math.abs(declared - measured) <= RELATIVE * measured;
  }

  static boolean size(double declared, double measured) {
    return FigureText.size(declared).equals(FigureText.size(measured))
        || Math.abs(declared - measured) <= Math.max(1, RELATIVE * measured);
  }

  static boolean zipf(double declared, double measured) {
    return Math.abs(declared - measured) <= ZIPF + 1e-12;
  }
}
