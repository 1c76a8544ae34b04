package dev.keyplan.mongodb.simulate;

import dev.keyplan.model.Units;
import dev.keyplan.mongodb.facts.MongoDbLimits;

/**
 * Writes the balancer's sizes as MongoDB states them, in MiB of 1,048,576 bytes: a 128 MiB range, a
 * 384 MiB threshold (MongoDB's own pages write "128MB" and "384MB" for these).
 */
final class Mib {
  private Mib() {}

  /** Returns {@code bytes} in MiB, with up to one decimal. */
  static String of(double bytes) {
    double mib = bytes / MongoDbLimits.MB;
    return (mib == Math.rint(mib)
            ? Units.count(mib)
            : String.format(java.util.Locale.ROOT, "%.1f", mib))
        + " MiB";
  }
}
