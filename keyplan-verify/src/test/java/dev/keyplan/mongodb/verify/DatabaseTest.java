package dev.keyplan.mongodb.verify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keyplan.mongodb.design.MongoDbAnalysis;
import dev.keyplan.simulate.Progress;
import dev.keyplan.verify.VerifyException;
import dev.keyplan.verify.VerifyOptions;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;

/**
 * The run works only in its own database: named from the prefix and the model, refused when it
 * exists unless reused, and at the end only what the run created is dropped. On {@link
 * FakeGateway}, whose databases are looked at before and after.
 */
final class DatabaseTest {
  private final MongoDbAnalysis shop = Examples.analysis("shop-mongodb.yaml");
  private final VerifyOptions options = VerifyOptions.defaults().withScale(20, 1);
  private static final String DB = "keyplan_verify_shop_mongodb";
  private static final BsonDocument PRECIOUS = BsonDocument.parse("{_id: 1, v: 'keep me'}");

  @Test
  void theName_isThePrefixAndTheModel_lowerCase_withUnderscores_atMost63Characters() {
    assertThat(Database.nameFor(options, "shop-mongodb")).isEqualTo(DB);
    assertThat(Database.nameFor(options.withPrefix("kv_"), "Shop Mongo.DB/2"))
        .isEqualTo("kv_shop_mongo_db_2");
    assertThat(Database.nameFor(options, "m".repeat(80)))
        .hasSize(63)
        .startsWith("keyplan_verify_mmm");
  }

  @Test
  void aNewDatabase_isDroppedAtTheEnd_andKeptWithKeep() {
    FakeGateway g = new FakeGateway();
    MongoDbVerifier.run(shop, g, options, Progress.NONE, "mongodb://fake", Secrets.none());
    assertThat(g.databaseNames()).isEmpty();
    assertThat(g.commands).last().asString().isEqualTo(DB + " {\"dropDatabase\": 1}");
    FakeGateway kept = new FakeGateway();
    var r =
        MongoDbVerifier.run(
            shop, kept, options.with(false, true), Progress.NONE, "mongodb://fake", Secrets.none());
    assertThat(kept.databases.get(DB).keySet())
        .containsExactly("customers", "orders", "products", "reviews");
    assertThat(r.notes())
        .contains(
            "--keep: database "
                + DB
                + ", its collections and any zones it made were left in place");
  }

  @Test
  void anExistingDatabase_isRefused_andNothingIsTouched() {
    FakeGateway g = new FakeGateway();
    g.existing(DB, "precious", PRECIOUS);
    assertThatThrownBy(
            () ->
                MongoDbVerifier.run(
                    shop, g, options, Progress.NONE, "mongodb://fake", Secrets.none()))
        .isInstanceOf(VerifyException.class)
        .hasMessageStartingWith(
            "database " + DB + " already exists; keyplan verify works only in what it creates");
    assertThat(g.databases.get(DB).keySet()).containsExactly("precious");
    assertThat(g.documents(DB, "precious")).containsExactly(PRECIOUS);
    assertThat(g.commands).containsExactly("admin {\"hello\": 1}");
  }

  @Test
  void reuse_addsAndDropsOnlyItsOwnCollections() {
    FakeGateway g = new FakeGateway();
    g.existing(DB, "precious", PRECIOUS);
    var r =
        MongoDbVerifier.run(
            shop, g, options.with(true, false), Progress.NONE, "mongodb://fake", Secrets.none());
    assertThat(r.settings()).anySatisfy(s -> assertThat(s.value()).isEqualTo(DB + " (reused)"));
    assertThat(g.databases.get(DB).keySet()).containsExactly("precious");
    assertThat(g.documents(DB, "precious")).containsExactly(PRECIOUS);
    assertThat(g.commands)
        .doesNotContain(DB + " {\"dropDatabase\": 1}")
        .contains(DB + " {\"drop\": \"orders\"}");
  }

  @Test
  void aCollectionOfTheDesignsName_isRefused_evenWithReuse_andWhatWasCreatedBeforeIsDropped() {
    FakeGateway g = new FakeGateway();
    g.existing(DB, "orders", PRECIOUS);
    assertThatThrownBy(
            () ->
                MongoDbVerifier.run(
                    shop,
                    g,
                    options.with(true, false),
                    Progress.NONE,
                    "mongodb://fake",
                    Secrets.none()))
        .isInstanceOf(VerifyException.class)
        .hasMessageStartingWith(
            "collection "
                + DB
                + ".orders already exists; keyplan verify never touches a collection it"
                + " did not create");
    // customers came before orders and was created, then dropped; orders is as it was.
    assertThat(g.databases.get(DB).keySet()).containsExactly("orders");
    assertThat(g.documents(DB, "orders")).containsExactly(PRECIOUS);
    assertThat(g.commands).contains(DB + " {\"drop\": \"customers\"}");
  }

  @Test
  void aDatabaseDifferingOnlyInCase_isRefused() {
    FakeGateway g = new FakeGateway();
    g.existing("Keyplan_Verify_Shop_Mongodb", "x", PRECIOUS);
    assertThatThrownBy(() -> Database.open(g, options.with(true, false), DB))
        .isInstanceOf(VerifyException.class)
        .hasMessage(
            "database Keyplan_Verify_Shop_Mongodb exists and differs from "
                + DB
                + " only in case, which MongoDB"
                + " does not allow: choose another --prefix");
    assertThat(g.commands).isEmpty();
  }
}
