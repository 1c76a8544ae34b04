package dev.keyplan.simulate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class KeysTest {
  @Test
  void zipf_keepsTheFirstRanks_andTheTailHasTheRest() {
    // 10 M values, s = 1: H(10⁷, 1) ≈ ln(10⁷) + 0.5772 + 1/(2·10⁷) ≈ 16.695, so rank 1 has 1/16.695
    // ≈ 5.99%
    // and rank 2 half of it; the first 1,024 ranks hold H(1024, 1) / H(10⁷) ≈ 7.5103 / 16.695 ≈
    // 45.0%.
    Keys k = Keys.zipf("channel_id", 10e6, 1);
    assertEquals(Keys.HEAVY_LIMIT, k.heavyCount());
    assertEquals(0.0599, k.share(0), 0.0001);
    assertEquals(k.share(0) / 2, k.share(1), 1e-12);
    assertEquals(0.450, k.heavyShare(), 0.001);
    assertEquals(1 - k.heavyShare(), k.tailShare(), 1e-12);
    assertEquals(10e6 - 1024, k.tailCount());
  }

  @Test
  void uniform_smallCountsAreAllHeavy_largeOnesAllTail() {
    Keys seven = Keys.uniform("country", 7);
    assertEquals(7, seven.heavyCount());
    assertEquals(1 / 7.0, seven.share(6), 1e-12);
    assertEquals(0, seven.tailShare());
    Keys many = Keys.uniform("user_id", 1e6);
    assertEquals(0, many.heavyCount());
    assertEquals(1, many.tailShare());
  }

  @Test
  void hotspot_oneValueTakesItsShare() {
    // 120 countries with the US at 60%: the other 119 share 40%, 0.336% each.
    Keys k = Keys.hotspot("country_code", 120, 0.6);
    assertEquals(120, k.heavyCount());
    assertEquals(0.6, k.share(0), 1e-12);
    assertEquals(0.4 / 119, k.share(1), 1e-12);
    Keys big = Keys.hotspot("product_id", 10_000, 0.8);
    assertArrayEquals(new double[] {0.8}, big.heavy());
    assertEquals(0.2, big.tailShare(), 1e-12);
  }

  @Test
  void namedShares_comeFirst_largestFirst_withTheirNames() {
    Map<String, Double> shares = new LinkedHashMap<>();
    shares.put("EU", 0.35);
    shares.put("US", 0.45);
    Keys k = Keys.named("region", shares, 3);
    // 3 values: US 45%, EU 35%, the third 20%.
    assertArrayEquals(new double[] {0.45, 0.35, 0.20}, k.heavy(), 1e-12);
    assertEquals(List.of("US", "EU"), k.names());
    assertEquals("US", k.name(0));
    assertEquals("region-3", k.name(2));
  }

  @Test
  void sampler_drawsRanksWithTheirShares() {
    // 60% on rank 0, the rest over 999 tail values: of 200,000 draws, 120,000 ± 3σ (σ = √(n p q) ≈
    // 219).
    Keys k = Keys.hotspot("k", 10_000, 0.6);
    Keys.Sampler s = k.sampler();
    SplittableRandom r = new SplittableRandom(7);
    int zero = 0;
    long maxTail = 0;
    for (int i = 0; i < 200_000; i++) {
      long rank = s.next(r);
      if (rank == 0) {
        zero++;
      } else {
        maxTail = Math.max(maxTail, rank);
      }
    }
    assertEquals(120_000, zero, 3 * 219);
    assertTrue(
        maxTail < 10_000 && maxTail > 9_900,
        "tail ranks stay within the distinct values: " + maxTail);
  }

  @Test
  void heavyArrayCannotBeChangedFromOutside() {
    Keys k = Keys.uniform("k", 2);
    k.heavy()[0] = 9;
    assertEquals(0.5, k.share(0));
    assertThrows(
        IllegalArgumentException.class,
        () -> new Keys("k", 1, new double[] {0.5, 0.5}, List.of(), false));
  }

  @Test
  void poisson_meanAndSpread() {
    // Poisson(λ) has mean λ and variance λ; over 20,000 draws the mean is within 4·√(λ/n).
    SplittableRandom r = new SplittableRandom(3);
    for (double lambda : new double[] {0.3, 4, 29, 800}) {
      double sum = 0;
      double sq = 0;
      int n = 20_000;
      for (int i = 0; i < n; i++) {
        long x = Poisson.draw(r, lambda);
        sum += x;
        sq += (double) x * x;
      }
      double mean = sum / n;
      double variance = sq / n - mean * mean;
      assertEquals(lambda, mean, 4 * Math.sqrt(lambda / n), "mean at λ=" + lambda);
      assertEquals(lambda, variance, lambda * 0.1, "variance at λ=" + lambda);
    }
    assertEquals(0, Poisson.draw(r, 0));
  }
}
