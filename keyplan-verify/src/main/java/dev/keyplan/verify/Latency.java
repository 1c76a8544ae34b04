package dev.keyplan.verify;

import org.HdrHistogram.Histogram;

/**
 * Response times of one pattern's requests, as measured at the client, in an HdrHistogram with 3
 * significant digits from 1 µs to 60 s (Gil Tene's HdrHistogram: a value is kept to within 0.1% of
 * itself, so a p99 of 12.3 ms is 12.3 ms ± 12 µs).
 */
public final class Latency {
  private final Histogram histogram = new Histogram(1, 60_000_000L, 3);

  /** Records one request that took {@code nanos}. */
  public void record(long nanos) {
    histogram.recordValue(Math.max(1, Math.min(60_000_000L, nanos / 1_000)));
  }

  /** Returns the number of requests recorded. */
  public long count() {
    return histogram.getTotalCount();
  }

  /** Returns the {@code percentile} (0–100) in milliseconds, or NaN with nothing recorded. */
  public double millis(double percentile) {
    return count() == 0 ? Double.NaN : histogram.getValueAtPercentile(percentile) / 1_000.0;
  }
}
