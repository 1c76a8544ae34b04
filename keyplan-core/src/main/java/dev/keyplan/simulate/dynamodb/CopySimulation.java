package dev.keyplan.simulate.dynamodb;

import dev.keyplan.simulate.SimulationResult;
import dev.keyplan.simulate.SimulationSettings;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Simulates one copy second by second: the arrivals' demand lands on partitions (tracked keys by
 * their {@link Placement}, the rest by range), each partition is held to its {@link Ceilings}, the
 * table's {@link TableCapacity} serves what it can, and what is refused is charged back to the
 * keys in proportion to their demand on each partition. Every {@value #SIZE_CHECK_SECONDS} s the
 * sizes are updated and partitions over 10 GB split; at the end of each heat window hot partitions
 * split ({@link Splits}); on demand, partitions are added as the limit rises.
 *
 * <p>The cost per simulated second is per partition and per tracked key, never per operation
 * (except in exact mode's tail).
 */
final class CopySimulation {
  /** Sizes change slowly: they are updated, and checked against 10 GB, once a minute. */
  static final int SIZE_CHECK_SECONDS = 60;

  private final CopySpec spec;
  private final Arrivals arrivals;
  private final DynamoDbSetup setup;
  private final SimulationSettings settings;
  private final SplittableRandom random;
  private final TableCapacity reads;
  private final TableCapacity writes;
  private final PartitionMap map;
  private final List<KeyLoad> keys;
  private final Splits splits;
  private final List<SimulationResult.Event> events = new ArrayList<>();
  private final List<SimulationResult.Series.Row> rows = new ArrayList<>();
  private final Demand demand;
  private final Counter[] keyRead;
  private final Counter[] keyWrite;
  private final Counter[] keyIntervalRead;
  private final Counter[] keyIntervalWrite;
  private final double[] windowRead;
  private final double[] windowWrite;
  private final double[] keyBytes;
  private final Counter copyRead = new Counter();
  private final Counter copyWrite = new Counter();
  private final Counter intervalRead = new Counter();
  private final Counter intervalWrite = new Counter();
  private final ThrottleWatch[] watches;
  private final Burst burstRead;
  private final Burst burstWrite;
  private Placement placement;
  private double[][] work = new double[10][0];
  private double[][] refused = new double[4][0];
  private double limitRead;
  private double limitWrite;

  CopySimulation(CopySpec spec, Arrivals arrivals, DynamoDbSetup setup, SimulationSettings settings,
      SplittableRandom random) {
    this.spec = spec;
    this.arrivals = arrivals;
    this.setup = setup;
    this.settings = settings;
    this.random = random;
    this.keys = spec.keys();
    if (spec.onDemand()) {
      reads = new OnDemandCapacity(setup.onDemandPeakRead(), dev.keyplan.store.dynamodb.DynamoDbLimits.DEFAULT_TABLE_MAX_RCU);
      writes = new OnDemandCapacity(setup.onDemandPeakWrite(), dev.keyplan.store.dynamodb.DynamoDbLimits.DEFAULT_TABLE_MAX_WCU);
    } else {
      reads = new ProvisionedCapacity(spec.readUnits(), setup.burstFullAtStart());
      writes = new ProvisionedCapacity(spec.writeUnits(), setup.burstFullAtStart());
    }
    map = new PartitionMap(spec.partitions(), spec.readUnits(), spec.writeUnits());
    splits = new Splits(spec.copy(), map, keys, events);
    placement = Placement.of(map, splits.starts());
    int n = keys.size();
    demand = new Demand(n);
    keyRead = counters(n);
    keyWrite = counters(n);
    int reported = Math.min(n, setup.hotKeys());
    keyIntervalRead = counters(reported);
    keyIntervalWrite = counters(reported);
    windowRead = new double[n];
    windowWrite = new double[n];
    keyBytes = new double[n];
    watches = new ThrottleWatch[] {
        new ThrottleWatch(spec.copy(), "RCU", "partition", events), new ThrottleWatch(spec.copy(), "RCU", "table", events),
        new ThrottleWatch(spec.copy(), "WCU", "partition", events), new ThrottleWatch(spec.copy(), "WCU", "table", events)};
    burstRead = new Burst(reads, "read", setup.burstFullAtStart());
    burstWrite = new Burst(writes, "write", setup.burstFullAtStart());
    limitRead = reads.limit();
    limitWrite = writes.limit();
  }

  /** Runs every second of the settings' duration and returns the copy's results and its series rows. */
  CopyRun run(ProgressClock clock) {
    sizes(0);
    long duration = settings.durationSeconds();
    long interval = settings.intervalSeconds();
    for (long t = 0; t < duration; t++) {
      second(t);
      if (spec.heatSplits() && (t + 1) % setup.heatSplitSeconds() == 0) {
        heat(t);
      }
      if ((t + 1) % SIZE_CHECK_SECONDS == 0) {
        sizes(t + 1);
        if (splits.forSize(t, placement, keyBytes, 0)) {
          replace();
          sizes(t + 1);
        }
      }
      grow(t);
      if ((t + 1) % interval == 0 || t == duration - 1) {
        long start = t - t % interval;
        flush(start, t - start + 1, t);
      }
      clock.tick();
    }
    sizes(duration);
    return result();
  }

  /** Returns the series rows the run recorded. */
  List<SimulationResult.Series.Row> rows() {
    return rows;
  }

  private void second(long t) {
    int n = map.size();
    demand.reset(n);
    arrivals.fill(t, random, demand, map);
    if (work[0].length < n) {
      work = new double[10][n * 2];
    }
    double[] dR = work[0], dW = work[1], sR = work[2], sW = work[3], cR = work[4], cW = work[5];
    double[] tR = work[6], tW = work[7], shR = work[8], shW = work[9];
    for (int i = 0; i < n; i++) {
      Partition p = map.get(i);
      double w = p.width();
      dR[i] = demand.partitionRead[i] + demand.spreadRead * w;
      dW[i] = demand.partitionWrite[i] + demand.spreadWrite * w;
      shR[i] = p.shareRead;
      shW[i] = p.shareWrite;
    }
    for (int k = 0; k < keys.size(); k++) {
      int[] parts = placement.partitions[k];
      double[] shares = placement.shares[k];
      for (int j = 0; j < parts.length; j++) {
        dR[parts[j]] += demand.keyRead[k] * shares[j];
        dW[parts[j]] += demand.keyWrite[k] * shares[j];
      }
    }
    for (int i = 0; i < n; i++) {
      sR[i] = Math.min(dR[i], Ceilings.READ);
      cR[i] = dR[i] - sR[i];
      sW[i] = Math.min(dW[i], Ceilings.WRITE);
      cW[i] = dW[i] - sW[i];
    }
    reads.admit(t, sR, shR, tR, n);
    writes.admit(t, sW, shW, tW, n);
    double[] sums = new double[8];
    int worstR = 0;
    int worstW = 0;
    for (int i = 0; i < n; i++) {
      Partition p = map.get(i);
      p.read.add(dR[i], sR[i], cR[i], tR[i]);
      p.write.add(dW[i], sW[i], cW[i], tW[i]);
      p.intervalRead.add(dR[i], sR[i], cR[i], tR[i]);
      p.intervalWrite.add(dW[i], sW[i], cW[i], tW[i]);
      p.windowRead += dR[i];
      p.windowWrite += dW[i];
      p.windowSeconds++;
      sums[0] += dR[i];
      sums[1] += sR[i];
      sums[2] += cR[i];
      sums[3] += tR[i];
      sums[4] += dW[i];
      sums[5] += sW[i];
      sums[6] += cW[i];
      sums[7] += tW[i];
      worstR = cR[i] > cR[worstR] ? i : worstR;
      worstW = cW[i] > cW[worstW] ? i : worstW;
    }
    copyRead.add(sums[0], sums[1], sums[2], sums[3]);
    copyWrite.add(sums[4], sums[5], sums[6], sums[7]);
    intervalRead.add(sums[0], sums[1], sums[2], sums[3]);
    intervalWrite.add(sums[4], sums[5], sums[6], sums[7]);
    charge(dR, cR, tR, dW, cW, tW);
    watches[0].observe(t, sums[2], "at " + map.get(worstR).name + "'s ceiling of 3,000 RCU/s");
    watches[1].observe(t, sums[3], tableCause(reads, "RCU"));
    watches[2].observe(t, sums[6], "at " + map.get(worstW).name + "'s ceiling of 1,000 WCU/s");
    watches[3].observe(t, sums[7], tableCause(writes, "WCU"));
    burstRead.observe(t);
    burstWrite.observe(t);
  }

  /** Charges each key its share of its partitions' throttling: every unit asked of a partition is equally likely refused. */
  private void charge(double[] dR, double[] cR, double[] tR, double[] dW, double[] cW, double[] tW) {
    int n = map.size();
    if (refused[0].length < n) {
      refused = new double[4][n * 2];
    }
    // The refused share of each partition's demand, at its ceiling and at the table, once per partition.
    for (int i = 0; i < n; i++) {
      refused[0][i] = dR[i] > 0 ? cR[i] / dR[i] : 0;
      refused[1][i] = dR[i] > 0 ? tR[i] / dR[i] : 0;
      refused[2][i] = dW[i] > 0 ? cW[i] / dW[i] : 0;
      refused[3][i] = dW[i] > 0 ? tW[i] / dW[i] : 0;
    }
    for (int k = 0; k < keys.size(); k++) {
      double r = demand.keyRead[k];
      double w = demand.keyWrite[k];
      if (r == 0 && w == 0) {
        continue;
      }
      windowRead[k] += r;
      windowWrite[k] += w;
      double rCeil = 0;
      double rTable = 0;
      double wCeil = 0;
      double wTable = 0;
      int[] parts = placement.partitions[k];
      double[] shares = placement.shares[k];
      for (int j = 0; j < parts.length; j++) {
        int p = parts[j];
        rCeil += r * shares[j] * refused[0][p];
        rTable += r * shares[j] * refused[1][p];
        wCeil += w * shares[j] * refused[2][p];
        wTable += w * shares[j] * refused[3][p];
      }
      keyRead[k].add(r, r - rCeil - rTable, rCeil, rTable);
      keyWrite[k].add(w, w - wCeil - wTable, wCeil, wTable);
      if (k < keyIntervalRead.length) {
        keyIntervalRead[k].add(r, r - rCeil - rTable, rCeil, rTable);
        keyIntervalWrite[k].add(w, w - wCeil - wTable, wCeil, wTable);
      }
    }
  }

  private String tableCause(TableCapacity c, String units) {
    return c.onDemand()
        ? "over the on-demand limit of " + dev.keyplan.model.Units.count(c.limit()) + " " + units + "/s (twice the previous peak)"
        : "for want of table capacity (" + dev.keyplan.model.Units.count(c.limit()) + " " + units
            + "/s provisioned, burst capacity spent)";
  }

  private void heat(long t) {
    if (splits.forHeat(t, placement, windowRead, windowWrite, setup.heatSplitSeconds(), setup.heatSplitShare())) {
      replace();
    }
    for (Partition p : map.live()) {
      p.windowRead = 0;
      p.windowWrite = 0;
      p.windowSeconds = 0;
    }
    java.util.Arrays.fill(windowRead, 0);
    java.util.Arrays.fill(windowWrite, 0);
  }

  /** On demand, adds partitions when the limit rises past what the partitions serve at their ceilings. */
  private void grow(long t) {
    if (!spec.onDemand() || (reads.limit() <= limitRead && writes.limit() <= limitWrite)) {
      return;
    }
    limitRead = reads.limit();
    limitWrite = writes.limit();
    int needed = (int) Math.ceil(Math.max(limitRead / Ceilings.READ, limitWrite / Ceilings.WRITE) - 1e-9);
    if (needed > map.size() && splits.toCount(t, needed, placement, "(the on-demand limit rose to "
        + dev.keyplan.model.Units.count(limitRead) + " RCU/s and " + dev.keyplan.model.Units.count(limitWrite)
        + " WCU/s, which " + needed + " partitions serve)")) {
      replace();
      sizes(t + 1);
    }
  }

  private void replace() {
    placement = Placement.of(map, splits.starts());
  }

  /** Updates every tracked key's and live partition's bytes to {@code elapsed} seconds from the start. */
  private void sizes(long elapsed) {
    double tail = spec.tail().bytesAt(elapsed);
    for (Partition p : map.live()) {
      p.bytes = tail * p.width();
    }
    for (int k = 0; k < keys.size(); k++) {
      keyBytes[k] = keys.get(k).bytesAt(elapsed);
      int[] parts = placement.partitions[k];
      for (int j = 0; j < parts.length; j++) {
        map.get(parts[j]).bytes += keyBytes[k] * placement.shares[k][j];
      }
    }
  }

  private void flush(long start, long seconds, long t) {
    sizes(t + 1);
    double copyBytes = spec.tail().bytesAt(t + 1);
    for (double b : keyBytes) {
      copyBytes += b;
    }
    rows.add(new SimulationResult.Series.Row(start, spec.copy(),
        SeriesColumns.of(intervalRead, intervalWrite, seconds, copyBytes, reads.burst(), writes.burst())));
    intervalRead.clear();
    intervalWrite.clear();
    for (Partition p : map.all()) {
      if (p.createdAt <= t && (p.retiredAt < 0 || p.retiredAt >= start)) {
        rows.add(new SimulationResult.Series.Row(start, spec.copy() + ":" + p.name,
            SeriesColumns.of(p.intervalRead, p.intervalWrite, seconds, p.bytes, 0, 0)));
        p.intervalRead.clear();
        p.intervalWrite.clear();
      }
    }
    for (int k = 0; k < keyIntervalRead.length; k++) {
      rows.add(new SimulationResult.Series.Row(start, spec.copy() + ":" + keys.get(k).name(),
          SeriesColumns.of(keyIntervalRead[k], keyIntervalWrite[k], seconds, keyBytes[k], 0, 0)));
      keyIntervalRead[k].clear();
      keyIntervalWrite[k].clear();
    }
  }

  private CopyRun result() {
    List<PartitionStats> partitions = new ArrayList<>();
    for (Partition p : map.all()) {
      partitions.add(new PartitionStats(p.name, HashSpace.hex(p.lo), HashSpace.hex(p.hi), p.width(), p.createdAt,
          p.retiredAt < 0 ? java.util.OptionalLong.empty() : java.util.OptionalLong.of(p.retiredAt), p.cause, p.bytes,
          p.read.totals(), p.write.totals()));
    }
    List<KeyStats> hot = new ArrayList<>();
    for (int k = 0; k < keyIntervalRead.length; k++) {
      List<String> names = new ArrayList<>();
      for (int part : placement.partitions[k]) {
        names.add(map.get(part).name);
      }
      hot.add(new KeyStats(keys.get(k).name(), names, keyBytes[k], keyRead[k].totals(), keyWrite[k].totals()));
    }
    events.sort(Comparator.comparingLong(SimulationResult.Event::second));
    return new CopyRun(spec.copy(), spec.capacityLabel(), spec.onDemand(), spec.partitions(), settings.durationSeconds(),
        flow(reads, copyRead, watches[0], watches[1], burstRead), flow(writes, copyWrite, watches[2], watches[3], burstWrite),
        partitions, hot, events);
  }

  private Flow flow(TableCapacity c, Counter units, ThrottleWatch ceiling, ThrottleWatch table, Burst burst) {
    double start = c == reads ? Math.min(2 * setup.onDemandPeakRead(), dev.keyplan.store.dynamodb.DynamoDbLimits.DEFAULT_TABLE_MAX_RCU)
        : Math.min(2 * setup.onDemandPeakWrite(), dev.keyplan.store.dynamodb.DynamoDbLimits.DEFAULT_TABLE_MAX_WCU);
    return new Flow(c.onDemand() ? start : c.limit(),
        units.totals(), optional(ceiling.first()), optional(table.first()), optional(burst.spentAfter),
        c instanceof ProvisionedCapacity pc ? pc.burstCapacity() : 0);
  }

  private static java.util.OptionalLong optional(long second) {
    return second < 0 ? java.util.OptionalLong.empty() : java.util.OptionalLong.of(second);
  }

  private static Counter[] counters(int n) {
    Counter[] c = new Counter[n];
    for (int i = 0; i < n; i++) {
      c[i] = new Counter();
    }
    return c;
  }

  /** Watches a provisioned copy's burst bucket run dry; re-armed once it is full again. */
  private final class Burst {
    private final TableCapacity capacity;
    private final String kind;
    private double last;
    private boolean armed = true;
    long spentAfter = -1;

    Burst(TableCapacity capacity, String kind, boolean full) {
      this.capacity = capacity;
      this.kind = kind;
      this.last = full && capacity instanceof ProvisionedCapacity pc ? pc.burstCapacity() : 0;
    }

    void observe(long t) {
      if (!(capacity instanceof ProvisionedCapacity pc)) {
        return;
      }
      double level = pc.burst();
      if (armed && last > 0 && level <= 0) {
        armed = false;
        if (spentAfter < 0) {
          spentAfter = t + 1;
        }
        events.add(new SimulationResult.Event(t, "burst-exhausted", spec.copy(), "the " + kind + " burst capacity of "
            + dev.keyplan.model.Units.count(pc.burstCapacity()) + " units is spent after " + (t + 1) + " s"));
      } else if (level >= pc.burstCapacity()) {
        armed = true;
      }
      last = level;
    }
  }
}
