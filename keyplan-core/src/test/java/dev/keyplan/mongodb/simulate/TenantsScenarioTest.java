package dev.keyplan.mongodb.simulate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.keyplan.model.Model;
import dev.keyplan.model.yaml.ModelReader;
import dev.keyplan.mongodb.design.MongoDbAnalyzer;
import dev.keyplan.simulate.Progress;
import dev.keyplan.simulate.SimulationSettings;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Seed 004, worked scenario 3, replayed: tenants sharded by {@code {country_code: 1}} with the US
 * at 60% (examples/tenants-mongodb.yaml), then by {@code {country_code: 1, tenant_id: 1}}
 * (examples/tenants-mongodb-fixed.yaml). Both start populated, as the seed's platform does: 5M
 * tenants in one chunk on shard0, 4 shards, 128 MiB ranges, one hour simulated.
 *
 * <p>The figures both runs share, from the model and the analysis:
 *
 * <ul>
 *   <li>a tenant document is 2,135 bytes (the analysis measures it with the BSON library), so the
 *       collection holds 5,000,000 × 2,135 = 10.675 GB and the US (60%) 6.405 GB;
 *   <li>a range holds M = ⌊134,217,728 / 2,135⌋ = 62,865 documents; a migration takes at most 2M =
 *       125,730, and the balancer moves when two shards differ by 3 × 128 MiB = 402,653,184 bytes;
 *   <li>the US is {@code country_code-1}: the spread names no value, so the busiest is rank 1.
 * </ul>
 */
final class TenantsScenarioTest {
  static final String US = "country_code-1";
  static final long RANGE = 134_217_728;
  static final double THRESHOLD = 3.0 * RANGE;
  static final long HOUR = 3_600;

  static MongoDbRun run(String example) {
    Model m = ModelReader.read(Path.of("../examples", example));
    return MongoDbSimulator.run(
        MongoDbAnalyzer.analyze(m),
        MongoDbSetup.DEFAULTS,
        SimulationSettings.of(4, HOUR, SimulationSettings.Mode.AGGREGATE),
        Optional.empty(),
        Progress.NONE);
  }

  /** The shard's share of the writes (or inserts) over the intervals after the balancer settled. */
  static double shareSinceSettled(MongoDbRun r, String shard, boolean inserts) {
    long from = r.settledAt().orElseThrow();
    double mine = 0;
    double all = 0;
    for (MongoDbRun.ShardInterval i : r.intervals()) {
      if (i.second() >= from) {
        double v = inserts ? i.insertsPerSecond() : i.writesPerSecond();
        all += v;
        mine += i.shard().equals(shard) ? v : 0;
      }
    }
    return mine / all;
  }

  @Test
  void documentSize_isTheAnalysisFigure() {
    // The simulator sizes nothing itself: its document is the analysis' typical tenant.
    Model m = ModelReader.read(Path.of("../examples/tenants-mongodb.yaml"));
    long analysed = MongoDbAnalyzer.analyze(m).collection("tenants").orElseThrow().typicalBytes();
    assertThat(run("tenants-mongodb.yaml").documentBytes()).isEqualTo(analysed).isEqualTo(2_135);
  }

  @Nested
  @TestInstance(TestInstance.Lifecycle.PER_CLASS)
  class ByCountryCode {
    MongoDbRun r;

    @BeforeAll
    void simulate() {
      r = run("tenants-mongodb.yaml");
    }

    @Test
    void theUsChunk_isOneJumboChunkOfSixtyPercent() {
      // Every US tenant shares one shard key value, so one chunk holds all 3,000,000 of them (plus
      // the hour's 60% × 2/s × 3,600 = 4,320 sign-ups): 3,004,320 × 2,135 = 6.414 GB, 47.8 ranges,
      // far
      // over the 125,730 documents a migration takes, and with one value it has no split point.
      List<MongoDbRun.ChunkFigures> us = r.chunksHolding(US);
      assertThat(us).hasSize(1);
      MongoDbRun.ChunkFigures chunk = us.get(0);
      assertThat(chunk.jumbo()).isTrue();
      assertThat(chunk.heavyValues()).containsExactly(US);
      assertThat(chunk.documents()).isCloseTo(3_004_320, within(1.0));
      assertThat(chunk.bytes()).isCloseTo(3_004_320 * 2_135.0, within(2_135.0));
      assertThat(chunk.bytes() / RANGE).isGreaterThan(47);
      assertThat(chunk.bytes() / r.totalBytes()).isCloseTo(0.60, within(1e-9));
      assertThat(r.result().events())
          .anyMatch(e -> e.kind().equals("jumbo") && e.subject().startsWith("[" + US));
    }

    @Test
    void itsShard_keepsSixtyPercentOfTheData() {
      // The US chunk stays on shard0, the primary, where the collection started; the balancer moves
      // every other chunk off (shard0 stays the most loaded), leaving it the US and nothing else:
      // 60% of the data, existing and inserted alike.
      assertThat(r.chunksHolding(US).get(0).shard()).isEqualTo("shard0");
      MongoDbRun.ShardFigures shard0 = r.shard("shard0");
      assertThat(shard0.chunks()).isEqualTo(1);
      assertThat(shard0.jumboChunks()).isEqualTo(1);
      assertThat(shard0.dataBytes() / r.totalBytes()).isCloseTo(0.60, within(1e-9));
    }

