package dev.keyplan.mongodb.simulate;

import dev.keyplan.model.Units;
import dev.keyplan.mongodb.facts.MongoDbLimits;
import dev.keyplan.simulate.SimulationResult.Event;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.OptionalLong;

/**
 * The balancer thread of the config server primary, for one collection, over simulated seconds
 * (mongodb/mongo src/mongo/db/s/balancer/balancer.cpp, 6.0.3+: no auto-splitting on insert).
 *
 * <p>A round splits chunks that straddle a zone bound, asks {@link BalancerPolicy} what to move,
 * and starts every migration at once; the round ends when its last migration ends. Then the
 * balancer sleeps {@value #SHORT_ROUND_SECONDS} s if the round moved or split anything ({@code
 * kShortBalanceRoundInterval}), else the round interval, 10 s by default ({@code
 * kBalanceRoundDefaultInterval}).
 *
 * <p>A migration is a {@code moveRange} from the chunk's lower bound: the donor finds the upper
 * bound with one {@link ChunkSplitPoints split point} at the range size, so a large chunk is split
 * as it moves. Before copying, the donor counts the range's documents; over {@value
 * #MAX_DOCS_FACTOR} × (range size / average document size) the migration fails with {@code
 * ChunkTooBig} ({@code maxRecsWhenFull} in migration_chunk_cloner_source.cpp; MongoDB manual,
 * "Maximum Number of Documents Per Range to Migrate"). The balancer then splits the chunk at all
 * its split points, or, when it has none (one shard key value), marks it jumbo, and never picks it
 * again. A migration that starts copies its range's bytes at the setup's rate, taking whole seconds
 * (at least 1), and commits at its end: the range then belongs to the recipient.
 */
final class Balancer {
  /** {@code kBalanceRoundDefaultInterval}: the sleep after a round with nothing to do. */
  static final long DEFAULT_ROUND_SECONDS = 10;

  /** {@code kShortBalanceRoundInterval}: the sleep after a round that moved or split a chunk. */
  static final long SHORT_ROUND_SECONDS = 1;

  /**
   * {@code maxRecsWhenFull = 2 × maxChunkSizeBytes / avgRecSize}: the most documents a migration
   * accepts.
   */
  static final int MAX_DOCS_FACTOR = 2;

  /** Where the balancer stands after a round. */
  enum State {
    BALANCING,
    BALANCED,
    JUMBO_ONLY
  }

  private record InFlight(
      double lo, double hi, int from, int to, long start, long end, double bytes, String reason) {}

  private final ChunkMap map;
  private final Data data;
  private final ShardData shards;
  private final List<ZoneRange> zones;
  private final double rangeBytes;
  private final double rate;
  private final long roundSeconds;
  private final double maxDocs;
  private final List<InFlight> inFlight = new ArrayList<>();
  private final List<Event> events;
  private final List<MongoDbRun.Migration> migrations = new ArrayList<>();
  private final int[] doneInInterval;
  private long nextRound;
  private long rounds;
  private State state = State.BALANCING;
  private long settledAt = -1;

  Balancer(
      ChunkMap map,
      Data data,
      ShardData shards,
      List<ZoneRange> zones,
      double rangeBytes,
      double bytesPerSecond,
      long roundSeconds,
      List<Event> events) {
    this.map = map;
    this.data = data;
    this.shards = shards;
    this.zones = zones;
    this.rangeBytes = rangeBytes;
    this.rate = bytesPerSecond;
    this.roundSeconds = roundSeconds;
    this.maxDocs = Math.max(1, Math.floor(rangeBytes / data.documentBytes()));
    this.events = events;
    this.doneInInterval = new int[map.shards()];
  }

  /** Ends the migrations due by {@code second}, then starts a round if one is due. */
  void tick(long second) {
    boolean ended = false;
    for (Iterator<InFlight> it = inFlight.iterator(); it.hasNext(); ) {
      InFlight m = it.next();
      if (m.end() <= second) {
        commit(m, second);
        it.remove();
        ended = true;
      }
    }
    if (ended && inFlight.isEmpty()) {
      nextRound = second + SHORT_ROUND_SECONDS;
    }
    if (inFlight.isEmpty() && second >= nextRound) {
      round(second);
    }
  }

