package dev.keyplan.mongodb.design;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.input.Diagnostic;
import dev.keyplan.input.InputException;
import dev.keyplan.model.yaml.ModelReader;
import dev.keyplan.mongodb.model.MongoDbDesign.IndexKey;
import dev.keyplan.mongodb.model.MongoDbDesign.IndexKey.Kind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How an indexes_file and a sharding_file complete the mongodb section (docs/mongodb-import.md).
 */
final class MongoDbImportTest {
  @TempDir Path dir;

  /** 10M orders of 2M customers; one collection with an index written, one without. */
  private static final String SHOP =
      """
      model: shop
      horizon: 1y
      entities:
        Order:
          attributes:
            order_id: uuid
            customer_id: uuid
            created_at: {type: timestamp, time_ordered: true}
            status: {type: text, values: [new, paid]}
          key: [order_id]
          count: 10M
          spread:
            customer_id: {distinct: 2M}
        Review:
          attributes:
            review_id: uuid
            product_id: uuid
            created_at: {type: timestamp, time_ordered: true}
          key: [review_id]
          count: 1M
      patterns:
        - {id: latest, rate: 300/s, query: Order where customer_id = ? order by created_at desc limit 20}
        - {id: newest-reviews, rate: 500/s, query: Review where product_id = ? order by created_at desc limit 5}
      mongodb:
      """;

  private MongoDbAnalysis analyze(String mongodb, String indexes, String sharding)
      throws IOException {
    Files.writeString(dir.resolve("ix.json"), indexes);
    Files.writeString(dir.resolve("sh.json"), sharding);
    return MongoDbAnalyzer.analyze(ModelReader.read("m.yaml", SHOP + mongodb, dir));
  }

  private List<String> errors(String mongodb, String indexes, String sharding) throws IOException {
    try {
      analyze(mongodb, indexes, sharding);
    } catch (InputException e) {
      return e.diagnostics().stream()
          .map(Diagnostic::toString)
          .map(s -> s.replace(dir + "/", ""))
          .toList();
    }
    throw new AssertionError("no error");
  }

  private static final String COLLECTIONS =
      """
        indexes_file: ix.json
        collections:
          orders:
            entity: Order
            indexes:
              - {customer_id: 1, created_at: -1}
          reviews: {entity: Review}
      """;

  @Test
  void fileIndexes_areAddedAfterTheModels_andTheIdIndexIsNotRepeated() throws IOException {
    MongoDbAnalysis a =
        analyze(
            COLLECTIONS,
            """
        {"orders": [{"v": 2, "key": {"_id": 1}, "name": "_id_"},
                    {"v": 2, "key": {"customer_id": 1, "created_at": -1}, "name": "customer_id_1_created_at_-1"},
                    {"v": 2, "key": {"status": 1}, "name": "status_1"}],
         "reviews": [{"v": 2, "key": {"_id": 1}, "name": "_id_"},
                     {"v": 2, "key": {"product_id": 1, "created_at": -1}, "name": "product_id_1_created_at_-1"}]}
        """,
            "");
    assertThat(a.collection("orders").orElseThrow().indexes())
        .extracting(MongoDbIndex::name)
        .containsExactly("_id_", "customer_id_1_created_at_-1", "status_1");
    MongoDbIndex reviews = a.collection("reviews").orElseThrow().indexes().get(1);
    assertThat(reviews.keys())
        .containsExactly(
            new IndexKey("product_id", Kind.ASCENDING),
            new IndexKey("created_at", Kind.DESCENDING));
    // The imported index is where findings about it point: its document in the file.
    assertThat(reviews.location().toString()).isEqualTo(dir.resolve("ix.json") + ":5:14");
    // and it is used: the newest five reviews of a product are read through it, not by a scan.
    assertThat(a.plan("newest-reviews").orElseThrow().index())
        .contains("product_id_1_created_at_-1");
  }

  @Test
  void anIndexOfBothWithOtherKeys_isAnError() throws IOException {
    assertThat(
            errors(
                COLLECTIONS,
                """
        {"orders": [{"v": 2, "key": {"customer_id": 1}, "name": "customer_id_1_created_at_-1", "unique": true}]}
        """,
                ""))
        .containsExactly(
            "ix.json:1:13: error: index 'customer_id_1_created_at_-1' of collection 'orders'"
                + " differs from the model's (m.yaml:30:11): keys {customer_id: 1} in the file but {customer_id: 1,"
                + " created_at: -1} in the model; unique in the file only");
  }

