package dev.keyplan.mongodb.design;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.keyplan.model.Model;
import dev.keyplan.model.yaml.ModelReader;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * Writes routed as mongos routes them (issue 17 §3), on an IoT design of the Bucket pattern
 * (https://www.mongodb.com/blog/post/building-with-patterns-the-bucket-pattern): readings are
 * {@code $push}ed into one document per device and hour, sharded on {@code {device_id: 1, hour:
 * 1}}.
 *
 * <p>mongos targets a write whose filter has an equality on every shard key field to the one shard
 * owning that value, and broadcasts one that lacks it (MongoDB manual, "Shard Keys",
 * https://www.mongodb.com/docs/manual/core/sharding-shard-key/, and "Query Routing",
 * https://www.mongodb.com/docs/manual/core/sharded-cluster-query-router/). The {@code $push} of a
 * reading filters on its bucket's key, {@code {device_id, hour}}, which the reading carries ({@code
 * by: [device_id, hour]}): the whole shard key. Before this fix keyplan planned it as
 * scatter-gather. No MongoDB server runs here: the figures are derived from the manual's rules.
 */
final class MongoDbWriteRoutingTest {

  private static final String IOT =
      """
      model: iot
      horizon: 30d
      entities:
        Bucket:
          attributes:
            site_id: bigint
            device_id: bigint
            hour: timestamp
            count: int
          key: [device_id, hour]
          count: 7.2M
          spread:
            site_id: {distinct: 100}
            device_id: {distinct: 10k, busiest: 10%%, belongs_to: site_id}
            hour: {distinct: 720}
        Reading:
          attributes:
            device_id: bigint
            hour: timestamp
            ts: timestamp
            value: double
          key: [device_id, ts]
          growth: 2k/s
          spread:
            device_id: {distinct: 10k, busiest: 10%%}
      patterns:
        - id: record-reading
          rate: 2k/s
          %s: Reading
          spread:
            device_id: {busiest: 10%%}
            hour: {busiest: 100%%}
      mongodb:
        shards: 3
        collections:
          buckets:
            entity: Bucket
            embed:
              readings: {entity: Reading, by: %s, max: 200}
            shard_key: %s
      """;

  private static MongoDbAnalysis analyze(String kind, String by, String shardKey) {
    Model m = ModelReader.read("iot.yaml", IOT.formatted(kind, by, shardKey), Path.of("."));
    return MongoDbAnalyzer.analyze(m);
  }

  @Test
  void aPushIntoTheBucketByItsShardKeyIsTargeted_800WritesASecondOnTheBusiestShard() {
    // The pattern's requests: the busiest device takes 10% of the readings and every reading of
    // the moment goes to the current hour (hour: busiest 100%), so the busiest {device_id, hour}
    // value takes 10% × 100% = 10% of the pushes. The other 90% spread evenly over the 3 shards
    // (the data spreads over min(3, 10k × 720) = 3 shards): the busiest shard receives
    // 0.1 + 0.9 / 3 = 0.4 of the 2,000 pushes/s = 800/s.
    MongoDbAnalysis a = analyze("insert", "[device_id, hour]", "{device_id: 1, hour: 1}");
    MongoDbPlan plan = a.plan("record-reading").orElseThrow();
    assertThat(plan.operation()).isEqualTo("updateOne($push) buckets");
    assertThat(plan.targeting()).isEqualTo(MongoDbPlan.Targeting.SINGLE_SHARD);
    assertThat(plan.shards()).isEqualTo(1);
    assertThat(plan.notes()).contains("buckets: targeted (shard key device_id, hour given)");
    assertThat(a.shard("buckets").orElseThrow().writes()).isCloseTo(800, within(1e-9));
    assertThat(a.shard("buckets").orElseThrow().scatterPatterns()).isEmpty();
  }

  @Test
  void aBucketShardedOnItsSiteIsBroadcast_2000WritesASecondOnEveryShard_2point5TimesMore() {
    // The same buckets sharded on {site_id: 1, device_id: 1}: the bucket holds its device's site,
    // the reading does not, so the $push's filter {device_id, hour} lacks site_id, the shard key's
    // first field. mongos cannot target it and sends it to all 3 shards (a write without shard
    // key on 8.0): each shard sees all 2,000 pushes/s, 2,000 / 800 = 2.5 times the targeted
    // figure above.
    MongoDbAnalysis a = analyze("insert", "[device_id, hour]", "{site_id: 1, device_id: 1}");
    MongoDbPlan plan = a.plan("record-reading").orElseThrow();
    assertThat(plan.targeting()).isEqualTo(MongoDbPlan.Targeting.SCATTER_GATHER);
    assertThat(plan.shards()).isEqualTo(3);
    assertThat(plan.notes())
        .contains("buckets: broadcast to 3 shards (filter lacks the shard key field site_id)")
        .anyMatch(
            n ->
                n.startsWith("buckets: an updateOne without the full shard key is a write")
                    && n.contains("reject it (it gives neither the full shard key nor _id)"));
    assertThat(a.shard("buckets").orElseThrow().writes()).isCloseTo(2_000, within(1e-9));
    assertThat(a.shard("buckets").orElseThrow().scatterPatterns())
        .containsExactly("record-reading");
  }

  @Test
  void anUpsertThatCreatesTheBucketWithoutTheShardKeyIsSaidToFailBefore71() {
    // The Bucket pattern's usual write is an updateOne($push) with upsert: true, which creates the
    // hour's bucket. Without site_id in its filter, MongoDB 8.0 (7.1+) runs it as a write without
    // shard key; 6.0 and 7.0 reject an upsert whose filter lacks the full shard key: the plan
    // says so rather than planning it silently.
    MongoDbAnalysis a = analyze("upsert", "[device_id, hour]", "{site_id: 1, device_id: 1}");
    MongoDbPlan plan = a.plan("record-reading").orElseThrow();
    assertThat(plan.targeting()).isEqualTo(MongoDbPlan.Targeting.SCATTER_GATHER);
    assertThat(plan.notes())
        .anyMatch(
            n ->
                n.startsWith("buckets: an updateOne upsert without the full shard key")
                    && n.contains("(an upsert must give the full shard key)"));
    // With the whole shard key in the filter the upsert is targeted, as the insert is: 800/s.
    MongoDbAnalysis targeted = analyze("upsert", "[device_id, hour]", "{device_id: 1, hour: 1}");
    assertThat(targeted.plan("record-reading").orElseThrow().notes())
        .contains("buckets: targeted (shard key device_id, hour given)")
        .noneMatch(n -> n.contains("without the full shard key"));
    assertThat(targeted.shard("buckets").orElseThrow().writes()).isCloseTo(800, within(1e-9));
  }

  @Test
  void aHashedKeyIsTargetedByEqualityOnTheHashedField() {
    // {device_id: hashed}: the filter's equality on device_id picks the one chunk its hash falls
    // in. The busiest device takes 10% of the pushes (the pattern's spread; hour is not in the
    // key): 0.1 + 0.9 / 3 = 0.4 of 2,000/s = 800/s, as with the ranged key.
    MongoDbAnalysis a = analyze("insert", "[device_id, hour]", "{device_id: hashed}");
    MongoDbPlan plan = a.plan("record-reading").orElseThrow();
    assertThat(plan.targeting()).isEqualTo(MongoDbPlan.Targeting.SINGLE_SHARD);
    assertThat(plan.notes()).contains("buckets: targeted (shard key device_id given)");
    assertThat(a.shard("buckets").orElseThrow().writes()).isCloseTo(800, within(1e-9));
  }
}
