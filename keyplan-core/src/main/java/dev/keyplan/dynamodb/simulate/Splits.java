package dev.keyplan.dynamodb.simulate;

import dev.keyplan.model.Units;
import dev.keyplan.simulate.SimulationResult;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

/**
 * Applies the three reasons a copy splits a partition, each at its {@link PartitionSplitPoints}
 * point: size (over 10 GB), heat (demand over a share of the ceiling for a whole window) and, on
 * demand, throughput (the table's limit rose past what its partitions serve). Each split is an
 * event.
 */
final class Splits {
  private final String copy;
  private final PartitionMap map;
  private final List<KeyLoad> keys;
  private final List<SimulationResult.Event> events;
  private final int cap;
  private boolean capReported;

  /** Splits for {@code copy}, which may hold at most {@code cap} live partitions. */
  Splits(
      String copy,
      PartitionMap map,
      List<KeyLoad> keys,
      List<SimulationResult.Event> events,
      int cap) {
    this.cap = cap;
    this.copy = copy;
    this.map = map;
    this.keys = keys;
    this.events = events;
  }

  /** Splits each partition over 10 GB once; returns true if the map changed. */
  boolean forSize(long second, Placement placement) {
    boolean changed = false;
    for (SimulatedPartition p : new ArrayList<>(map.live())) {
      if (p.bytes <= Ceilings.BYTES) {
        continue;
      }
      if (atCap(second)) {
        break;
      }
      OptionalLong at = PartitionSplitPoints.forSize(p.lo, p.hi, collections(p, placement));
      if (at.isPresent()) {
        split(
            p,
            at.getAsLong(),
            "size",
            second,
            "(" + Units.bytes(p.bytes) + ", over the 10 GB a partition holds)");
        changed = true;
      } else if (!p.unsplittableReported) {
        p.unsplittableReported = true;
        events.add(
            new SimulationResult.Event(
                second,
                "split-refused",
                copy,
                p.name
                    + " holds "
                    + Units.bytes(p.bytes)
                    + " in one item collection that may not be split"));
      }
    }
    return changed;
  }

  /**
   * Splits each partition whose demand over the last {@code window} seconds averaged more than
   * {@code share} of a ceiling; {@code keyRead} and {@code keyWrite} are the keys' demand summed
   * over the window. Returns true if the map changed.
   */
  boolean forHeat(
      long second,
      Placement placement,
      double[] keyRead,
      double[] keyWrite,
      long window,
      double share) {
    boolean changed = false;
    for (SimulatedPartition p : new ArrayList<>(map.live())) {
      if (p.windowSeconds < window) {
        continue;
      }
      double read = p.windowRead / p.windowSeconds;
      double write = p.windowWrite / p.windowSeconds;
      if (read <= share * Ceilings.READ && write <= share * Ceilings.WRITE) {
        continue;
      }
      if (atCap(second)) {
        break;
      }
      List<PartitionSplitPoints.Inside> inside =
          inside(p, placement, keyRead, keyWrite, p.windowSeconds, /* forHeat= */ true);
      OptionalLong at = PartitionSplitPoints.forHeat(p.lo, p.hi, read, write, inside);
      String load =
          read / Ceilings.READ >= write / Ceilings.WRITE
              ? Units.count(read) + " RCU/s"
              : Units.count(write) + " WCU/s";
      if (at.isPresent()) {
        split(p, at.getAsLong(), "heat", second, "(" + load + " over " + window + " s)");
        changed = true;
      } else if (!p.unsplittableReported) {
        p.unsplittableReported = true;
        events.add(
            new SimulationResult.Event(
                second,
                "split-refused",
                copy,
                p.name
                    + " runs at "
                    + load
                    + " but no split cools it: its load is on "
                    + hottest(inside)
                    + ", which cannot be split further"));
      }
    }
    return changed;
  }

