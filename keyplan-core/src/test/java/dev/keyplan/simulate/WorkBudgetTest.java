package dev.keyplan.simulate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** The work estimate's formula (docs/reliability.md, "Simulation budget"), by hand. */
class WorkBudgetTest {
  @Test
  void smallRun_isTheFormula_andUnderTheBudget() {
    // An hour at the default 60 s interval; 3 streams with 10 heavy keys each at RF 3:
    // Σ (10 + 1) × 3 = 99 key-steps a second, + 6 nodes = 105 steps a second; × 3,600 s =
    // 378,000 steps. Series: 60 intervals × 6 nodes × 128 bytes = 46,080 bytes; state: 6 × 2,048 =
    // 12,288 bytes; 58,368 in all, 1 MiB rounded up.
    SimulationSettings s = SimulationSettings.of(1, 3_600, SimulationSettings.Mode.AGGREGATE);
    WorkBudget.Estimate e = WorkBudget.estimate(s, 3_600, 99, 1e6, 6);
    assertEquals(105, e.stepsPerSecond());
    assertEquals(378_000, e.steps());
    assertEquals(46_080, e.seriesBytes());
    assertEquals(12_288, e.stateBytes());
    assertEquals(1, e.megabytes());
    // 378,000 × 6,000 ns = 2.268 s on the reference machine.
    assertEquals(2.268, e.seconds(), 1e-9);
    WorkBudget.check(s, e); // under 10⁹: no refusal
  }

  @Test
  void hugeRun_isRefusedWithTheEstimate() {
    // 1,000 years = 1000 × 365 × 86,400 = 31,536,000,000 s at the same 105 steps a second:
    // 3.31128 × 10¹² steps. The series is capped at 20,160 intervals × 6 nodes × 128 bytes =
    // 15,482,880 bytes, and the nodes' state 6 × 2,048 = 12,288: 15,495,168 bytes, 15 MiB rounded
    // up, whatever the duration.
    long duration = 31_536_000_000L;
    SimulationSettings s = SimulationSettings.of(1, duration, SimulationSettings.Mode.AGGREGATE);
    WorkBudget.Estimate e = WorkBudget.estimate(s, duration, 99, 1e6, 6);
    assertEquals(3.31128e12, e.steps(), 1);
    assertEquals(15, e.megabytes());
    var x = assertThrows(WorkBudget.OverBudgetException.class, () -> WorkBudget.check(s, e));
    assertEquals(
        "this run would take about 3.31 trillion steps / 15 MB (about 230 days at the 6 µs a"
            + " step measured in bench/RESULTS.md), more than the budget of 1.00 billion steps;"
            + " shorten --duration, or pass --budget 34e11",
        x.getMessage());
  }

  @Test
  void exactMode_countsOperations_andSuggestsAggregate() {
    // 1 billion requests a second on 1 copy for an hour: (1e9 + 1 subject) × 3,600 ≈ 3.6 × 10¹².
    SimulationSettings s = SimulationSettings.of(1, 3_600, SimulationSettings.Mode.EXACT);
    WorkBudget.Estimate e = WorkBudget.estimate(s, 3_600, 2, 1e9, 1);
    assertEquals(3_600 * (1e9 + 1), e.steps());
    var x = assertThrows(WorkBudget.OverBudgetException.class, () -> WorkBudget.check(s, e));
    assertTrue(
        x.getMessage().contains("shorten --duration, use --mode aggregate, or"), x.getMessage());
  }

  @Test
  void aRaisedBudget_letsTheRunThrough() {
    SimulationSettings s =
        new SimulationSettings(1, 86_400, 60, SimulationSettings.Mode.AGGREGATE, 20_000_000);
    // 86,400 × (200 + 10) = 18,144,000: under the 2 × 10⁷ given.
    WorkBudget.check(s, WorkBudget.estimate(s, 86_400, 200, 0, 10));
    // 40 days of it, 72,576,000 steps, is over that budget but under the default 10⁹.
    SimulationSettings small =
        new SimulationSettings(1, 40 * 86_400, 60, SimulationSettings.Mode.AGGREGATE, 20_000_000);
    assertThrows(
        WorkBudget.OverBudgetException.class,
        () -> WorkBudget.check(small, WorkBudget.estimate(small, 40 * 86_400, 200, 0, 10)));
    SimulationSettings byDefault =
        SimulationSettings.of(1, 40 * 86_400, SimulationSettings.Mode.AGGREGATE);
    WorkBudget.check(byDefault, WorkBudget.estimate(byDefault, 40 * 86_400, 200, 0, 10));
  }

  @Test
  void thinning_widensTheIntervalToStayUnderTheCap() {
    // A day at 1 s would be 86,400 rows a subject; ⌈86,400 / 20,160⌉ = 5 s gives 17,280.
    assertEquals(5, WorkBudget.thinnedInterval(86_400, 1));
    // A fortnight at 60 s is exactly 20,160 intervals: not thinned.
    assertEquals(60, WorkBudget.thinnedInterval(14 * 86_400, 60));
    // 10 years: ⌈315,360,000 / 20,160⌉ = 15,643 s.
    assertEquals(15_643, WorkBudget.thinnedInterval(315_360_000L, 60));
  }

