package dev.keyplan.simulate;

import dev.keyplan.analysis.StoreAnalysis;
import java.util.Optional;

/**
 * A store's partitioning engine, as {@code keyplan report --simulate} runs it: the analysed design
 * with every store option at its default, the run {@code keyplan simulate} makes when given none.
 * Each store's simulator has a typed entry of its own for its options ({@code
 * CassandraSimulator.run} with a {@code CassandraSetup}); this is the one the spine can call
 * without naming a store.
 *
 * @param <A> the analysis the simulator reads: it never analyses the model again
 */
@FunctionalInterface
public interface StoreSimulator<A extends StoreAnalysis> {
  /**
   * Runs {@code analysis}'s workload for {@code settings}' duration.
   *
   * @throws SetupException when the design cannot be run (a MongoDB design with no sharded
   *     collection)
   */
  SimulationResult run(
      A analysis, SimulationSettings settings, Optional<Trace> trace, Progress progress);
}
