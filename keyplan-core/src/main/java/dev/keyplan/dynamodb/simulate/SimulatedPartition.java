package dev.keyplan.dynamodb.simulate;

/**
 * One physical partition while the simulation runs: the range of the hash space it owns, its share
 * of a provisioned copy's capacity, and what happened to it. Owned by its {@link PartitionMap}.
 */
final class SimulatedPartition {
  final String name;
  final long lo;
  final long hi;
  final long createdAt;

  /** {@code initial}, or the split that made it: {@code size}, {@code heat}, {@code throughput}. */
  final String cause;

  final double shareRead;
  final double shareWrite;
  long retiredAt = -1;
  double bytes;
  final Counter read = new Counter();
  final Counter write = new Counter();
  final Counter intervalRead = new Counter();
  final Counter intervalWrite = new Counter();

  /** Demand since the current heat window began, and the seconds it covers. */
  double windowRead;

  double windowWrite;
  long windowSeconds;

  /** Set once a heat split was found impossible, so the event is told once. */
  boolean unsplittableReported;

  SimulatedPartition(
      String name,
      long lo,
      long hi,
      long createdAt,
      String cause,
      double shareRead,
      double shareWrite) {
    this.name = name;
    this.lo = lo;
    this.hi = hi;
    this.createdAt = createdAt;
    this.cause = cause;
    this.shareRead = shareRead;
    this.shareWrite = shareWrite;
  }

  /** Returns the share of the hash space the partition owns. */
  double width() {
    return HashSpace.share(lo, hi);
  }
}