  @Test
  void theModelsKeysUnderAnotherName_isAnError() throws IOException {
    assertThat(
            errors(
                COLLECTIONS,
                """
        {"orders": [{"v": 2, "key": {"customer_id": 1, "created_at": -1}, "name": "latest"}]}
        """,
                ""))
        .containsExactly(
            "ix.json:1:13: error: index 'latest' of collection 'orders' has the keys"
                + " {customer_id: 1, created_at: -1} of the model's index 'customer_id_1_created_at_-1' (m.yaml:30:11);"
                + " MongoDB keeps one index per key pattern and collation: give them one name, or remove one");
  }

  @Test
  void anImportedIndex_isCheckedWhenBound_atItsPlaceInTheFile() throws IOException {
    // The binder's TTL check applies to imported indexes alike: status is a string, not a date.
    assertThat(
            errors(
                COLLECTIONS,
                """
        {"orders": [{"v": 2, "key": {"status": 1}, "name": "expire", "expireAfterSeconds": 3600}]}
        """,
                ""))
        .singleElement()
        .asString()
        .startsWith(
            "ix.json:1:13: error: a TTL index needs a date field;"
                + " 'status' is stored as string");
  }

  @Test
  void unknownCollectionsAndFields_areErrors() throws IOException {
    assertThat(
            errors(
                COLLECTIONS,
                """
        {"order": [{"v": 2, "key": {"status": 1}, "name": "s"}],
         "reviews": [{"v": 2, "key": {"product": 1}, "name": "p"}]}
        """,
                ""))
        .containsExactly(
            "ix.json:1:2: error: collection 'order' of the indexes file is not in the mongodb design (did you mean"
                + " 'orders'?); add it under collections:, or leave it out of the file",
            "ix.json:2:14: error: index 'p' of collection 'reviews' is on 'product', no field of the documents of"
                + " Review (did you mean 'product_id'?)");
  }

  @Test
  void aBareArray_belongsToTheSoleCollection_only() throws IOException {
    String one = "  indexes_file: ix.json\n  collections:\n    reviews: {entity: Review}\n";
    MongoDbAnalysis a =
        analyze(
            one,
            "[{v: 2, key: {_id: 1}, name: '_id_'}, {v: 2, key: {product_id: 1}, name: 'p'}]",
            "");
    assertThat(a.collection("reviews").orElseThrow().indexes())
        .extracting(MongoDbIndex::name)
        .containsExactly("_id_", "p");
    assertThat(errors(COLLECTIONS, "[{v: 2, key: {status: 1}, name: 's'}]", ""))
        .containsExactly(
            "ix.json:1:1: error: an array of getIndexes() output names no collection, and the mongodb design has 2;"
                + " map each collection to its indexes: {orders: [ … ], reviews: [ … ]}");
  }

  private static final String SHARDED =
      """
        shards: 3
        sharding_file: sh.json
        collections:
          orders: {entity: Order}
          reviews: {entity: Review, shard_key: {product_id: hashed}}
      """;

  @Test
  void theFilesShardKeyAndShardCount_areUsedWhereTheModelHasNone() throws IOException {
    // Orders by customer_id, ranged, over the file's 3 shards, as many as the model says.
    MongoDbAnalysis a =
        analyze(
            SHARDED,
            "",
            """
        {"_id": "shop.orders", "key": {"customer_id": 1}}
        {"_id": "shop.reviews", "key": {"product_id": "hashed"}}
        {"_id": "rs0", "host": "rs0/a:27018"}
        {"_id": "rs1", "host": "rs1/b:27018"}
        {"_id": "rs2", "host": "rs2/c:27018"}
        """);
    assertThat(a.design().shards()).isEqualTo(3);
    assertThat(a.collection("orders").orElseThrow().shardKey().orElseThrow().fields())
        .containsExactly("customer_id");
    assertThat(a.shard("orders").orElseThrow().shards()).isEqualTo(3);
    // shardCollection made the index a ranged key needs; the model's key is kept for reviews.
    assertThat(a.collection("orders").orElseThrow().indexes())
        .extracting(MongoDbIndex::name)
        .containsExactly("_id_", "customer_id_1");
    assertThat(a.collection("reviews").orElseThrow().shardKey().orElseThrow().location().file())
        .isEqualTo("m.yaml");
  }

