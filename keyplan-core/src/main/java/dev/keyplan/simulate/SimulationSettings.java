package dev.keyplan.simulate;

/**
 * What every simulator is told, loaded once from the command line and checked there.
 *
 * @param seed the seed of every random choice (tokens, node names' order, arrivals): the same seed
 *     and model give byte-identical output
 * @param durationSeconds simulated time; default one hour (3,600 s)
 * @param intervalSeconds the time series' step: each row sums or averages this many simulated
 *     seconds; default 60 s, or 1 s for runs of 10 minutes or less
 * @param mode how operations are generated
 * @param budgetSteps the most steps a run may take before it is refused ({@link WorkBudget})
 */
public record SimulationSettings(
    long seed, long durationSeconds, long intervalSeconds, Mode mode, long budgetSteps) {
  /** The default duration: one hour. */
  public static final long DEFAULT_DURATION = 3_600;

  /** Settings with the default budget ({@link WorkBudget#DEFAULT_STEPS}). */
  public SimulationSettings(long seed, long durationSeconds, long intervalSeconds, Mode mode) {
    this(seed, durationSeconds, intervalSeconds, mode, WorkBudget.DEFAULT_STEPS);
  }

  public SimulationSettings {
    if (budgetSteps < 1) {
      throw new IllegalArgumentException("budget must be at least 1 step, not " + budgetSteps);
    }
    if (durationSeconds < 1) {
      throw new IllegalArgumentException("duration must be at least 1 s, not " + durationSeconds);
    }
    if (intervalSeconds < 1 || intervalSeconds > durationSeconds) {
      throw new IllegalArgumentException(
          "interval must be between 1 s and the duration ("
              + durationSeconds
              + " s), not "
              + intervalSeconds);
    }
  }

  /** Settings with the default interval for {@code durationSeconds}. */
  public static SimulationSettings of(long seed, long durationSeconds, Mode mode) {
    return new SimulationSettings(seed, durationSeconds, defaultInterval(durationSeconds), mode);
  }

  /** 1 s for runs of up to 10 minutes, else 60 s (a day is then 1,440 rows per subject). */
  public static long defaultInterval(long durationSeconds) {
    return durationSeconds <= 600 ? 1 : Math.min(60, durationSeconds);
  }

  /** How operations are generated. */
  public enum Mode {
    /**
     * Per second, each heavy key gets a Poisson count of operations and the tail its expected share
     * of each node, partition or shard: the cost is per key and second, not per operation, so a day
     * at 50,000 ops/s takes seconds.
     */
    AGGREGATE,
    /**
     * Every operation drawn one by one (key by the alias method): exact, and slower by the rate.
     */
    EXACT
  }
}
