package dev.keyplan.cli.simulate;

import dev.keyplan.analysis.StoreAnalysis;
import dev.keyplan.cli.Cli;
import dev.keyplan.input.InputException;
import dev.keyplan.model.Quantities;
import dev.keyplan.simulate.Progress;
import dev.keyplan.simulate.SetupException;
import dev.keyplan.simulate.SimulationResult;
import dev.keyplan.simulate.SimulationSettings;
import dev.keyplan.simulate.Trace;
import dev.keyplan.simulate.WorkBudget;
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
    return settings(seed, duration, interval, mode, null);
  }

  /**
   * The same with {@code --budget} (null: {@link WorkBudget#DEFAULT_STEPS}). The interval is
   * widened when the duration would record more than {@link WorkBudget#MAX_SERIES_POINTS} of them,
   * so the series' memory stays bounded; {@link #noteThinning} says so in the output.
   */
  public static SimulationSettings settings(
      long seed, String duration, String interval, String mode, String budget) {
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
    long steps = WorkBudget.DEFAULT_STEPS;
    if (budget != null) {
      steps = budgetSteps(budget);
    }
    try {
      if (i > d) {
        return new SimulationSettings(seed, d, i, md, steps);
      }
      return new SimulationSettings(seed, d, WorkBudget.thinnedInterval(d, i), md, steps);
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
          .map(
              r ->
                  noteThinning(
                      r, settings, SimulationSettings.defaultInterval(settings.durationSeconds())))
          .orElseGet(
              () ->
                  notSimulated(
                      s, "keyplan has no simulator for " + analysis.store().displayName()));
    } catch (SetupException e) {
      return notSimulated(s, e.getMessage());
    } catch (WorkBudget.OverBudgetException e) {
      throw new InputException(Cli.commandLine(), s + ": " + e.getMessage());
    }
  }

  /**
   * Returns {@code result} with a note saying the series was thinned, when {@code settings}'
   * interval is wider than the {@code asked} one; else {@code result} itself.
   */
  public static SimulationResult noteThinning(
      SimulationResult result, SimulationSettings settings, long asked) {
    if (settings.intervalSeconds() <= asked) {
      return result;
    }
    return result.withNote(
        "the time series was thinned to at most "
            + String.format(Locale.ROOT, "%,d", WorkBudget.MAX_SERIES_POINTS)
            + " intervals a subject: one row every "
            + settings.intervalSeconds()
            + " s instead of every "
            + asked
            + " s (rates averaged, sizes at the interval's end)");
  }

  /**
   * Returns {@code result} with a note on how long the run is against its trace: the trace's own
   * span when {@code --duration} was not given, or the given duration when it is longer than the
   * trace (the rest of the run has no traced operation). A shorter one is noted by each store,
   * which knows what it left out.
   */
  static SimulationResult noteTraceSpan(
      SimulationResult result, Trace trace, SimulationSettings settings, boolean durationGiven) {
    long span = Math.max(1, trace.durationSeconds());
    String note;
    if (!durationGiven) {
      note =
          "the run lasts "
              + settings.durationSeconds()
              + " s, the trace's own span (its last operation at "
              + java.math.BigDecimal.valueOf(
                      trace.operations().get(trace.operations().size() - 1).second())
                  .stripTrailingZeros()
                  .toPlainString()
              + " s, rounded up); --duration sets another length";
    } else if (settings.durationSeconds() > span) {
      note =
          "the trace ends within its first "
              + span
              + " s; the run goes on to --duration's "
              + settings.durationSeconds()
              + " s with no traced operation after that";
    } else {
      return result;
    }
    return result.withNote(note);
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

  /** The interval {@code --interval} asks for (null: the default for {@code durationSeconds}). */
  static long askedInterval(long durationSeconds, String interval) {
    return interval == null
        ? SimulationSettings.defaultInterval(durationSeconds)
        : seconds("--interval", interval);
  }

  /**
   * Reads {@code --budget}: a number of steps ({@code 5e9}), or a time ({@code 10m}) turned into
   * steps at the documented rate ({@link WorkBudget#stepsIn}), since the budget is a time.
   */
  static long budgetSteps(String budget) {
    var steps = WorkBudget.parseSteps(budget);
    if (steps.isPresent()) {
      return steps.getAsLong();
    }
    var s = Quantities.seconds(budget);
    if (s.isPresent() && s.getAsLong() >= 1) {
      return WorkBudget.stepsIn(s.getAsLong());
    }
    throw new InputException(
        Cli.commandLine(),
        "--budget expects a whole number of steps of at least 1, such as 5e9 or 5000000000, or a"
            + " time such as 10m, not '"
            + budget
            + "'");
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