  @Test
  void aRunOverItsMemoryCap_isRefused_withTheIntervalThatFits() {
    // Hostile shape: 100,000 subjects (a DynamoDB copy at keyplan's partition cap) for an hour at
    // 60 s, well under the step budget at 1 key a subject: 3,600 × (100,000 + 100,000) = 7.2 × 10⁸.
    // Series: 60 intervals × 100,000 × 128 bytes = 768,000,000 bytes; state: 100,000 × 2,048 =
    // 204,800,000 bytes; 972,800,000 in all, 928 MiB rounded up, over the 256 MiB cap. What fits:
    // (268,435,456 − 204,800,000) ÷ 128 ÷ 100,000 = 4 intervals a subject (rounded down), so
    // ⌈3,600 ÷ 4⌉ = 900 s.
    SimulationSettings s = SimulationSettings.of(1, 3_600, SimulationSettings.Mode.AGGREGATE);
    WorkBudget.Estimate e = WorkBudget.estimate(s, 3_600, 100_000, 0, 100_000);
    assertEquals(7.2e8, e.steps());
    assertEquals(768_000_000, e.seriesBytes());
    assertEquals(204_800_000, e.stateBytes());
    var x = assertThrows(WorkBudget.OverBudgetException.class, () -> WorkBudget.check(s, e));
    assertEquals(
        "this run would hold about 928 MB (100,000 subjects × 60 intervals × 128 bytes of time"
            + " series, and 2 KB of state each), more than the 256 MB it may; pass --interval 900s"
            + " or more (4 intervals a subject) or shorten --duration",
        x.getMessage());
    // At the interval it names: 4 × 100,000 × 128 + 204,800,000 = 256,000,000 bytes, under the cap.
    SimulationSettings wider =
        new SimulationSettings(1, 3_600, 900, SimulationSettings.Mode.AGGREGATE, 1_000_000_000L);
    WorkBudget.check(wider, WorkBudget.estimate(wider, 3_600, 100_000, 0, 100_000));
  }

  @Test
  void stateAloneOverTheCap_saysThatNoIntervalFits() {
    // Issue 18's out-of-memory run: a table and three global indexes at 100,000 partitions each,
    // 400,000 subjects × 2,048 bytes = 819,200,000 bytes of state before any series: it ran out of
    // a 512 MB heap; now it is refused before it starts.
    SimulationSettings s = SimulationSettings.of(1, 300, SimulationSettings.Mode.AGGREGATE);
    var x =
        assertThrows(
            WorkBudget.OverBudgetException.class,
            () -> WorkBudget.check(s, WorkBudget.estimate(s, 300, 0, 0, 400_000)));
    assertTrue(
        x.getMessage()
            .endsWith("even one interval is more: simulate fewer partitions, tables or indexes"),
        x.getMessage());
  }

  @Test
  void subjectsBeyondTheCapInOneInterval_sayThatNoIntervalFits() {
    // 3,000,000 subjects × (128 + 2,048) bytes = 6,528,000,000 bytes in a single interval: no
    // --interval helps.
    SimulationSettings s = SimulationSettings.of(1, 60, SimulationSettings.Mode.AGGREGATE);
    var x =
        assertThrows(
            WorkBudget.OverBudgetException.class,
            () -> WorkBudget.check(s, WorkBudget.estimate(s, 60, 0, 0, 3_000_000)));
    assertTrue(
        x.getMessage()
            .endsWith(
                "even one interval is more: simulate fewer partitions, tables or" + " indexes"),
        x.getMessage());
  }

  @Test
  void theRateInTheMessage_isTheDocumentedConstant() {
    // NANOS_PER_STEP is 6,000 ns (bench/RESULTS.md): printed as 6 µs, whatever the machine.
    assertEquals("6", WorkBudget.micros(WorkBudget.NANOS_PER_STEP));
    assertEquals("0.6", WorkBudget.micros(600));
  }

  @Test
  void budgetOption_readsWholeStepCounts() {
    assertEquals(OptionalLong.of(5_000_000_000L), WorkBudget.parseSteps("5e9"));
    assertEquals(OptionalLong.of(12), WorkBudget.parseSteps("12"));
    assertEquals(OptionalLong.empty(), WorkBudget.parseSteps("0"));
    assertEquals(OptionalLong.empty(), WorkBudget.parseSteps("-5"));
    assertEquals(OptionalLong.empty(), WorkBudget.parseSteps("NaN"));
    assertEquals(OptionalLong.empty(), WorkBudget.parseSteps("1e400"));
    assertEquals("76e10", WorkBudget.suggestion(7.57e11));
  }
}
