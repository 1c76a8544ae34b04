package dev.keyplan.mongodb.simulate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.keyplan.model.Model;
import dev.keyplan.model.yaml.ModelReader;
import dev.keyplan.mongodb.design.MongoDbAnalyzer;
import dev.keyplan.simulate.Progress;
import dev.keyplan.simulate.SimulationResult;
import dev.keyplan.simulate.SimulationSettings;
import dev.keyplan.simulate.SimulationSettings.Mode;
import dev.keyplan.simulate.Trace;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The simulator end to end on the examples and small models. */
final class MongoDbSimulatorTest {
  static Model example(String file) {
    return ModelReader.read(Path.of("../examples", file));
  }

  static MongoDbRun run(Model m, long seconds, Mode mode) {
    return MongoDbSimulator.run(
        MongoDbAnalyzer.analyze(m),
        MongoDbSetup.DEFAULTS,
        SimulationSettings.of(4, seconds, mode),
        Optional.empty(),
        Progress.NONE);
  }

  @Test
  void theSameSeed_givesTheSameRun_anotherSeedOtherCounts() {
    Model m = example("tenants-mongodb-fixed.yaml");
    SimulationSettings s = SimulationSettings.of(7, 1_800, Mode.AGGREGATE);
    SimulationResult a =
        MongoDbSimulator.run(
                MongoDbAnalyzer.analyze(m),
                MongoDbSetup.DEFAULTS,
                s,
                Optional.empty(),
                Progress.NONE)
            .result();
    SimulationResult b =
        MongoDbSimulator.run(
                MongoDbAnalyzer.analyze(m),
                MongoDbSetup.DEFAULTS,
                s,
                Optional.empty(),
                Progress.NONE)
            .result();
    assertThat(b.settings()).isEqualTo(a.settings());
    assertThat(b.findings()).isEqualTo(a.findings());
    assertThat(b.tables()).isEqualTo(a.tables());
    assertThat(b.events()).isEqualTo(a.events());
    assertThat(b.notes()).isEqualTo(a.notes());
    assertThat(values(b)).isEqualTo(values(a));
    SimulationResult c =
        MongoDbSimulator.run(
                MongoDbAnalyzer.analyze(m),
                MongoDbSetup.DEFAULTS,
                SimulationSettings.of(8, 1_800, Mode.AGGREGATE),
                Optional.empty(),
                Progress.NONE)
            .result();
    assertThat(values(c)).isNotEqualTo(values(a));
  }

  private static List<String> values(SimulationResult r) {
    List<String> out = new ArrayList<>();
    r.series()
        .rows()
        .forEach(
            row ->
                out.add(row.second() + " " + row.subject() + " " + Arrays.toString(row.values())));
    return out;
  }

  /**
   * 50,000 requests a second on a hashed key over 8 shards: 45,000 reads, 4,900 renames, 100
   * sign-ups.
   */
  private static final String BUSY =
      """
      model: busy
      horizon: 30d
      entities:
        User:
          attributes:
            user_id: uuid
            name: {type: text, size: 100B}
          key: [user_id]
          count: 10M
          growth: 100/s
      patterns:
        - id: read-user
          rate: 45k/s
          query: User where user_id = ?
        - id: rename
          rate: 4900/s
          update: User set name where user_id = ?
        - id: sign-up
          rate: 100/s
          insert: User
      mongodb:
        shards: 8
        collections:
          users:
            entity: User
            shard_key: {user_id: hashed}
      """;

  @Test
  void aDayAtFiftyThousandRequestsASecond_runsInAggregateMode() {
    // 86,400 s × 50,000/s = 4.32 billion requests, counted per shard and second (a day costs
    // 86,400 × 3 streams × 8 shards Poisson draws, whatever the rate). The reads' total is
    // 45,000 × 86,400 = 3.888 billion within Poisson noise (σ ≈ 62,000, 0.002%).
    Model m = ModelReader.read("busy.yaml", BUSY, Path.of("."));
    MongoDbRun r = run(m, 86_400, Mode.AGGREGATE);
    long reads = r.shards().stream().mapToLong(MongoDbRun.ShardFigures::readsTargeted).sum();
    assertThat((double) reads).isCloseTo(45_000.0 * 86_400, within(45_000.0 * 86_400 * 1e-4));
    assertThat(r.intervals()).hasSize(1_440 * 8);
    // A hashed key spreads the 10M users evenly once balanced: within 3 ranges of each other.
    double max =
        r.shards().stream().mapToDouble(MongoDbRun.ShardFigures::dataBytes).max().orElseThrow();
    double min =
        r.shards().stream().mapToDouble(MongoDbRun.ShardFigures::dataBytes).min().orElseThrow();
    assertThat(max - min).isLessThan(3.0 * 134_217_728);
  }