  /** Returns true if no migration is running. */
  boolean idle() {
    return inFlight.isEmpty();
  }

  /** Returns true if shard {@code s} takes part in a running migration. */
  boolean migrating(int s) {
    return inFlight.stream().anyMatch(m -> m.from() == s || m.to() == s);
  }

  /**
   * Returns and resets the migrations each shard finished (as donor or recipient) since the last
   * call.
   */
  int[] takeDone() {
    int[] out = doneInInterval.clone();
    java.util.Arrays.fill(doneInInterval, 0);
    return out;
  }

  /** Returns the migrations tried so far, in start order. */
  List<MongoDbRun.Migration> migrations() {
    return List.copyOf(migrations);
  }

  State state() {
    return state;
  }

  long rounds() {
    return rounds;
  }

  /**
   * Returns when the balancer last found nothing left to do (balanced, or only jumbo chunks to
   * give).
   */
  OptionalLong settledAt() {
    return state == State.BALANCING || settledAt < 0
        ? OptionalLong.empty()
        : OptionalLong.of(settledAt);
  }

  /** Returns the documents one range may hold: {@code range size / document size}. */
  double maxDocs() {
    return maxDocs;
  }

  private void round(long second) {
    rounds++;
    int processed = splitAtZoneBounds(second);
    double[] bytes = shards.bytes();
    double threshold = MongoDbLimits.MIGRATION_THRESHOLD_RANGE_SIZES * rangeBytes;
    BalancerPolicy.Selection selection = BalancerPolicy.select(map, bytes, zones, threshold);
    for (BalancerPolicy.Move move : selection.moves()) {
      processed += start(move, second);
    }
    track(selection, bytes, second);
    if (inFlight.isEmpty()) {
      nextRound = second + (processed > 0 ? SHORT_ROUND_SECONDS : roundSeconds);
    }
  }

  private int splitAtZoneBounds(long second) {
    int splits = 0;
    for (ZoneRange z : zones) {
      for (double b : new double[] {z.lo(), z.hi()}) {
        if (b <= 0 || Double.isInfinite(b)) {
          continue;
        }
        Chunk c = map.at(b);
        if (c.lo() < b && b < c.hi()) {
          map.split(c, List.of(b));
          events.add(
              new Event(
                  second,
                  "split",
                  map.space().label(c.lo()),
                  "split at zone "
                      + z.name()
                      + "'s bound "
                      + map.space().label(b)
                      + " on shard"
                      + c.shard()));
          splits++;
        }
      }
    }
    return splits;
  }

  /**
   * Starts one {@code moveRange}; returns 1 if it failed at once (and the chunk was split or
   * marked), else 0.
   */
  private int start(BalancerPolicy.Move move, long second) {
    Chunk c = move.chunk();
    KeySpace space = map.space();
    List<Double> bound = ChunkSplitPoints.of(data, space, c.lo(), c.hi(), maxDocs, 1);
    double hi = bound.isEmpty() ? c.hi() : bound.get(0);
    double docs = data.documents(c.lo(), hi);
    double bytes = data.bytes(c.lo(), hi);
    String range = "[" + space.label(c.lo()) + ", " + space.label(hi) + ")";
    if (docs > MAX_DOCS_FACTOR * maxDocs) {
      migrations.add(
          new MongoDbRun.Migration(
              second,
              second,
              "shard" + c.shard(),
              "shard" + move.to(),
              space.label(c.lo()),
              space.label(hi),
              bytes,
              docs,
              MongoDbRun.Outcome.CHUNK_TOO_BIG));
      events.add(
          new Event(
              second,
              "migration-failed",
              range,
              "shard"
                  + c.shard()
                  + " → shard"
                  + move.to()
                  + ": "
                  + Units.count(docs)
                  + " documents ("
                  + Units.bytes(bytes)
                  + ") are over the "
                  + Units.count(MAX_DOCS_FACTOR * maxDocs)
                  + " a migration takes (ChunkTooBig)"));
      splitOrMarkJumbo(c, second);
      return 1;
    }
    long seconds = Math.max(1, (long) Math.ceil(bytes / rate));
    inFlight.add(
        new InFlight(
            c.lo(), hi, c.shard(), move.to(), second, second + seconds, bytes, move.reason()));
    events.add(
        new Event(
            second,
            "migration-start",
            range,
            "shard"
                + c.shard()
                + " → shard"
                + move.to()
                + ", "
                + Units.bytes(bytes)
                + " ("
                + Units.count(docs)
                + " documents), about "
                + Units.duration(seconds)
                + "; "
                + move.reason()));
    return 0;
  }

