package dev.keyplan.cassandra.simulate;

import dev.keyplan.cassandra.design.CassandraAnalysis;
import dev.keyplan.cassandra.design.Fanout;
import dev.keyplan.cassandra.design.TableReplication;
import dev.keyplan.cassandra.simulate.CassandraWorkload.Stream;
import dev.keyplan.cassandra.simulate.CassandraWorkload.TableData;
import dev.keyplan.simulate.Keys;
import dev.keyplan.simulate.Poisson;
import dev.keyplan.simulate.Progress;
import dev.keyplan.simulate.SimulationSettings;
import dev.keyplan.simulate.Trace;
import dev.keyplan.simulate.WorkBudget;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * Runs a model's Cassandra (or ScyllaDB) workload over a simulated token ring, second by second.
 *
 * <p>Each second, every pattern's requests are split over its table's key values: each heavy value
 * gets a Poisson count of requests on its partition's replicas, and the tail its expected share of
 * every node by the ring ranges it replicates ({@link SimulationSettings.Mode#AGGREGATE}), or every
 * request is drawn one by one ({@link SimulationSettings.Mode#EXACT}: a tail key's token is a
 * uniform random token, as Murmur3 gives distinct keys). A trace replays its operations on the
 * first table. At each interval's end the nodes' bytes are worked out from the rows alive then.
 */
public final class CassandraSimulator {
  private CassandraSimulator() {}

  /**
   * Past buckets tracked one by one for the heaviest values: a year of weeks, ten days of hours.
   */
  static final int PAST_BUCKETS = 52;

  /** Values whose past buckets are tracked: the heaviest few, where imbalance comes from. */
  static final int PAST_BUCKET_VALUES = 8;

  /** Runs the analysed design on the cluster {@code setup} describes. */
  public static CassandraRun run(
      CassandraAnalysis analysis,
      CassandraSetup setup,
      SimulationSettings settings,
      Optional<Trace> trace,
      Progress progress) {
    // The ring is built before anything else, and the replication-aware allocator's work grows
    // with the square of the nodes (10,000 nodes took minutes): refused here, before it starts,
    // when the ring alone is over the budget; counted again with the run's seconds below.
    double ringSteps = ringSteps(analysis, setup);
    WorkBudget.check(settings, WorkBudget.estimate(settings, 0, 0, 0, 0, ringSteps));
    Topology topology = Topology.of(analysis, setup, settings.seed());
    CassandraWorkload workload = CassandraWorkload.of(analysis, setup);
    if (workload.tables().isEmpty()) {
      throw new dev.keyplan.simulate.SetupException("the design has no table to simulate");
    }
    // Refused before the loop starts: each heavy key and the tail touch every replica each
    // second (aggregate), or each operation does (exact); the nodes are the series' subjects.
    double keys = 0;
    double ops = 0;
    for (CassandraWorkload.Stream s : workload.streams()) {
      keys += (s.keys().heavyCount() + 1.0) * topology.totalRf();
      ops += s.perSecond() * topology.totalRf();
    }
    // The settings' duration is the trace's span unless --duration was given (the command line
    // decides and says so), so a trace is replayed for exactly the asked time.
    long duration = settings.durationSeconds();
    WorkBudget.admit(
        settings,
        WorkBudget.estimate(settings, duration, keys, ops, topology.cluster().size(), ringSteps),
        progress);
    return new CassandraSimulator.Run(
            analysis, setup, settings, topology, workload, trace, progress)
        .go();
  }

  /**
   * Steps building the run's rings costs: each datacenter's nodes, those that join at the end
   * included, at {@link TokenAllocation#buildSteps}.
   */
  static double ringSteps(CassandraAnalysis analysis, CassandraSetup setup) {
    int datacenters = Topology.datacenters(analysis, setup).size();
    int nodes = setup.nodesPerDatacenter() + setup.addNodes();
    return datacenters * setup.allocation().buildSteps(nodes, setup.numTokens());
  }

  /** One run's state. */
  static final class Run {
    final CassandraAnalysis analysis;
    final CassandraSetup setup;
    final SimulationSettings settings;
    final Topology topology;
    final CassandraWorkload workload;
    final Optional<Trace> trace;
    final Progress progress;
    final Cluster cluster;
    final Load second;

    /** Each table's load: the same nodes' counters, through its own keyspace's replicas. */
    final java.util.Map<String, Load> loads = new java.util.HashMap<>();

    final Partitions partitions;
    final SplittableRandom random;
    final Timeline timeline;

    Run(
        CassandraAnalysis analysis,
        CassandraSetup setup,
        SimulationSettings settings,
        Topology topology,
        CassandraWorkload workload,
        Optional<Trace> trace,
        Progress progress) {
      this.analysis = analysis;
      this.setup = setup;
      this.settings = settings;
      this.topology = topology;
      this.workload = workload;
      this.trace = trace;
      this.progress = progress;
      this.cluster = topology.cluster();
      this.second = new Load(cluster, topology.localRf(), topology.totalRf(), topology.dcs());
      for (TableData d : workload.tables()) {
        Topology.KeyspaceRing ring = topology.ring(d.table());
        TableReplication r = ring.replication();
        loads.put(d.table(), second.sharing(ring.cluster(), r.localRf(), r.totalRf(), r.dcs()));
      }
      this.partitions = new Partitions(d -> topology.ring(d.table()).cluster());
      this.random = new SplittableRandom(settings.seed() ^ 0x5DEECE66DL);
      this.duration = settings.durationSeconds();
      this.timeline = new Timeline(cluster, settings, duration);
    }

    final long duration;

    CassandraRun go() {
      int next = 0;
      List<Trace.Op> ops = trace.map(Trace::operations).orElse(List.of());
      for (long t = 0; t < duration; t++) {
        second.clear();
        if (trace.isPresent()) {
          while (next < ops.size() && ops.get(next).second() < t + 1) {
            replay(ops.get(next++));
          }
        } else {
          for (Stream s : workload.streams()) {
            if (settings.mode() == SimulationSettings.Mode.EXACT) {
              exact(s, t);
            } else {
              aggregate(s, t);
            }
          }
        }
        timeline.add(t, second, this::bytesAt);
        Progress.tick(progress, t + 1, duration);
      }
      return CassandraRunSummary.of(this, duration);
    }

    private Load load(TableData d) {
      return loads.getOrDefault(d.table(), second);
    }

    /**
     * Returns what one range read of stream {@code s} asks on the simulated cluster: the analysis'
     * fan-out ({@link Fanout#rangeRead}) at the run's node count and replication.
     */
    private Fanout.Contacts rangeRead(Stream s) {
      TableReplication r = topology.ring(s.table().table()).replication();
      int nodes = setup.nodesPerDatacenter();
      return Fanout.contacts(Fanout.replicaSets(nodes, r.localRf()), s.level(), r, nodes);
    }

    /** Heavy values by Poisson count, the tail by expectation. */
    private void aggregate(Stream s, long t) {
      Load second = load(s.table());
      if (s.rangeRead()) {
        second.applyRange(s.perSecond(), rangeRead(s));
        return;
      }
      int contacted = second.contacted(s.level());
      Keys k = s.keys();
      double partitionRate = s.perSecond() * s.partitionsPerRequest();
      for (int r = 0; r < k.heavyCount(); r++) {
        heavy(
            s,
            r,
            t,
            s.perSecond() * s.heavyPartitionsPerRequest() * k.share(r),
            s.perSecond() * k.share(r),
            contacted);
      }
      double tail = k.tailShare();
      if (tail > 0) {
        second.applyTail(partitionRate * tail, s.perSecond() * tail, s.write(), contacted);
      }
    }

    /** The partitions of heavy value {@code r} for one second: its shard suffixes and buckets. */
    private void heavy(
        Stream s, int r, long t, double partitionsPerSecond, double requests, int contacted) {
      TableData d = s.table();
      Load second = load(d);
      long bucket = d.bucketAt(t);
      int shards = d.shards();
      // A write lands on one suffix; a read asks every suffix (BoundTable.patternShare).
      double perShard =
          s.write()
              ? partitionsPerSecond / shards
              : partitionsPerSecond / s.heavyPartitionsPerRequest();
      double requestsPerShard = s.write() ? requests / shards : requests;
      for (int sh = 0; sh < shards; sh++) {
        long n = Poisson.draw(random, perShard);
        if (n > 0) {
          HeavyPartition p = partitions.of(d, r, sh, bucket);
          second.apply(
              p.range, n, Math.min(n, requestsPerShard), s.write(), contacted, p.perReplica);
        }
      }
      // A bucket walk reads older buckets after the newest one.
      double older = s.write() ? 0 : partitionsPerSecond - perShard;
      for (long b = bucket - 1; older > 1e-9 && d.windowSeconds() > 0 && b >= 0; b--) {
        double lambda = Math.min(older, perShard);
        long n = Poisson.draw(random, lambda);
        if (n > 0) {
          HeavyPartition p = partitions.of(d, r, 0, b);
          second.apply(p.range, n, 0, false, contacted, p.perReplica);
        }
        older -= lambda;
      }
      if (older > 1e-9) {
        second.applyTail(
            older, 0, false, contacted); // an IN's other keys, or buckets older than the data
      }
    }

    /** Every request drawn: its key by the alias method, a tail key's token uniform. */
    private void exact(Stream s, long t) {
      long n = Poisson.draw(random, s.perSecond());
      Load second = load(s.table());
      if (s.rangeRead()) {
        second.applyRange(n, rangeRead(s));
        return;
      }
      int contacted = second.contacted(s.level());
      Keys.Sampler sampler = timeline.sampler(s);
      for (long i = 0; i < n; i++) {
        long rank = sampler.next(random);
        boolean heavy = rank < s.keys().heavyCount();
        long partitionsEach =
            Math.max(
                1, Math.round(heavy ? s.heavyPartitionsPerRequest() : s.partitionsPerRequest()));
        for (long j = 0; j < partitionsEach; j++) {
          if (heavy) {
            TableData d = s.table();
            long bucket = d.bucketAt(t) - (d.windowSeconds() > 0 ? j : 0);
            // A write lands on one suffix; a read asks them all.
            int first = s.write() && d.shards() > 1 ? random.nextInt(d.shards()) : 0;
            int last = s.write() ? first : d.shards() - 1;
            for (int shard = first; shard <= last; shard++) {
              HeavyPartition p = partitions.of(d, (int) rank, shard, bucket);
              second.apply(
                  p.range, 1, j == 0 && shard == first ? 1 : 0, s.write(), contacted, p.perReplica);
            }
          } else {
            second.apply(
                cluster.rangeOf(random.nextLong()), 1, j == 0 ? 1 : 0, s.write(), contacted, null);
          }
        }
      }
    }

    private void replay(Trace.Op op) {
      TableData d = workload.tables().get(0);
      HeavyPartition p = timeline.traced(d, op.key());
      String level =
          op.write() ? analysis.design().writeConsistency() : analysis.design().readConsistency();
      second.apply(
          p.range,
          1,
          1,
          op.write(),
          second.contacted(setup.consistency().orElse(level)),
          p.perReplica);
      if (op.write()) {
        timeline.written(p, op.bytes());
      }
    }

    /**
     * Bytes on each node {@code t} seconds in: heavy partitions on their replicas, the rest by
     * replica share.
     */
    double[] bytesAt(long t) {
      if (trace.isPresent()) {
        return timeline.tracedBytes();
      }
      double[] bytes = new double[cluster.size()];
      for (TableData d : workload.tables()) {
        long bucket = d.bucketAt(t);
        // The partition taking writes is always tracked; so are the last past buckets of the
        // heaviest values, which hold their history on replicas of their own.
        long oldest = Math.max(0, bucket - (d.windowSeconds() > 0 ? PAST_BUCKETS : 0));
        for (int r = 0; r < d.keys().heavyCount(); r++) {
          for (int sh = 0; sh < d.shards(); sh++) {
            for (long b = r < PAST_BUCKET_VALUES ? oldest : bucket; b <= bucket; b++) {
              partitions.of(d, r, sh, b);
            }
          }
        }
      }
      java.util.Map<TableData, Double> heavy = new java.util.IdentityHashMap<>();
      for (HeavyPartition p : partitions.all()) {
        double b = partitionBytes(p.table, p.rank, p.bucket, t);
        heavy.merge(p.table, b, Double::sum);
        for (int x : p.cluster.replicas[p.range]) {
          bytes[x] += b;
        }
      }
      for (TableData d : workload.tables()) {
        double rest = Math.max(0, d.rowsAt(t) * d.bytesPerRow() - heavy.getOrDefault(d, 0.0));
        Cluster own = topology.ring(d.table()).cluster();
        for (int x = 0; x < bytes.length; x++) {
          bytes[x] += rest * own.replicaShare[x];
        }
      }
      return bytes;
    }

    /**
     * Bytes of heavy value {@code r}'s partition in one suffix and bucket, {@code t} seconds in:
     * its share of the rows alive; with a time bucket, of the bucket's rows: a past bucket is full
     * (growth × width, the data it got before and during the run), the current one holds the part
     * of its width gone by, a future one nothing.
     */
    static double partitionBytes(TableData d, int r, long bucket, long t) {
      if (r < 0 || r >= d.keys().heavyCount()) {
        return 0;
      }
      double rows = d.rowsAt(t);
      long w = d.windowSeconds();
      if (w > 0) {
        long clock = d.clock(t);
        long current = clock / w;
        double filled = bucket < current ? w : bucket == current ? clock - current * w : 0;
        rows = Math.min(rows, d.entity().growthPerSecond() * filled);
      }
      return rows * d.keys().share(r) / d.shards() * d.bytesPerRow();
    }
  }
}
