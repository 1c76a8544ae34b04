package dev.keyplan.mongodb.verify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.mongodb.design.MongoDbAnalysis;
import dev.keyplan.mongodb.design.MongoDbPlan;
import dev.keyplan.verify.Latency;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;

/**
 * What counts as a mismatch between keyplan's plan and an explain: keyplan's own plans of the shop
 * example beside explain results written by hand.
 */
final class MongoDbComparisonTest {
  private final MongoDbAnalysis shop = Examples.analysis("shop-mongodb.yaml");
  // A customer's latest 20 orders: keyplan plans customer_id_1_created_at_-1, the order from the
  // index (no blocking sort), and 20 keys and 20 documents: a typical customer has 20M + 10/s for a
  // year = 335.4M orders over 2M customers, 168, and the limit stops the scan at 20.
  private final MongoDbPlan customerOrders = shop.plan("customer-orders").orElseThrow();
  private final MongoDbComparison.Context unsharded =
      new MongoDbComparison.Context(
          false, 1, 622, shop.collection("orders").orElseThrow().indexes());

  private MongoDbVerifyReads.Probe probe(MongoDbPlan plan, long matching) {
    ReadQuery q =
        new ReadQuery(
            new BsonDocument(), new BsonDocument(), OptionalInt.of(20), Optional.empty(), false);
    return new MongoDbVerifyReads.Probe(plan, "typical", q, matching, false);
  }

  private static MongoDbVerifyReads.Measured measured(String plan, long keys, long docs) {
    BsonDocument explain =
        BsonDocument.parse(
            "{queryPlanner: {winningPlan: "
                + plan
                + "}, executionStats: {nReturned: "
                + docs
                + ", totalKeysExamined: "
                + keys
                + ", totalDocsExamined: "
                + docs
                + "}}");
    return new MongoDbVerifyReads.Measured(ExplainParser.parse(explain), new Latency(), docs);
  }

  @Test
  void thePlannedIndex_andKeysAsMatched_isNoMismatch() {
    assertThat(customerOrders.index()).contains("customer_id_1_created_at_-1");
    assertThat(customerOrders.keysExamined().typical()).isEqualTo(20.0);
    int[] mismatches = {0};
    List<String> findings = new ArrayList<>();
    List<Object> row =
        MongoDbComparison.readRow(
            probe(customerOrders, 168),
            measured(
                "{stage: 'LIMIT', inputStage: {stage: 'FETCH', inputStage: {stage: 'IXSCAN',"
                    + " indexName: 'customer_id_1_created_at_-1'}}}",
                20,
                20),
            unsharded,
            mismatches,
            findings);
    assertThat(mismatches[0]).isZero();
    assertThat(findings).isEmpty();
    assertThat(row.get(MongoDbComparison.READ_COLUMNS.indexOf("verdict"))).isEqualTo("ok");
    assertThat(row.get(MongoDbComparison.READ_COLUMNS.indexOf("keys_ratio"))).isEqualTo(1.0);
    assertThat(row).hasSameSizeAs(MongoDbComparison.READ_COLUMNS);
  }

  @Test
  void aCollectionScan_whereKeyplanPlansAnIndex_isFourMismatches_indexSortKeysAndDocuments() {
    // The scan examined all 622 loaded orders, sorted them in memory, and examined no key, where
    // keyplan's 20 keys and documents allow 20 ± 2: four mismatches.
    int[] mismatches = {0};
    List<String> findings = new ArrayList<>();
    List<Object> row =
        MongoDbComparison.readRow(
            probe(customerOrders, 168),
            measured("{stage: 'SORT', inputStage: {stage: 'COLLSCAN'}}", 0, 622),
            unsharded,
            mismatches,
            findings);
    assertThat(mismatches[0]).isEqualTo(4);
    assertThat(row.get(MongoDbComparison.READ_COLUMNS.indexOf("verdict")))
        .isEqualTo("MISMATCH: index, sort, keys, docs");
    assertThat(findings)
        .containsExactly(
            "customer-orders (typical): keyplan plans customer_id_1_created_at_-1; MongoDB chose COLLSCAN",
            "customer-orders (typical): keyplan predicts the order from the index; the explain has a SORT stage",
            "customer-orders (typical): keyplan's 20 keys examined come to 20 on the data loaded; MongoDB examined 0",
            "customer-orders (typical): keyplan's 20 documents examined come to 20 on the data loaded; MongoDB examined 622");
  }

