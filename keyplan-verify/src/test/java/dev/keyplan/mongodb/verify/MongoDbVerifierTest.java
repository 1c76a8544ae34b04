package dev.keyplan.mongodb.verify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.mongodb.design.MongoDbAnalysis;
import dev.keyplan.simulate.Progress;
import dev.keyplan.simulate.SimulationResult.Table;
import dev.keyplan.verify.VerifyOptions;
import dev.keyplan.verify.VerifyResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;

/**
 * A whole run on {@link FakeGateway}: what is created, loaded, explained and compared, and the
 * commands a mongos is sent. The fake's explain answers as a server would for the shop's indexes
 * (an index scan of the index on the filter's first field, as many keys as documents match, up to
 * the limit), or with a collection scan, to see the mismatches counted.
 */
final class MongoDbVerifierTest {
  private static final VerifyOptions OPTIONS = VerifyOptions.defaults().withScale(40, 3);
  private static final Map<String, String> SHOP_INDEXES =
      Map.of(
          "customer_id",
          "customer_id_1_created_at_-1",
          "_id",
          "_id_",
          "product_id",
          "product_id_1_created_at_-1",
          "email",
          "email_1");

  /**
   * Explains like a server with one index per leading filter field: keys and documents as matched,
   * up to the limit.
   */
  private static void indexed(FakeGateway g, String database, Map<String, String> indexes) {
    g.explain =
        (collection, q) -> {
          BsonDocument filter =
              q.containsKey("find") ? q.getDocument("filter") : q.getDocument("query");
          String field = filter.isEmpty() ? "" : filter.getFirstKey();
          long n = Matcher.count(g.documents(database, collection), filter);
          if (q.containsKey("limit")) {
            n = Math.min(n, q.getInt32("limit").getValue());
          }
          return indexes.containsKey(field)
              ? FakeGateway.ixscan(
                  indexes.get(field), n, n, g.mongos ? List.of("shard-a") : List.of())
              : FakeGateway.collscan(g.documents(database, collection).size());
        };
  }

  @Test
  void shop_everyReadAsPlanned_documentsAsSized_noMismatch() {
    FakeGateway g = new FakeGateway();
    indexed(g, "keyplan_verify_shop_mongodb", SHOP_INDEXES);
    List<Long> progress = new ArrayList<>();
    VerifyResult r =
        MongoDbVerifier.run(
            Examples.analysis("shop-mongodb.yaml"),
            g,
            OPTIONS,
            (done, total) -> progress.add(done),
            "mongodb://fake",
            Secrets.none());
    assertThat(r.mismatches()).as(String.join("\n", r.findings())).isZero();
    // Six read patterns, each on the busiest and a typical key; three writes; four collections.
    assertThat(r.table("reads").rows()).hasSize(12);
    assertThat(r.table("writes").rows()).hasSize(3);
    Table collections = r.table("collections");
    assertThat(collections.rows()).hasSize(4);
    for (int i = 0; i < collections.rows().size(); i++) {
      assertThat((Double) collections.cell(i, "ratio")).as("row %d", i).isBetween(0.98, 1.02);
    }
    // The validator and the indexes are those of keyplan emit mongosh.
    assertThat(g.commands)
        .anySatisfy(
            c ->
                assertThat(c)
                    .startsWith(
                        "keyplan_verify_shop_mongodb {\"create\": \"orders\","
                            + " \"validator\": {\"$jsonSchema\": {\"bsonType\": \"object\""));
    assertThat(g.commands)
        .anySatisfy(
            c ->
                assertThat(c)
                    .contains("\"createIndexes\": \"customers\"")
                    .contains("\"name\": \"email_1\"")
                    .contains("\"collation\": {\"locale\": \"en\", \"strength\": 2}"));
    assertThat(progress)
        .last()
        .isEqualTo(
            (long) collections.rows().stream().mapToDouble(row -> (Double) row.get(2)).sum());
    assertThat(r.findings().get(0))
        .isEqualTo(
            "keyplan's predictions match what MongoDB measured (12 reads, 4 collections, 3 writes)");
    // Each read's query is in the notes, its values as ?; sign-in carries the case-insensitive
    // collation.
    assertThat(r.notes())
        .contains(
            "customer-orders: {\"find\": \"orders\", \"filter\": {\"customer_id\": \"?\"},"
                + " \"sort\": {\"created_at\": -1}, \"limit\": 20}",
            "sign-in: {\"find\": \"customers\", \"filter\": {\"email\": \"?\"}, \"collation\": {\"locale\": \"en\","
                + " \"strength\": 2}}");
  }

