package dev.keyplan.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** The verify load estimate's refusal (docs/reliability.md, "Verify loading"), by hand. */
class LoadBudgetTest {
  @Test
  void theRate_isTheOneMeasured() {
    // docs/engines.md: 200 PutItems in 1.36 s against dynalite, 147.06 a second.
    assertEquals(147.06, LoadBudget.ROWS_PER_SECOND, 0.01);
    // 100,000 rows at that rate: 100,000 × 1.36 ÷ 200 = 680 s, the "about 11 minutes" of the help.
    assertEquals(680, new LoadBudget.Estimate(LoadBudget.DEFAULT_ROWS, 0).seconds(), 1e-9);
  }

  @Test
  void overTheBudget_isRefusedWithTheEstimate() {
    // Hostile shape: 150,000 rows of 500 bytes (75 MB) against the default 100,000 rows.
    // 150,000 × 1.36 ÷ 200 = 1,020 s = 17.0 min.
    var x =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                LoadBudget.check(new LoadBudget.Estimate(150_000, 75e6), LoadBudget.DEFAULT_ROWS));
    assertEquals(
        "verify would load about 150,000 rows / 75 MB (about 17 minutes at the 147 rows a second"
            + " measured in docs/engines.md), more than the budget of 100,000 rows; lower"
            + " --max-rows, or pass --load-budget 150000",
        x.getMessage());
    // Told otherwise: the same load under a raised budget passes.
    LoadBudget.check(new LoadBudget.Estimate(150_000, 75e6), 150_000);
    // No bytes (a store that does not size rows): the MB are left out, not printed as 0.
    var y =
        assertThrows(
            IllegalArgumentException.class,
            () -> LoadBudget.check(new LoadBudget.Estimate(101, 0), 100));
    assertEquals(
        "verify would load about 101 rows (about 0.69 s at the 147 rows a second measured in"
            + " docs/engines.md), more than the budget of 100 rows; lower --max-rows, or pass"
            + " --load-budget 101",
        y.getMessage());
  }
}
