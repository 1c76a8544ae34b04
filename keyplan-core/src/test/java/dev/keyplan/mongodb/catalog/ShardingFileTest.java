package dev.keyplan.mongodb.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.input.Diagnostic;
import dev.keyplan.input.InputException;
import dev.keyplan.input.Location;
import dev.keyplan.mongodb.model.MongoDbDesign.IndexKey;
import dev.keyplan.mongodb.model.MongoDbDesign.IndexKey.Kind;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The config.collections (and config.shards) shapes keyplan reads, and each problem at its place.
 */
final class ShardingFileTest {
  private static ImportedSharding read(String text) {
    return ShardingFile.read("sh.json", text);
  }

  private static List<String> errors(String text) {
    try {
      read(text);
    } catch (InputException e) {
      return e.diagnostics().stream().map(Diagnostic::toString).toList();
    }
    throw new AssertionError("no error");
  }

  @Test
  void anArrayOpenedByAComma_isPlaced_notTheLibrarysException() {
    // Hostile input found by ShardingFileFuzzTest: "[\n,] ". The comma on line 2 has no element
    // before it; the library threw JsonParseException (exit 4). It is placed on line 2, column 1.
    assertThat(errors("[\n,] ")).singleElement().asString().startsWith("sh.json:2:1: error: ");
  }

  @Test
  void arrayOfConfigCollections_givesEachShardKey_andLeavesOutTheClustersOwn() {
    // EJSON.stringify(db.getSiblingDB("config").collections.find().toArray()):
    // config.system.sessions
    // is in every cluster; a dropped namespace and an 8.0 unsplittable (unsharded) one are not
    // sharded.
    ImportedSharding s =
        read(
            """
        [
          {"_id": "config.system.sessions", "key": {"_id": 1}, "unique": false},
          {"_id": "shop.orders", "lastmodEpoch": {"$oid": "65a1b2c3d4e5f60718293a4b"},
           "lastmod": {"$date": "2026-11-30T10:00:00Z"}, "timestamp": {"$timestamp": {"t": 1764496800, "i": 4}},
           "key": {"customer_id": "hashed"}, "unique": false, "noBalance": false},
          {"_id": "shop.old", "dropped": true, "key": {"a": 1}},
          {"_id": "shop.carts", "key": {"_id": 1}, "unsplittable": true},
          {"_id": "shop.reviews", "key": {"product_id": 1, "created_at": 1}}
        ]
        """);
    assertThat(s.collections())
        .extracting(ImportedSharding.Collection::collection)
        .containsExactly("orders", "reviews");
    ImportedSharding.Collection orders = s.collections().get(0);
    assertThat(orders.namespace()).isEqualTo("shop.orders");
    assertThat(orders.key().keys()).containsExactly(new IndexKey("customer_id", Kind.HASHED));
    assertThat(orders.key().location()).isEqualTo(new Location("sh.json", 5, 4));
    assertThat(orders.location()).isEqualTo(new Location("sh.json", 3, 3));
    assertThat(s.shards()).isEmpty();
  }

  @Test
  void configShardsDocuments_countTheShardsThatStay() {
    // Three shards listed, one draining out of the cluster: 2 hold the data.
    ImportedSharding s =
        read(
            """
        {"_id": "shop.orders", "key": {"customer_id": 1}}
        {"_id": "rs0", "host": "rs0/a:27018,b:27018", "state": 1}
        {"_id": "rs1", "host": "rs1/c:27018", "state": 1}
        {"_id": "rs2", "host": "rs2/d:27018", "state": 1, "draining": true}
        """);
    assertThat(s.shards()).hasValue(2);
    assertThat(s.shardsLocation()).isEqualTo(new Location("sh.json", 2, 1));
    assertThat(s.collections()).hasSize(1);
  }

  @Test
  void oneDocument_isOneCollection() {
    assertThat(
            read("{_id: 'shop.orders', key: {tenant_id: 1, order_id: 1}}")
                .collections()
                .get(0)
                .key()
                .fields())
        .containsExactly("tenant_id", "order_id");
  }

  @Test
  void documentWithoutKey_isReportedAtItsPlace() {
    assertThat(errors("[\n  {\"_id\": \"shop.orders\", \"unique\": false}\n]"))
        .containsExactly(
            "sh.json:2:3: error: the config.collections document of 'shop.orders' needs 'key', its shard"
                + " key such as key: {customer_id: \"hashed\"}");
  }

  @Test
  void badNamespacesAndKeys_areEachReported() {
    assertThat(
            errors(
                """
        [{"key": {"a": 1}},
         {"_id": "orders", "key": {"a": 1}},
         {"_id": "shop.orders", "key": {"a": -1, "b": "text"}},
         42]
        """))
        .containsExactly(
            "sh.json:1:2: error: a config.collections document needs '_id', the namespace such as \"shop.orders\";"
                + " found the members key",
            "sh.json:2:3: error: a config.collections document needs '_id', the namespace such as \"shop.orders\";"
                + " found the string 'orders'",
            "sh.json:3:33: error: a shard key field is 1 (ranged) or \"hashed\", not -1",
            "sh.json:3:42: error: a shard key field is 1 (ranged) or \"hashed\", not text",
            "sh.json:4:2: error: expected a config.collections document such as {_id: \"shop.orders\", key: {customer_id:"
                + " \"hashed\"}}, found the int32 42");
  }

  @Test
  void mongoshOutput_isReadAsPrinted() {
    // What db.getSiblingDB("config").collections.find() prints in mongosh 2, in its printing
    // style (MongoshTextTest): Timestamp({ t, i }), ObjectId('…'), ISODate('…'), UUID('…') and
    // Long('…'). This was an error at the Timestamp (column 45 of the one-line form) before
    // MongoshText rewrote mongosh's constructors.
    ImportedSharding s =
        read(
            """
        [
          {
            _id: 'shop.orders',
            lastmodEpoch: ObjectId('65a1b2c3d4e5f60718293a4b'),
            lastmod: ISODate('2026-11-30T10:00:00.000Z'),
            timestamp: Timestamp({ t: 1764496800, i: 4 }),
            uuid: UUID('3b241101-e2bb-4255-8caf-4136c566a962'),
            key: { customer_id: 'hashed' },
            unique: false,
            noBalance: false,
            maxChunkSizeBytes: Long('134217728')
          }
        ]
        """);
    assertThat(s.collections()).hasSize(1);
    assertThat(s.collections().get(0).key().keys())
        .containsExactly(new IndexKey("customer_id", Kind.HASHED));
    // key: is at line 8, column 5 as written, whatever the rewrites before it added.
    assertThat(s.collections().get(0).key().location()).isEqualTo(new Location("sh.json", 8, 5));
  }
}
