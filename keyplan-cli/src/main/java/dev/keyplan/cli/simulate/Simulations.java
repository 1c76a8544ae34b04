package dev.keyplan.cli.simulate;

import dev.keyplan.analysis.StoreAnalysis;
import dev.keyplan.cli.Cli;
import dev.keyplan.input.InputException;
import dev.keyplan.model.Quantities;
import dev.keyplan.simulate.Progress;
import dev.keyplan.simulate.SetupException;
import dev.keyplan.simulate.SimulationResult;
import dev.keyplan.simulate.SimulationSettings;
import dev.keyplan.store.Stores;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * How a command line becomes one store's run: the settings parsed and checked, and the store's
 * simulator called with its setup. {@code keyplan simulate} and {@code keyplan report --simulate}
 * both come through here, so the report's charts are the run {@code simulate} prints for the same
 * options, not a second reading of them.
 */
public final class Simulations {
  /** Defaults of the options both commands take, as picocli default values. */
  public static final String DEFAULT_SEED = "1";

  public static final String DEFAULT_DURATION = "1h";
  public static final String DEFAULT_MODE = "aggregate";

  private Simulations() {}

  /**
   * Returns the settings for {@code --seed}, {@code --duration}, {@code --interval} (null: the
   * default for the duration) and {@code --mode}; a bad value is bad input naming the option.
   */
  public static SimulationSettings settings(
      long seed, String duration, String interval, String mode) {
    long d = seconds("--duration", duration);
    SimulationSettings.Mode md =
        switch (mode.toLowerCase(Locale.ROOT)) {
          case "aggregate" -> SimulationSettings.Mode.AGGREGATE;
          case "exact" -> SimulationSettings.Mode.EXACT;
          default ->
              throw new InputException(
                  Cli.commandLine(), "--mode must be aggregate or exact, not " + mode);
        };
    long i =
        interval == null ? SimulationSettings.defaultInterval(d) : seconds("--interval", interval);
    try {
      return new SimulationSettings(seed, d, i, md);
    } catch (IllegalArgumentException e) {
      throw new InputException(Cli.commandLine(), e.getMessage());
    }
  }

  /**
   * Runs {@code analysis} with every store option at its default, as {@code keyplan simulate MODEL
   * --store s} does with none given; a store keyplan cannot simulate, or a design its simulator
   * cannot run, gives a run that says so, since the rest of a report still stands.
   */
  public static SimulationResult runWithDefaults(
      StoreAnalysis analysis, SimulationSettings settings) {
    String s = analysis.store().id();
    try {
      return Stores.builtIn()
          .simulate(analysis, settings, Optional.empty(), Progress.NONE)
          .orElseGet(
              () ->
                  notSimulated(
                      s, "keyplan has no simulator for " + analysis.store().displayName()));
    } catch (SetupException e) {
      return notSimulated(s, e.getMessage());
    }
  }

  private static SimulationResult notSimulated(String store, String why) {
    return new SimulationResult(
        store,
        List.of(),
        List.of("not simulated: " + why),
        List.of(),
        List.of(),
        new SimulationResult.Series("", List.of(), List.of()),
        List.of());
  }

  private static long seconds(String option, String text) {
    var s = Quantities.seconds(text);
    if (s.isEmpty() || s.getAsLong() < 1) {
      throw new InputException(
          Cli.commandLine(),
          option + " expects a time such as 90s, 10m, 2h or 1d, not '" + text + "'");
    }
    return s.getAsLong();
  }
}
