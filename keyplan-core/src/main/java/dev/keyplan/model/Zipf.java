package dev.keyplan.model;

/**
 * The Zipf distribution's normaliser: the share of the most frequent of {@code n} values is {@code
 * 1 / H(n, s)} with {@code H(n, s) = Σ_{k=1..n} k^-s}.
 *
 * <p>Summed exactly for the first 10,000 terms; beyond that the tail is the Euler–Maclaurin
 * estimate {@code ∫ x^-s dx + (f(n) − f(a)) / 2 + (f'(n) − f'(a)) / 12}, whose next term is of the
 * order of {@code s³ a^(−s−3) / 720}, far below 1e-12 at a = 10,000. Example: 10 million channels
 * with s = 1 give H ≈ 16.70, so the busiest channel takes about 6.0% of traffic.
 */
public final class Zipf {
  private Zipf() {}

  private static final int EXACT_TERMS = 10_000;

  /** Sums already made: a model has a handful of (n, s) pairs and asks for each many times. */
  private static final java.util.Map<java.util.List<Double>, Double> SUMS =
      new java.util.concurrent.ConcurrentHashMap<>();

  /** Returns H(n, s) for n ≥ 1 values and exponent s ≥ 0. */
  public static double harmonic(double n, double s) {
    return SUMS.computeIfAbsent(java.util.List.of(Math.floor(n), s), k -> sum(n, s));
  }

  private static double sum(double n, double s) {
    long count = (long) Math.floor(n);
    double sum = 0;
    long exact = Math.min(count, EXACT_TERMS);
    for (long k = 1; k <= exact; k++) {
      sum += Math.pow(k, -s);
    }
    if (count > EXACT_TERMS) {
      double a = EXACT_TERMS;
      double b = count;
      double integral =
          s == 1 ? Math.log(b / a) : (Math.pow(b, 1 - s) - Math.pow(a, 1 - s)) / (1 - s);
      // The trapezoid ends: f(b) is counted, f(a) already was, so add half of f(b) and remove half
      // of f(a).
      sum +=
          integral
              + (Math.pow(b, -s) - Math.pow(a, -s)) / 2
              + (-s * Math.pow(b, -s - 1) + s * Math.pow(a, -s - 1)) / 12;
    }
    return sum;
  }
}
