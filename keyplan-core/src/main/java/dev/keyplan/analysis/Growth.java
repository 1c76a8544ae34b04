package dev.keyplan.analysis;

import java.util.Arrays;
import java.util.List;

/**
 * The size of one table's or collection's data units from today to the model's horizon, with the
 * engine's limits as reference lines: what a report draws as a growth chart. The point at the
 * horizon is the analysis's own figure.
 *
 * @param subject the table or collection
 * @param title what the chart shows, such as {@code Partition size of orders over the horizon}
 * @param seconds the sample times, from 0 to the horizon
 * @param curves bytes at each sample time; a NaN point means a size is unknown
 * @param limits the reference lines
 */
public record Growth(
    String subject, String title, double[] seconds, List<Curve> curves, List<Limit> limits) {

  public Growth {
    seconds = seconds.clone();
    curves = List.copyOf(curves);
    limits = List.copyOf(limits);
  }

  /**
   * One curve: bytes at each sample time.
   *
   * @param kind its CSS class and the name of its {@code data-<kind>-bytes} attribute on a chart
   */
  public record Curve(String kind, String label, double[] bytes) {
    public Curve {
      bytes = bytes.clone();
    }

    @Override
    public double[] bytes() {
      return bytes.clone();
    }
  }

  /**
   * A horizontal reference line.
   *
   * @param kind {@code hard}, {@code warning} or {@code guideline}
   */
  public record Limit(String kind, String label, double bytes) {}

  @Override
  public double[] seconds() {
    return seconds.clone();
  }

  /** True when every point of every curve is a finite size. */
  public boolean known() {
    return curves.stream().allMatch(c -> Arrays.stream(c.bytes()).allMatch(Double::isFinite));
  }

  /** Returns the curve of kind {@code kind}. */
  public double[] curve(String kind) {
    return curves.stream()
        .filter(c -> c.kind().equals(kind))
        .findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no curve " + kind))
        .bytes();
  }

  /** Returns {@code times} as the seconds of a {@link Growth}. */
  public static double[] seconds(long[] times) {
    return java.util.Arrays.stream(times).asDoubleStream().toArray();
  }

  /**
   * Returns {@code samples} times from today to {@code horizonSeconds}, evenly spaced and rounded
   * to whole seconds: 25 samples over 365 days are 0, 1,314,000, …, 31,536,000.
   */
  public static long[] times(long horizonSeconds, int samples) {
    long[] out = new long[samples];
    for (int i = 0; i < samples; i++) {
      out[i] = Math.round(horizonSeconds * (double) i / (samples - 1));
    }
    return out;
  }
}
