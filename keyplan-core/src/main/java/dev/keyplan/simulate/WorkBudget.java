package dev.keyplan.simulate;

import dev.keyplan.model.Units;
import java.util.Locale;

/**
 * How much work a run will do, estimated before it starts from its shape, and the budget it must
 * stay under. A simulator loops once per simulated second; in that second it touches, for every
 * stream (a pattern on a table, index or collection), each heavy key and the tail once per copy
 * (replica, index, shard the stream writes), or in exact mode each operation once per copy; and at
 * the interval's end it writes one series row per subject. One such touch is a <em>step</em>:
 *
 * <pre>
 *   steps per second = Σ streams (heavy keys + 1) × copies      (aggregate)
 *                    = Σ streams rate × copies                  (exact)
 *                      + subjects                               (the per-second bookkeeping)
 *   steps            = setup steps + duration × steps per second   (setup: a Cassandra ring)
 *   series bytes     = min(intervals, {@link #MAX_SERIES_POINTS}) × subjects × {@link #ROW_BYTES}
 *   state bytes      = subjects × {@link #SUBJECT_BYTES}
 * </pre>
 *
 * The budget is a time estimate (issue 18, Decisions): {@link #NANOS_PER_STEP} is the cost of one
 * step measured once on the reference machine (docs/reliability.md, "Simulation budget", gives the
 * benchmark and its figures), so the default budget of {@link #DEFAULT_STEPS} steps bounds a run's
 * time there. Memory stays bounded whatever the duration because the series never holds more than
 * {@link #MAX_SERIES_POINTS} intervals per subject: a longer run gets a wider interval, and says
 * so; and whatever the number of subjects (a DynamoDB copy split to 100,000 partitions), because a
 * run whose series and subjects' state would hold more than {@link #MAX_RUN_BYTES} is refused with
 * the {@code --interval} that fits, or with fewer subjects when none does. The refusal states the
 * time at the documented rate, never a time measured on the machine it runs on, so the same command
 * prints the same words everywhere.
 */
public final class WorkBudget {
  private WorkBudget() {}

  /**
   * The cost of one step on the reference machine, in nanoseconds: a benchmark ratio, not a timed
   * test. Measured once (docs/reliability.md, "Simulation budget") as a day of each store's example
   * (wall time less the same command's start-up, which {@code --budget 1} measures, ÷ estimated
   * steps): Cassandra 0.6 µs, MongoDB 3.5 µs, DynamoDB 6 µs a step. The slowest store's figure is
   * taken, so the estimate errs on the long side for the others.
   */
  public static final double NANOS_PER_STEP = 6_000;

  /**
   * The default budget: 10⁹ steps, at most about 100 minutes at {@link #NANOS_PER_STEP}, the
   * slowest store's figure (a few minutes at the others'): it refuses the runaway runs (ten years
   * of the chat example is 3.3 × 10¹⁰ steps) and none a user means, such as a day of 50,000
   * operations a second on DynamoDB (2.6 × 10⁷ steps, 7 s), which 10⁷ refused.
   */
  public static final long DEFAULT_STEPS = 1_000_000_000L;

  /**
   * The most intervals a series keeps per subject: a fortnight at the default 60 s interval (20,160
   * minutes), so no shipped example is thinned. Beyond it the interval widens (see {@link
   * #thinnedInterval}).
   */
  public static final long MAX_SERIES_POINTS = 20_160;

  /**
   * Bytes one series row holds: the row record and its array header (about 48 bytes with compressed
   * references), a subject reference, the start second and four or five doubles; a round upper
   * figure, since the estimate only has to rank runs, not account for every byte.
   */
  public static final long ROW_BYTES = 128;

  /**
   * Bytes one subject holds while the run lasts, besides its series: for a DynamoDB partition its
   * hash range, four counters, its name and the per-interval statistics and unit totals kept for
   * the result. Measured once (2026-12-05) with {@code jcmd PID GC.class_histogram} during {@code
   * simulate dynamodb examples/app-table.yaml --partitions 100000}: about 207 MB live for the first
   * copy's 100,000 partitions, 2,074 bytes a partition, rounded to 2 KiB. Without it the estimate
   * admitted that run (four copies of 100,000 partitions, 800 MB), which then ran out of a 512 MB
   * heap (issue 18).
   */
  public static final long SUBJECT_BYTES = 2_048;

