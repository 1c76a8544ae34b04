package dev.keyplan.simulate;

import java.util.SplittableRandom;

/**
 * Counts of independent arrivals in one second: a key asked for at λ operations per second gets
 * Poisson(λ) of them, so the busiest second of a run is above the average as it is in production.
 *
 * <p>Below λ = 30 the count is drawn exactly (Knuth's product of uniforms, The Art of Computer
 * Programming vol. 2, 3.4.1); above it by the normal approximation {@code round(λ + √λ · z)}, whose
 * error in the mean is below 1% there and which costs one Gaussian draw whatever λ is.
 */
public final class Poisson {
  private Poisson() {}

  private static final double EXACT_BELOW = 30;

  /** Returns a Poisson(λ) count, or 0 when λ ≤ 0. */
  public static long draw(SplittableRandom random, double lambda) {
    if (lambda <= 0) {
      return 0;
    }
    if (lambda < EXACT_BELOW) {
      double limit = Math.exp(-lambda);
      long k = 0;
      double product = random.nextDouble();
      while (product > limit) {
        k++;
        product *= random.nextDouble();
      }
      return k;
    }
    return Math.max(0, Math.round(lambda + Math.sqrt(lambda) * random.nextGaussian()));
  }
}
