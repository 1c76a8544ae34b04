package dev.keyplan.mongodb.simulate;

import dev.keyplan.mongodb.simulate.MongoDbSimulator.Run;
import dev.keyplan.mongodb.simulate.Traffic.Counter;
import dev.keyplan.simulate.SimulationResult;
import dev.keyplan.simulate.SimulationResult.Setting;
import dev.keyplan.simulate.SimulationResult.Table;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Turns a finished run into its typed figures and the store-neutral {@link SimulationResult}. */
final class MongoDbRunSummary {
  /** The series' columns, after {@code second} and the shard. */
  static final List<String> COLUMNS =
      List.of(
          "data_bytes",
          "chunks",
          "jumbo_chunks",
          "inserts_per_s",
          "writes_per_s",
          "writes_broadcast_per_s",
          "reads_targeted_per_s",
          "reads_broadcast_per_s",
          "migrations_in_flight",
          "migrations_done");

  private MongoDbRunSummary() {}

  static MongoDbRun of(Run run) {
    Figures f =
        new Figures(
            shards(run),
            chunks(run),
            patterns(run),
            run.balancer().migrations(),
            run.recorder().rows(),
            run.balancer().settledAt());
    SimulationResult result =
        new SimulationResult(
            "mongodb",
            settings(run),
            RunFindings.of(run, f),
            tables(run, f),
            run.events(),
            series(f.intervals()),
            notes(run));
    return new MongoDbRun(
        result,
        run.collection().name(),
        f.shards(),
        f.chunks(),
        f.patterns(),
        f.migrations(),
        f.intervals(),
        f.settledAt(),
        run.rangeSizeBytes(),
        run.data().documentBytes());
  }

  /** The typed figures of a run, before they are rendered. */
  record Figures(
      List<MongoDbRun.ShardFigures> shards,
      List<MongoDbRun.ChunkFigures> chunks,
      List<MongoDbRun.PatternFigures> patterns,
      List<MongoDbRun.Migration> migrations,
      List<MongoDbRun.ShardInterval> intervals,
      java.util.OptionalLong settledAt) {
    double totalBytes() {
      return shards.stream().mapToDouble(MongoDbRun.ShardFigures::dataBytes).sum();
    }
  }

  private static List<MongoDbRun.ChunkFigures> chunks(Run run) {
    KeySpace space = run.map().space();
    List<MongoDbRun.ChunkFigures> out = new ArrayList<>();
    for (Chunk c : run.map().chunks()) {
      List<String> heavy = new ArrayList<>();
      int last =
          (int) Math.min(space.pieces() - 1, Math.ceil(Math.min(c.hi(), space.pieces())) - 1);
      for (int i = Math.max(1, (int) Math.floor(c.lo()) | 1); i <= last; i += 2) {
        heavy.add(space.name(i));
      }
      double bytes = run.data().bytes(c.lo(), c.hi());
      out.add(
          new MongoDbRun.ChunkFigures(
              space.label(c.lo()),
              space.label(c.hi()),
              "shard" + c.shard(),
              bytes,
              bytes / run.data().documentBytes(),
              c.jumbo(),
              heavy));
    }
    return out;
  }

  private static List<MongoDbRun.ShardFigures> shards(Run run) {
    double[] bytes = new ShardData(run.map(), run.data()).bytes();
    int[] in = new int[run.shards()];
    int[] out = new int[run.shards()];
    for (MongoDbRun.Migration m : run.balancer().migrations()) {
      if (m.outcome() == MongoDbRun.Outcome.MOVED) {
        in[Integer.parseInt(m.to().substring(5))]++;
        out[Integer.parseInt(m.from().substring(5))]++;
      }
    }
    List<MongoDbRun.ShardFigures> list = new ArrayList<>();
    Recorder r = run.recorder();
    for (int s = 0; s < run.shards(); s++) {
      list.add(
          new MongoDbRun.ShardFigures(
              "shard" + s,
              bytes[s],
              bytes[s] / run.data().documentBytes(),
              run.map().chunkCount(s),
              run.map().jumboCount(s),
              r.total(s, Counter.INSERTS),
              r.total(s, Counter.WRITES),
              r.total(s, Counter.WRITES_BROADCAST),
              r.total(s, Counter.READS_TARGETED),
              r.total(s, Counter.READS_BROADCAST),
              in[s],
              out[s]));
    }
    return list;
  }

