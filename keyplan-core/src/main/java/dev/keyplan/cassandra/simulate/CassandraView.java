package dev.keyplan.cassandra.simulate;

import static dev.keyplan.cassandra.simulate.CassandraRunSummary.setting;
import static dev.keyplan.cassandra.simulate.CassandraRunSummary.table;

import dev.keyplan.cassandra.facts.CassandraLimits;
import dev.keyplan.cassandra.simulate.CassandraRun.Movement;
import dev.keyplan.cassandra.simulate.CassandraRun.NodeStats;
import dev.keyplan.cassandra.simulate.CassandraRun.PartitionStats;
import dev.keyplan.cassandra.simulate.CassandraSimulator.Run;
import dev.keyplan.model.Units;
import dev.keyplan.simulate.SimulationResult;
import dev.keyplan.simulate.SimulationResult.Event;
import dev.keyplan.simulate.SimulationResult.Series;
import dev.keyplan.simulate.SimulationResult.Setting;
import dev.keyplan.simulate.SimulationResult.Table;
import dev.keyplan.simulate.SimulationSettings;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The store-neutral view of a Cassandra run: settings, findings, tables, series, notes. */
final class CassandraView {
  private CassandraView() {}

  static SimulationResult result(
      Run run,
      String store,
      long duration,
      int shards,
      List<NodeStats> nodes,
      List<PartitionStats> hottest,
      Optional<Movement> movement) {
    List<Setting> settings = settings(run, duration, shards);
    List<String> findings = findings(run, nodes, hottest, movement, shards);
    List<Table> tables = new ArrayList<>();
    List<String> nodeColumns =
        new ArrayList<>(
            List.of(
                "node",
                "dc",
                "rack",
                "tokens",
                "primary_share",
                "replica_share",
                "partitions",
                "bytes",
                "coordinator_ops",
                "replica_reads",
                "replica_writes",
                "peak_ops",
                "hottest_partition",
                "hottest_share"));
    if (shards > 0) {
      nodeColumns.add("busiest_shard_ops");
    }
    List<List<Object>> nodeRows = new ArrayList<>();
    for (NodeStats n : nodes) {
      List<Object> row =
          new ArrayList<>(
              List.of(
                  n.name(),
                  n.datacenter(),
                  n.rack(),
                  (long) n.tokens(),
                  n.primaryShare(),
                  n.replicaShare(),
                  n.partitions(),
                  n.bytes(),
                  n.coordinatorOps(),
                  n.replicaReads(),
                  n.replicaWrites(),
                  n.peakOps(),
                  n.hottestPartition(),
                  n.hottestShare()));
      if (shards > 0) {
        row.add(n.busiestShardOps());
      }
      nodeRows.add(row);
    }
    tables.add(
        table(
            "nodes",
            "Nodes (ops are per second, averaged over the run; bytes at the end)",
            nodeColumns,
            nodeRows));
    List<List<Object>> partRows = new ArrayList<>();
    for (PartitionStats p : hottest) {
      partRows.add(
          List.of(
              p.table(),
              p.key(),
              p.token(),
              String.join(" ", p.replicas()),
              p.bytes(),
              p.opsPerReplica()));
    }
    tables.add(
        table(
            "partitions",
            "Busiest partitions",
            List.of("table", "key", "token", "replicas", "bytes", "ops_per_replica"),
            partRows));
    List<Event> events = new ArrayList<>();
    movement.ifPresent(
        m -> {
          List<List<Object>> rows = new ArrayList<>();
          m.perNode().stream()
              .filter(x -> x.in() > 0 || x.out() > 0)
              .forEach(x -> rows.add(List.of(x.node(), x.in(), x.out())));
          tables.add(
              table(
                  "movement",
                  "When " + m.change() + ": bytes streamed to each node, and given up",
                  List.of("node", "bytes_in", "bytes_out"),
                  rows));
          events.add(
              new Event(
                  duration,
                  "ring-change",
                  m.change(),
                  m.change()
                      + ": "
                      + Units.bytes(m.bytesMoved())
                      + " stream ("
                      + CassandraRunSummary.pct(m.fractionMoved())
                      + " of the data)"));
        });
    Series series = new Series("node", Timeline.COLUMNS, run.timeline.rows);
    return new SimulationResult(store, settings, findings, tables, events, series, notes(run));
  }

