package dev.keyplan.cli.simulate;

import dev.keyplan.model.Units;
import dev.keyplan.simulate.Progress;
import dev.keyplan.simulate.WorkBudget;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * A one-line progress bar on stderr, redrawn in place with a carriage return; it never touches
 * stdout, so the results stay byte-identical whether or not it is shown. Shown only when asked
 * ({@code --progress}) or when stderr is a terminal ({@code System.console() != null}), so never in
 * a test's or a golden file's output. When the run told its work estimate ({@link
 * Progress#estimated}), the bar shows it as a time at the documented rate ({@link
 * WorkBudget#time}), the same words on every machine: issue 18, "a progress bar shows the
 * estimate". What it draws is {@link #line}, a pure function of its arguments.
 */
public final class ProgressBar implements Progress {
  private static final int WIDTH = 30;
  private final PrintWriter err;
  private final String what;
  private final LongSupplier nanos;
  private String estimate = "";
  private int drawn = -1;
  private long rowsAbout = -1;
  private String phase = "";
  private long phaseStart;

  ProgressBar(PrintWriter err) {
    this(err, "simulating");
  }

  /** A bar saying {@code what} is going on ("loading"). */
  public ProgressBar(PrintWriter err, String what) {
    this(err, what, System::nanoTime);
  }

  /**
   * A bar that times a phase ({@link #within}) by {@code nanos}: the time left it shows is a guess
   * on stderr only, so the monotonic clock is fine here, and a test gives its own.
   */
  ProgressBar(PrintWriter err, String what, LongSupplier nanos) {
    this.err = err;
    this.what = what;
    this.nanos = nanos;
  }

  @Override
  public synchronized void rowsAbout(long rows) {
    rowsAbout = rows;
  }

  /**
   * Draws how far a phase is, with the rows read when the run told about how many it holds ({@link
   * #rowsAbout}: the share times that estimate), and the time left at the pace so far once the
   * phase has run a second and read 1%.
   */
  @Override
  public synchronized void within(String phase, double share) {
    long now = nanos.getAsLong();
    if (!phase.equals(this.phase)) {
      this.phase = phase;
      phaseStart = now;
      drawn = -1;
    }
    int percent = (int) Math.floor(100 * Math.max(0, Math.min(1, share)));
    if (percent == drawn) {
      return;
    }
    drawn = percent;
    double elapsed = (now - phaseStart) / 1e9;
    err.print("\r" + phaseLine(what, phase, share, rowsAbout, elapsed) + "   ");
    err.flush();
  }

  /**
   * The bar within a phase: {@code analyzing: reading the data [######### ] 31% (about 2,579,396 of
   * about 8,320,632 rows; about 4.4 s left)}. The rows read are {@code share} of {@code rowsAbout}
   * (left out when it is negative, unknown); the time left is {@code elapsed} × (1 − share) ÷
   * share, left out before a second and 1% have passed.
   */
  static String phaseLine(
      String what, String phase, double share, long rowsAbout, double elapsedSeconds) {
    double s = Math.max(0, Math.min(1, share));
    long percent = (long) Math.floor(100 * s);
    int filled = (int) (percent * WIDTH / 100);
    List<String> notes = new ArrayList<>();
    if (rowsAbout >= 0) {
      notes.add(
          "about "
              + Units.count(Math.round(s * rowsAbout))
              + " of about "
              + Units.count(rowsAbout)
              + " rows");
    }
    if (elapsedSeconds >= 1 && s >= 0.01 && s < 1) {
      notes.add("about " + Units.duration(elapsedSeconds * (1 - s) / s) + " left");
    }
    return what
        + ": "
        + phase
        + " ["
        + "#".repeat(filled)
        + " ".repeat(WIDTH - filled)
        + "] "
        + percent
        + "%"
        + (notes.isEmpty() ? "" : " (" + String.join("; ", notes) + ")");
  }

  @Override
  public synchronized void estimated(WorkBudget.Estimate e) {
    estimate = WorkBudget.time(e);
  }

  @Override
  public synchronized void at(long done, long total) {
    if (!phase.isEmpty()) {
      // A step after a phase: the phase's line is longer, so clear it first.
      phase = "";
      drawn = -1;
      err.print("\r" + " ".repeat(WIDTH + 120) + "\r");
    }
    int percent = (int) (100 * done / Math.max(1, total));
    if (percent == drawn) {
      return;
    }
    drawn = percent;
    String unit = what.equals("simulating") ? " s" : "";
    err.print("\r" + line(what, done, total, unit, estimate));
    if (done >= total) {
      err.print("\r" + " ".repeat(WIDTH + 80) + "\r");
    }
    err.flush();
  }

  /**
   * The bar for {@code done} of {@code total} ({@code unit} after the counts, such as {@code "
   * s"}), with {@code estimate} after a semicolon when there is one: {@code simulating
   * [############### ] 50% (60 of 120 s; about 1.2 s at 6 µs a step)}.
   */
  static String line(String what, long done, long total, String unit, String estimate) {
    long percent = Math.min(100, Math.max(0, 100 * done / Math.max(1, total)));
    int filled = (int) (percent * WIDTH / 100);
    return what
        + " ["
        + "#".repeat(filled)
        + " ".repeat(WIDTH - filled)
        + "] "
        + percent
        + "% ("
        + done
        + " of "
        + total
        + unit
        + (estimate.isEmpty() ? "" : "; " + estimate)
        + ")";
  }
}
