package dev.keyplan.mongodb.simulate;

/**
 * The collection's bytes over the key space at the current simulated second: the documents there at
 * the start (spread by the data's {@link Density}) plus those inserted since. Every chunk's size is
 * {@link #bytes} of its bounds, so a split or a migration never has to move data around: the
 * documents stay where their shard key puts them, and chunks are only ranges over them.
 *
 * <p>Inserted documents are counted one of two ways:
 *
 * <ul>
 *   <li>expected (aggregate mode): the entity's growth, {@code growth × t} documents by the end of
 *       second {@code t}, spread by the inserts' density; at 2 documents a second the Poisson noise
 *       of ±1.4 documents is nothing next to a 128 MB range;
 *   <li>recorded (exact mode, a trace): each document added where it landed, spread evenly inside
 *       its piece.
 * </ul>
 *
 * A monotonic key appends every insert at the top, one coordinate unit per document.
 */
final class Data {
  private final KeySpace space;
  private final Density existing;
  private final Density inserted;
  private final double existingBytes;
  private final long documentBytes;
  private final double growthPerSecond;
  private final boolean recorded;
  private final double[] tree;
  private final double[] perPiece;
  private double seconds;
  private double appended;

  /**
   * @param existingBytes bytes there at the start
   * @param documentBytes one document's BSON size, from the analysis
   * @param growthPerSecond documents inserted per second when counted as expected
   * @param recorded inserts are recorded one by one instead
   */
  Data(
      KeySpace space,
      Density existing,
      Density inserted,
      double existingBytes,
      long documentBytes,
      double growthPerSecond,
      boolean recorded) {
    this.space = space;
    this.existing = existing;
    this.inserted = inserted;
    this.existingBytes = existingBytes;
    this.documentBytes = documentBytes;
    this.growthPerSecond = growthPerSecond;
    this.recorded = recorded;
    this.tree = new double[space.pieces() + 1];
    this.perPiece = new double[space.pieces()];
  }

  /** Moves the clock to {@code t} seconds from the start. */
  void advanceTo(double t) {
    seconds = t;
    if (space.monotonic() && !recorded) {
      appended = growthPerSecond * t;
    }
  }

  /** Returns the current time, in seconds from the start. */
  double now() {
    return seconds;
  }

  /** Returns the bytes there at the start. */
  double existingBytes() {
    return existingBytes;
  }

  /** Returns the bytes inserted so far when counted as expected (0 when recorded or appended). */
  double expectedInsertedBytes() {
    return space.monotonic() || recorded ? 0 : growthPerSecond * seconds * documentBytes;
  }

  /**
   * Returns true if a range's bytes are the two densities' masses alone, so per-shard sums of them
   * suffice.
   */
  boolean summable() {
    return !space.monotonic() && !recorded;
  }

  /** Returns one document's size. */
  long documentBytes() {
    return documentBytes;
  }

  /** Adds {@code bytes} inserted at coordinate {@code x} (recorded mode). */
  void record(double x, double bytes) {
    if (space.monotonic()) {
      appended += bytes / documentBytes;
      return;
    }
    int piece = (int) Math.min(Math.max(0, Math.floor(x)), space.pieces() - 1);
    perPiece[piece] += bytes;
    for (int i = piece + 1; i < tree.length; i += i & -i) {
      tree[i] += bytes;
    }
  }

  /** Returns the coordinate just above the newest document: where MaxKey's chunk grows. */
  double top() {
    return space.monotonic() ? 1 + appended : space.pieces();
  }

  /** Returns the bytes in coordinates {@code [lo, hi)} now. */
  double bytes(double lo, double hi) {
    double b = existingBytes * existing.mass(lo, hi);
    if (space.monotonic()) {
      double from = Math.max(lo, 1);
      double to = Math.min(hi, 1 + appended);
      return b + Math.max(0, to - from) * documentBytes;
    }
    if (recorded) {
      return b + Math.max(0, recordedBelow(hi) - recordedBelow(lo));
    }
    return b + growthPerSecond * seconds * documentBytes * inserted.mass(lo, hi);
  }

  /** Returns the documents in {@code [lo, hi)} now. */
  double documents(double lo, double hi) {
    return bytes(lo, hi) / documentBytes;
  }

  /**
   * Returns the least coordinate {@code x} in {@code [lo, hi]} with at least {@code target} bytes
   * in {@code [lo, x)}, or {@code hi} (capped at the top) when the range holds less.
   */
  double coordinateAtBytes(double lo, double hi, double target) {
    double end = Math.min(hi, top());
    if (bytes(lo, end) < target) {
      return Math.min(hi, end);
    }
    double a = lo;
    double b = end;
    for (int i = 0; i < 200 && b - a > Math.ulp(b) * 4; i++) {
      double m = (a + b) / 2;
      if (bytes(lo, m) >= target) {
        b = m;
      } else {
        a = m;
      }
    }
    return b;
  }

  private double recordedBelow(double x) {
    if (x <= 0) {
      return 0;
    }
    int pieces = space.pieces();
    int whole = (int) Math.min(Math.floor(x), pieces);
    double sum = 0;
    for (int i = whole; i > 0; i -= i & -i) {
      sum += tree[i];
    }
    if (whole < pieces) {
      sum += (x - whole) * perPiece[whole];
    }
    return sum;
  }
}
