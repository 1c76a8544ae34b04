package dev.keyplan.mongodb.simulate;

import dev.keyplan.simulate.Poisson;
import dev.keyplan.simulate.SimulationSettings.Mode;
import dev.keyplan.simulate.Trace;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * One simulated second of requests, counted per shard.
 *
 * <ul>
 *   <li>Aggregate mode: per stream and shard a Poisson count at the shard's rate (the stream's rate
 *       × the shard's share of its spread, read from the {@link ChunkMap}'s per-shard sums), so a
 *       second costs O(streams × shards) however many requests it holds; a broadcast's one count
 *       reaches every shard. Inserted documents grow the data by their expectation ({@link Data}).
 *   <li>Exact mode: a Poisson count of requests per stream, then each request drawn on its own: a
 *       coordinate from the stream's density, the chunk holding it, its shard. Each insert records
 *       its document where it landed.
 *   <li>A trace: its operations of that second, each at its key (a heavy value at a place among its
 *       documents drawn evenly, another value where it sorts); a write adds its size there, a read
 *       reaches the chunk's shard.
 * </ul>
 */
final class Traffic {
  /** What a shard counts per interval. */
  enum Counter {
    INSERTS,
    WRITES,
    WRITES_BROADCAST,
    READS_TARGETED,
    READS_BROADCAST
  }

  // Shards' data shares move slowly (a 2 KB insert in 10 GB); re-reading them every 10 s, and
  // whenever a chunk moves, keeps a monotonic or recorded run from summing its chunks every second.
  private static final int DATA_SHARES_REFRESH_SECONDS = 10;

  /** In a trace's run, stream 0 is its writes and stream 1 its reads ({@link #traceStreams}). */
  private static final int TRACE_WRITES = 0;

  private static final int TRACE_READS = 1;

  /**
   * Returns the two streams a trace is counted as: its writes (each adds its size where its key
   * puts it, counted as an insert) and its reads, at the trace's average rates.
   */
  static List<Stream> traceStreams(Trace t, Density d) {
    double seconds = Math.max(1, t.durationSeconds());
    long writes = t.operations().stream().filter(Trace.Op::write).count();
    long reads = t.operations().size() - writes;
    return List.of(
        new Stream(
            "trace writes",
            Stream.Kind.INSERT,
            Stream.Route.KEYED,
            writes / seconds,
            d,
            dev.keyplan.mongodb.design.MongoDbPlan.Targeting.SINGLE_SHARD),
        new Stream(
            "trace reads",
            Stream.Kind.READ,
            Stream.Route.KEYED,
            reads / seconds,
            d,
            dev.keyplan.mongodb.design.MongoDbPlan.Targeting.SINGLE_SHARD));
  }

  private final List<Stream> streams;
  private final int[] measureOf;
  private final ChunkMap map;
  private final ShardData shardData;
  private final Data data;
  private final Density inserted;
  private final double growthPerSecond;
  private final Mode mode;
  private final Optional<Trace> trace;
  private final SplittableRandom random;
  private final long[][] interval;
  private final long[][] received;
  private double[][] rates;
  private long ratesVersion = -1;
  private double[] dataShares;
  private long sharesVersion = -1;
  private long sharesAt = Long.MIN_VALUE;
  private int traceNext;
  private final boolean insertStreams;

  /**
   * @param measureOf each stream's {@link ChunkMap} measure (−1 when not measured); a prefix
   *     stream's is its gaps-only density
   */
  Traffic(
      List<Stream> streams,
      int[] measureOf,
      ChunkMap map,
      ShardData shardData,
      Data data,
      Density inserted,
      double growthPerSecond,
      Mode mode,
      Optional<Trace> trace,
      SplittableRandom random) {
    this.streams = streams;
    this.measureOf = measureOf.clone();
    this.map = map;
    this.shardData = shardData;
    this.data = data;
    this.inserted = inserted;
    this.growthPerSecond = growthPerSecond;
    this.mode = mode;
    this.trace = trace;
    this.random = random;
    this.interval = new long[map.shards()][Counter.values().length];
    this.received = new long[streams.size()][map.shards()];
    this.insertStreams = streams.stream().anyMatch(s -> s.kind() == Stream.Kind.INSERT);
  }

  /** Simulates second {@code s}. */
  void second(long s) {
    if (trace.isPresent()) {
      replay(s);
    } else if (mode == Mode.EXACT) {
      exact(s);
    } else {
      aggregate(s);
    }
  }

  /** Returns and resets this interval's counts, per shard and {@link Counter}. */
  long[][] takeInterval() {
    long[][] out = new long[interval.length][];
    for (int s = 0; s < interval.length; s++) {
      out[s] = interval[s].clone();
      java.util.Arrays.fill(interval[s], 0);
    }
    return out;
  }

  /** Returns the requests of stream {@code k} each shard received over the run. */
  long[] received(int k) {
    return received[k].clone();
  }

  private void aggregate(long s) {
    refresh(s);
    for (int k = 0; k < streams.size(); k++) {
      Stream st = streams.get(k);
      if (st.route() == Stream.Route.BROADCAST) {
        long n = Poisson.draw(random, st.rate());
        for (int shard = 0; shard < map.shards(); shard++) {
          count(k, shard, n);
        }
        continue;
      }
      for (int shard = 0; shard < map.shards(); shard++) {
        count(k, shard, Poisson.draw(random, rates[k][shard]));
      }
    }
  }

