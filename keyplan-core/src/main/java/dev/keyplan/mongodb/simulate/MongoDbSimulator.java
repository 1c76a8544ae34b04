package dev.keyplan.mongodb.simulate;

import dev.keyplan.model.Model;
import dev.keyplan.mongodb.design.MongoDbAnalysis;
import dev.keyplan.mongodb.design.MongoDbAnalyzer;
import dev.keyplan.mongodb.design.MongoDbCollection;
import dev.keyplan.simulate.Progress;
import dev.keyplan.simulate.SimulationResult.Event;
import dev.keyplan.simulate.SimulationSettings;
import dev.keyplan.simulate.Trace;
import dev.keyplan.simulate.WorkBudget;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * Simulates one sharded MongoDB collection second by second: its chunks, the balancer moving ranges
 * between shards, jumbo chunks it cannot move, zones, and where mongos sends each pattern's
 * requests. Behaviour follows MongoDB 7.x/8.0 (the project's MongoDB notes §2–§3):
 *
 * <ul>
 *   <li>chunks are ranges of the shard key ({@link KeySpace}), 128 MB by default; since 6.0.3
 *       nothing splits on insert, so a chunk grows until the balancer cuts a range off it as it
 *       moves it ({@code moveRange});
 *   <li>the balancer ({@link Balancer}, {@link BalancerPolicy}) runs a round every 10 s (1 s after
 *       a round that did something), moves data when two shards' data differ by at least 3 × the
 *       range size, one migration per shard at a time (⌊n / 2⌋ at most), skips jumbo chunks, and
 *       moves chunks off shards outside their zone first;
 *   <li>a chunk whose smallest movable range is one shard key value over 2 × the range size's
 *       documents fails to migrate, cannot be split, and is marked jumbo;
 *   <li>the AutoMerger merges contiguous chunks of a shard every hour ({@link AutoMerger});
 *   <li>requests are routed as the analysis planned them ({@link Workload}), counted per shard and
 *       second ({@link Traffic}).
 * </ul>
 *
 * Document sizes, spreads and each pattern's targeting come from {@link MongoDbAnalyzer}; nothing
 * is sized a second way. Everything random comes from {@code new SplittableRandom(seed)}, in one
 * order, so the same model, setup and seed give the same run.
 */
public final class MongoDbSimulator {
  private MongoDbSimulator() {}

  /**
   * Runs the simulation.
   *
   * @param trace a workload to replay instead of the model's patterns
   * @throws IllegalArgumentException when the design has no sharded collection to simulate, the
   *     setup names a collection the design lacks, or a zone does not fit the cluster
   */
  public static MongoDbRun run(
      MongoDbAnalysis a,
      MongoDbSetup setup,
      SimulationSettings settings,
      Optional<Trace> trace,
      Progress progress) {
    MongoDbCollection c = collection(a, setup);
    int shards = setup.shards().orElse(a.design().shards());
    if (shards < 1 || shards > MongoDbSetup.MAX_SHARDS) {
      throw new dev.keyplan.simulate.SetupException(
          "shards must be between 1 and " + MongoDbSetup.MAX_SHARDS + ", not " + shards);
    }
    long range = setup.rangeSizeBytes().orElse(a.design().rangeSizeBytes());
    MongoDbSetup.Start start =
        setup
            .start()
            .orElse(
                c.entity().count() > 0 ? MongoDbSetup.Start.POPULATED : MongoDbSetup.Start.EMPTY);
    KeyModel keys = KeyModel.of(a, c, settings.durationSeconds());
    List<String> notes = new ArrayList<>(keys.notes());
    boolean recorded = trace.isPresent() || settings.mode() == SimulationSettings.Mode.EXACT;
    long documentBytes = Math.max(1, c.typicalBytes());
    double existingBytes =
        start == MongoDbSetup.Start.POPULATED ? keys.documents() * documentBytes : 0;
    if (start == MongoDbSetup.Start.EMPTY && keys.documents() > 0) {
      notes.add(
          "the collection starts empty, leaving out the model's "
              + dev.keyplan.model.Units.count(keys.documents())
              + " existing documents");
    }
    trace
        .filter(t -> t.durationSeconds() > settings.durationSeconds())
        .ifPresent(
            t ->
                notes.add(
                    "the trace runs "
                        + t.durationSeconds()
                        + " s; the run stops at "
                        + settings.durationSeconds()
                        + " s and leaves the rest out"));
    List<Stream> streams =
        trace.map(t -> Traffic.traceStreams(t, keys.existing())).orElse(keys.streams());
    // Refused before the loop starts: each second every stream's load is dealt to every shard
    // (aggregate), or each request is drawn (exact); the shards are the series' subjects.
    double perShard = (double) streams.size() * shards;
    double ops = streams.stream().mapToDouble(Stream::rate).sum();
    WorkBudget.admit(
        settings,
        WorkBudget.estimate(settings, settings.durationSeconds(), perShard, ops, shards),
        progress);
    List<Density> measures = new ArrayList<>(List.of(keys.existing(), keys.inserted()));
    int[] measureOf = new int[streams.size()];
    boolean prefix = false;
    for (int k = 0; k < streams.size(); k++) {
      Stream st = streams.get(k);
      measureOf[k] = -1;
      if (trace.isEmpty() && st.measured()) {
        measureOf[k] = measures.size();
        measures.add(st.route() == Stream.Route.PREFIX ? st.density().gapsOnly() : st.density());
        prefix |= st.route() == Stream.Route.PREFIX;
      }
    }
    SplittableRandom random = new SplittableRandom(settings.seed());
    List<ZoneRange> zones = ZoneRange.of(c.zones(), keys.space(), shards);
    Data data =
        new Data(
            keys.space(),
            keys.existing(),
            keys.inserted(),
            existingBytes,
            documentBytes,
            trace.isPresent() ? 0 : keys.growthPerSecond(),
            recorded);
    ChunkMap map = new ChunkMap(keys.space(), shards, measures, prefix);
    InitialChunks.place(map, zones, start, random);
    ShardData shardData = new ShardData(map, data);
    List<Event> events = new ArrayList<>();
    Balancer balancer =
        new Balancer(
            map,
            data,
            shardData,
            zones,
            range,
            setup.migrationBytesPerSecond(),
            setup.balancerRoundSeconds(),
            events);
    AutoMerger merger = new AutoMerger(map, zones, setup.autoMergerSeconds(), events);
    Traffic traffic =
        new Traffic(
            streams,
            measureOf,
            map,
            shardData,
            data,
            keys.inserted(),
            keys.growthPerSecond(),
            settings.mode(),
            trace,
            random);
    Recorder recorder = new Recorder(map, shardData, balancer, traffic);
    long duration = settings.durationSeconds();
    long intervalStart = 0;
    for (long s = 0; s < duration; s++) {
      data.advanceTo(s);
      balancer.tick(s);
      merger.tick(s, balancer.idle());
      traffic.second(s);
      if ((s + 1) % settings.intervalSeconds() == 0 || s == duration - 1) {
        data.advanceTo(s + 1);
        recorder.interval(intervalStart, s + 1 - intervalStart);
        intervalStart = s + 1;
      }
      Progress.tick(progress, s + 1, duration);
    }
    Run run =
        new Run(
            a.model(), a, c, setup, settings, trace, shards, range, start, keys, streams, map, data,
            balancer, traffic, recorder, events, notes);
    return MongoDbRunSummary.of(run);
  }

  /** Everything a finished run holds, for {@link MongoDbRunSummary}. */
  record Run(
      Model model,
      MongoDbAnalysis analysis,
      MongoDbCollection collection,
      MongoDbSetup setup,
      SimulationSettings settings,
      Optional<Trace> trace,
      int shards,
      long rangeSizeBytes,
      MongoDbSetup.Start start,
      KeyModel keys,
      List<Stream> streams,
      ChunkMap map,
      Data data,
      Balancer balancer,
      Traffic traffic,
      Recorder recorder,
      List<Event> events,
      List<String> notes) {}

  private static MongoDbCollection collection(MongoDbAnalysis a, MongoDbSetup setup) {
    List<String> names = a.collections().stream().map(MongoDbCollection::name).toList();
    if (setup.collection().isPresent()) {
      String name = setup.collection().get();
      MongoDbCollection c =
          a.collection(name)
              .orElseThrow(
                  () ->
                      new dev.keyplan.simulate.SetupException(
                          "no collection "
                              + name
                              + " in the model; it has "
                              + String.join(", ", names)));
      if (!c.sharded()) {
        throw new dev.keyplan.simulate.SetupException(
            "collection "
                + name
                + " is not sharded: it has no shard_key, so it"
                + " lives on its database's primary shard and there is no balancing to simulate");
      }
      return c;
    }
    return a.collections().stream()
        .filter(MongoDbCollection::sharded)
        .findFirst()
        .orElseThrow(
            () ->
                new dev.keyplan.simulate.SetupException(
                    "no collection of the model is sharded (no shard_key): nothing"
                        + " to simulate; collections: "
                        + String.join(", ", names)));
  }
}