  /**
   * The most bytes a run's series and subjects' state may hold together, 256 MiB: 2,097,152 rows of
   * {@link #ROW_BYTES} with no state to speak of, a fortnight at 60 s for 104 subjects; or 131,072
   * subjects' state of {@link #SUBJECT_BYTES} with no series. It fits the heap the JVM gives itself
   * by default on a 2 GB machine (a quarter of the memory) with room for the rest of the run. Issue
   * 18 reports a DynamoDB model at 1B/s using 3.2 GB; reproduced here (bench machine, 2026-12-05),
   * the rates alone at 1B/s split the table to 15,592 partitions in an hour, 600 MB. It has no
   * override: a wider {@code --interval} always lowers it.
   */
  public static final long MAX_RUN_BYTES = 256L * 1024 * 1024;

  /**
   * A run's work, estimated.
   *
   * @param stepsPerSecond steps one simulated second costs (see the class comment)
   * @param steps the whole run's steps: duration × steps per second
   * @param seriesBytes the bytes the recorded series will hold
   * @param stateBytes the bytes the subjects hold while the run lasts, besides their series
   * @param subjects the series' subjects (nodes, partitions, shards, keys)
   * @param durationSeconds the simulated seconds
   */
  public record Estimate(
      double stepsPerSecond,
      double steps,
      double seriesBytes,
      double stateBytes,
      int subjects,
      long durationSeconds) {
    /** Seconds the run would take on the reference machine. */
    public double seconds() {
      return steps * NANOS_PER_STEP / 1e9;
    }

    /** What the run holds, series and state, in MiB rounded up. */
    public long megabytes() {
      return (long) Math.ceil((seriesBytes + stateBytes) / (1024.0 * 1024.0));
    }
  }

  /**
   * Estimates a run of {@code settings} over streams whose per-second work is {@code keysPerSecond}
   * (Σ (heavy keys + 1) × copies) in aggregate mode or {@code opsPerSecond} (Σ rate × copies) in
   * exact mode, with {@code subjects} series subjects.
   */
  public static Estimate estimate(
      SimulationSettings settings,
      long durationSeconds,
      double keysPerSecond,
      double opsPerSecond,
      int subjects) {
    return estimate(settings, durationSeconds, keysPerSecond, opsPerSecond, subjects, 0);
  }

  /**
   * As {@link #estimate(SimulationSettings, long, double, double, int)}, with {@code setupSteps}
   * the run does once before its first second (a Cassandra ring's token allocation), in the same
   * unit.
   */
  public static Estimate estimate(
      SimulationSettings settings,
      long durationSeconds,
      double keysPerSecond,
      double opsPerSecond,
      int subjects,
      double setupSteps) {
    double perSecond =
        (settings.mode() == SimulationSettings.Mode.EXACT ? opsPerSecond : keysPerSecond)
            + subjects;
    double intervals = Math.ceil((double) durationSeconds / settings.intervalSeconds());
    double rows = Math.min(intervals, MAX_SERIES_POINTS) * subjects;
    return new Estimate(
        perSecond,
        setupSteps + durationSeconds * perSecond,
        rows * ROW_BYTES,
        (double) subjects * SUBJECT_BYTES,
        subjects,
        durationSeconds);
  }

  /**
   * Refuses {@code e} when it is over {@code settings}' budget, before the run starts.
   *
   * @throws OverBudgetException with the message the CLI prints (exit 2)
   */
  public static void check(SimulationSettings settings, Estimate e) {
    if (e.steps() > settings.budgetSteps()) {
      throw new OverBudgetException(
          String.format(
              Locale.ROOT,
              "this run would take about %s steps / %d MB (about %s at the %s µs a step measured"
                  + " in bench/RESULTS.md), more than the budget of %s steps; shorten --duration,%s"
                  + " or pass --budget %s",
              human(e.steps()),
              e.megabytes(),
              Units.duration(e.seconds()),
              micros(NANOS_PER_STEP),
              human(settings.budgetSteps()),
              settings.mode() == SimulationSettings.Mode.EXACT ? " use --mode aggregate," : "",
              suggestion(e.steps())));
    }
    if (e.seriesBytes() + e.stateBytes() > MAX_RUN_BYTES) {
      long subjects = Math.max(1, e.subjects());
      long perSubject = (long) Math.max(0, (MAX_RUN_BYTES - e.stateBytes()) / ROW_BYTES / subjects);
      String way =
          perSubject < 1
              ? "even one interval is more: simulate fewer partitions, tables or indexes"
              : "pass --interval "
                  + ((e.durationSeconds() + perSubject - 1) / perSubject)
                  + "s or more ("
                  + String.format(Locale.ROOT, "%,d", perSubject)
                  + " intervals a subject) or shorten --duration";
      throw new OverBudgetException(
          String.format(
              Locale.ROOT,
              "this run would hold about %d MB (%s subjects × %s intervals × %d bytes of time"
                  + " series, and %d KB of state each), more than the %d MB it may; %s",
              e.megabytes(),
              human(e.subjects()),
              human(e.seriesBytes() / ROW_BYTES / subjects),
              ROW_BYTES,
              SUBJECT_BYTES / 1024,
              MAX_RUN_BYTES / (1024 * 1024),
              way));
    }
  }

