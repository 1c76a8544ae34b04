package dev.keyplan.mongodb.simulate;

import dev.keyplan.mongodb.simulate.Traffic.Counter;
import java.util.ArrayList;
import java.util.List;

/** Writes down each shard at the end of every interval, and adds up its requests over the run. */
final class Recorder {
  private final ChunkMap map;
  private final ShardData shardData;
  private final Balancer balancer;
  private final Traffic traffic;
  private final List<MongoDbRun.ShardInterval> rows = new ArrayList<>();
  private final long[][] totals;

  Recorder(ChunkMap map, ShardData shardData, Balancer balancer, Traffic traffic) {
    this.map = map;
    this.shardData = shardData;
    this.balancer = balancer;
    this.traffic = traffic;
    this.totals = new long[map.shards()][Counter.values().length];
  }

  /** Records the interval of {@code seconds} starting at {@code start}. */
  void interval(long start, long seconds) {
    double[] bytes = shardData.bytes();
    long[][] counts = traffic.takeInterval();
    int[] done = balancer.takeDone();
    for (int s = 0; s < map.shards(); s++) {
      long[] c = counts[s];
      for (int k = 0; k < c.length; k++) {
        totals[s][k] += c[k];
      }
      double per = 1.0 / seconds;
      rows.add(
          new MongoDbRun.ShardInterval(
              start,
              "shard" + s,
              bytes[s],
              map.chunkCount(s),
              map.jumboCount(s),
              c[Counter.INSERTS.ordinal()] * per,
              c[Counter.WRITES.ordinal()] * per,
              c[Counter.WRITES_BROADCAST.ordinal()] * per,
              c[Counter.READS_TARGETED.ordinal()] * per,
              c[Counter.READS_BROADCAST.ordinal()] * per,
              balancer.migrating(s) ? 1 : 0,
              done[s]));
    }
  }

  List<MongoDbRun.ShardInterval> rows() {
    return List.copyOf(rows);
  }

  /** Returns shard {@code s}'s requests over the run, by {@link Counter}. */
  long total(int s, Counter c) {
    return totals[s][c.ordinal()];
  }
}