  /**
   * Each pattern by its first stream: a broadcast write's second stream only says where it applied.
   */
  private static List<MongoDbRun.PatternFigures> patterns(Run run) {
    Map<String, Integer> first = new LinkedHashMap<>();
    for (int k = 0; k < run.streams().size(); k++) {
      first.putIfAbsent(run.streams().get(k).pattern(), k);
    }
    List<MongoDbRun.PatternFigures> out = new ArrayList<>();
    double seconds = run.settings().durationSeconds();
    for (int k : first.values()) {
      Stream st = run.streams().get(k);
      long[] received = run.traffic().received(k);
      long sum = 0;
      int busiest = 0;
      for (int s = 0; s < received.length; s++) {
        sum += received[s];
        busiest = received[s] > received[busiest] ? s : busiest;
      }
      double expected = st.rate() * seconds;
      out.add(
          new MongoDbRun.PatternFigures(
              st.pattern(),
              st.kind().name().toLowerCase(java.util.Locale.ROOT),
              st.targeting().label(),
              st.rate(),
              expected > 0 ? sum / expected : 0,
              "shard" + busiest,
              sum > 0 ? received[busiest] / (double) sum : 0));
    }
    return out;
  }

  private static List<Setting> settings(Run run) {
    List<Setting> s = new ArrayList<>();
    s.add(new Setting("seed", Long.toString(run.settings().seed())));
    s.add(new Setting("duration", run.settings().durationSeconds() + " s"));
    s.add(new Setting("interval", run.settings().intervalSeconds() + " s"));
    s.add(
        new Setting(
            "mode",
            run.trace().isPresent()
                ? "trace"
                : run.settings().mode().name().toLowerCase(java.util.Locale.ROOT)));
    run.trace().ifPresent(t -> s.add(new Setting("trace", t.file())));
    s.add(
        new Setting(
            "collection",
            run.collection().name()
                + (run.setup().collection().isEmpty() ? " (the first sharded collection)" : "")));
    s.add(new Setting("shard key", run.collection().shardKey().orElseThrow().pattern()));
    s.add(new Setting("shards", Integer.toString(run.shards())));
    s.add(
        new Setting(
            "range size", Mib.of(run.rangeSizeBytes()) + " (" + run.rangeSizeBytes() + " bytes)"));
    s.add(new Setting("start", run.start().name().toLowerCase(java.util.Locale.ROOT)));
    s.add(new Setting("document size", run.data().documentBytes() + " bytes"));
    s.add(
        new Setting(
            "balancer round",
            run.setup().balancerRoundSeconds()
                + " s ("
                + Balancer.SHORT_ROUND_SECONDS
                + " s after a round that moved or split)"));
    s.add(
        new Setting(
            "migration rate", Mib.of(run.setup().migrationBytesPerSecond()) + "/s (assumed)"));
    s.add(
        new Setting(
            "automerger",
            run.setup().autoMergerSeconds() == 0
                ? "off"
                : "every " + run.setup().autoMergerSeconds() + " s"));
    return s;
  }

