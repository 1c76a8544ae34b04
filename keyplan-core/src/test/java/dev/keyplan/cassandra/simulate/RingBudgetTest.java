package dev.keyplan.cassandra.simulate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.keyplan.cassandra.design.CassandraAnalyzer;
import dev.keyplan.simulate.Progress;
import dev.keyplan.simulate.SimulationSettings;
import dev.keyplan.simulate.WorkBudget;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The ring counts in the work budget: the replication-aware allocator's work grows with the square
 * of the nodes, and a 10,000-node ring ran for minutes before the budget, which counted only the
 * simulated seconds, was asked (issue 18).
 */
class RingBudgetTest {

  @Test
  void buildSteps_areTheDocumentedFormula() {
    // 16 tokens on 1,000 nodes = 16,000 tokens. Random: 16,000 × 20 = 320,000 steps.
    // Replication-aware: 320,000 + 16,000 × 1,000 ÷ 10 = 1,920,000 steps (11.5 s at 6 µs; the
    // measured build was 9.7 s).
    assertEquals(320_000, TokenAllocation.RANDOM.buildSteps(1_000, 16));
    assertEquals(1_920_000, TokenAllocation.REPLICATION_AWARE.buildSteps(1_000, 16));
    // 10,000 nodes × 256 tokens, replication-aware: 2,560,000 × 20 + 2,560,000 × 10,000 ÷ 10 =
    // 51,200,000 + 2,560,000,000 = 2,611,200,000 steps.
    assertEquals(2_611_200_000.0, TokenAllocation.REPLICATION_AWARE.buildSteps(10_000, 256));
  }

  @Test
  void aHugeRing_isRefusedBeforeItIsBuilt() {
    // Hostile setup: 10,000 nodes with 256 tokens each in chat.yaml's one datacenter: 2.61 × 10⁹
    // steps for the ring alone, over the default 10⁹. Refused at once, not after building it.
    CassandraSetup d = CassandraSetup.defaults();
    CassandraSetup huge =
        new CassandraSetup(
            10_000,
            d.datacenters(),
            3,
            256,
            TokenAllocation.REPLICATION_AWARE,
            d.replication(),
            d.simpleStrategy(),
            d.consistency(),
            0,
            List.of(),
            0);
    var analysis = CassandraAnalyzer.analyze(CassandraScenarios.example("chat.yaml"));
    var x =
        assertThrows(
            WorkBudget.OverBudgetException.class,
            () ->
                assertTimeoutPreemptively(
                    Duration.ofSeconds(30),
                    () ->
                        CassandraSimulator.run(
                            analysis,
                            huge,
                            SimulationSettings.of(1, 60, SimulationSettings.Mode.AGGREGATE),
                            Optional.empty(),
                            Progress.NONE)));
    assertTrue(
        x.getMessage().startsWith("this run would take about 2.61 billion steps"), x.getMessage());
  }

  @Test
  void theRingCountsInTheRunsEstimate() {
    // chat.yaml on the default 6 nodes × 16 tokens, one datacenter, replication-aware:
    // 96 × 20 + 96 × 6 ÷ 10 = 1,920 + 57.6 = 1,977.6 steps before the first second.
    var analysis = CassandraAnalyzer.analyze(CassandraScenarios.example("chat.yaml"));
    assertEquals(1_977.6, CassandraSimulator.ringSteps(analysis, CassandraSetup.defaults()), 1e-9);
  }
}
