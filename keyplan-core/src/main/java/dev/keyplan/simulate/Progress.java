package dev.keyplan.simulate;

/**
 * Told how far a run has gone, so the CLI can draw a progress bar; the core prints nothing. Called
 * at most about a hundred times per run, from the simulating thread ({@link #within} aside).
 */
@FunctionalInterface
public interface Progress {
  /** Nothing to tell. */
  Progress NONE = (done, total) -> {};

  /** Simulated seconds {@code done} of {@code total}. */
  void at(long done, long total);

  /**
   * The run's work estimate, told once after it passed its budget and before the first second, so
   * that a progress bar can show it (issue 18: "a progress bar shows the estimate"); nothing by
   * default.
   */
  default void estimated(WorkBudget.Estimate estimate) {}

  /**
   * About how many rows the run will read, told once before reading, when the input's size tells
   * (keyplan analyze's data: an estimate for the bar, never a figure); nothing by default.
   */
  default void rowsAbout(long rows) {}

  /**
   * How far a long phase of the current step has got: {@code share} (0 to 1) of its input read,
   * such as {@code "reading the data"}, as the engine reports it. Called every few hundred
   * milliseconds, possibly from an engine's watching thread; nothing by default.
   */
  default void within(String phase, double share) {}

  /**
   * Calls {@code at} when {@code second} crosses the next hundredth of {@code total}, and at the
   * end.
   */
  static void tick(Progress progress, long second, long total) {
    long step = Math.max(1, total / 100);
    if (second % step == 0 || second == total) {
      progress.at(second, total);
    }
  }
}
