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

  @Test
  void aPhase_showsTheRowsReadOfTheEstimate_andTheTimeLeft() {
    // 31% of about 8,320,632 rows is 2,579,395.92, about 2,579,396; 9 of 30 marks (31 × 30 ÷ 100,
    // rounded down). 2 s for 31% leaves 2 × 0.69 ÷ 0.31 = 4.4516 s, 4.45 in three figures.
    assertEquals(
        "analyzing: reading the data [#########                     ] 31% (about 2,579,396 of"
            + " about 8,320,632 rows; about 4.45 s left)",
        ProgressBar.phaseLine("analyzing", "reading the data", 0.31, 8_320_632, 2.0));
    // No estimate of rows (a gzip file), and under a second gone: the share alone.
    assertEquals(
        "analyzing: converting the export [###                           ] 12%",
        ProgressBar.phaseLine("analyzing", "converting the export", 0.125, -1, 0.5));
    // Read in full: no time left is guessed.
    assertEquals(
        "analyzing: reading the data [##############################] 100% (about 3 of about 3"
            + " rows)",
        ProgressBar.phaseLine("analyzing", "reading the data", 1.0, 3, 9.0));
  }

  @Test
  void aPhase_isTimedFromItsFirstReport_andAStepAfterItClearsTheLine() {
    long[] now = {5_000_000_000L};
    StringWriter out = new StringWriter();
    ProgressBar bar = new ProgressBar(new PrintWriter(out), "analyzing", () -> now[0]);
    bar.rowsAbout(1_000);
    bar.within("reading the data", 0.0);
    now[0] += 3_000_000_000L;
    // 3 s for 25%: 3 × 0.75 ÷ 0.25 = 9 s left; the same percentage again draws nothing.
    bar.within("reading the data", 0.25);
    bar.within("reading the data", 0.251);
    bar.at(1, 4);
    String[] draws = out.toString().split("\r");
    assertEquals(
        "analyzing: reading the data [                              ] 0% (about 0 of about 1,000"
            + " rows)   ",
        draws[1]);
    assertEquals(
        "analyzing: reading the data [#######                       ] 25% (about 250 of about"
            + " 1,000 rows; about 9 s left)   ",
        draws[2]);
    // The step's line follows a blank one that wipes the longer phase line (then an empty piece:
    // the blank ends with a carriage return, and the step's line starts with one).
    assertEquals("", draws[3].strip());
    assertEquals("", draws[4]);
    assertEquals("analyzing [#######                       ] 25% (1 of 4)", draws[5]);
  }
}