    @Test
    void theBalancer_cannotEvenItOut() {
      // The other 119 countries (4.27 GB) end on shards 1–3, about 1.42 GB each: shard0 is 6.41 −
      // 1.42 ≈ 5 GB above them, over the 402,653,184-byte threshold, yet it has only the jumbo
      // chunk
      // to give. The balancer stops for good: nothing moves after it settles.
      double min =
          r.shards().stream().mapToDouble(MongoDbRun.ShardFigures::dataBytes).min().orElseThrow();
      assertThat(r.shard("shard0").dataBytes() - min).isGreaterThan(10 * THRESHOLD);
      assertThat(r.result().events())
          .anyMatch(e -> e.kind().equals("jumbo-only") && e.subject().equals("shard0"));
      long settled = r.settledAt().orElseThrow();
      assertThat(settled).isLessThan(HOUR / 2);
      assertThat(r.migrations()).allMatch(m -> m.start() <= settled);
      assertThat(r.migrations())
          .filteredOn(m -> m.outcome() == MongoDbRun.Outcome.MOVED)
          .allMatch(m -> m.from().equals("shard0"));
    }

    @Test
    void theUsShard_takesSixtyPercentOfTheWritesForGood() {
      // Once settled, every US sign-up (60% of 2/s) lands on shard0, and every plan change (50/s,
      // sent to all shards as it gives no country) is applied where its tenant lives, 60% on
      // shard0: (0.6 × 2 + 0.6 × 50) / 52 = 60% of the writes. The inserts are few (about 6,500
      // after settling), so their share is allowed ±3 points of Poisson noise; the writes ±1.
      assertThat(shareSinceSettled(r, "shard0", true)).isCloseTo(0.60, within(0.03));
      assertThat(shareSinceSettled(r, "shard0", false)).isCloseTo(0.60, within(0.01));
    }

    @Test
    void readsWithoutTheCountry_goToEveryShard() {
      // "tenant where tenant_id = ?" gives no shard key: each of its 2,000/s reaches all 4 shards.
      MongoDbRun.PatternFigures tenant =
          r.patterns().stream().filter(p -> p.pattern().equals("tenant")).findFirst().orElseThrow();
      assertThat(tenant.targeting()).isEqualTo("scatter-gather");
      assertThat(tenant.shardsPerRequest()).isCloseTo(4, within(0.01));
    }
  }

  @Nested
  @TestInstance(TestInstance.Lifecycle.PER_CLASS)
  class ByCountryCodeAndTenant {
    MongoDbRun r;

    @BeforeAll
    void simulate() {
      r = run("tenants-mongodb-fixed.yaml");
    }

    @Test
    void nothingIsJumbo() {
      // Every tenant is its own shard key value: any range can be cut between two tenants.
      assertThat(r.chunks()).noneMatch(MongoDbRun.ChunkFigures::jumbo);
    }

    @Test
    void theUsRange_splitsIntoManyChunksOverAllShards() {
      // The balancer cuts 128 MiB ranges off shard0's chunk as it moves them. At most the whole of
      // shard0's data is US, so at least (US bytes − shard0's bytes) of the US moved, in ranges of
      // at most 128 MiB each: with 6.41 GB and shard0 near its even 2.7 GB, that is 27 chunks or
      // more.
      double usBytes = 0.60 * r.totalBytes();
      double moved = usBytes - r.shard("shard0").dataBytes();
      assertThat(r.chunksHolding(US).size()).isGreaterThanOrEqualTo((int) Math.ceil(moved / RANGE));
      assertThat(r.chunksHolding(US).size()).isGreaterThan(20);
      assertThat(r.shardsHolding(US))
          .containsExactlyInAnyOrder("shard0", "shard1", "shard2", "shard3");
    }

    @Test
    void theShards_endWithinThreeRangesOfEachOther() {
      // The balancer stops only when the most and least loaded shards are under 3 × 128 MiB apart.
      double max =
          r.shards().stream().mapToDouble(MongoDbRun.ShardFigures::dataBytes).max().orElseThrow();
      double min =
          r.shards().stream().mapToDouble(MongoDbRun.ShardFigures::dataBytes).min().orElseThrow();
      assertThat(max - min).isLessThan(THRESHOLD);
      assertThat(r.result().events()).anyMatch(e -> e.kind().equals("balanced"));
      assertThat(r.settledAt().orElseThrow()).isLessThan(HOUR / 2);
    }

    @Test
    void writesSpreadOverTheShards() {
      // Writes follow the data (a tenant's country by the spread, the tenant evenly within it), so
      // a shard's share of them is its share of the data: a quarter, give or take the 384 MiB
      // imbalance the balancer allows, 402,653,184 / 10.7e9 = 3.8 points; ±5 points with noise.
      for (String shard : List.of("shard0", "shard1", "shard2", "shard3")) {
        assertThat(shareSinceSettled(r, shard, false)).isCloseTo(0.25, within(0.05));
      }
    }

    @Test
    void readsGivingBothFields_goToOneShard() {
      MongoDbRun.PatternFigures tenant =
          r.patterns().stream().filter(p -> p.pattern().equals("tenant")).findFirst().orElseThrow();
      assertThat(tenant.targeting()).isEqualTo("single shard");
      assertThat(tenant.shardsPerRequest()).isCloseTo(1, within(0.01));
    }
  }
}
