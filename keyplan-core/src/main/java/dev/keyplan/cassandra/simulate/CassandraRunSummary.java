package dev.keyplan.cassandra.simulate;

import dev.keyplan.cassandra.facts.CassandraLimits;
import dev.keyplan.cassandra.scylla.ShardMapper;
import dev.keyplan.cassandra.simulate.CassandraRun.Movement;
import dev.keyplan.cassandra.simulate.CassandraRun.NodeStats;
import dev.keyplan.cassandra.simulate.CassandraRun.PartitionStats;
import dev.keyplan.cassandra.simulate.CassandraSimulator.Run;
import dev.keyplan.cassandra.simulate.CassandraWorkload.TableData;
import dev.keyplan.simulate.SimulationResult;
import dev.keyplan.simulate.SimulationResult.Setting;
import dev.keyplan.simulate.SimulationResult.Table;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** Turns a finished run into its typed results and the store-neutral view the CLI prints. */
final class CassandraRunSummary {
  private CassandraRunSummary() {}

  private static final int HOTTEST = 10;
  private static final int LARGEST = 3;

  static CassandraRun of(Run run, long duration) {
    Cluster c = run.cluster;
    Timeline tl = run.timeline;
    boolean scylla = run.analysis.design().isScylla();
    int shards =
        !scylla
            ? 0
            : run.setup.shardsPerNode() > 0
                ? run.setup.shardsPerNode()
                : run.analysis.design().shardsPerNode() > 0
                    ? run.analysis.design().shardsPerNode()
                    : 8;
    Map<HeavyPartition, Double> bytes = partitionBytes(run, duration);
    List<HeavyPartition> heavy = new ArrayList<>(run.partitions.all());
    heavy.addAll(tl.traced.values());
    heavy.sort(
        Comparator.comparingDouble(HeavyPartition::work).reversed().thenComparing(p -> p.key));

    double[] hottestWork = new double[c.size()];
    String[] hottestKey = new String[c.size()];
    double[][] shardWork = new double[c.size()][Math.max(1, shards)];
    ShardMapper mapper = shards > 0 ? ShardMapper.withDefaultIgnoreMsb(shards) : null;
    for (HeavyPartition p : heavy) {
      int[] replicas = p.cluster.replicas[p.range];
      for (int i = 0; i < replicas.length; i++) {
        int x = replicas[i];
        if (p.perReplica[i] > hottestWork[x]) {
          hottestWork[x] = p.perReplica[i];
          hottestKey[x] = p.table.table() + "/" + p.key;
        }
        if (mapper != null) {
          shardWork[x][mapper.shardOf(p.token)] += p.perReplica[i];
        }
      }
    }
    // Each table's partitions sit on its own keyspace's replicas.
    double[] partitions = new double[c.size()];
    for (TableData d : run.workload.tables()) {
      Cluster own = run.topology.ring(d.table()).cluster();
      double n = d.partitionsAt(duration);
      for (int x = 0; x < c.size(); x++) {
        partitions[x] += n * own.replicaShare[x];
      }
    }
    List<NodeStats> nodes = new ArrayList<>();
    for (int x = 0; x < c.size(); x++) {
      var n = c.nodes.get(x);
      double work = tl.totalReads[x] + tl.totalWrites[x];
      double busiestShard = 0;
      if (mapper != null) {
        double heavyOnNode = 0;
        double max = 0;
        for (double w : shardWork[x]) {
          heavyOnNode += w;
          max = Math.max(max, w);
        }
        busiestShard = (Math.max(0, work - heavyOnNode) / shards + max) / duration;
      }
      nodes.add(
          new NodeStats(
              n.name(),
              n.datacenter(),
              n.rack(),
              n.tokens().size(),
              c.primaryShare[x],
              c.replicaShare[x],
              partitions[x],
              tl.lastBytes[x],
              tl.totalCoordinator[x] / duration,
              tl.totalReads[x] / duration,
              tl.totalWrites[x] / duration,
              tl.peak[x],
              hottestKey[x] == null ? "" : hottestKey[x],
              work > 0 ? hottestWork[x] / work : 0,
              busiestShard));
    }
    List<HeavyPartition> shown = new ArrayList<>(heavy.subList(0, Math.min(HOTTEST, heavy.size())));
    heavy.stream()
        .sorted(
            Comparator.comparingDouble((HeavyPartition p) -> bytes.getOrDefault(p, 0.0))
                .reversed()
                .thenComparing(p -> p.key))
        .limit(LARGEST)
        .filter(p -> !shown.contains(p))
        .forEach(shown::add);
    List<PartitionStats> hottest = new ArrayList<>();
    for (HeavyPartition p : shown) {
      List<String> replicas = new ArrayList<>();
      for (int x : p.cluster.replicas[p.range]) {
        replicas.add(c.nodes.get(x).name());
      }
      hottest.add(
          new PartitionStats(
              p.table.table(),
              p.key,
              p.token,
              replicas,
              bytes.getOrDefault(p, 0.0),
              p.perReplica.length == 0 ? 0 : p.work() / p.perReplica.length / duration));
    }
    Optional<Movement> movement = Optional.empty();
    if (run.topology.changes()) {
      String change = changeText(run.setup);
      movement =
          Optional.of(
              RingChange.of(
                  change,
                  c,
                  run.topology.changed(),
                  tailBytesPerToken(run, duration, bytes),
                  heavy,
                  bytes));
    }
    String store = run.analysis.store().id();
    SimulationResult result =
        CassandraView.result(run, store, duration, shards, nodes, hottest, movement);
    return new CassandraRun(store, nodes, hottest, movement, result);
  }

