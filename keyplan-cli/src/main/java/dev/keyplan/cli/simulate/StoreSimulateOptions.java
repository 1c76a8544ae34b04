package dev.keyplan.cli.simulate;

import dev.keyplan.analysis.StoreAnalysis;
import dev.keyplan.model.StoreId;
import dev.keyplan.simulate.Progress;
import dev.keyplan.simulate.SimulationResult;
import dev.keyplan.simulate.SimulationSettings;
import dev.keyplan.simulate.Trace;
import java.util.List;
import java.util.Optional;

/**
 * One store's options of {@code keyplan simulate} (a picocli mixin: {@code --nodes}, {@code --rcu},
 * {@code --chunk-size}…) and the run they set up. {@link SimulateCommand} adds every store's
 * options and runs the chosen store's; options given for another store are refused.
 */
public interface StoreSimulateOptions {
  /** The options given on the command line, by name, to refuse them for another store. */
  List<String> given();

  /**
   * True when {@code --shards} means something to store {@code id} (ScyllaDB's shards per node,
   * MongoDB's shards).
   */
  boolean takesShards(StoreId id);

  /**
   * Runs {@code analysis} with these options; {@code shards} is {@code --shards}, or null.
   *
   * @throws dev.keyplan.simulate.SetupException when the design cannot be run as set up
   */
  SimulationResult run(
      StoreAnalysis analysis,
      SimulationSettings settings,
      Optional<Trace> trace,
      Progress progress,
      Integer shards);
}
