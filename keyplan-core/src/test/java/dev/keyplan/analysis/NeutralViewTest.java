package dev.keyplan.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The store-neutral view's own arithmetic: grades, shares and sample times. */
final class NeutralViewTest {
  @Test
  void grade_followsTheRulesWarningShare() {
    // 840 WCU/s of a 1,000 WCU/s ceiling with the rule warning from half: fair (a warning).
    assertThat(Grade.ofShare(0.84, 0.5)).isEqualTo(Grade.FAIR);
    assertThat(Grade.ofShare(1.0, 0.5)).isEqualTo(Grade.POOR);
    assertThat(Grade.ofShare(0.49, 0.5)).isEqualTo(Grade.GOOD);
    assertThat(Grade.POOR.id()).isEqualTo("poor");
  }

  @Test
  void hotspot_levelIsUnknownWithoutALoad() {
    Hotspot h = new Hotspot("t", "ops/s", "ops/s", 12_000, 5_000, "budget", 0.5);
    // 12,000 / 5,000 = 2.4 times the budget: an error.
    assertThat(h.share()).isEqualTo(2.4);
    assertThat(h.level()).isEqualTo("error");
    assertThat(new Hotspot("t", "ops/s", "ops/s", Double.NaN, 5_000, "budget", 0.5).level())
        .isEqualTo("unknown");
  }

  @Test
  void dataUnit_isGradedAgainstItsLimit() {
    // A 200 KB item of the 400 KB limit is half of it: fair.
    DataUnit d = new DataUnit("item", 200 * 1024, 400 * 1024, "the 400 KB item limit");
    assertThat(d.share()).isEqualTo(0.5);
    assertThat(d.grade()).isEqualTo(Grade.FAIR);
  }

  @Test
  void growth_timesAreEvenWholeSeconds_andUnknownPointsAreSaid() {
    // 365 days in 24 steps: 31,536,000 / 24 = 1,314,000 s each.
    long[] t = Growth.times(31_536_000, 25);
    assertThat(t).hasSize(25).startsWith(0, 1_314_000).endsWith(31_536_000);
    Growth known =
        new Growth(
            "t",
            "title",
            new double[] {0, 1},
            List.of(new Growth.Curve("busiest", "busiest", new double[] {1, 2})),
            List.of());
    assertThat(known.known()).isTrue();
    assertThat(known.curve("busiest")).containsExactly(1, 2);
    Growth unknown =
        new Growth(
            "t",
            "title",
            new double[] {0, 1},
            List.of(new Growth.Curve("busiest", "busiest", new double[] {1, Double.NaN})),
            List.of());
    assertThat(unknown.known()).isFalse();
  }
}