  /** Each heavy partition's bytes at the end (the trace's written bytes for traced keys). */
  private static Map<HeavyPartition, Double> partitionBytes(Run run, long duration) {
    Map<HeavyPartition, Double> out = new IdentityHashMap<>();
    for (HeavyPartition p : run.partitions.all()) {
      out.put(p, Run.partitionBytes(p.table, p.rank, p.bucket, duration));
    }
    run.timeline
        .traced
        .values()
        .forEach(p -> out.put(p, run.timeline.tracedPartitionBytes.getOrDefault(p.key, 0.0)));
    return out;
  }

  /** The bytes per token of everything not in a heavy partition: one replica's copy. */
  private static double tailBytesPerToken(
      Run run, long duration, Map<HeavyPartition, Double> heavy) {
    if (run.trace.isPresent()) {
      return 0;
    }
    double total = 0;
    for (TableData d : run.workload.tables()) {
      total += d.rowsAt(duration) * d.bytesPerRow();
    }
    double inHeavy = heavy.values().stream().mapToDouble(Double::doubleValue).sum();
    return Math.max(0, total - inHeavy) / Math.pow(2, 64);
  }

  static String changeText(CassandraSetup s) {
    List<String> parts = new ArrayList<>();
    if (s.addNodes() > 0) {
      parts.add(s.addNodes() + (s.addNodes() == 1 ? " node joins" : " nodes join"));
    }
    if (!s.removeNodes().isEmpty()) {
      parts.add(
          String.join(", ", s.removeNodes())
              + (s.removeNodes().size() == 1 ? " leaves" : " leave"));
    }
    return String.join("; ", parts);
  }

  static String pct(double share) {
    return String.format(Locale.ROOT, "%.1f%%", share * 100);
  }

  static boolean overGuideline(double bytes) {
    return bytes > CassandraLimits.GUIDELINE_BYTES_PER_PARTITION;
  }

  static Setting setting(String name, Object value) {
    return new Setting(name, String.valueOf(value));
  }

  static Table table(String id, String title, List<String> columns, List<List<Object>> rows) {
    return new Table(id, title, columns, rows);
  }
}