  /** Splits the widest partitions until the copy has {@code n}; returns true if the map changed. */
  boolean toCount(long second, int n, Placement placement, String why) {
    boolean changed = false;
    while (map.size() < n && !atCap(second)) {
      SimulatedPartition widest = map.live().get(0);
      for (SimulatedPartition p : map.live()) {
        if (p.hi - p.lo > widest.hi - widest.lo) {
          widest = p;
        }
      }
      Placement now = changed ? Placement.of(map, starts()) : placement;
      OptionalLong at =
          PartitionSplitPoints.forSize(widest.lo, widest.hi, collections(widest, now));
      if (at.isEmpty()) {
        return changed;
      }
      split(widest, at.getAsLong(), "throughput", second, why);
      changed = true;
    }
    return changed;
  }

  /**
   * True when the copy holds its cap of live partitions ({@link PartitionForecast#cap}), which the
   * work estimate counts on: no more splits, said once in an event.
   */
  private boolean atCap(long second) {
    if (map.size() < cap) {
      return false;
    }
    if (!capReported) {
      capReported = true;
      events.add(
          new SimulationResult.Event(
              second,
              "split-refused",
              copy,
              "no more splits: the copy holds "
                  + Units.count(cap)
                  + " partitions, the most keyplan simulates (docs/reliability.md, Simulation"
                  + " budget)"));
    }
    return true;
  }

  /** Returns the tracked keys' starts, for a new {@link Placement}. */
  long[] starts() {
    long[] s = new long[keys.size()];
    for (int k = 0; k < s.length; k++) {
      s[k] = keys.get(k).start();
    }
    return s;
  }

  private void split(SimulatedPartition p, long at, String cause, long second, String why) {
    int i = map.live().indexOf(p);
    map.split(i, at, cause, second);
    events.add(
        new SimulationResult.Event(
            second,
            "split",
            copy,
            p.name
                + " split for "
                + cause
                + " "
                + why
                + " into "
                + map.get(i).name
                + " ["
                + HashSpace.hex(p.lo)
                + ", "
                + HashSpace.hex(at)
                + ") and "
                + map.get(i + 1).name
                + " ["
                + HashSpace.hex(at)
                + ", "
                + HashSpace.hex(p.hi)
                + ")"));
  }

  /**
   * Returns the tracked keys' collections in {@code p}, for a split by size: where they lie, not
   * their load.
   */
  private List<PartitionSplitPoints.Inside> collections(SimulatedPartition p, Placement placement) {
    double[] none = new double[keys.size()];
    return inside(p, placement, none, none, 1, /* forHeat= */ false);
  }

  /**
   * Returns the tracked keys with a part in {@code p}, with their demand there per second of {@code
   * seconds}.
   */
  private List<PartitionSplitPoints.Inside> inside(
      SimulatedPartition p,
      Placement placement,
      double[] read,
      double[] write,
      long seconds,
      boolean forHeat) {
    int index = map.live().indexOf(p);
    List<PartitionSplitPoints.Inside> out = new ArrayList<>();
    for (int k = 0; k < keys.size(); k++) {
      int[] parts = placement.partitions[k];
      for (int j = 0; j < parts.length; j++) {
        if (parts[j] == index) {
          KeyLoad key = keys.get(k);
          double f = placement.shares[k][j] / seconds;
          out.add(
              new PartitionSplitPoints.Inside(
                  Math.max(p.lo, key.start()),
                  Math.min(p.hi, key.start() + HashSpace.COLLECTION),
                  read[k] * f,
                  write[k] * f,
                  forHeat ? key.divisibleForHeat() : key.divisibleForSize(),
                  k));
        }
      }
    }
    return out;
  }

  private String hottest(List<PartitionSplitPoints.Inside> inside) {
    int best = -1;
    double heat = -1;
    for (int i = 0; i < inside.size(); i++) {
      double h = inside.get(i).read() / Ceilings.READ + inside.get(i).write() / Ceilings.WRITE;
      if (h > heat) {
        heat = h;
        best = i;
      }
    }
    if (best < 0) {
      return "untracked values";
    }
    KeyLoad k = keys.get(inside.get(best).key());
    return k.name() + (k.indivisibleBecause().isEmpty() ? "" : " (" + k.indivisibleBecause() + ")");
  }
}
