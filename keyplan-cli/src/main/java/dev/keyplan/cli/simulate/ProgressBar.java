package dev.keyplan.cli.simulate;

import dev.keyplan.simulate.Progress;
import dev.keyplan.simulate.WorkBudget;
import java.io.PrintWriter;

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
  private String estimate = "";
  private int drawn = -1;

  ProgressBar(PrintWriter err) {
    this(err, "simulating");
  }

  /** A bar saying {@code what} is going on ("loading"). */
  public ProgressBar(PrintWriter err, String what) {
    this.err = err;
    this.what = what;
  }

  @Override
  public void estimated(WorkBudget.Estimate e) {
    estimate = WorkBudget.time(e);
  }

  @Override
  public void at(long done, long total) {
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
