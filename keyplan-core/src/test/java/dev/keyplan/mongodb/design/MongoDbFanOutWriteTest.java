package dev.keyplan.mongodb.design;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.keyplan.model.Model;
import dev.keyplan.model.yaml.ModelReader;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * A write that fans out on MongoDB (issue 16 §2, docs/model.md "Fan-out writes"): publishing a post
 * inserts one timeline document for each of its author's 150 followers ({@code follower_id: {per:
 * {author_id: 150}}}), one insertMany of 150 documents
 * (https://www.mongodb.com/docs/manual/reference/method/db.collection.insertMany/). Without {@code
 * fan_out:} it is one insertOne.
 */
final class MongoDbFanOutWriteTest {

  private static final String TIMELINE =
      """
      model: social
      horizon: 1y
      entities:
        TimelineEntry:
          attributes:
            follower_id: bigint
            post_id: bigint
            author_id: bigint
            body: {type: text, size: 200B}
          key: [follower_id, post_id]
          count: 1B
          spread:
            follower_id: {distinct: 10M, per: {author_id: 150}}
            author_id: {distinct: 1M, busiest: 1%%}
      patterns:
        - id: publish
          rate: 200/s
          insert: TimelineEntry
      %s
      mongodb:
        shards: 4
        collections:
          timeline:
            entity: TimelineEntry
      %s
      """;

  private static final String FAN_OUT = "    fan_out: {each: follower_id, per: author_id}";

  private static MongoDbAnalysis analyze(String more, String shardKey) {
    Model m = ModelReader.read("m.yaml", TIMELINE.formatted(more, shardKey), Path.of("."));
    return MongoDbAnalyzer.analyze(m);
  }

  @Test
  void aPublishIsOneInsertManyOf150Documents_30000InsertsASecond() {
    // 200 requests/s × 150 documents = 30,000 inserts/s (200 without the fan-out). Unsharded,
    // the one replica set's primary takes all of them.
    MongoDbAnalysis a = analyze(FAN_OUT, "");
    MongoDbPlan plan = a.plan("publish").orElseThrow();
    assertThat(plan.operation()).isEqualTo("insertMany timeline");
    assertThat(plan.touches().get(0).operations()).isEqualTo(150);
    assertThat(plan.notes())
        .startsWith("fan-out 150 rows a request (follower_id per author_id)")
        .contains("timeline: unsharded: the 150 documents of a request go to one replica set");
    assertThat(a.shard("timeline").orElseThrow().inserts()).isEqualTo(30_000);
    assertThat(a.shard("timeline").orElseThrow().writes()).isEqualTo(30_000);
    MongoDbAnalysis one = analyze("", "");
    assertThat(one.plan("publish").orElseThrow().operation()).isEqualTo("insertOne timeline");
    assertThat(one.shard("timeline").orElseThrow().inserts()).isEqualTo(200);
  }

  @Test
  void shardedOnTheAuthor_aRequestsDocumentsShareOneShard_onTheFollowerTheySpread() {
    // Hashed on author_id over 4 shards: the busiest author's 1% of requests, plus an even quarter
    // of the other 99%: 0.01 + 0.99 / 4 = 0.2575 of the 30,000 documents/s, 7,725/s on the busiest
    // shard. Hashed on follower_id, the busiest follower's 1 / 10M plus a quarter of the rest:
    // 30,000 × (10⁻⁷ + (1 − 10⁻⁷) / 4) = 7,500.00225/s.
    MongoDbAnalysis byAuthor = analyze(FAN_OUT, "      shard_key: {author_id: hashed}");
    assertThat(byAuthor.shard("timeline").orElseThrow().writes()).isCloseTo(7_725, within(1e-6));
    assertThat(byAuthor.plan("publish").orElseThrow().notes())
        .contains(
            "timeline: sharded on author_id, not follower_id: all 150 documents of a request go to"
                + " one shard");
    MongoDbAnalysis byFollower = analyze(FAN_OUT, "      shard_key: {follower_id: hashed}");
    assertThat(byFollower.shard("timeline").orElseThrow().writes())
        .isCloseTo(7_500.00225, within(1e-6));
    assertThat(byFollower.plan("publish").orElseThrow().notes())
        .contains(
            "timeline: sharded on follower_id: mongos splits the 150 documents of a request by"
                + " shard, spread as follower_id's spread says");
  }
}
