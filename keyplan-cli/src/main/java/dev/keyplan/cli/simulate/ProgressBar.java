package dev.keyplan.cli.simulate;

import dev.keyplan.simulate.Progress;
import java.io.PrintWriter;

/**
 * A one-line progress bar on stderr, redrawn in place with a carriage return; it never touches
 * stdout, so the results stay byte-identical whether or not it is shown.
 */
public final class ProgressBar implements Progress {
  private static final int WIDTH = 30;
  private final PrintWriter err;
  private final String what;
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
  public void at(long done, long total) {
    int percent = (int) (100 * done / Math.max(1, total));
    if (percent == drawn) {
      return;
    }
    drawn = percent;
    int filled = percent * WIDTH / 100;
    err.print(
        "\r"
            + what
            + " ["
            + "#".repeat(filled)
            + " ".repeat(WIDTH - filled)
            + "] "
            + percent
            + "% ("
            + done
            + " of "
            + total
            + (what.equals("simulating") ? " s)" : ")"));
    if (done >= total) {
      err.print("\r" + " ".repeat(WIDTH + 40) + "\r");
    }
    err.flush();
  }
}
