package dev.keyplan.dynamodb.simulate;

import dev.keyplan.model.Units;
import dev.keyplan.simulate.SimulationResult;
import dev.keyplan.simulate.SimulationSettings;
import dev.keyplan.simulate.WorkBudget;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.OptionalLong;
import java.util.SplittableRandom;

/**
 * Simulates one copy second by second: the arrivals' demand is {@link Serving served} by the
 * partitions and the table, what is refused is charged back to the keys ({@link KeyLedger}), and
 * throttling and burst are watched for events. Every {@value #SIZE_CHECK_SECONDS} s the sizes are
 * updated and partitions over 10 GB split; at the end of each heat window hot partitions split
 * ({@link Splits}); on demand, partitions are added as the limit rises. The cost per simulated
 * second is per partition and per tracked key, never per operation (except exact mode's tail).
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
  private final double startRead;
  private final double startWrite;
  private final PartitionMap map;
  private final Splits splits;
  private final List<SimulationResult.Event> events = new ArrayList<>();
  private final List<SimulationResult.Series.Row> rows = new ArrayList<>();
  private final Demand demand;
  private final Serving serving = new Serving();
  private final KeyLedger ledger;
  private final Counter copyRead = new Counter();
  private final Counter copyWrite = new Counter();
  private final Counter intervalRead = new Counter();
  private final Counter intervalWrite = new Counter();
  private final ThrottleWatch[] watches;
  private final BurstWatch burstRead;
  private final BurstWatch burstWrite;
  private Placement placement;

  /**
   * The most series rows this copy records: its share of {@link WorkBudget#MAX_RUN_BYTES}. The
   * estimate refuses a run whose forecast partitions would need more, but a copy can split past its
   * forecast (up to {@link PartitionForecast#cap}), so the series stops recording partition rows
   * here, and a note says so: memory stays bounded whatever the partitions.
   */
  private final long rowLimit;

  private final List<String> notes = new ArrayList<>();

  CopySimulation(
      CopySpec spec,
      Arrivals arrivals,
      DynamoDbSetup setup,
      SimulationSettings settings,
      SplittableRandom random,
      long rowLimit,
      int partitionCap) {
    this.rowLimit = rowLimit;
    this.spec = spec;
    this.arrivals = arrivals;
    this.setup = setup;
    this.settings = settings;
    this.random = random;
    this.reads = spec.readCapacity(setup);
    this.writes = spec.writeCapacity(setup);
    this.startRead = reads.limit();
    this.startWrite = writes.limit();
    map = new PartitionMap(spec.partitions(), spec.readUnits(), spec.writeUnits());
    splits = new Splits(spec.copy(), map, spec.keys(), events, partitionCap);
    placement = Placement.of(map, splits.starts());
    demand = new Demand(spec.keys().size());
    ledger = new KeyLedger(spec.keys(), setup.hotKeys());
    watches =
        new ThrottleWatch[] {
          new ThrottleWatch(spec.copy(), "RCU", "partition", events),
              new ThrottleWatch(spec.copy(), "RCU", "table", events),
          new ThrottleWatch(spec.copy(), "WCU", "partition", events),
              new ThrottleWatch(spec.copy(), "WCU", "table", events)
        };
    burstRead = new BurstWatch(spec.copy(), "read", reads, events);
    burstWrite = new BurstWatch(spec.copy(), "write", writes, events);
  }

  /** Runs every second of the settings' duration and returns the copy's results. */
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
        if (splits.forSize(t, placement)) {
          replace(t);
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

  /** Returns what the run had to say about its own series (empty unless it was cut). */
  List<String> notes() {
    return notes;
  }

  /** Returns the series rows the run recorded. */
  List<SimulationResult.Series.Row> rows() {
    return rows;
  }

  private void second(long t) {
    demand.reset(map.size());
    arrivals.fill(t, random, demand, map);
    serving.serve(t, demand, placement, map, reads, writes);
    double[] s = serving.totals;
    copyRead.add(s[0], s[1], s[2], s[3]);
    copyWrite.add(s[4], s[5], s[6], s[7]);
    intervalRead.add(s[0], s[1], s[2], s[3]);
    intervalWrite.add(s[4], s[5], s[6], s[7]);
    ledger.charge(demand, placement, serving.refused());
    watches[0].observe(
        t, s[2], "at " + map.get(serving.worstRead).name + "'s ceiling of 3,000 RCU/s");
    watches[1].observe(t, s[3], tableCause(reads, "RCU"));
    watches[2].observe(
        t, s[6], "at " + map.get(serving.worstWrite).name + "'s ceiling of 1,000 WCU/s");
    watches[3].observe(t, s[7], tableCause(writes, "WCU"));
    burstRead.observe(t);
    burstWrite.observe(t);
  }

  private static String tableCause(TableCapacity c, String units) {
    return c.onDemand()
        ? "over the on-demand limit of "
            + Units.count(c.limit())
            + " "
            + units
            + "/s (twice the previous peak)"
        : "for want of table capacity ("
            + Units.count(c.limit())
            + " "
            + units
            + "/s provisioned, burst capacity spent)";
  }

  private void heat(long t) {
    if (splits.forHeat(
        t,
        placement,
        ledger.windowRead,
        ledger.windowWrite,
        setup.heatSplitSeconds(),
        setup.heatSplitShare())) {
      replace(t);
    }
    for (SimulatedPartition p : map.live()) {
      p.windowRead = 0;
      p.windowWrite = 0;
      p.windowSeconds = 0;
    }
    ledger.clearWindow();
  }

  /**
   * On demand, adds partitions once the limit rises past what the partitions serve at their
   * ceilings.
   */
  private void grow(long t) {
    if (!spec.onDemand() || reads.limit() + writes.limit() <= startRead + startWrite) {
      return;
    }
    int needed =
        (int)
            Math.ceil(
                Math.max(reads.limit() / Ceilings.READ, writes.limit() / Ceilings.WRITE) - 1e-9);
    if (needed > map.size()
        && splits.toCount(
            t,
            needed,
            placement,
            "(the on-demand limit rose to "
                + Units.count(reads.limit())
                + " RCU/s and "
                + Units.count(writes.limit())
                + " WCU/s, which "
                + needed
                + " partitions serve)")) {
      replace(t);
    }
  }

  /** Places the keys on the new map and updates the sizes. */
  private void replace(long t) {
    placement = Placement.of(map, splits.starts());
    sizes(t + 1);
  }

  /**
   * Updates every tracked key's and live partition's bytes to {@code elapsed} seconds from the
   * start.
   */
  private void sizes(long elapsed) {
    double tail = spec.tail().bytesAt(elapsed);
    for (SimulatedPartition p : map.live()) {
      p.bytes = tail * p.width();
    }
    List<KeyLoad> keys = spec.keys();
    for (int k = 0; k < keys.size(); k++) {
      ledger.bytes[k] = keys.get(k).bytesAt(elapsed);
      int[] parts = placement.partitions[k];
      for (int j = 0; j < parts.length; j++) {
        map.get(parts[j]).bytes += ledger.bytes[k] * placement.shares[k][j];
      }
    }
  }

  private void flush(long start, long seconds, long t) {
    sizes(t + 1);
    double copyBytes = spec.tail().bytesAt(t + 1);
    for (double b : ledger.bytes) {
      copyBytes += b;
    }
    rows.add(
        new SimulationResult.Series.Row(
            start,
            spec.copy(),
            SeriesColumns.of(
                intervalRead, intervalWrite, seconds, copyBytes, reads.burst(), writes.burst())));
    intervalRead.clear();
    intervalWrite.clear();
    for (SimulatedPartition p : map.all()) {
      if (p.createdAt <= t && (p.retiredAt < 0 || p.retiredAt >= start)) {
        if (rows.size() >= rowLimit) {
          if (notes.isEmpty()) {
            notes.add(
                spec.copy()
                    + ": the time series stopped recording partitions from second "
                    + start
                    + ", at "
                    + Units.count(rowLimit)
                    + " rows, this copy's share of the "
                    + WorkBudget.MAX_RUN_BYTES / (1024 * 1024)
                    + " MB a run's series may hold (docs/reliability.md, Simulation budget)");
          }
          p.intervalRead.clear();
          p.intervalWrite.clear();
          continue;
        }
        rows.add(
            new SimulationResult.Series.Row(
                start,
                spec.copy() + ":" + p.name,
                SeriesColumns.of(p.intervalRead, p.intervalWrite, seconds, p.bytes, 0, 0)));
        p.intervalRead.clear();
        p.intervalWrite.clear();
      }
    }
    ledger.rows(spec.copy(), start, seconds, rows);
  }

  private CopyRun result() {
    List<PartitionStats> partitions = new ArrayList<>();
    for (SimulatedPartition p : map.all()) {
      partitions.add(
          new PartitionStats(
              p.name,
              HashSpace.hex(p.lo),
              HashSpace.hex(p.hi),
              p.width(),
              p.createdAt,
              optional(p.retiredAt),
              p.cause,
              p.bytes,
              p.read.totals(),
              p.write.totals()));
    }
    events.sort(Comparator.comparingLong(SimulationResult.Event::second));
    return new CopyRun(
        spec.copy(),
        spec.capacityLabel(),
        spec.onDemand(),
        spec.partitions(),
        settings.durationSeconds(),
        flow(reads, startRead, copyRead, watches[0], watches[1], burstRead),
        flow(writes, startWrite, copyWrite, watches[2], watches[3], burstWrite),
        partitions,
        ledger.stats(map, placement),
        events);
  }

  private static Flow flow(
      TableCapacity c,
      double start,
      Counter units,
      ThrottleWatch ceiling,
      ThrottleWatch table,
      BurstWatch burst) {
    return new Flow(
        start,
        units.totals(),
        optional(ceiling.first()),
        optional(table.first()),
        optional(burst.lasted()),
        c instanceof ProvisionedTableCapacity pc ? pc.burstCapacity() : 0);
  }

  private static OptionalLong optional(long second) {
    return second < 0 ? OptionalLong.empty() : OptionalLong.of(second);
  }
}
