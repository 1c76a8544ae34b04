package dev.keyplan.mongodb.simulate;

import dev.keyplan.mongodb.facts.MongoDbLimits;
import dev.keyplan.simulate.SimulationResult.Event;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The AutoMerger of MongoDB 7.0+ (MongoDB manual, "AutoMerger",
 * https://www.mongodb.com/docs/manual/core/automerger-concept/): every {@code
 * autoMergerIntervalSecs} it merges runs of contiguous chunks that one shard owns, when none is
 * jumbo and each last migrated at least {@code minSnapshotHistoryWindowInSeconds} (300 s) and
 * {@code transactionLifetimeLimitSeconds} (60 s) ago, so their routing history can be dropped.
 * Chunks of different zones are never merged. The simulator merges every such run in one pass and
 * only between balancer rounds; MongoDB also waits {@code autoMergerThrottlingMS} (15 s) between
 * merges of one collection, which a pass does not model.
 */
final class AutoMerger {
  /** {@code minSnapshotHistoryWindowInSeconds}' default. */
  static final long SNAPSHOT_HISTORY_SECONDS = 300;

  private final ChunkMap map;
  private final List<ZoneRange> zones;
  private final long interval;
  private final List<Event> events;
  private long next;

  /**
   * @param interval seconds between passes; 0 turns the AutoMerger off
   */
  AutoMerger(ChunkMap map, List<ZoneRange> zones, long interval, List<Event> events) {
    this.map = map;
    this.zones = zones;
    this.interval = interval;
    this.events = events;
    this.next = interval;
  }

  /** Runs a pass if one is due and the balancer is between rounds. */
  void tick(long second, boolean balancerIdle) {
    if (interval <= 0 || second < next || !balancerIdle) {
      return;
    }
    next = second + interval;
    long settled =
        second - Math.max(SNAPSHOT_HISTORY_SECONDS, MongoDbLimits.TRANSACTION_LIFETIME_SECONDS);
    List<List<Chunk>> runs = new ArrayList<>();
    List<Chunk> run = new ArrayList<>();
    for (Chunk c : map.chunks()) {
      boolean mergeable = !c.jumbo() && c.lastMigrated() <= settled;
      Chunk last = run.isEmpty() ? null : run.get(run.size() - 1);
      if (mergeable
          && last != null
          && last.shard() == c.shard()
          && last.hi() == c.lo()
          && zoneOf(last).equals(zoneOf(c))) {
        run.add(c);
        continue;
      }
      if (run.size() >= 2) {
        runs.add(run);
      }
      run = new ArrayList<>();
      if (mergeable) {
        run.add(c);
      }
    }
    if (run.size() >= 2) {
      runs.add(run);
    }
    int merged = 0;
    for (List<Chunk> r : runs) {
      map.merge(r);
      merged += r.size();
    }
    if (!runs.isEmpty()) {
      events.add(
          new Event(
              second,
              "merge",
              "collection",
              "the AutoMerger merged "
                  + merged
                  + " contiguous chunks into "
                  + runs.size()
                  + " ("
                  + map.size()
                  + " chunks now)"));
    }
  }

  private Optional<String> zoneOf(Chunk c) {
    return ZoneRange.holding(zones, c.lo(), c.hi()).map(ZoneRange::name);
  }
}
