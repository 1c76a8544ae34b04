package dev.keyplan.cassandra.design;

import java.util.List;
import java.util.Optional;

/**
 * The conventional bucket widths for a growing partition and the widest that keeps the busiest
 * partition under both guidelines (100,000 values and 100 MB).
 *
 * @param options every conventional width, narrowest first
 * @param chosen the widest width within both guidelines, if any
 */
public record BucketAdvice(List<Option> options, Optional<Option> chosen) {

  /** The conventional widths in seconds, narrowest first: 1m, 5m, 10m … 1y ({@link Sizer}). */
  public static List<Long> widths() {
    return java.util.Arrays.stream(Sizer.BUCKETS).boxed().toList();
  }

  public BucketAdvice {
    options = List.copyOf(options);
  }

  /**
   * One width and what it gives.
   *
   * @param busiest the busiest key's partition for one bucket
   * @param latestReadPartitions partitions a "latest N" read walks for a typical key (N = the
   *     largest limit of the patterns the table serves; 1 if none)
   * @param fits within both guidelines
   */
  public record Option(
      long windowSeconds, PartitionSize busiest, double latestReadPartitions, boolean fits) {}
}
