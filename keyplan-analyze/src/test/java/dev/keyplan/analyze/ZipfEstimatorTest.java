package dev.keyplan.analyze;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** The Zipf fit on rank–frequency lists whose answer is known by hand. */
final class ZipfEstimatorTest {

  @Test
  void countsExactlyProportionalToOneOverRank_fitExponentOne() {
    // c_r = 2,520,000 / r for r = 1..10 (2,520 is the least common multiple of 1..10, so every
    // count is whole): the likelihood equation Σ c_r ln r / M = G(s) / H(10, s) holds at s = 1
    // exactly, since c_r / M = r^-1 / H(10, 1). The observed and fitted shares coincide: D = 0.
    long[] counts = new long[10];
    for (int r = 1; r <= 10; r++) {
      counts[r - 1] = 2_520_000 / r;
    }
    Analysis.ZipfFit fit = ZipfEstimator.fit(counts).orElseThrow();
    assertThat(fit.exponent()).isCloseTo(1, within(1e-9));
    assertThat(fit.ranks()).isEqualTo(10);
    assertThat(fit.ksDistance()).isCloseTo(0, within(1e-9));
    assertThat(fit.follows()).isTrue();
  }

  @Test
  void equalCounts_fitExponentZero() {
    // Ten values of 1,000 rows: ℓ'(0) = M · mean(ln r) − Σ c_r ln r = 0, so s = 0 (uniform).
    long[] counts = new long[10];
    java.util.Arrays.fill(counts, 1_000);
    assertThat(ZipfEstimator.fit(counts).orElseThrow().exponent()).isEqualTo(0);
  }

  @Test
  void oneDominantValue_doesNotFollow() {
    // 60,000 rows on one value, then 20 values of 150..131 rows: the fit makes rank 1 take almost
    // everything, and the observed rank-2 onwards stay flat, far from r^-s: D is above 1.36 / √M
    // (M = 62,810, critical 0.0054).
    long[] counts = new long[21];
    counts[0] = 60_000;
    for (int r = 1; r <= 20; r++) {
      counts[r] = 151 - r;
    }
    Analysis.ZipfFit fit = ZipfEstimator.fit(counts).orElseThrow();
    assertThat(fit.ksCritical()).isCloseTo(1.36 / Math.sqrt(62_810), within(1e-12));
    assertThat(fit.follows()).isFalse();
  }

  @Test
  void fewerThanFiveRanksOfAHundredRows_areNotFitted() {
    assertThat(ZipfEstimator.fit(new long[] {5_000, 900, 300, 100, 99, 50})).isEmpty();
  }
}