  @Test
  void aKeyThatGrowsWithTime_sendsEveryInsertToTheShardOwningMaxKey() {
    // events-mongodb.yaml: {created_at: 1}, 12,000 inserts/s of 415-byte events, starting empty.
    // Every insert lands above every existing key, in the chunk holding MaxKey; the balancer moves
    // ranges off the bottom of shard0's chunk, so MaxKey stays on shard0 and shard0 takes all the
    // inserts. The data is 12,000 × 3,600 × 415 = 17.928 GB after an hour.
    MongoDbRun r = run(example("events-mongodb.yaml"), 3_600, Mode.AGGREGATE);
    long inserts = r.shards().stream().mapToLong(MongoDbRun.ShardFigures::inserts).sum();
    assertThat(r.shard("shard0").inserts()).isEqualTo(inserts);
    assertThat(r.chunks().get(r.chunks().size() - 1).shard()).isEqualTo("shard0");
    assertThat(r.totalBytes()).isCloseTo(12_000.0 * 3_600 * 415, within(1.0));
    assertThat(r.migrations()).isNotEmpty();
  }

  @Test
  void anEmptyHashedCollection_startsBalanced_andSpreadsInsertsEvenly() {
    // events-mongodb-hashed.yaml: {created_at: "hashed"}, empty: one chunk per shard at the
    // servers' split points, each a quarter of the hash range, so a quarter of the inserts each
    // and no migration in the hour.
    MongoDbRun r = run(example("events-mongodb-hashed.yaml"), 3_600, Mode.AGGREGATE);
    assertThat(r.chunks()).hasSize(4);
    assertThat(r.migrations()).isEmpty();
    long inserts = r.shards().stream().mapToLong(MongoDbRun.ShardFigures::inserts).sum();
    for (MongoDbRun.ShardFigures s : r.shards()) {
      assertThat(s.chunks()).isEqualTo(1);
      assertThat(s.inserts() / (double) inserts).isCloseTo(0.25, within(0.001));
      assertThat(s.dataBytes() / r.totalBytes()).isCloseTo(0.25, within(1e-9));
    }
  }

  @Test
  void zones_keepEachRegionOnItsShards() {
    // customers-zones-mongodb.yaml: APAC on shards 0–1, EU on 2–3, US on 4–5. The collection starts
    // on shard0, so the balancer first moves every EU and US range off it.
    MongoDbRun r = run(example("customers-zones-mongodb.yaml"), 3_600, Mode.AGGREGATE);
    assertThat(r.shardsHolding("US")).isSubsetOf("shard4", "shard5").isNotEmpty();
    assertThat(r.shardsHolding("EU")).isSubsetOf("shard2", "shard3").isNotEmpty();
    assertThat(r.shardsHolding("APAC")).isSubsetOf("shard0", "shard1").isNotEmpty();
    assertThat(r.migrations()).anyMatch(m -> m.from().equals("shard0") && m.to().equals("shard4"));
    // The analysis' zone shares (MongoZones) hold on the simulated shards: the US zone's shards
    // hold
    // its 45% of the data, EU's 35%, APAC's 20%.
    Model m = example("customers-zones-mongodb.yaml");
    var a = dev.keyplan.mongodb.design.MongoDbAnalyzer.analyze(m);
    for (var p : a.zones(a.collection("customers").orElseThrow())) {
      double onZoneShards =
          p.shards().stream().mapToDouble(i -> r.shard("shard" + i).dataBytes()).sum();
      assertThat(onZoneShards / r.totalBytes())
          .as(p.zone().name())
          .isCloseTo(p.share(), within(1e-9));
    }
  }

