package dev.keyplan.dynamodb.simulate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.keyplan.model.AccessPattern;
import dev.keyplan.model.Entity;
import dev.keyplan.model.Model;
import dev.keyplan.model.yaml.ModelReader;
import dev.keyplan.workload.HotWindowFixture;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * simulate spreads a copy's items as the analysis sizes them and its requests as the analysis heats
 * them, when a {@code for:} window bounds the busiest rate (docs/model.md, "Hot for a window"). The
 * likes fixture ({@link HotWindowFixture}): 10k likes/s over a year = 315,360,000,000 items; the
 * busiest post at 300/s for one day.
 */
final class HotWindowKeySpreadsTest {
  private static final double ROWS = 10_000.0 * 31_536_000;

  @Test
  void theBusiestPostHoldsTheWindowsItems_butTakesTheRatesRequests() {
    Model m = ModelReader.read("likes.yaml", HotWindowFixture.windowed(), Path.of("."));
    Entity e = m.entities().get("Like");
    AccessPattern like = m.patterns().get(0);
    // Items: 300 × 86,400 = 25,920,000 of 315,360,000,000, a share of ≈ 8.219 × 10⁻⁵.
    assertThat(KeySpreads.rows(e, Set.of("post_id"), ROWS).share(0))
        .isCloseTo(25_920_000 / ROWS, within(1e-15));
    // Requests: 300 / 10,000 = 3% of the inserts reach the busiest post.
    assertThat(KeySpreads.requests(like, e, Set.of("post_id"), ROWS).share(0))
        .isCloseTo(0.03, within(1e-15));
  }
}
