package dev.keyplan.analyze.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.io.StringWriter;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The benchmark's data is what its Javadoc says: the same seed gives the same rows, another seed
 * other rows, and over 200,000 rows each spread is its law's within stated bounds. Each bound is
 * the fidelity bound for the busiest share (0.5 percentage points), which is over 4
 * binomial standard errors at this size: √(p(1−p)/n) is 0.074 points for channel 1's 12.4% and 0.11
 * points for the 60% region.
 */
class AnalyzeBenchDataTest {
  private static final int ROWS = 200_000;

  private static List<String> lines(long rows, long seed) throws IOException {
    StringWriter w = new StringWriter();
    AnalyzeBenchData.write(w, rows, seed);
    return w.toString().lines().toList();
  }

  @Test
  void theSameSeedGivesTheSameRowsAndAnotherSeedOthers() throws IOException {
    List<String> a = lines(1_000, AnalyzeBenchData.SEED);
    assertThat(lines(1_000, AnalyzeBenchData.SEED)).isEqualTo(a);
    List<String> b = lines(1_000, AnalyzeBenchData.SEED + 1);
    assertThat(b.get(0)).isEqualTo(a.get(0)); // the header
    assertThat(b.subList(1, b.size())).doesNotContainAnyElementsOf(a.subList(1, a.size()));
    // A prefix does not depend on how many rows follow it.
    assertThat(lines(10, AnalyzeBenchData.SEED)).isEqualTo(a.subList(0, 11));
  }

  @Test
  void everyRowHasTheShapeAndEachSpreadItsLaw() throws IOException {
    List<String> lines = lines(ROWS, AnalyzeBenchData.SEED);
    assertThat(lines.get(0)).isEqualTo(AnalyzeBenchData.HEADER);
    assertThat(lines).hasSize(ROWS + 1);
    Map<String, Long> channels = new HashMap<>();
    Map<String, Long> regions = new HashMap<>();
    Instant previous = Instant.MIN;
    for (int i = 1; i <= ROWS; i++) {
      String[] f = lines.get(i).split(",", -1);
      assertThat(f).hasSize(6);
      assertThat(Long.parseLong(f[0])).isEqualTo(i);
      int channel = Integer.parseInt(f[1]);
      assertThat(channel).isBetween(1, AnalyzeBenchData.CHANNELS);
      assertThat(Integer.parseInt(f[2])).isBetween(1, AnalyzeBenchData.USERS);
      Instant at = Instant.parse(f[4]);
      assertThat(at)
          .isEqualTo(
              AnalyzeBenchData.START.plusMillis((long) (i - 1) * AnalyzeBenchData.STEP_MILLIS))
          .isAfter(previous);
      previous = at;
      assertThat(f[5].length()).isBetween(AnalyzeBenchData.BODY_MIN, AnalyzeBenchData.BODY_MAX);
      assertThat(f[5]).matches("[a-z ]*");
      channels.merge(f[1], 1L, Long::sum);
      regions.merge(f[3], 1L, Long::sum);
    }
    // Channel 1's share is the law's 1 / H(10⁶, 1.1) (about 12.4%).
    double zipfTop =
        1 / AnalyzeBenchData.harmonic(AnalyzeBenchData.CHANNELS, AnalyzeBenchData.ZIPF_S);
    assertThat(zipfTop).isBetween(0.12, 0.13);
    assertThat(channels.get("1") / (double) ROWS).isCloseTo(zipfTop, within(0.005));
    // Rank 2 holds 2^-1.1 of rank 1's rows, within the same bound.
    assertThat(channels.get("2") / (double) ROWS)
        .isCloseTo(zipfTop * Math.pow(2, -AnalyzeBenchData.ZIPF_S), within(0.005));
    assertThat(regions.get(AnalyzeBenchData.HOME_REGION) / (double) ROWS)
        .isCloseTo(AnalyzeBenchData.HOME_REGION_SHARE, within(0.005));
    assertThat(regions).hasSize(1 + AnalyzeBenchData.OTHER_REGIONS.size());
    double other = (1 - AnalyzeBenchData.HOME_REGION_SHARE) / AnalyzeBenchData.OTHER_REGIONS.size();
    for (String r : AnalyzeBenchData.OTHER_REGIONS) {
      assertThat(regions.get(r) / (double) ROWS).as(r).isCloseTo(other, within(0.005));
    }
  }
}
