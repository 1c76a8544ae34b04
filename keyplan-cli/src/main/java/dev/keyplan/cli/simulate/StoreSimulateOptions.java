package dev.keyplan.cli.simulate;

import dev.keyplan.analysis.StoreAnalysis;
import dev.keyplan.simulate.Progress;
import dev.keyplan.simulate.SimulationResult;
import dev.keyplan.simulate.SimulationSettings;
import dev.keyplan.simulate.Trace;
import java.util.Optional;

/**
 * One store's options of {@code keyplan simulate STORE} (a picocli mixin: {@code --nodes}, {@code
 * --rcu}, {@code --chunk-size}…) and the run they set up. {@link StoreSimulateCommand} adds them to
 * the store's subcommand only, so picocli refuses another store's options itself.
 */
public interface StoreSimulateOptions {
  /**
   * Runs {@code analysis} with these options.
   *
   * @throws dev.keyplan.simulate.SetupException when the design cannot be run as set up
   */
  SimulationResult run(
      StoreAnalysis analysis,
      SimulationSettings settings,
      Optional<Trace> trace,
      Progress progress);
}
