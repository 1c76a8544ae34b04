package dev.keyplan.analyze;

import java.util.Optional;

/**
 * Fits a Zipf law to a key's rank–frequency and decides whether the data follows one.
 *
 * <p><b>The estimator.</b> The discrete maximum-likelihood estimate of Clauset, Shalizi and Newman,
 * "Power-law distributions in empirical data", SIAM Review 51(4), 2009, section 3
 * (https://arxiv.org/abs/0706.1062), applied to ranks: a value of rank {@code r} has probability
 * {@code r^-s / H(k, s)} over ranks {@code 1..k}, and the log-likelihood of counts {@code c_r} is
 *
 * <pre>
 *   ℓ(s) = −s Σ c_r ln r − M ln H(k, s),   M = Σ c_r
 * </pre>
 *
 * whose derivative {@code M·G(s)/H(k, s) − Σ c_r ln r} (with {@code G(s) = Σ r^-s ln r}) falls as
 * {@code s} grows, so its one root is found by bisection on [0, 10].
 *
 * <p><b>Which ranks.</b> Only the head is fitted: the ranks whose count is at least {@link
 * #HEAD_COUNT}. Ranks come from the observed counts; where counts are small, Poisson noise (√c)
 * exceeds the gap between neighbouring ranks and sorting reorders them, and where rows are fewer
 * than the law's values the tail is cut off altogether: both would bias {@code s} (Clauset et al.
 * fit above an {@code x_min} for the same reason). The fit is conditional on the head, the law
 * truncated to {@code k} ranks.
 *
 * <p><b>Follows one?</b> The Kolmogorov–Smirnov distance {@code D} between the observed and the
 * fitted cumulative shares over the head (Clauset et al. section 3.3 use the same distance to
 * choose {@code x_min} and to test the fit) against the test's 5% critical value for the head's
 * {@code M} rows, {@code 1.36 / √M} (Massey, "The Kolmogorov-Smirnov test for goodness of fit",
 * JASA 46(253), 1951, table 1, for samples above 35): the data follows the law when {@code D} is at
 * most that. Clauset et al. derive a p-value by bootstrap instead; the fixed critical value keeps
 * the answer the same for the same data and the run one pass. Ranks sorted from observed counts are
 * not independent draws, so this is a decision rule rather than an exact test: on generated data it
 * accepts Zipf laws with s from 0.5 to 1.1 and refuses uniform keys and seed 004's 60% tenant
 * (AnalyzeFidelityTest, ZipfEstimatorTest).
 */
public final class ZipfEstimator {
  private ZipfEstimator() {}

  /** Ranks whose count is at least this are fitted: Poisson noise √100 = 10% of a count. */
  public static final long HEAD_COUNT = 100;

  /** Fewest ranks worth a fit: below it a line through a few points says nothing. */
  public static final int MIN_RANKS = 5;

  /** The KS test's 5% critical value times √M (Massey 1951, table 1). */
  public static final double KS_CRITICAL = 1.36;

  /**
   * Returns the fitted law for counts sorted from the largest down, or empty when fewer than {@link
   * #MIN_RANKS} ranks reach {@link #HEAD_COUNT}.
   */
  public static Optional<Analysis.ZipfFit> fit(long[] descending) {
    int k = 0;
    while (k < descending.length && descending[k] >= HEAD_COUNT) {
      k++;
    }
    if (k < MIN_RANKS) {
      return Optional.empty();
    }
    double m = 0;
    double a = 0;
    for (int r = 1; r <= k; r++) {
      m += descending[r - 1];
      a += descending[r - 1] * Math.log(r);
    }
    double lo = 0;
    double hi = 10;
    // Equal counts make ℓ'(0) zero up to rounding: the law is flat, s = 0.
    if (slope(k, lo, m, a) <= 1e-12 * Math.max(1, a)) {
      hi = 0;
    } else {
      for (int i = 0; i < 60; i++) {
        double mid = (lo + hi) / 2;
        if (slope(k, mid, m, a) > 0) {
          lo = mid;
        } else {
          hi = mid;
        }
      }
    }
    double s = (lo + hi) / 2;
    double h = 0;
    for (int r = 1; r <= k; r++) {
      h += Math.pow(r, -s);
    }
    double observed = 0;
    double fitted = 0;
    double distance = 0;
    for (int r = 1; r <= k; r++) {
      observed += descending[r - 1] / m;
      fitted += Math.pow(r, -s) / h;
      distance = Math.max(distance, Math.abs(observed - fitted));
    }
    double critical = KS_CRITICAL / Math.sqrt(m);
    return Optional.of(new Analysis.ZipfFit(s, k, distance, critical, distance <= critical));
  }

  /** ℓ'(s) = M·G(s)/H(k, s) − A. */
  private static double slope(int k, double s, double m, double a) {
    double h = 0;
    double g = 0;
    for (int r = 1; r <= k; r++) {
      double p = Math.pow(r, -s);
      h += p;
      g += p * Math.log(r);
    }
    return m * g / h - a;
  }
}