  @Test
  void aConflictingShardKey_isAnErrorAtTheModels() throws IOException {
    assertThat(
            errors(
                SHARDED,
                "",
                """
        [{"_id": "shop.orders", "key": {"customer_id": "hashed"}},
         {"_id": "shop.reviews", "key": {"review_id": 1}}]
        """))
        .containsExactly(
            "m.yaml:29:31: error: collection 'reviews': shard_key {product_id: hashed} differs from"
                + " the sharding file's {review_id: 1} (sh.json:2:26)");
  }

  @Test
  void oneCollectionInTwoDatabases_isAnError() throws IOException {
    assertThat(
            errors(
                SHARDED,
                "",
                """
        {"_id": "shop.orders", "key": {"customer_id": 1}}
        {"_id": "archive.orders", "key": {"customer_id": 1}}
        """))
        .containsExactly(
            "sh.json:2:1: error: 'archive.orders' is in database 'archive', but the sharding file's"
                + " first collection is in 'shop' (line 1, column 1); the model names no database"
                + " and matches collections by name, so keep one database's documents:"
                + " config.collections.find({_id: /^shop\\./})");
  }

  // Issue 18, silent acceptance: a config.collections document of another database. The model's
  // reviews matched 'archive.reviews' by its name alone, and its shard key was taken without a
  // word; now two databases in one file are an error at the second's first document (line 2).
  @Test
  void collectionsOfTwoDatabases_isAnErrorAtTheSecondDatabase() throws IOException {
    assertThat(
            errors(
                SHARDED,
                "",
                """
        {"_id": "shop.orders", "key": {"customer_id": "hashed"}}
        {"_id": "archive.reviews", "key": {"product_id": "hashed"}}
        """))
        .containsExactly(
            "sh.json:2:1: error: 'archive.reviews' is in database 'archive', but the sharding"
                + " file's first collection is in 'shop' (line 1, column 1); the model names no"
                + " database and matches collections by name, so keep one database's documents:"
                + " config.collections.find({_id: /^shop\\./})");
  }

  @Test
  void aCollectionShardedOnTheDefaultOneShard_isAnError() throws IOException {
    assertThat(
            errors(
                "  sharding_file: sh.json\n  collections:\n    orders: {entity: Order}\n",
                "",
                "{\"_id\": \"shop.orders\", \"key\": {\"customer_id\": 1}}\n"))
        .containsExactly(
            "sh.json:1:24: error: collection 'orders' is sharded in the sharding file but the mongodb design has 1"
                + " shard; give it 'shards: N', or add the config.shards documents to the file");
  }

  @Test
  void anotherShardCountInTheModel_isAnError() throws IOException {
    assertThat(
            errors(
                "  shards: 4\n  sharding_file: sh.json\n  collections:\n    orders: {entity: Order}\n",
                "",
                """
        {"_id": "shop.orders", "key": {"customer_id": 1}}
        {"_id": "rs0", "host": "rs0/a:27018"}
        {"_id": "rs1", "host": "rs1/b:27018"}
        """))
        .containsExactly(
            "m.yaml:26:18: error: the mongodb design has shards: 4 but the sharding file lists 2"
                + " shards (sh.json:2:1)");
  }

  @Test
  void aMissingFile_isAnErrorAtTheModelsValue() throws IOException {
    Files.deleteIfExists(dir.resolve("ix.json"));
    try {
      MongoDbAnalyzer.analyze(ModelReader.read("m.yaml", SHOP + COLLECTIONS, dir));
      throw new AssertionError("no error");
    } catch (InputException e) {
      assertThat(e.getMessage())
          .isEqualTo(
              "m.yaml:25:17: error: cannot read the mongodb indexes file "
                  + dir.resolve("ix.json")
                  + ": no such file");
    }
  }
}
