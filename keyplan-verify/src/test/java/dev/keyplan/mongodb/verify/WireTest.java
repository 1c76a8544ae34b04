package dev.keyplan.mongodb.verify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import dev.keyplan.mongodb.design.MongoDbAnalysis;
import dev.keyplan.mongodb.design.MongoDbAnalyzer;
import dev.keyplan.mongodb.design.MongoDbPlan;
import dev.keyplan.simulate.Progress;
import dev.keyplan.verify.Credentials;
import dev.keyplan.verify.VerifyException;
import dev.keyplan.verify.VerifyOptions;
import dev.keyplan.verify.VerifyResult;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * keyplan verify's driver calls over the wire: the official driver (mongodb-driver-sync 5.14)
 * against mongo-java-server 1.47, a MongoDB wire-protocol fake in Java, the closest to a server
 * these machines can run. It answers what a CRUD application sends (isMaster, create,
 * listCollections, createIndexes, insert, find with sort and limit, count, update with {@code
 * $push}/{@code $slice}, dropDatabase) but has no {@code explain}, no {@code $bsonSize}, no
 * validators, no sharding: those are tested on {@link FakeGateway} and, against a real server, by
 * {@link MongoDbLiveTest}.
 */
final class WireTest {
  private MongoServer server;
  private String uri;

  @BeforeEach
  void start() {
    server = new MongoServer(new MemoryBackend());
    InetSocketAddress a = server.bind();
    uri = "mongodb://" + a.getHostString() + ":" + a.getPort() + "/";
  }

  @AfterEach
  void stop() {
    server.shutdownNow();
  }

  private Credentials credentials(String u) {
    return Credentials.load(Optional.empty(), Map.of(MongoDbVerifier.URI, u));
  }

  private DriverGateway gateway() {
    return DriverGateway.open(VerifyOptions.defaults(), credentials(uri));
  }

  @Test
  void theDriverCalls_createListInsertReadAndDrop() {
    try (DriverGateway g = gateway()) {
      assertThat(MongoDbVerifier.mongos(g))
          .isFalse(); // no hello here: isMaster, without msg: isdbgrid
      assertThat(g.databaseNames()).isEmpty();
      Database db = Database.open(g, VerifyOptions.defaults(), "keyplan_verify_t");
      db.createCollection(BsonDocument.parse("{create: 'c'}"));
      assertThatThrownBy(() -> db.createCollection(BsonDocument.parse("{create: 'c'}")))
          .hasMessageStartingWith("collection keyplan_verify_t.c already exists");
      g.insertMany(
          db.name,
          "c",
          List.of(
              BsonDocument.parse("{_id: 1, a: 'x', t: 3}"),
              BsonDocument.parse("{_id: 2, a: 'x', t: 5}"),
              BsonDocument.parse("{_id: 3, a: 'y', t: 4}")));
      ReadQuery latest =
          new ReadQuery(
              BsonDocument.parse("{a: 'x'}"),
              BsonDocument.parse("{t: -1}"),
              java.util.OptionalInt.of(1),
              Optional.empty(),
              false);
      assertThat(g.read(db.name, "c", latest)).isEqualTo(1);
      assertThat(
              g.read(
                  db.name,
                  "c",
                  new ReadQuery(
                      BsonDocument.parse("{a: 'x'}"),
                      new BsonDocument(),
                      java.util.OptionalInt.empty(),
                      Optional.empty(),
                      true)))
          .isEqualTo(2);
      assertThat(g.databaseNames()).containsExactly("keyplan_verify_t");
      db.dropCreated();
      assertThat(g.databaseNames()).isEmpty();
    }
  }