  private static List<Setting> settings(Run run, long duration, int shards) {
    CassandraSetup s = run.setup;
    List<Setting> out = new ArrayList<>();
    out.add(setting("seed", run.settings.seed()));
    out.add(setting("duration", duration + " s"));
    out.add(setting("interval", run.settings.intervalSeconds() + " s"));
    out.add(
        setting(
            "mode",
            run.trace.isPresent()
                ? "trace " + run.trace.get().file()
                : run.settings.mode().name().toLowerCase(java.util.Locale.ROOT)));
    out.add(setting("datacenters", String.join(",", run.topology.datacenters())));
    out.add(setting("nodes_per_datacenter", s.nodesPerDatacenter()));
    out.add(setting("racks", s.racks()));
    out.add(setting("num_tokens", s.numTokens()));
    out.add(
        setting(
            "allocation",
            s.allocation().name().toLowerCase(java.util.Locale.ROOT).replace('_', '-')));
    out.add(setting("replication", run.topology.describeReplication()));
    out.add(
        setting(
            "consistency",
            s.consistency()
                .orElse(
                    "per pattern (reads "
                        + run.analysis.design().readConsistency()
                        + ", writes "
                        + run.analysis.design().writeConsistency()
                        + " by default)")));
    if (shards > 0) {
      out.add(setting("shards_per_node", shards));
      out.add(setting("ignore_msb", dev.keyplan.cassandra.scylla.ShardMapper.DEFAULT_IGNORE_MSB));
    }
    if (run.topology.changes()) {
      out.add(setting("ring_change", CassandraRunSummary.changeText(s)));
    }
    return out;
  }

  private static List<String> findings(
      Run run,
      List<NodeStats> nodes,
      List<PartitionStats> hottest,
      Optional<Movement> movement,
      int shards) {
    List<String> out = new ArrayList<>();
    if (!hottest.isEmpty()) {
      PartitionStats largest =
          hottest.stream()
              .max(java.util.Comparator.comparingDouble(PartitionStats::bytes))
              .orElseThrow();
      out.add(
          "largest partition "
              + largest.table()
              + "/"
              + largest.key()
              + ": "
              + size(largest.bytes())
              + " on each of its replicas "
              + String.join(", ", largest.replicas()));
      PartitionStats p = hottest.get(0);
      out.add(
          "busiest partition "
              + p.table()
              + "/"
              + p.key()
              + ": "
              + Units.rate(p.opsPerReplica())
              + " reads and writes on each of its replicas "
              + String.join(", ", p.replicas())
              + " ("
              + size(p.bytes())
              + ")");
    }
    double mean = nodes.stream().mapToDouble(NodeStats::replicaOps).average().orElse(0);
    NodeStats busiest =
        nodes.stream()
            .max(java.util.Comparator.comparingDouble(NodeStats::replicaOps))
            .orElse(null);
    if (busiest != null && mean > 0) {
      double budget = run.analysis.design().nodeBudget();
      out.add(
          String.format(
              java.util.Locale.ROOT,
              "busiest node %s: %s replica ops (%.2f× the mean of %s)%s%s",
              busiest.name(),
              Units.rate(busiest.replicaOps()),
              busiest.replicaOps() / mean,
              Units.rate(mean),
              shards == 0 && budget > 0
                  ? ", "
                      + CassandraRunSummary.pct(busiest.replicaOps() / budget)
                      + " of its "
                      + Units.rate(budget)
                      + " budget"
                  : "",
              busiest.hottestShare() > 0.01
                  ? "; "
                      + CassandraRunSummary.pct(busiest.hottestShare())
                      + " of it is "
                      + busiest.hottestPartition()
                  : ""));
    }
    double meanBytes = nodes.stream().mapToDouble(NodeStats::bytes).average().orElse(0);
    NodeStats fullest =
        nodes.stream().max(java.util.Comparator.comparingDouble(NodeStats::bytes)).orElse(null);
    if (fullest != null && meanBytes > 0) {
      out.add(
          String.format(
              java.util.Locale.ROOT,
              "fullest node %s: %s (%.2f× the mean of %s)",
              fullest.name(),
              Units.bytes(fullest.bytes()),
              fullest.bytes() / meanBytes,
              Units.bytes(meanBytes)));
    }
    double[] shares = nodes.stream().mapToDouble(NodeStats::replicaShare).toArray();
    double m = java.util.Arrays.stream(shares).average().orElse(0);
    double sd =
        Math.sqrt(java.util.Arrays.stream(shares).map(v -> (v - m) * (v - m)).average().orElse(0));
    out.add(
        String.format(
            java.util.Locale.ROOT,
            "replica ownership: mean %s, std-dev %s of the mean (%s tokens)",
            CassandraRunSummary.pct(m),
            CassandraRunSummary.pct(m > 0 ? sd / m : 0),
            run.setup.allocation().name().toLowerCase(java.util.Locale.ROOT).replace('_', '-')));
    if (shards > 0) {
      NodeStats s =
          nodes.stream()
              .max(java.util.Comparator.comparingDouble(NodeStats::busiestShardOps))
              .orElseThrow();
      double budget = run.analysis.design().nodeBudget();
      out.add(
          "busiest shard: on "
              + s.name()
              + ", "
              + Units.rate(s.busiestShardOps())
              + " replica ops"
              + (budget > 0
                  ? " ("
                      + CassandraRunSummary.pct(s.busiestShardOps() / budget)
                      + " of the per-shard budget "
                      + Units.rate(budget)
                      + ")"
                  : ""));
    }
    movement.ifPresent(
        mv ->
            out.add(
                mv.change()
                    + ": "
                    + Units.bytes(mv.bytesMoved())
                    + " stream, "
                    + CassandraRunSummary.pct(mv.fractionMoved())
                    + " of all replicas' data"));
    return out;
  }

