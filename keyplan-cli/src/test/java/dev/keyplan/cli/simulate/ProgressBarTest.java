package dev.keyplan.cli.simulate;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.keyplan.simulate.SimulationSettings;
import dev.keyplan.simulate.WorkBudget;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/** The progress bar's line, as a pure function of how far the run is and what it estimated. */
class ProgressBarTest {
  @Test
  void theLine_isTheShareDone_andTheEstimate() {
    // 60 of 120 s is 50%: 15 of the 30 marks.
    assertEquals(
        "simulating [###############               ] 50% (60 of 120 s)",
        ProgressBar.line("simulating", 60, 120, " s", ""));
    // 1 of 3 rows is 33% (rounded down), 9 marks (33 × 30 ÷ 100, rounded down); no unit.
    assertEquals(
        "loading [#########                     ] 33% (1 of 3; about 4.2 min)",
        ProgressBar.line("loading", 1, 3, "", "about 4.2 min"));
    // Done: every mark; a count past the total stays at 100%.
    assertEquals(
        "simulating [##############################] 100% (9 of 8 s)",
        ProgressBar.line("simulating", 9, 8, " s", ""));
  }

  @Test
  void theBar_showsTheEstimateTheRunTold() {
    // An hour of 105 steps a second: 378,000 steps × 6 µs = 2.268 s, "2.27 s" in three figures.
    SimulationSettings s = SimulationSettings.of(1, 3_600, SimulationSettings.Mode.AGGREGATE);
    StringWriter out = new StringWriter();
    ProgressBar bar = new ProgressBar(new PrintWriter(out));
    bar.estimated(WorkBudget.estimate(s, 3_600, 99, 0, 6));
    bar.at(1_800, 3_600);
    assertEquals(
        "\rsimulating [###############               ] 50% (1800 of 3600 s; about 2.27 s at 6 µs a"
            + " step)",
        out.toString());
  }
}