  private static List<Table> tables(Run run, Figures typed) {
    List<Table> t = new ArrayList<>();
    double seconds = run.settings().durationSeconds();
    double total = typed.totalBytes();
    List<List<Object>> shardRows = new ArrayList<>();
    for (MongoDbRun.ShardFigures s : typed.shards()) {
      shardRows.add(
          List.of(
              s.shard(),
              s.dataBytes(),
              total > 0 ? s.dataBytes() / total : 0.0,
              s.documents(),
              (long) s.chunks(),
              (long) s.jumboChunks(),
              s.inserts() / seconds,
              s.writes() / seconds,
              s.writesBroadcast() / seconds,
              s.readsTargeted() / seconds,
              s.readsBroadcast() / seconds,
              (long) s.migrationsIn(),
              (long) s.migrationsOut()));
    }
    t.add(
        new Table(
            "shards",
            "Shards at the end (requests averaged over the run)",
            List.of(
                "shard",
                "data_bytes",
                "data_share",
                "documents",
                "chunks",
                "jumbo_chunks",
                "inserts_per_s",
                "writes_per_s",
                "writes_broadcast_per_s",
                "reads_targeted_per_s",
                "reads_broadcast_per_s",
                "migrations_in",
                "migrations_out"),
            shardRows));
    List<List<Object>> chunkRows = new ArrayList<>();
    for (MongoDbRun.ChunkFigures c : typed.chunks()) {
      chunkRows.add(
          List.of(c.min(), c.max(), c.shard(), c.bytes(), c.documents(), c.jumbo() ? "jumbo" : ""));
    }
    t.add(
        new Table(
            "chunks",
            "Chunks at the end, in shard key order",
            List.of("min", "max", "shard", "bytes", "documents", "jumbo"),
            chunkRows));
    List<List<Object>> patternRows = new ArrayList<>();
    for (MongoDbRun.PatternFigures p : typed.patterns()) {
      patternRows.add(
          List.of(
              p.pattern(),
              p.kind(),
              p.targeting(),
              p.requestsPerSecond(),
              p.shardsPerRequest(),
              p.busiestShard(),
              p.busiestShare()));
    }
    t.add(
        new Table(
            "patterns",
            "Patterns and where mongos sent them",
            List.of(
                "pattern",
                "kind",
                "targeting",
                "requests_per_s",
                "shards_per_request",
                "busiest_shard",
                "busiest_share"),
            patternRows));
    long moved =
        typed.migrations().stream().filter(m -> m.outcome() == MongoDbRun.Outcome.MOVED).count();
    long failed = typed.migrations().size() - moved;
    t.add(
        new Table(
            "balancer",
            "The balancer over the run",
            List.of(
                "rounds",
                "migrations",
                "failed_chunk_too_big",
                "chunks",
                "jumbo_chunks",
                "state",
                "settled_at_s"),
            List.of(
                List.of(
                    run.balancer().rounds(),
                    moved,
                    failed,
                    (long) run.map().size(),
                    typed.chunks().stream().filter(MongoDbRun.ChunkFigures::jumbo).count(),
                    run.balancer()
                        .state()
                        .name()
                        .toLowerCase(java.util.Locale.ROOT)
                        .replace('_', '-'),
                    typed.settledAt().isPresent()
                        ? Long.toString(typed.settledAt().getAsLong())
                        : "-"))));
    return t;
  }

  private static SimulationResult.Series series(List<MongoDbRun.ShardInterval> intervals) {
    List<SimulationResult.Series.Row> rows = new ArrayList<>();
    for (MongoDbRun.ShardInterval i : intervals) {
      rows.add(
          new SimulationResult.Series.Row(
              i.second(),
              i.shard(),
              new double[] {
                i.dataBytes(),
                i.chunks(),
                i.jumboChunks(),
                i.insertsPerSecond(),
                i.writesPerSecond(),
                i.writesBroadcastPerSecond(),
                i.readsTargetedPerSecond(),
                i.readsBroadcastPerSecond(),
                i.migrationsInFlight(),
                i.migrationsDone()
              }));
    }
    return new SimulationResult.Series("shard", COLUMNS, rows);
  }

  private static List<String> notes(Run run) {
    List<String> n = new ArrayList<>();
    if (run.trace().isPresent()) {
      n.add(
          "trace replay: each traced write adds its size at its key (a trace does not tell an insert from an"
              + " update); each read reaches the shard owning its key's chunk; the model's patterns and growth are not run");
    } else if (run.settings().mode() == dev.keyplan.simulate.SimulationSettings.Mode.EXACT) {
      n.add(
          "exact mode: every request drawn on its own, and every inserted document placed where its key lands");
    } else {
      n.add(
          "aggregate mode: each second, a pattern's requests on a shard are a Poisson count at the shard's share of"
              + " the pattern's spread, and the data grows by the expected inserts; per-second cost is streams × shards");
    }
    n.add(
        "migrations copy "
            + Mib.of(run.setup().migrationBytesPerSecond())
            + "/s, an assumption: MongoDB"
            + " documents no rate; a round waits for all its migrations");
    n.add(
        "values the model does not spell ("
            + run.map().space().field()
            + "-1, -2, …) sort where the hash of their"
            + " names falls: a value's popularity says nothing about where it sorts");
    n.add(
        "only "
            + run.collection().name()
            + " is balanced; other collections' migrations, the range deleter's"
            + " orphans, secondaries and a balancing window are not simulated");
    n.add("writes count requests, not the documents an updateMany rewrites");
    n.addAll(run.notes());
    return n;
  }
}
