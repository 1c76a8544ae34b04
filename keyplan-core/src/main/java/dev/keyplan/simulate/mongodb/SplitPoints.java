package dev.keyplan.simulate.mongodb;

import java.util.ArrayList;
import java.util.List;

/**
 * Where MongoDB cuts a chunk, as {@code autoSplitVector} computes it (mongodb/mongo
 * src/mongo/db/s/auto_split_vector.cpp). The balancer uses it twice: {@code moveRange} asks for
 * one split point to find the upper bound of the range it moves ({@code computeOtherBound} in
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
 *   <li>if the last chunk would hold less than 80% of M documents, the last split points (up to
 *       3) are moved so the last chunks come out even, or the last one is dropped when moving them
 *       would make chunks below 67% of M.
 * </ol>
 *
 * A split point is a shard key value: the chunk after it starts at that value. In coordinates it
 * is the start of the value holding the M-th document ({@link KeySpace#valueStart}).
 */
final class SplitPoints {
  private static final double LAST_CHUNK_FULL = 0.8;
  private static final int MAX_REPOSITIONED = 3;

  private SplitPoints() {}

  /**
   * Returns the split points of {@code [lo, hi)} for chunks of {@code maxDocs} documents, in order.
   *
   * @param limit how many points the caller wants (0: all)
   */
  static List<Double> of(Data data, KeySpace space, double lo, double hi, double maxDocs, int limit) {
    double end = Math.min(hi, data.top());
    if (data.documents(lo, end) <= 0 || space.valueEnd(lo) >= end) {
      return List.of();
    }
    List<Double> splits = new ArrayList<>();
    double prev = lo;
    boolean stoppedAtLimit = false;
    while (true) {
      double b = next(data, space, prev, end, maxDocs);
      if (Double.isNaN(b)) {
        break;
      }
      splits.add(b);
      prev = b;
      if (limit > 0 && splits.size() == limit + 1) {
        stoppedAtLimit = true;
        break;
      }
    }
    double remaining = stoppedAtLimit ? 0 : data.documents(prev, end);
    if (remaining < LAST_CHUNK_FULL * maxDocs && !splits.isEmpty()) {
      int n = Math.min(splits.size(), MAX_REPOSITIONED);
      double perNewChunk = maxDocs - (maxDocs - remaining) / (n + 1);
      if (remaining < maxDocs - perNewChunk) {
        splits.remove(splits.size() - 1);
      } else {
        List<Double> kept = new ArrayList<>(splits.subList(0, splits.size() - n));
        double from = kept.isEmpty() ? lo : kept.get(kept.size() - 1);
        for (int i = 0; i < n; i++) {
          double b = next(data, space, from, end, perNewChunk);
          if (Double.isNaN(b)) {
            break;
          }
          kept.add(b);
          from = b;
        }
        splits = kept;
      }
    }
    return limit > 0 && splits.size() > limit ? List.copyOf(splits.subList(0, limit)) : List.copyOf(splits);
  }

  /**
   * Returns the next split point after {@code prev}: the start of the value holding the {@code
   * docs}-th document, or of the next value when that is still {@code prev}'s; NaN when the chunk
   * ends first.
   */
  private static double next(Data data, KeySpace space, double prev, double end, double docs) {
    if (data.documents(prev, end) < docs) {
      return Double.NaN;
    }
    double target = data.coordinateAtBytes(prev, end, (docs - 0.5) * data.documentBytes());
    double b = space.valueStart(target);
    if (b <= prev) {
      b = space.valueEnd(prev);
    }
    return b >= end ? Double.NaN : b;
  }
}
