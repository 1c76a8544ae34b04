package dev.keyplan.dynamodb.simulate;

import java.util.List;

/**
 * Everything the model asks of the values not tracked one by one: with many distinct values a hash
 * spreads them over the partitions in proportion to the share of the hash space each owns (the law
 * of large numbers), so the tail costs nothing per value. Scans land here too: they read every
 * partition in proportion to its range.
 *
 * @param readOps read requests per second over all tail values
 * @param readUnitsPerOp read units each consumes
 * @param writeOps write requests per second
 * @param writeUnitsPerOp write units each consumes
 * @param scanReadUnits read units per second of scans, which read every partition: always spread by
 *     range, never drawn one operation at a time
 * @param size the rows the tail stores
 */
record TailLoad(
    double readOps,
    double readUnitsPerOp,
    double writeOps,
    double writeUnitsPerOp,
    double scanReadUnits,
    List<SizeTerm> size) {
  TailLoad {
    size = List.copyOf(size);
  }

  /** Returns the tail's read units per second. */
  double readUnits() {
    return readOps * readUnitsPerOp;
  }

  /** Returns the tail's write units per second. */
  double writeUnits() {
    return writeOps * writeUnitsPerOp;
  }

  /** Returns the bytes the tail stores at {@code second}. */
  double bytesAt(long second) {
    double b = 0;
    for (SizeTerm t : size) {
      b += t.bytesAt(second);
    }
    return b;
  }
}