  @Test
  void aServerThatScansEverything_isAMismatchForEveryIndexedRead_namedInTheFindings() {
    FakeGateway g = new FakeGateway();
    VerifyResult r =
        MongoDbVerifier.run(
            Examples.analysis("shop-mongodb.yaml"),
            g,
            OPTIONS,
            Progress.NONE,
            "mongodb://fake",
            Secrets.none());
    assertThat(r.findings())
        .contains(
            "customer-orders (busiest): keyplan plans customer_id_1_created_at_-1; MongoDB chose COLLSCAN",
            "sign-in (typical): keyplan plans email_1; MongoDB chose COLLSCAN");
    long indexMismatches =
        r.table("reads").rows().stream().filter(row -> !row.get(2).equals(row.get(3))).count();
    assertThat(indexMismatches).isEqualTo(12);
    assertThat(r.mismatches()).isGreaterThanOrEqualTo(12);
    assertThat(r.findings().get(0))
        .isEqualTo(r.mismatches() + " measurements differ from keyplan's predictions");
  }

  @Test
  void onAMongos_theDesignsShardKeyIsApplied_andRoutingCompared() {
    FakeGateway g = new FakeGateway();
    g.mongos = true;
    String db = "keyplan_verify_tenants_mongodb";
    indexed(g, db, Map.of("country_code", "country_code_1", "_id", "_id_"));
    VerifyResult r =
        MongoDbVerifier.run(
            Examples.analysis("tenants-mongodb.yaml"),
            g,
            OPTIONS,
            Progress.NONE,
            "mongodb://fake",
            Secrets.none());
    assertThat(g.commands)
        .contains(
            "admin {\"enableSharding\": \"" + db + "\"}",
            "admin {\"shardCollection\": \"" + db + ".tenants\", \"key\": {\"country_code\": 1}}");
    // "tenant" (by tenant_id, not the shard key) is a scatter-gather over the 2 shards holding
    // chunks; the fake reached one: a routing mismatch, twice (busiest and typical).
    assertThat(r.findings())
        .contains(
            "tenant (busiest): keyplan predicts a scatter-gather over the 2 shards holding data;"
                + " mongos targeted 1");
    assertThat(r.settings())
        .anySatisfy(
            s ->
                assertThat(s.value())
                    .isEqualTo("mongos, a sharded cluster of 2 shards (the design has 4)"));
  }

  @Test
  void zones_areNamedForTheDatabase_definedBeforeSharding_andTakenOffAtTheEnd() {
    FakeGateway g = new FakeGateway();
    g.mongos = true;
    g.shards = List.of("s0", "s1", "s2", "s3", "s4", "s5");
    String db = "keyplan_verify_customers_zones_mongodb";
    MongoDbAnalysis a = Examples.analysis("customers-zones-mongodb.yaml");
    MongoDbVerifier.run(a, g, OPTIONS, Progress.NONE, "mongodb://fake", Secrets.none());
    int addUs =
        g.commands.indexOf("admin {\"addShardToZone\": \"s4\", \"zone\": \"" + db + "_US\"}");
    int range =
        indexOfPrefix(
            g.commands,
            "admin {\"updateZoneKeyRange\": \""
                + db
                + ".customers\", \"min\": {\"region_code\": \"US\"");
    int shard = indexOfPrefix(g.commands, "admin {\"shardCollection\"");
    assertThat(addUs).isNotNegative().isLessThan(range);
    assertThat(range).isLessThan(shard);
    assertThat(g.commands)
        .contains("admin {\"removeShardFromZone\": \"s4\", \"zone\": \"" + db + "_US\"}");
    assertThat(g.commands)
        .anySatisfy(
            c ->
                assertThat(c)
                    .startsWith("admin {\"updateZoneKeyRange\": \"" + db + ".customers\"")
                    .endsWith("\"zone\": null}"));
  }

  @Test
  void zonesOnShardsTheClusterLacks_areLeftOut_andSaidSo() {
    FakeGateway g = new FakeGateway();
    g.mongos = true;
    VerifyResult r =
        MongoDbVerifier.run(
            Examples.analysis("customers-zones-mongodb.yaml"),
            g,
            OPTIONS,
            Progress.NONE,
            "mongodb://fake",
            Secrets.none());
    assertThat(r.notes())
        .contains(
            "customers: zone EU names shard 2, which this cluster of 2 shards does not have; its zones"
                + " are not applied");
    assertThat(g.commands).noneSatisfy(c -> assertThat(c).contains("addShardToZone"));
  }

  @Test
  void notAMongos_shardedCollectionsStayUnsharded_andSaySo() {
    FakeGateway g = new FakeGateway();
    VerifyResult r =
        MongoDbVerifier.run(
            Examples.analysis("tenants-mongodb.yaml"),
            g,
            OPTIONS,
            Progress.NONE,
            "mongodb://fake",
            Secrets.none());
    assertThat(g.commands).noneSatisfy(c -> assertThat(c).contains("shardCollection"));
    assertThat(r.notes())
        .contains(
            "the server is not a mongos (hello's msg is not isdbgrid): tenants stay unsharded, and"
                + " routing is not compared");
    assertThat(r.table("reads").rows()).allSatisfy(row -> assertThat(row.get(7)).isEqualTo("-"));
  }

  private static int indexOfPrefix(List<String> commands, String prefix) {
    for (int i = 0; i < commands.size(); i++) {
      if (commands.get(i).startsWith(prefix)) {
        return i;
      }
    }
    return -1;
  }
}
