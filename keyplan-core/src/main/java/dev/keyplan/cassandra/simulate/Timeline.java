package dev.keyplan.cassandra.simulate;

import dev.keyplan.cassandra.ring.Murmur3Token;
import dev.keyplan.simulate.Keys;
import dev.keyplan.simulate.SimulationResult.Series;
import dev.keyplan.simulate.SimulationSettings;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongFunction;

/**
 * Sums each second's work into intervals and the whole run: the time series rows, every node's
 * totals and its busiest interval. Also keeps what a trace replay needs (its keys' partitions and
 * the bytes it wrote), and one sampler per stream.
 */
final class Timeline {
  static final List<String> COLUMNS =
      List.of("coordinator_ops", "replica_reads", "replica_writes", "bytes");

  private final Cluster cluster;
  private final SimulationSettings settings;
  private final double[] coordinator;
  private final double[] reads;
  private final double[] writes;
  final double[] totalCoordinator;
  final double[] totalReads;
  final double[] totalWrites;
  final double[] peak;
  final List<Series.Row> rows = new ArrayList<>();
  private final Map<Object, Keys.Sampler> samplers = new IdentityHashMap<>();
  final Map<String, HeavyPartition> traced = new HashMap<>();
  private final double[] tracedBytes;
  double[] lastBytes;

  private final long duration;

  Timeline(Cluster cluster, SimulationSettings settings, long duration) {
    this.cluster = cluster;
    this.settings = settings;
    this.duration = duration;
    int n = cluster.size();
    coordinator = new double[n];
    reads = new double[n];
    writes = new double[n];
    totalCoordinator = new double[n];
    totalReads = new double[n];
    totalWrites = new double[n];
    peak = new double[n];
    tracedBytes = new double[n];
    lastBytes = new double[n];
  }

  /** Adds second {@code t}'s load; at an interval's end, writes its rows with the bytes then. */
  void add(long t, Load second, LongFunction<double[]> bytesAt) {
    for (int x = 0; x < cluster.size(); x++) {
      coordinator[x] += second.coordinator[x];
      reads[x] += second.reads[x];
      writes[x] += second.writes[x];
    }
    long interval = settings.intervalSeconds();
    boolean end = (t + 1) % interval == 0 || t + 1 == duration;
    if (!end) {
      return;
    }
    long start = t - t % interval;
    double length = t + 1 - start;
    double[] bytes = bytesAt.apply(t + 1);
    lastBytes = bytes;
    for (int x = 0; x < cluster.size(); x++) {
      rows.add(
          new Series.Row(
              start,
              cluster.nodes.get(x).name(),
              new double[] {
                coordinator[x] / length, reads[x] / length, writes[x] / length, bytes[x]
              }));
      peak[x] = Math.max(peak[x], (reads[x] + writes[x]) / length);
      totalCoordinator[x] += coordinator[x];
      totalReads[x] += reads[x];
      totalWrites[x] += writes[x];
      coordinator[x] = 0;
      reads[x] = 0;
      writes[x] = 0;
    }
  }

  Keys.Sampler sampler(CassandraWorkload.Stream s) {
    return samplers.computeIfAbsent(s, k -> s.keys().sampler());
  }

  /**
   * The partition of a traced key: its token from the key as a value of the table's single
   * partition key column, or from its UTF-8 bytes when the key has several columns or does not
   * parse as that type (the trace then says nothing keyplan could encode).
   */
  HeavyPartition traced(CassandraWorkload.TableData d, String key) {
    return traced.computeIfAbsent(
        key,
        k -> {
          long token;
          try {
            token =
                d.keyTypes().size() == 1
                    ? Murmur3Token.token(
                        dev.keyplan.cassandra.ring.PartitionKeyCodec.encode(
                            d.keyTypes(), List.of(k)))
                    : Murmur3Token.token(k.getBytes(StandardCharsets.UTF_8));
          } catch (IllegalArgumentException e) {
            token = Murmur3Token.token(k.getBytes(StandardCharsets.UTF_8));
          }
          return new HeavyPartition(d, -1, 0, 0, k, token, cluster);
        });
  }

  void written(HeavyPartition p, long bytes) {
    for (int x : cluster.replicas[p.range]) {
      tracedBytes[x] += bytes;
    }
    tracedPartitionBytes.merge(p.key, (double) bytes, Double::sum);
  }

  final Map<String, Double> tracedPartitionBytes = new HashMap<>();

  double[] tracedBytes() {
    return tracedBytes.clone();
  }
}
