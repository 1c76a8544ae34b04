package dev.keyplan.analysis;

/**
 * A store's unit of data (a partition, an item, a document) against the engine's limit for it, as
 * the store's analysis sized it at the model's horizon.
 *
 * @param what the unit in words, such as {@code orders busiest partition}
 * @param bytes its size
 * @param limit the size it is measured against
 * @param limitName the limit in words, such as {@code the 400 KB item limit}
 */
public record DataUnit(String what, double bytes, double limit, String limitName) {
  /** The size as a share of the limit: 200 KB of 400 KB is 0.5. */
  public double share() {
    return bytes / limit;
  }

  /** Graded as a heat bar is: fair from half the limit, poor at or above it. */
  public Grade grade() {
    return Grade.ofShare(share(), 0.5);
  }
}