  /**
   * Refuses {@code e} as {@link #check} does, else tells {@code progress} the estimate: what every
   * simulator calls before its first second.
   */
  public static void admit(SimulationSettings settings, Estimate e, Progress progress) {
    check(settings, e);
    progress.estimated(e);
  }

  /**
   * The estimate's time in words at the documented rate, "about 4.2 min at 6 µs a step": what a
   * progress bar shows. The rate is {@link #NANOS_PER_STEP}, never the machine's, so the words are
   * the same everywhere.
   */
  public static String time(Estimate e) {
    return "about " + Units.duration(e.seconds()) + " at " + micros(NANOS_PER_STEP) + " µs a step";
  }

  /**
   * The steps {@code seconds} of run time take at {@link #NANOS_PER_STEP}: {@code --budget 10m} is
   * 600 s ÷ 6 µs = 10⁸ steps. At least 1.
   */
  public static long stepsIn(long seconds) {
    double steps = Math.ceil(seconds * 1e9 / NANOS_PER_STEP);
    return (long) Math.max(1, Math.min(Long.MAX_VALUE, steps));
  }

  /** 6,000 ns as "6", 600 as "0.6": the documented rate in the refusal. */
  static String micros(double nanos) {
    return new java.math.BigDecimal(nanos / 1000, new java.math.MathContext(3))
        .stripTrailingZeros()
        .toPlainString();
  }

  /**
   * Reads {@code --budget}: a whole number of steps, plainly or in scientific notation ({@code
   * 5000000000}, {@code 5e9}); empty when it is not one, or under 1.
   */
  public static java.util.OptionalLong parseSteps(String text) {
    if (text == null || !text.strip().matches("[0-9]+(\\.[0-9]+)?([eE][0-9]+)?")) {
      return java.util.OptionalLong.empty();
    }
    double d = Double.parseDouble(text.strip());
    if (!(d >= 1) || d > Long.MAX_VALUE) {
      return java.util.OptionalLong.empty();
    }
    return java.util.OptionalLong.of((long) Math.ceil(d));
  }

  /**
   * The interval to record at: {@code interval}, or the smallest whole number of seconds that keeps
   * {@code durationSeconds} within {@link #MAX_SERIES_POINTS} intervals.
   */
  public static long thinnedInterval(long durationSeconds, long interval) {
    long needed = (durationSeconds + MAX_SERIES_POINTS - 1) / MAX_SERIES_POINTS;
    return Math.max(interval, needed);
  }

  /**
   * A {@code --budget} just over {@code steps}, in two significant figures: 7.57 × 10¹¹ gives
   * {@code 76e10}.
   */
  static String suggestion(double steps) {
    int exponent = Math.max(0, (int) Math.floor(Math.log10(Math.max(1, steps))) - 1);
    long mantissa = (long) Math.ceil(steps / Math.pow(10, exponent));
    return exponent == 0 ? Long.toString(mantissa) : mantissa + "e" + exponent;
  }

  /** 3.2e9 as "3.20 billion", smaller counts with separators. */
  public static String human(double n) {
    if (n >= 1e12) {
      return String.format(Locale.ROOT, "%.3g trillion", n / 1e12);
    }
    if (n >= 1e9) {
      return String.format(Locale.ROOT, "%.3g billion", n / 1e9);
    }
    if (n >= 1e6) {
      return String.format(Locale.ROOT, "%.3g million", n / 1e6);
    }
    return String.format(Locale.ROOT, "%,.0f", n);
  }

  /** A run over its budget: bad input (exit 2), since the options asked for it. */
  public static final class OverBudgetException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public OverBudgetException(String message) {
      super(message);
    }
  }
}
