package dev.keyplan.mongodb.simulate;

import java.util.ArrayList;
import java.util.List;

/**
 * Where MongoDB cuts a chunk, as {@code autoSplitVector} computes it (mongodb/mongo
 * src/mongo/db/s/auto_split_vector.cpp). The balancer uses it twice: {@code moveRange} asks for one
 * split point to find the upper bound of the range it moves ({@code computeOtherBound} in
 * migration_source_manager.cpp), and after a migration fails for size it asks for all of them to
 * split the chunk, marking it jumbo if there are none ({@code Balancer::_splitOrMarkJumbo}).
 *
 * <p>The algorithm, with {@code M = rangeSize / averageDocumentSize} documents a chunk:
 *
 * <ol>
 *   <li>a range whose first and last documents share one shard key value cannot be split;
 *   <li>scanning the shard key index from the chunk's start, the key of every M-th document is a
 *       split point, unless it is the same value as the previous split point (or the chunk's first
 *       key): then the scan goes on to the next distinct value, so one value is never cut;
 *   <li>with a limit of {@code n}, it stops after {@code n + 1} points;
 *   <li>if the last chunk would hold less than 80% of M documents, the last split points (up to 3)
 *       are moved so the last chunks come out even, or the last one is dropped when moving them
 *       would make chunks below 67% of M.
 * </ol>
 *
 * A split point is a shard key value: the chunk after it starts at that value. In coordinates it is
 * the start of the value holding the M-th document ({@link KeySpace#valueStart}).
 */
final class ChunkSplitPoints {
  private static final double LAST_CHUNK_FULL = 0.8;
  private static final int MAX_REPOSITIONED = 3;

  private ChunkSplitPoints() {}

  /**
   * Returns the split points of {@code [lo, hi)} for chunks of {@code maxDocs} documents, in order.
   *
   * <p>Counting as the server does: the scan counts the chunk's first key as 1, so the first point
   * is the key of document M − 1 (0-based) and the range below it holds M − 1 documents; after each
   * point the count restarts at 0, so the next ranges hold M. The recomputed last points use {@code
   * M − ⌊(M − left) / (n + 1)⌋} documents, integer arithmetic as in the server.
   *
   * @param limit how many points the caller wants (0: all)
   */
  static List<Double> of(
      Data data, KeySpace space, double lo, double hi, double maxDocs, int limit) {
    double end = Math.min(hi, data.top());
    double docs = data.documents(lo, end);
    if (docs < 1 - EPSILON) {
      return List.of();
    }
    double firstKey = key(data, space, lo, end, 0);
    if (firstKey == key(data, space, lo, end, Math.floor(docs + EPSILON) - 1)) {
      return List.of();
    }
    long m = (long) Math.max(1, maxDocs);
    List<Double> splits = new ArrayList<>();
    double from = lo;
    double previous = firstKey;
    double offset = m - 1;
    boolean stoppedAtLimit = false;
    while (true) {
      double b = candidate(data, space, from, end, offset, previous);
      if (Double.isNaN(b)) {
        break;
      }
      splits.add(b);
      from = b;
      previous = b;
      offset = m;
      if (limit > 0 && splits.size() == limit + 1) {
        stoppedAtLimit = true;
        break;
      }
    }
    long scanned =
        stoppedAtLimit || splits.isEmpty()
            ? 0
            : (long) Math.floor(data.documents(from, end) + EPSILON) - 1;
    if (!stoppedAtLimit && !splits.isEmpty() && scanned < LAST_CHUNK_FULL * m) {
      int n = Math.min(splits.size(), MAX_REPOSITIONED);
      long perNewChunk = m - (m - scanned) / (n + 1);
      if (scanned < m - perNewChunk) {
        splits.remove(splits.size() - 1);
      } else {
        List<Double> kept = new ArrayList<>(splits.subList(0, splits.size() - n));
        from = kept.isEmpty() ? lo : kept.get(kept.size() - 1);
        previous = kept.isEmpty() ? firstKey : from;
        offset = perNewChunk - 1;
        for (int i = 0; i < n; i++) {
          double b = candidate(data, space, from, end, offset, previous);
          if (Double.isNaN(b)) {
            break;
          }
          kept.add(b);
          from = b;
          previous = b;
          offset = perNewChunk;
        }
        splits = kept;
      }
    }
    return limit > 0 && splits.size() > limit
        ? List.copyOf(splits.subList(0, limit))
        : List.copyOf(splits);
  }

  private static final double EPSILON = 1e-9;

  /** Returns where the value of document {@code k} (0-based) from {@code from} starts. */
  private static double key(Data data, KeySpace space, double from, double end, double k) {
    return space.valueStart(data.coordinateAtBytes(from, end, (k + 0.5) * data.documentBytes()));
  }

  /**
   * Returns the split point at document {@code offset} from {@code from}: where its value starts,
   * or, when that is still the previous point's value, where the next value's first document is;
   * NaN when the chunk ends first.
   */
  private static double candidate(
      Data data, KeySpace space, double from, double end, double offset, double previous) {
    if (data.documents(from, end) < offset + 1 - EPSILON) {
      return Double.NaN;
    }
    double b = key(data, space, from, end, offset);
    if (b <= previous) {
      double next = space.valueEnd(previous);
      if (next >= end || data.documents(next, end) < 1 - EPSILON) {
        return Double.NaN;
      }
      b = key(data, space, next, end, 0);
    }
    return b >= end ? Double.NaN : b;
  }
}
