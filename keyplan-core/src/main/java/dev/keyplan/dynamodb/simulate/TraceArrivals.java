package dev.keyplan.dynamodb.simulate;

import dev.keyplan.dynamodb.facts.Capacity;
import dev.keyplan.simulate.Trace;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Operations replayed from a {@link Trace}, each in the second it was logged, charged by the
 * capacity rules of {@link Capacity}: a write of {@code size} bytes {@code ⌈size / 1 KB⌉} WCU, a
 * read {@code ⌈size / 4 KB⌉} blocks at the setup's consistency (½ unit each eventually consistent,
 * 1 strongly), at least one block either way. A traced key the run tracks adds to that key; any
 * other lands on the partition its hash falls in.
 */
final class TraceArrivals implements Arrivals {
  private final List<Trace.Op> ops;
  private final Map<String, Integer> tracked;
  private final Capacity.Read reads;
  private final Map<String, Long> positions = new HashMap<>();
  private int next;

  /** Replays {@code trace}; {@code tracked} maps the tracked keys' names to their index. */
  TraceArrivals(Trace trace, Map<String, Integer> tracked, Capacity.Read reads) {
    this.ops = trace.operations();
    this.tracked = Map.copyOf(tracked);
    this.reads = reads;
  }

  /** Returns the units one traced operation is charged. */
  static double units(Trace.Op op, Capacity.Read reads) {
    return op.write()
        ? Capacity.write(0, op.bytes(), Capacity.Write.STANDARD)
        : Capacity.getItem(op.bytes(), reads);
  }

  /**
   * Returns the {@code n} keys of the trace with the most units (reads over 3,000 plus writes over
   * 1,000, the shares of a partition's ceilings they would fill), busiest first, ties by first use.
   */
  static List<String> busiest(Trace trace, int n, Capacity.Read reads) {
    Map<String, double[]> load = new LinkedHashMap<>();
    for (Trace.Op op : trace.operations()) {
      double[] l = load.computeIfAbsent(op.key(), k -> new double[1]);
      l[0] += units(op, reads) / (op.write() ? Ceilings.WRITE : Ceilings.READ);
    }
    List<Map.Entry<String, double[]>> all = new ArrayList<>(load.entrySet());
    all.sort(
        Comparator.comparingDouble((Map.Entry<String, double[]> e) -> e.getValue()[0]).reversed());
    return all.stream().limit(n).map(Map.Entry::getKey).toList();
  }

  @Override
  public void fill(long second, SplittableRandom random, Demand demand, PartitionMap map) {
    while (next < ops.size() && ops.get(next).second() < second + 1) {
      Trace.Op op = ops.get(next++);
      double u = units(op, reads);
      Integer k = tracked.get(op.key());
      if (k != null) {
        (op.write() ? demand.keyWrite : demand.keyRead)[k] += u;
      } else {
        int p = map.locate(positions.computeIfAbsent(op.key(), HashSpace::start));
        (op.write() ? demand.partitionWrite : demand.partitionRead)[p] += u;
      }
    }
  }
}
