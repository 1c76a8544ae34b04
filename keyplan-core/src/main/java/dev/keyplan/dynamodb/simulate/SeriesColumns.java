package dev.keyplan.dynamodb.simulate;

import java.util.List;

/**
 * The time series' columns, one row per interval for the copy, each partition it had then and each
 * reported hot key. Units are per second, averaged over the interval, except the peaks (the
 * interval's busiest second's demand), the size at the interval's end and the burst bucket's units
 * at its end (on the copy's row; 0 on the others and on demand).
 */
final class SeriesColumns {
  private SeriesColumns() {}

  static final List<String> NAMES =
      List.of(
          "consumed_rcu_per_s",
          "throttled_rcu_per_s",
          "consumed_wcu_per_s",
          "throttled_wcu_per_s",
          "peak_rcu_demand",
          "peak_wcu_demand",
          "size_gb",
          "burst_rcu",
          "burst_wcu");

  /** Bytes in a GB, the decimal gigabyte of the size column. */
  static final double GB = 1e9;

  /** Returns one row's values. */
  static double[] of(
      Counter read,
      Counter write,
      long seconds,
      double bytes,
      double burstRead,
      double burstWrite) {
    return new double[] {
      read.consumed / seconds,
      read.throttled() / seconds,
      write.consumed / seconds,
      write.throttled() / seconds,
      read.peakDemand,
      write.peakDemand,
      bytes / GB,
      burstRead,
      burstWrite
    };
  }
}