  @Test
  void keyplansFigure_isHeldToWhatTheLoadMatches_whenTheLoadIsScaledDown() {
    // The busiest product's 650,720 reviews were loaded as 2,000: "the five newest" still examines
    // 5
    // keys (the limit, the index giving the order), so keyplan's 5 stands; an unlimited figure of
    // 650,720 comes to 2,000 on the data loaded.
    assertThat(MongoDbComparison.onLoad(5, 2_000)).isEqualTo(5.0);
    assertThat(MongoDbComparison.onLoad(650_720, 2_000)).isEqualTo(2_000.0);
    assertThat(MongoDbComparison.within(2_000, 2_000, false)).isTrue();
    assertThat(MongoDbComparison.within(2_150, 2_000, false)).isTrue(); // 7.5% off
    assertThat(MongoDbComparison.within(2_250, 2_000, false)).isFalse(); // 12.5% off
    assertThat(MongoDbComparison.within(2, 1, false)).isTrue(); // within 1
    assertThat(MongoDbComparison.within(3, 1, false)).isFalse();
    assertThat(MongoDbComparison.within(40, 622, true)).isTrue(); // a scan a limit stopped early
    assertThat(MongoDbComparison.within(7, Double.NaN, false))
        .isTrue(); // keyplan does not know the spread
  }

  @Test
  void routing_singleShardReachingTwo_andScatterGatherReachingFewerThanHoldData_areMismatches() {
    MongoDbAnalysis tenants = Examples.analysis("tenants-mongodb.yaml");
    MongoDbPlan byCountry =
        tenants.plan("tenants-of-country").orElseThrow(); // country_code is the shard key
    MongoDbPlan byId = tenants.plan("tenant").orElseThrow(); // tenant_id is not: every shard
    assertThat(byCountry.targeting()).isEqualTo(MongoDbPlan.Targeting.SINGLE_SHARD);
    assertThat(byId.targeting()).isEqualTo(MongoDbPlan.Targeting.SCATTER_GATHER);
    assertThat(MongoDbComparison.routingMismatch(byCountry, 1, 4)).isNull();
    assertThat(MongoDbComparison.routingMismatch(byCountry, 2, 4))
        .isEqualTo("keyplan routes it to one shard; mongos sent it to 2");
    assertThat(MongoDbComparison.routingMismatch(byId, 4, 4)).isNull();
    assertThat(MongoDbComparison.routingMismatch(byId, 1, 1))
        .isNull(); // one shard holds all the data: nothing to scatter
    assertThat(MongoDbComparison.routingMismatch(byId, 1, 3))
        .isEqualTo(
            "keyplan predicts a scatter-gather over the 3 shards holding data; mongos targeted 1");
  }

  @Test
  void onAMongos_theShardsReachedAreCompared_andCounted() {
    MongoDbAnalysis tenants = Examples.analysis("tenants-mongodb.yaml");
    MongoDbPlan byCountry = tenants.plan("tenants-of-country").orElseThrow();
    var ctx =
        new MongoDbComparison.Context(
            true, 2, 4_200, tenants.collection("tenants").orElseThrow().indexes());
    int[] mismatches = {0};
    List<String> findings = new ArrayList<>();
    String sharded =
        "{stage: 'SHARD_MERGE', shards: [{shardName: 'a', winningPlan: {stage: 'IXSCAN', indexName: 'country_code_1'}},"
            + " {shardName: 'b', winningPlan: {stage: 'IXSCAN', indexName: 'country_code_1'}}]}";
    List<Object> row =
        MongoDbComparison.readRow(
            probe(byCountry, 100), measured(sharded, 100, 100), ctx, mismatches, findings);
    assertThat(row.get(MongoDbComparison.READ_COLUMNS.indexOf("shards_reached"))).isEqualTo("2");
    assertThat(mismatches[0]).isEqualTo(1);
    assertThat(findings)
        .containsExactly(
            "tenants-of-country (typical): keyplan routes it to one shard; mongos sent it to 2");
  }
}
