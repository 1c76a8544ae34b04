package dev.keyplan.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.keyplan.model.Entity;
import dev.keyplan.model.Spread;
import dev.keyplan.model.yaml.ModelReader;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A busiest rate bounded by {@code for:} (docs/model.md, "Hot for a window"): heat reads the rate,
 * sizes read the rows the window holds. The numbers are the likes fixture's ({@link
 * HotWindowFixture}): 10k likes/s for a 1y horizon = 10,000 × 31,536,000 = 315,360,000,000 rows;
 * the busiest post takes 300/s, 3% of the writes, for one day: 300 × 86,400 = 25,920,000 rows.
 */
final class HotWindowShareTest {
  private static final double ROWS = 10_000.0 * 31_536_000;

  private static Entity like(String yaml) {
    return ModelReader.read("likes.yaml", yaml, Path.of(".")).entities().get("Like");
  }

  @Test
  void heatReadsTheRate_sizeReadsTheWindowsRows() {
    Entity e = like(HotWindowFixture.windowed());
    // Heat: 300 / 10,000 = 3%, as without the window.
    assertThat(KeySpread.busiestShare(e, "post_id", ROWS)).hasValue(0.03);
    // Size: 25,920,000 / 315,360,000,000 ≈ 8.219 × 10⁻⁵ of the rows.
    assertThat(KeySpread.rowShare(e, "post_id", ROWS).getAsDouble())
        .isCloseTo(25_920_000 / ROWS, within(1e-15));
    assertThat(KeyCounts.busiestPerValue(e, java.util.Set.of("post_id"), ROWS))
        .isCloseTo(25_920_000, within(1e-3));
  }

  @Test
  void withoutAWindow_heatAndSizeAreOneShare() {
    // 3% of 315,360,000,000 rows = 9,460,800,000: the year at the burst's rate.
    Entity e = like(HotWindowFixture.wholeHorizon());
    assertThat(KeySpread.rowShare(e, "post_id", ROWS)).hasValue(0.03);
    assertThat(KeyCounts.busiestPerValue(e, java.util.Set.of("post_id"), ROWS))
        .isCloseTo(9_460_800_000.0, within(1e-3));
  }

  @Test
  void theWindowIsCappedByTheRateSharesRows_andFlooredByTheRestOfTheSpread() {
    Spread s = like(HotWindowFixture.windowed()).spread().get("post_id");
    // Rows of one hour of writes (a 1h time bucket): 10,000 × 3,600 = 36,000,000. A 1d window is
    // longer than the bucket: the busiest post holds its rate's 3% of them, 1,080,000 rows.
    assertThat(s.rowShare(10_000, 36_000_000).getAsDouble()).isCloseTo(0.03, within(1e-15));
    // 10M posts give each at least 1 / 10M of the rows: with 10¹⁸ rows the window's 25,920,000
    // (2.6 × 10⁻¹¹) is below that, and the busiest holds 10¹¹ rows like any other post.
    assertThat(s.rowShare(10_000, 1e18).getAsDouble()).isCloseTo(1e-7, within(1e-20));
  }

  @Test
  void theCompositeKeySaysWhatTheWindowHolds() {
    CompositeKey k = CompositeKey.of(like(HotWindowFixture.windowed()), List.of("post_id"), ROWS);
    assertThat(k.windows()).containsExactly("busiest post_id: 300/s for 1d = 25,920,000 rows");
    assertThat(
            CompositeKey.ofWrites(like(HotWindowFixture.windowed()), List.of("post_id"), ROWS)
                .busiestShare())
        .isEqualTo(0.03);
    // A key of two attributes multiplies the window's share as it multiplies any share:
    // 8.219 × 10⁻⁵ × 1 / 100M users.
    CompositeKey two =
        CompositeKey.of(like(HotWindowFixture.windowed()), List.of("post_id", "user_id"), ROWS);
    assertThat(two.busiestShare()).isCloseTo(25_920_000 / ROWS / 1e8, within(1e-20));
  }
}
