package dev.keyplan.dynamodb.simulate;

import dev.keyplan.simulate.Progress;

/**
 * Counts simulated seconds over every copy of a run and tells {@link Progress} about a hundred
 * times.
 */
final class ProgressClock {
  private final Progress progress;
  private final long total;
  private long done;

  ProgressClock(Progress progress, long total) {
    this.progress = progress;
    this.total = Math.max(1, total);
  }

  /** Counts one more simulated second. */
  void tick() {
    done++;
    Progress.tick(progress, done, total);
  }
}
