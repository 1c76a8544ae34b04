package dev.keyplan.mongodb.verify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.keyplan.mongodb.design.MongoDbAnalyzer;
import dev.keyplan.simulate.Progress;
import dev.keyplan.simulate.SimulationResult.Table;
import dev.keyplan.verify.VerifyException;
import dev.keyplan.verify.VerifyResult;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * keyplan verify against the real MongoDB at {@code KEYPLAN_MONGODB_URI} ({@link LiveMongo}). Not
 * run where these were written (no MongoDB server can be installed there): they state what keyplan
 * claims, for the first run against a server to confirm or refute.
 */
class MongoDbLiveTest {
  @Test
  void shop_everyReadAsPlanned_andEveryDocumentAsSized() {
    // Every read of the shop has an index keyplan plans by ESR (or _id): the server should choose
    // it, give the order from it (no SORT stage), and examine keyplan's keys on the data loaded.
    VerifyResult r =
        MongoDbVerifier.run(
            MongoDbAnalyzer.analyze(Examples.model("shop-mongodb.yaml")),
            LiveMongo.options(),
            LiveMongo.credentials(),
            Progress.NONE);
    Table reads = r.table("reads");
    for (int i = 0; i < reads.rows().size(); i++) {
      assertEquals(reads.cell(i, "keyplan_index"), reads.cell(i, "chosen_index"), "row " + i);
      assertEquals(reads.cell(i, "keyplan_sort"), reads.cell(i, "explain_sort"), "row " + i);
    }
    assertSizes(r);
    assertEquals(0, r.mismatches(), String.join("\n", r.findings()));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "shop-mongodb-embedded-reviews.yaml",
        "tenants-mongodb.yaml",
        "tenants-mongodb-fixed.yaml",
        "customers-zones-mongodb.yaml",
        "events-mongodb.yaml",
        "events-mongodb-hashed.yaml",
        "orders.yaml"
      })
  void everyShippedExample_loadsAndRunsEveryPattern_andIsSizedWithinTwoPercent(String example) {
    VerifyResult r =
        MongoDbVerifier.run(
            MongoDbAnalyzer.analyze(Examples.model(example)),
            LiveMongo.options(),
            LiveMongo.credentials(),
            Progress.NONE);
    assertThat(r.findings()).noneMatch(f -> f.contains("refused"));
    assertSizes(r);
  }

  @Test
  void anExistingDatabase_isRefused_andLeftAsItWas_reuseAddsAndDropsOnlyItsOwnCollections() {
    String db = "keyplan_verify_shop_mongodb";
    try (DriverGateway g = LiveMongo.gateway()) {
      g.command(db, new BsonDocument("create", new BsonString("precious")));
      g.insertMany(db, "precious", List.of(BsonDocument.parse("{_id: 1, v: 'keep me'}")));
      try {
        VerifyException refused =
            assertThrows(
                VerifyException.class,
                () ->
                    MongoDbVerifier.run(
                        MongoDbAnalyzer.analyze(Examples.model("shop-mongodb.yaml")),
                        LiveMongo.options(),
                        LiveMongo.credentials(),
                        Progress.NONE));
        assertThat(refused.getMessage()).startsWith("database " + db + " already exists");
        assertPrecious(g, db);
        VerifyResult reused =
            MongoDbVerifier.run(
                MongoDbAnalyzer.analyze(Examples.model("shop-mongodb.yaml")),
                LiveMongo.options().with(true, false),
                LiveMongo.credentials(),
                Progress.NONE);
        assertThat(reused.findings()).noneMatch(f -> f.contains("refused"));
        assertPrecious(g, db);
      } finally {
        g.command(db, new BsonDocument("dropDatabase", new BsonInt32(1)));
      }
    }
  }

  @Test
  void theUrisUserAndPassword_appearNowhereInTheResult() {
    String uri = LiveMongo.uri();
    VerifyResult r =
        MongoDbVerifier.run(
            MongoDbAnalyzer.analyze(Examples.model("tenants-mongodb.yaml")),
            LiveMongo.options(),
            LiveMongo.credentials(),
            Progress.NONE);
    String all = r.toString() + r.asResult();
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile("^mongodb(?:\\+srv)?://([^@/]+)@").matcher(uri);
    if (m.find()) {
      for (String part : m.group(1).split(":", 2)) {
        assertThat(all).doesNotContain(part);
      }
    }
    assertThat(all).contains(DriverGateway.hosts(uri));
  }

  @Test
  void onAMongos_theShardKeyIsApplied_andATargetedReadReachesOneShard() {
    try (DriverGateway g = LiveMongo.gateway()) {
      Assumptions.assumeTrue(
          LiveMongo.mongos(g), "not a mongos: the sharding checks need a sharded cluster");
      String db = "keyplan_verify_tenants_mongodb";
      try {
        VerifyResult r =
            MongoDbVerifier.run(
                MongoDbAnalyzer.analyze(Examples.model("tenants-mongodb.yaml")),
                LiveMongo.options().with(false, true),
                LiveMongo.credentials(),
                Progress.NONE);
        BsonDocument found =
            g.command(
                "config",
                new BsonDocument("find", new BsonString("collections"))
                    .append("filter", new BsonDocument("_id", new BsonString(db + ".tenants"))));
        assertEquals(
            BsonDocument.parse("{country_code: 1}"),
            found
                .getDocument("cursor")
                .getArray("firstBatch")
                .get(0)
                .asDocument()
                .getDocument("key"));
        Table reads = r.table("reads");
        for (int i = 0; i < reads.rows().size(); i++) {
          if (reads.cell(i, "pattern").equals("tenants-of-country")) {
            assertEquals("1", reads.cell(i, "shards_reached"), "row " + i);
          }
        }
      } finally {
        g.command(db, new BsonDocument("dropDatabase", new BsonInt32(1)));
      }
    }
  }

  private static void assertSizes(VerifyResult r) {
    Table sizes = r.table("collections");
    for (int i = 0; i < sizes.rows().size(); i++) {
      assertThat((Double) sizes.cell(i, "ratio")).as("row %d", i).isBetween(0.98, 1.02);
      assertEquals(sizes.cell(i, "loaded"), sizes.cell(i, "counted"), "row " + i);
    }
  }

  private static void assertPrecious(DriverGateway g, String db) {
    BsonDocument listed =
        g.command(
            db,
            new BsonDocument("listCollections", new BsonInt32(1))
                .append("nameOnly", org.bson.BsonBoolean.TRUE));
    assertThat(
            listed.getDocument("cursor").getArray("firstBatch").stream()
                .map(v -> v.asDocument().getString("name").getValue())
                .toList())
        .containsExactly("precious");
    BsonDocument all = g.command(db, new BsonDocument("find", new BsonString("precious")));
    assertThat(all.getDocument("cursor").getArray("firstBatch"))
        .containsExactly(BsonDocument.parse("{_id: 1, v: 'keep me'}"));
  }
}