  private static String size(double bytes) {
    return Units.bytes(bytes)
        + (CassandraRunSummary.overGuideline(bytes)
            ? String.format(
                java.util.Locale.ROOT,
                ", %.1f× the %s guideline",
                bytes / CassandraLimits.GUIDELINE_BYTES_PER_PARTITION,
                Units.bytes(CassandraLimits.GUIDELINE_BYTES_PER_PARTITION))
            : "");
  }

  private static List<String> notes(Run run) {
    List<String> out = new ArrayList<>();
    if (run.trace.isEmpty() && run.settings.mode() == SimulationSettings.Mode.AGGREGATE) {
      out.add(
          "aggregate: each heavy key value (at most "
              + dev.keyplan.simulate.Keys.HEAVY_LIMIT
              + " per pattern) gets a Poisson count of requests per second on its own partition; the other values share"
              + " each node's load by the ring ranges it replicates (their expected value, without noise)");
    }
    out.add(
        "bytes are before compression (Chebotko / Apache sizing, as keyplan check); past time buckets count with"
            + " the tail, spread by ownership; a heavy value's current bucket counts at its full width");
    out.add(
        "reads contact the replicas their level needs, nearest datacenter first, evenly within it; coordinators"
            + " are local replicas of the partition (token-aware driver)");
    if (run.setup.allocation() == TokenAllocation.REPLICATION_AWARE) {
      out.add(
          "replication-aware tokens: Cassandra 5.0's allocator, allocate_tokens_for_local_replication_factor set to"
              + " each datacenter's replication factor");
    }
    if (run.trace.isPresent()) {
      long beyond =
          run.trace.get().operations().stream().filter(o -> o.second() >= run.duration).count();
      if (beyond > 0) {
        out.add(
            beyond + " traced operations after the run's " + run.duration + " s are not replayed");
      }
      out.add(
          "trace keys are tokens of the first table's partition key ("
              + run.workload.tables().get(0).table()
              + "); bytes are the trace's written bytes");
    }
    run.workload.skipped().forEach(out::add);
    return out;
  }
}