  private void splitOrMarkJumbo(Chunk c, long second) {
    KeySpace space = map.space();
    List<Double> points = ChunkSplitPoints.of(data, space, c.lo(), c.hi(), maxDocs, 0);
    String range = "[" + space.label(c.lo()) + ", " + space.label(c.hi()) + ")";
    if (points.isEmpty()) {
      map.markJumbo(c);
      events.add(
          new Event(
              second,
              "jumbo",
              range,
              "shard"
                  + c.shard()
                  + ": "
                  + Units.bytes(data.bytes(c.lo(), c.hi()))
                  + " under one shard key value cannot be split, so the chunk is marked jumbo and the balancer skips it"));
    } else {
      map.split(c, points);
      events.add(
          new Event(
              second,
              "split",
              range,
              "split into "
                  + (points.size() + 1)
                  + " chunks on shard"
                  + c.shard()
                  + " after its migration failed for size"));
    }
  }

  private void commit(InFlight m, long second) {
    Chunk c = map.at(m.lo());
    if (m.hi() < c.hi()) {
      c = map.split(c, List.of(m.hi())).get(0);
    }
    map.move(c, m.to(), second);
    doneInInterval[m.from()]++;
    doneInInterval[m.to()]++;
    KeySpace space = map.space();
    migrations.add(
        new MongoDbRun.Migration(
            m.start(),
            second,
            "shard" + m.from(),
            "shard" + m.to(),
            space.label(m.lo()),
            space.label(m.hi()),
            m.bytes(),
            m.bytes() / data.documentBytes(),
            MongoDbRun.Outcome.MOVED));
    events.add(
        new Event(
            second,
            "migration-end",
            "[" + space.label(m.lo()) + ", " + space.label(m.hi()) + ")",
            "shard"
                + m.from()
                + " → shard"
                + m.to()
                + ", "
                + Units.bytes(m.bytes())
                + " in "
                + Units.duration(second - m.start())));
  }

  /** Records the balancer's state after a round, with an event when it changes. */
  private void track(BalancerPolicy.Selection selection, double[] bytes, long second) {
    State now =
        !selection.moves().isEmpty()
            ? State.BALANCING
            : selection.jumboOnly().isEmpty() ? State.BALANCED : State.JUMBO_ONLY;
    if (now == state) {
      return;
    }
    state = now;
    if (now == State.BALANCING) {
      return;
    }
    settledAt = second;
    double max = java.util.Arrays.stream(bytes).max().orElse(0);
    double min = java.util.Arrays.stream(bytes).min().orElse(0);
    if (now == State.BALANCED) {
      events.add(
          new Event(
              second,
              "balanced",
              "collection",
              "nothing to move: the most and least loaded shards differ"
                  + " by "
                  + Mib.of(max - min)
                  + "; the balancer moves only between two shards of one zone "
                  + Mib.of(MongoDbLimits.MIGRATION_THRESHOLD_RANGE_SIZES * rangeBytes)
                  + " apart, from one over its even share"));
    } else {
      List<String> names = selection.jumboOnly().stream().map(s -> "shard" + s).toList();
      events.add(
          new Event(
              second,
              "jumbo-only",
              String.join(", ", names),
              String.join(", ", names)
                  + " must give data away but holds only jumbo chunks: the shards stay "
                  + Mib.of(max - min)
                  + " apart, over the "
                  + Mib.of(MongoDbLimits.MIGRATION_THRESHOLD_RANGE_SIZES * rangeBytes)
                  + " threshold, for good"));
    }
  }
}
