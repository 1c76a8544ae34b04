package dev.keyplan.cassandra.verify;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Which rows verify's load sets a sparse column in ({@link TableLoad#sets}): the model's {@code
 * present:} share of them, evenly spread and the same on every run.
 */
final class TableLoadPresenceTest {
  private static List<Long> setting(long rows, double share) {
    List<Long> out = new ArrayList<>();
    for (long r = 0; r < rows; r++) {
      if (TableLoad.sets(r, share)) {
        out.add(r);
      }
    }
    return out;
  }

  @Test
  void thirtyPercentOfTenRows_areRowsThreeSixAndNine() {
    // ⌊(r + 1) × 0.3⌋ steps up at r + 1 = 4 (1.2), 7 (2.1) and 10 (3.0): rows 3, 6 and 9.
    assertThat(setting(10, 0.3)).containsExactly(3L, 6L, 9L);
  }

  @Test
  void anyShareSetsItsShareOfTheRows() {
    // 500 rows (what verify loads at most per partition) at 10%: ⌊500 × 0.1⌋ = 50.
    assertThat(setting(500, 0.1)).hasSize(50);
    assertThat(setting(500, 1.0)).hasSize(500);
  }
}
