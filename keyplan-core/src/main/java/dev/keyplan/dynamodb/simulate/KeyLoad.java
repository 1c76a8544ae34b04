package dev.keyplan.dynamodb.simulate;

import java.util.List;

/**
 * One partition key value the simulator tracks on its own, with what the model asks of it: the
 * operations per second of every pattern reaching it (merged: a key's reads of two patterns are one
 * Poisson stream with their mean units per operation) and the rows it holds.
 *
 * @param name the key value as written ({@code product_id-1}, {@code product_id-1#3} for suffix 3)
 * @param start the first position of its item collection in the {@link HashSpace}
 * @param divisibleForSize its item collection may be split by sort key when a partition passes 10
 *     GB: it holds more than one item and the table has no local index
 * @param divisibleForHeat it may also be split by sort key for heat: not when its sort key grows
 *     monotonically (AWS DG, bp-partition-key-design, "Isolate frequently accessed items")
 * @param indivisibleBecause why it cannot be split for heat ("it is one item", "its sort key grows
 *     monotonically", "the table has a local index"); empty when it can
 * @param readOps read requests per second that reach it (each suffix of a sharded key counts the
 *     reads that fan out to it)
 * @param readUnitsPerOp read units each of them consumes on its partition
 * @param writeOps write requests per second
 * @param writeUnitsPerOp write units each consumes
 * @param size the rows it stores
 */
record KeyLoad(
    String name,
    long start,
    boolean divisibleForSize,
    boolean divisibleForHeat,
    String indivisibleBecause,
    double readOps,
    double readUnitsPerOp,
    double writeOps,
    double writeUnitsPerOp,
    List<SizeTerm> size) {

  KeyLoad {
    size = List.copyOf(size);
  }

  /** Returns the read units per second it is expected to take. */
  double readUnits() {
    return readOps * readUnitsPerOp;
  }

  /** Returns the write units per second it is expected to take. */
  double writeUnits() {
    return writeOps * writeUnitsPerOp;
  }

  /**
   * Returns its expected load as shares of the two per-partition ceilings, added: how hot it runs.
   */
  double heat() {
    return readUnits() / Ceilings.READ + writeUnits() / Ceilings.WRITE;
  }

  /** Returns the bytes it stores at {@code second}. */
  double bytesAt(long second) {
    double b = 0;
    for (SizeTerm t : size) {
      b += t.bytesAt(second);
    }
    return b;
  }
}