  private void exact(long s) {
    refresh(s);
    for (int k = 0; k < streams.size(); k++) {
      Stream st = streams.get(k);
      long n = Poisson.draw(random, st.rate());
      if (st.route() == Stream.Route.BROADCAST) {
        for (int shard = 0; shard < map.shards(); shard++) {
          count(k, shard, n);
        }
        continue;
      }
      for (long i = 0; i < n; i++) {
        one(k, st);
      }
    }
    if (!insertStreams) {
      long n = Poisson.draw(random, growthPerSecond);
      for (long i = 0; i < n; i++) {
        data.record(
            map.space().monotonic() ? data.top() : inserted.sample(random), data.documentBytes());
      }
    }
  }

  /** Places one request of stream {@code k}. */
  private void one(int k, Stream st) {
    switch (st.route()) {
      case KEYED -> {
        double x = st.density().sample(random);
        count(k, map.at(x).shard(), 1);
        if (st.kind() == Stream.Kind.INSERT) {
          data.record(x, data.documentBytes());
        }
      }
      case PREFIX -> {
        double x = st.density().sample(random);
        int piece = (int) Math.floor(x);
        if (KeySpace.isPoint(piece) && piece < map.space().pieces()) {
          for (int shard = 0; shard < map.shards(); shard++) {
            if (map.holdsPoint(piece, shard)) {
              count(k, shard, 1);
            }
          }
        } else {
          count(k, map.at(x).shard(), 1);
        }
      }
      case NEWEST -> {
        count(k, map.maxKeyChunk().shard(), 1);
        if (st.kind() == Stream.Kind.INSERT) {
          data.record(data.top(), data.documentBytes());
        }
      }
      default -> count(k, pick(dataShares), 1);
    }
  }

  private void replay(long s) {
    List<Trace.Op> ops = trace.get().operations();
    KeySpace space = map.space();
    while (traceNext < ops.size() && ops.get(traceNext).second() < s + 1) {
      Trace.Op op = ops.get(traceNext++);
      double x;
      if (space.monotonic()) {
        x = op.write() ? data.top() : map.maxKeyChunk().lo();
      } else {
        x = space.coordinateOf(op.key());
        if (KeySpace.isPoint((int) x) && x == Math.rint(x)) {
          x += random.nextDouble();
        }
      }
      int shard = map.at(x).shard();
      if (op.write()) {
        data.record(x, op.bytes());
      }
      count(op.write() ? TRACE_WRITES : TRACE_READS, shard, 1);
    }
  }

  private void refresh(long s) {
    if (ratesVersion != map.version()) {
      rates = new double[streams.size()][map.shards()];
      for (int k = 0; k < streams.size(); k++) {
        Stream st = streams.get(k);
        for (int shard = 0; shard < map.shards(); shard++) {
          rates[k][shard] =
              st.measured() && measureOf[k] >= 0 ? st.rate() * map.sum(shard, measureOf[k]) : 0;
        }
        if (st.route() == Stream.Route.PREFIX) {
          for (int piece = 1; piece < map.space().pieces(); piece += 2) {
            for (int shard = 0; shard < map.shards(); shard++) {
              if (map.holdsPoint(piece, shard)) {
                rates[k][shard] += st.rate() * st.density().mass(piece);
              }
            }
          }
        } else if (st.route() == Stream.Route.NEWEST) {
          rates[k][map.maxKeyChunk().shard()] = st.rate();
        }
      }
      ratesVersion = map.version();
    }
    if (sharesVersion != map.version() || s - sharesAt >= DATA_SHARES_REFRESH_SECONDS) {
      dataShares = shardData.shares();
      sharesVersion = map.version();
      sharesAt = s;
    }
    for (int k = 0; k < streams.size(); k++) {
      if (streams.get(k).route() == Stream.Route.DATA) {
        for (int shard = 0; shard < map.shards(); shard++) {
          rates[k][shard] = streams.get(k).rate() * dataShares[shard];
        }
      }
    }
  }

  private int pick(double[] shares) {
    double u = random.nextDouble();
    double sum = 0;
    for (int s = 0; s < shares.length; s++) {
      sum += shares[s];
      if (u < sum) {
        return s;
      }
    }
    return shares.length - 1;
  }

  private void count(int k, int shard, long n) {
    if (n == 0) {
      return;
    }
    received[k][shard] += n;
    Stream st = streams.get(k);
    long[] c = interval[shard];
    boolean broadcast = st.route() == Stream.Route.BROADCAST;
    switch (st.kind()) {
      case INSERT -> {
        c[Counter.INSERTS.ordinal()] += n;
        c[Counter.WRITES.ordinal()] += n;
      }
      case WRITE -> c[(broadcast ? Counter.WRITES_BROADCAST : Counter.WRITES).ordinal()] += n;
      default -> c[(broadcast ? Counter.READS_BROADCAST : Counter.READS_TARGETED).ordinal()] += n;
    }
  }
}