  @Test
  void everyShopReadsFilter_matchesOnTheWireAsKeyplanVerifyCountsIt() {
    // The documents keyplan verify loads, and each read's query for the busiest and a typical key:
    // the server returns what Matcher counts (up to the limit), so the figure keyplan is held to
    // on the data loaded is the server's.
    MongoDbAnalysis a = Examples.analysis("shop-mongodb.yaml");
    try (DriverGateway g = gateway()) {
      for (var c : a.collections()) {
        CollectionLoad load = new CollectionLoad(a, c, 100, 1);
        g.command("w", new BsonDocument("create", new BsonString(c.name())));
        g.insertMany("w", c.name(), load.documents);
        for (MongoDbPlan p : a.plans()) {
          if (!p.pattern().isRead() || !p.collection().equals(Optional.of(c.name()))) {
            continue;
          }
          for (String role : List.of("busiest", "typical")) {
            MongoDbVerifyReads.Probe probe =
                MongoDbVerifyReads.probe(p, role, load, new ArrayList<>()).orElseThrow();
            long expected =
                probe.query().limit().isPresent()
                    ? Math.min(probe.matching(), probe.query().limit().getAsInt())
                    : probe.matching();
            assertThat(g.read("w", c.name(), probe.query()))
                .as("%s %s", p.pattern().id(), role)
                .isEqualTo(expected)
                .isPositive();
          }
        }
      }
    }
  }

  @Test
  void aWholeRun_onAServerWithoutExplain_reportsEveryReadRefused_runsTheWrites_andLeavesNothing() {
    VerifyResult r =
        MongoDbVerifier.run(
            MongoDbAnalyzer.analyze(Examples.model("shop-mongodb.yaml")),
            VerifyOptions.defaults().withScale(50, 2),
            credentials(uri),
            Progress.NONE);
    assertThat(r.findings())
        .filteredOn(f -> f.contains("MongoDB refused the read"))
        .hasSize(12)
        .allSatisfy(f -> assertThat(f).contains("no such command: 'explain'"));
    assertThat(r.table("writes").rows())
        .hasSize(3)
        .allSatisfy(row -> assertThat(row.get(6)).isEqualTo("ok"));
    assertThat(r.notes())
        .anySatisfy(
            n ->
                assertThat(n)
                    .startsWith(
                        "orders: document sizes not measured, the server refused" + " $bsonSize"));
    assertThat(r.mismatches()).isEqualTo(12);
    try (DriverGateway g = gateway()) {
      assertThat(g.databaseNames()).isEmpty();
    }
  }

  @Test
  void anExistingDatabase_isRefused_andLeftAsItWas() {
    BsonDocument precious = BsonDocument.parse("{_id: 1, v: 'keep me'}");
    try (DriverGateway g = gateway()) {
      g.command("keyplan_verify_shop_mongodb", BsonDocument.parse("{create: 'precious'}"));
      g.insertMany("keyplan_verify_shop_mongodb", "precious", List.of(precious));
    }
    assertThatThrownBy(
            () ->
                MongoDbVerifier.run(
                    MongoDbAnalyzer.analyze(Examples.model("shop-mongodb.yaml")),
                    VerifyOptions.defaults(),
                    credentials(uri),
                    Progress.NONE))
        .isInstanceOf(VerifyException.class)
        .hasMessageStartingWith("database keyplan_verify_shop_mongodb already exists");
    try (DriverGateway g = gateway()) {
      BsonDocument all =
          g.command("keyplan_verify_shop_mongodb", BsonDocument.parse("{find: 'precious'}"));
      assertThat(all.getDocument("cursor").getArray("firstBatch")).containsExactly(precious);
      BsonDocument listed =
          g.command(
              "keyplan_verify_shop_mongodb",
              BsonDocument.parse("{listCollections: 1, nameOnly: true}"));
      assertThat(listed.getDocument("cursor").getArray("firstBatch")).hasSize(1);
    }
  }

  @Test
  void aRefusedLogin_namesTheHostOnly_thoughTheDriversMessageNamesTheUser() {
    // The server has no users: the driver's SCRAM login fails with a message that names the user
    // (MongoCredential{…, userName='…', password=<hidden>}); keyplan's message has neither.
    String withPassword =
        uri.replace("mongodb://", "mongodb://ops-alice:Tr0ub4dor%263@")
            + "?serverSelectionTimeoutMS=3000";
    assertThatThrownBy(
            () -> DriverGateway.open(VerifyOptions.defaults(), credentials(withPassword)))
        .isInstanceOf(VerifyException.class)
        .hasMessageStartingWith("cannot reach MongoDB at mongodb://127.0.0.1:")
        .satisfies(
            e ->
                assertThat(e.getMessage()).doesNotContain("ops-alice").doesNotContain("Tr0ub4dor"));
  }
}
