package dev.keyplan.mongodb.simulate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.keyplan.check.RuleTester;
import dev.keyplan.mongodb.design.MongoDbAnalysis;
import dev.keyplan.simulate.Progress;
import dev.keyplan.simulate.SimulationSettings;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * {@code simulate} places a compound shard key's values as check counts them (issue 17 §4 and §5):
 * the model of MongoDbCorrelatedShardKeyTest, 100M messages of 274 B sharded on {@code {country: 1,
 * userid: 1}} over 4 shards, 128 MiB ranges, populated on shard0, simulated for an hour with seed
 * 4.
 *
 * <p>From the simulator's rules (docs/simulate-mongodb.md, "A balancer round"): a range holds M =
 * ⌊134,217,728 / 274⌋ = 489,845 documents, and a migration refuses a range of more than 2M =
 * 979,690 documents (MongoDB manual, "MongoDB Limits and Thresholds", "Maximum Number of Documents
 * Per Range to Migrate", https://www.mongodb.com/docs/manual/reference/limits/); a single value
 * that holds more can never move, and the balancer marks it jumbo.
 *
 * <ul>
 *   <li>With {@code userid belongs_to country}, the busiest value is the busiest user, 1% of 100M =
 *       1,000,000 documents × 274 B = 274,000,000 B (check's figure): over 2M, so a jumbo chunk of
 *       exactly that user.
 *   <li>Without it, check multiplies the busiest country's 45% by the busiest user's 1%: 450,000
 *       documents, 123,300,000 B, under M: a range the balancer moves, no jumbo chunk.
 * </ul>
 *
 * <p>Before, the simulator spread a country's documents evenly over 10,000 users whatever the model
 * said: the busiest value held 45M / 10,000 = 4,500 documents and no run had a jumbo chunk.
 */
final class CorrelatedShardKeySimulationTest {
  private static final String MODEL =
      """
      model: messages-by-country
      horizon: 1y
      entities:
        Message:
          attributes:
            message_id: uuid
            country: {type: text, size: 2B}
            userid: bigint
            body: {type: text, size: 200B}
          key: [message_id]
          count: 100M
          spread:
            country: {distinct: 200, busiest: 45%}
            userid: {distinct: 10k, busiest: 1%STATEMENT}
      patterns:
        - {id: by-user, rate: 100/s, query: Message where country = ? and userid = ?}
      mongodb:
        shards: 4
        collections:
          messages:
            entity: Message
            shard_key: {country: 1, userid: 1}
      """;

  private static MongoDbAnalysis analysis(String statement) {
    return RuleTester.withoutRule().model(MODEL.replace("STATEMENT", statement)).mongodb();
  }

  private static MongoDbRun run(String statement) {
    MongoDbAnalysis a = analysis(statement);
    return MongoDbSimulator.run(
        a,
        MongoDbSetup.DEFAULTS,
        SimulationSettings.of(4, 3_600, SimulationSettings.Mode.AGGREGATE),
        Optional.empty(),
        Progress.NONE);
  }

  @Test
  void withBelongsTo_theBusiestUsersDocumentsAreOneJumboChunk_asCheckCountsThem() {
    MongoDbRun r = run(", belongs_to: country");
    assertThat(r.documentBytes()).isEqualTo(274);
    List<MongoDbRun.ChunkFigures> jumbo =
        r.chunks().stream().filter(MongoDbRun.ChunkFigures::jumbo).toList();
    assertThat(jumbo).hasSize(1);
    assertThat(jumbo.get(0).documents()).isCloseTo(1_000_000, within(1.0));
    assertThat(jumbo.get(0).bytes()).isCloseTo(274_000_000, within(274.0));
    assertThat(r.chunks().stream().mapToDouble(MongoDbRun.ChunkFigures::bytes).max().orElseThrow())
        .isCloseTo(274_000_000, within(274.0));
  }

  @Test
  void withoutIt_theBusiestValueIsChecksIndependentOne_andMoves() {
    // The busiest country, country-1 (the spread names none), holds 45M documents; its first
    // value, the busiest (country, userid) pair, spans 0.45% / 45% = 1% of its place in the key
    // space: 450,000 documents.
    MongoDbAnalysis a = analysis("");
    KeySpace space = KeyModel.of(a, a.collection("messages").orElseThrow(), 3_600).space();
    int us = space.pointOf("country-1").orElseThrow();
    assertThat(space.head(us)).isCloseTo(0.01, within(1e-12));
    assertThat(space.head(us) * 0.45 * 100_000_000).isCloseTo(450_000, within(1e-3));
    // The US users, 10,000 of them in every country as independence has it.
    assertThat(space.values(us)).isEqualTo(10_000);
    MongoDbRun r = run("");
    assertThat(r.chunks()).noneMatch(MongoDbRun.ChunkFigures::jumbo);
  }

  @Test
  void withBelongsTo_aCountryHoldsItsShareOfTheUsers() {
    // 10,000 users, each in one country: the busiest country's 45% of the documents holds 4,500
    // of them (the model does not say more), the first of them the busiest user, 1% / 45% = 2.2%
    // of the country's documents.
    MongoDbAnalysis a = analysis(", belongs_to: country");
    KeySpace space = KeyModel.of(a, a.collection("messages").orElseThrow(), 3_600).space();
    int us = space.pointOf("country-1").orElseThrow();
    assertThat(space.values(us)).isCloseTo(4_500, within(1e-6));
    assertThat(space.head(us)).isCloseTo(0.01 / 0.45, within(1e-12));
  }
}