  @Test
  void exactMode_drawsEveryRequest_andShowsTheSameJumboChunk() {
    // Per request instead of per shard and second; the US still is one jumbo chunk with 60% of the
    // data (3,000,000 existing documents of 5,000,000, and 60% of the inserted ones).
    MongoDbRun r = run(example("tenants-mongodb.yaml"), 900, Mode.EXACT);
    assertThat(r.chunksHolding("country_code-1"))
        .singleElement()
        .matches(MongoDbRun.ChunkFigures::jumbo);
    assertThat(r.shard("shard0").dataBytes() / r.totalBytes()).isCloseTo(0.6, within(0.001));
    long inserts = r.shards().stream().mapToLong(MongoDbRun.ShardFigures::inserts).sum();
    // 2 sign-ups a second for 900 s: about 1,800 (σ ≈ 42).
    assertThat((double) inserts).isCloseTo(1_800, within(200.0));
  }

  @Test
  void aTrace_isReplayedAtItsKeys() {
    // Ten 2,135-byte writes and five reads of the US, which sits on shard0 in one chunk from the
    // start: shard0 gets every one, and the data grows by 10 × 2,135 bytes.
    StringBuilder csv = new StringBuilder("time,operation,key,size\n");
    for (int i = 0; i < 10; i++) {
      csv.append(i).append(".5,write,country_code-1,2135\n");
      if (i < 5) {
        csv.append(i).append(".7,read,country_code-1,2135\n");
      }
    }
    Trace trace = Trace.parse("t.csv", csv.toString());
    Model m = example("tenants-mongodb.yaml");
    MongoDbRun r =
        MongoDbSimulator.run(
            MongoDbAnalyzer.analyze(m),
            MongoDbSetup.DEFAULTS,
            SimulationSettings.of(1, 20, Mode.AGGREGATE),
            Optional.of(trace),
            Progress.NONE);
    assertThat(r.shard("shard0").inserts()).isEqualTo(10);
    assertThat(r.shard("shard0").readsTargeted()).isEqualTo(5);
    assertThat(r.totalBytes()).isCloseTo(5_000_000.0 * 2_135 + 10 * 2_135, within(1.0));
    assertThat(r.result().settings())
        .anyMatch(s -> s.name().equals("mode") && s.value().equals("trace"));
  }

  @Test
  void progress_isToldAtMostAHundredTimes_andAtTheEnd() {
    List<long[]> calls = new ArrayList<>();
    MongoDbSimulator.run(
        MongoDbAnalyzer.analyze(example("tenants-mongodb.yaml")),
        MongoDbSetup.DEFAULTS,
        SimulationSettings.of(1, 3_600, Mode.AGGREGATE),
        Optional.empty(),
        (done, total) -> calls.add(new long[] {done, total}));
    assertThat(calls.size()).isBetween(100, 101);
    assertThat(calls.get(calls.size() - 1)).containsExactly(3_600, 3_600);
  }

  @Test
  void aDesignWithoutASimulableCollection_isRefusedWithTheReason() {
    SimulationSettings s = SimulationSettings.of(1, 60, Mode.AGGREGATE);
    // A model without a mongodb: section has no MongoDB analysis to run: the type says so, and the
    // CLI refuses the store by name (StoreChoice).
    assertThatThrownBy(
            () ->
                MongoDbSimulator.run(
                    MongoDbAnalyzer.analyze(example("tenants-mongodb.yaml")),
                    MongoDbSetup.DEFAULTS.withCollection("orders"),
                    s,
                    Optional.empty(),
                    Progress.NONE))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("no collection orders")
        .hasMessageContaining("tenants");
    assertThatThrownBy(
            () ->
                MongoDbSimulator.run(
                    MongoDbAnalyzer.analyze(example("shop-mongodb.yaml")),
                    MongoDbSetup.DEFAULTS,
                    s,
                    Optional.empty(),
                    Progress.NONE))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("sharded");
  }

  @Test
  void theSetup_overridesTheModelsShardsAndRangeSize() {
    // 8 shards and 64 MiB ranges instead of the model's 4 and 128 MiB: the US chunk is still
    // jumbo (6.4 GB under one value), and now 8 shards share the other 40%.
    MongoDbRun r =
        MongoDbSimulator.run(
            MongoDbAnalyzer.analyze(example("tenants-mongodb.yaml")),
            MongoDbSetup.DEFAULTS.withShards(8).withRangeSize(64L * 1_048_576),
            SimulationSettings.of(1, 3_600, Mode.AGGREGATE),
            Optional.empty(),
            Progress.NONE);
    assertThat(r.shards()).hasSize(8);
    assertThat(r.rangeSizeBytes()).isEqualTo(64L * 1_048_576);
    assertThat(r.chunksHolding("country_code-1"))
        .singleElement()
        .matches(MongoDbRun.ChunkFigures::jumbo);
  }
}
