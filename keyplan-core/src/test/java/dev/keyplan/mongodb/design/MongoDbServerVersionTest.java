package dev.keyplan.mongodb.design;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.keyplan.model.Model;
import dev.keyplan.model.yaml.ModelReader;
import dev.keyplan.mongodb.model.MongoDbDesign;
import dev.keyplan.mongodb.model.MongoDbVersion;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * {@code version:} names the server a design is planned for (issue 17's decision: 8.0 unless
 * written), where routing rules differ; docs/model.md, "Server version", lists each difference.
 *
 * <p>The difference these tests pin is the write of one document whose filter lacks the full shard
 * key. Release notes 7.1 (https://www.mongodb.com/docs/manual/release-notes/7.1/): from 7.1 an
 * {@code updateOne}, {@code deleteOne} or {@code findAndModify} without the shard key runs as a
 * write without shard key, and an {@code updateOne} upsert no longer needs the full shard key in
 * its filter. Before (6.0, 7.0: db.collection.updateOne, "Sharded Collections",
 * https://www.mongodb.com/docs/v7.0/reference/method/db.collection.updateOne/) an upsert must give
 * the full shard key, and any other single-document write the shard key or {@code _id}; the server
 * refuses the rest, so the pattern is planned as not served. No MongoDB server runs here: each
 * expectation follows from those pages, not from a run.
 */
final class MongoDbServerVersionTest {

  /**
   * The IoT buckets of MongoDbWriteRoutingTest: a reading is {@code $push}ed into its device's hour
   * bucket, whose filter is {@code {device_id, hour}}; the key under test is the shard key.
   */
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
      %s  collections:
          buckets:
            entity: Bucket
            embed:
              readings: {entity: Reading, by: [device_id, hour], max: 200}
            shard_key: %s
      """;

  private static MongoDbAnalysis iot(String kind, String version, String shardKey) {
    String line = version.isEmpty() ? "" : "  version: " + version + "\n";
    Model m = ModelReader.read("iot.yaml", IOT.formatted(kind, line, shardKey), Path.of("."));
    return MongoDbAnalyzer.analyze(m);
  }

  @Test
  void withoutVersion_theDesignIsPlannedFor80() {
    MongoDbAnalysis a = iot("insert", "", "{device_id: 1, hour: 1}");
    assertThat(a.model().design(MongoDbDesign.class).orElseThrow().version())
        .isEqualTo(MongoDbVersion.V8_0);
  }

  @Test
  void on70_aPushWhoseFilterLacksTheShardKey_isRefused_notServed() {
    // Sharded on {site_id: 1, device_id: 1}: the $push filters on {device_id, hour}, without
    // site_id, and names no _id (the bucket's key is two fields, so _id is an ObjectId). 7.0
    // refuses such an updateOne ("the shard key or _id"), so the application gets an error:
    // the pattern is not served, and the reason names the missing fields and the fix.
    MongoDbPlan plan =
        iot("insert", "\"7.0\"", "{site_id: 1, device_id: 1}").plan("record-reading").orElseThrow();
    assertThat(plan.access()).isEqualTo(MongoDbPlan.Access.NOT_SERVED);
    assertThat(plan.notes())
        .containsExactly(
            "buckets: MongoDB 7.0 (version:) refuses an updateOne whose filter lacks the full shard"
                + " key (site_id, device_id) and _id; 7.1 and later run it as a write without shard"
                + " key (release notes 7.1): give the full shard key in the filter, or plan for"
                + " version: 8.0");
  }

  @Test
  void on70_theRefusedWrite_isAPatternNotServedError_whoseFixIsTheFilter_notStorage() {
    String line = "  version: \"7.0\"\n";
    Model m =
        ModelReader.read(
            "iot.yaml", IOT.formatted("insert", line, "{site_id: 1, device_id: 1}"), Path.of("."));
    var found =
        dev.keyplan.check.CheckResult.of(m).findings().stream()
            .filter(f -> f.rule().equals("PatternNotServed"))
            .toList();
    assertThat(found)
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.severity()).isEqualTo(dev.keyplan.check.Severity.ERROR);
              assertThat(f.message())
                  .startsWith(
                      "pattern record-reading is not served on MongoDB: buckets: MongoDB 7.0 (version:) refuses");
              assertThat(f.fix())
                  .isEqualTo(
                      "give the full shard key in the filter of updateOne($push) buckets, or plan for"
                          + " version: \"8.0\" once the cluster runs MongoDB 7.1 or later, which runs it as"
                          + " a write without shard key (docs/model.md, \"Server version\")");
            });
  }

  @Test
  void on60_anUpsertWithoutTheFullShardKey_isRefused_evenThoughItIsTheBucketPatternsUsualWrite() {
    // An upsert needs the full shard key in its filter before 7.1, _id or not.
    MongoDbPlan plan =
        iot("upsert", "6.0", "{site_id: 1, device_id: 1}").plan("record-reading").orElseThrow();
    assertThat(plan.access()).isEqualTo(MongoDbPlan.Access.NOT_SERVED);
    assertThat(plan.notes())
        .singleElement()
        .asString()
        .startsWith(
            "buckets: MongoDB 6.0 (version:) refuses an updateOne upsert whose filter lacks the full"
                + " shard key (site_id, device_id); 7.1 and later");
  }

  @Test
  void on80_theSameWritesAreWritesWithoutShardKey_broadcast_2000ASecondOnEveryShard() {
    // 8.0 runs both: a query broadcast to the 3 shards, then the write on the owning shard. Each
    // shard sees all 2,000 pushes/s (MongoDbWriteRoutingTest derives it).
    for (String kind : new String[] {"insert", "upsert"}) {
      MongoDbAnalysis a = iot(kind, "8.0", "{site_id: 1, device_id: 1}");
      MongoDbPlan plan = a.plan("record-reading").orElseThrow();
      assertThat(plan.access()).isEqualTo(MongoDbPlan.Access.WRITE);
      assertThat(plan.targeting()).isEqualTo(MongoDbPlan.Targeting.SCATTER_GATHER);
      assertThat(plan.notes())
          .anyMatch(n -> n.contains("is a write without shard key on MongoDB 8.0"));
      assertThat(a.shard("buckets").orElseThrow().writes()).isCloseTo(2_000, within(1e-9));
      // Written or not, 8.0 is the default: the same plan.
      assertThat(iot(kind, "", "{site_id: 1, device_id: 1}").plan("record-reading").orElseThrow())
          .isEqualTo(plan);
    }
  }

  @Test
  void on60_aWriteWithTheWholeShardKey_isTargetedAsOn80_800ASecond() {
    // With {device_id, hour} as the shard key the filter gives it whole: targeted in every
    // version, 2,000 × (0.1 + 0.9 / 3) = 800 writes/s on the busiest shard.
    for (String kind : new String[] {"insert", "upsert"}) {
      MongoDbAnalysis a = iot(kind, "6.0", "{device_id: 1, hour: 1}");
      MongoDbPlan plan = a.plan("record-reading").orElseThrow();
      assertThat(plan.targeting()).isEqualTo(MongoDbPlan.Targeting.SINGLE_SHARD);
      assertThat(a.shard("buckets").orElseThrow().writes()).isCloseTo(800, within(1e-9));
    }
  }

  /** Orders sharded on the customer; a status change names the order by its key, its _id. */
  private static final String ORDERS =
      """
      model: orders
      horizon: 1y
      entities:
        Order:
          attributes:
            order_id: uuid
            customer_id: uuid
            status: {type: text, size: 8B}
          key: [order_id]
          count: 1M
          spread:
            customer_id: {distinct: 10k}
      patterns:
        - {id: set-status, rate: 10/s, update: Order set status where order_id = ?}
        - {id: drop-order, rate: 1/s, delete: Order where order_id = ?}
      mongodb:
        shards: 4
        version: "%s"
        collections:
          orders:
            entity: Order
            shard_key: {customer_id: hashed}
      """;

  @Test
  void on70_anUpdateOrDeleteByIdWithoutTheShardKey_isServed_sentToEveryShardByItsId() {
    // order_id is the whole key, so it is _id; the filter lacks customer_id. 6.0 and 7.0 take an
    // updateOne or deleteOne that gives _id, and mongos sends it to every shard.
    for (String version : new String[] {"6.0", "7.0"}) {
      MongoDbAnalysis a =
          MongoDbAnalyzer.analyze(
              ModelReader.read("o.yaml", ORDERS.formatted(version), Path.of(".")));
      for (String id : new String[] {"set-status", "drop-order"}) {
        MongoDbPlan plan = a.plan(id).orElseThrow();
        assertThat(plan.access()).isEqualTo(MongoDbPlan.Access.WRITE);
        assertThat(plan.targeting()).isEqualTo(MongoDbPlan.Targeting.SCATTER_GATHER);
        assertThat(plan.notes())
            .anyMatch(
                n ->
                    n.startsWith("orders: an updateOne without the full shard key (customer_id)")
                            || n.startsWith("orders: a deleteOne without the full shard key")
                        ? n.contains(
                            "MongoDB " + version + " (version:) sends it to every shard by its _id")
                        : false);
      }
    }
  }
}
