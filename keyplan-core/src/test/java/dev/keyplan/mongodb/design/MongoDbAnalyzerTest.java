package dev.keyplan.mongodb.design;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.keyplan.model.Model;
import dev.keyplan.model.Units;
import dev.keyplan.model.yaml.ModelReader;
import dev.keyplan.mongodb.design.MongoDbPlan.Access;
import dev.keyplan.mongodb.design.MongoDbPlan.Targeting;
import dev.keyplan.mongodb.model.MongoDbDesign;
import java.nio.file.Path;
import java.util.List;
import org.bson.BsonArray;
import org.bson.BsonBinary;
import org.bson.BsonBinarySubType;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * What the MongoDB analysis computes, each figure derived in the comment: document sizes as the
 * BSON library measures them, the index the ESR guideline picks, how mongos routes, and the load
 * and chunks per shard.
 */
final class MongoDbAnalyzerTest {
  private static MongoDbAnalysis analyze(String yaml) {
    Model m = ModelReader.read("m.yaml", yaml, Path.of("."));
    return MongoDbAnalyzer.analyze(m);
  }

  /** One year; 10M orders of 2M customers, each with 3 lines; 50k products. */
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
            total: {type: decimal, size: 8B}
          key: [order_id]
          count: 10M
          spread:
            customer_id: {distinct: 2M, busiest: 0.01%}
        OrderLine:
          attributes:
            order_id: uuid
            sku: {type: text, size: 10B}
            qty: int
          count: 30M
        Product:
          attributes:
            product_id: uuid
            name: {type: text, size: 40B}
            price: {type: decimal, size: 8B}
            category: {type: text, size: 12B}
          key: [product_id]
          count: 50k
      patterns:
        - {id: order, rate: 100/s, query: Order where order_id = ?}
        - {id: latest, rate: 300/s, query: Order where customer_id = ? order by created_at desc limit 20}
        - {id: since, rate: 50/s, query: Order where customer_id = ? and created_at > ?}
        - {id: by-status, rate: 5/s, query: Order where status = ?}
        - {id: product, rate: 1k/s, query: Product where product_id = ?}
        - {id: place, rate: 10/s, insert: Order}
      """;

  @Nested
  final class DocumentSizes {
    @Test
    void aFlatDocument_isMeasuredByTheBsonLibrary() {
      MongoDbAnalysis a =
          analyze(SHOP + "mongodb:\n  collections:\n    products: {entity: Product}\n");
      // 4 (length) + _id binData(4): 1 + "_id\0" 4 + 4 + 1 + 16 = 26 + name: 1 + 5 + 4 + 40 + 1 =
      // 51
      // + price Decimal128: 1 + 6 + 16 = 23 + category: 1 + 9 + 4 + 12 + 1 = 27 + 1 (final NUL) =
      // 132 B.
      MongoDbCollection c = a.collection("products").orElseThrow();
      assertThat(c.typicalBytes()).isEqualTo(132);
      assertThat(c.largestBytes()).isEqualTo(132);
      assertThat(c.idField()).contains("product_id");
      assertThat(c.documents()).isEqualTo(50_000);
    }

    @Test
    void anEmbeddedArray_holdsTheTypicalCount_withoutTheParentKeyRepeated() {
      MongoDbAnalysis a =
          analyze(
              SHOP
                  + """
          mongodb:
            collections:
              orders:
                entity: Order
                embed:
                  lines: {entity: OrderLine, by: order_id}
          """);
      MongoDbCollection c = a.collection("orders").orElseThrow();
      // 30M lines / 10M orders = 3 per order. An element leaves out order_id (its parent's _id):
      // sku 1 + 4 + 4 + 10 + 1 = 20, qty 1 + 4 + 4 = 9: 4 + 20 + 9 + 1 = 34 B; in the array, with
      // type 1 and key "0\0" 2, 37 B each. lines = 1 + "lines\0" 6 + (4 + 3 × 37 + 1) = 123 B.
      // The order: 4 + _id 26 + customer_id (1 + 12 + 4 + 1 + 16) 34 + created_at date (1 + 11 + 8)
      // 20 + status, the mean length of new and paid, 3.5 → 4 chars: 1 + 7 + 4 + 4 + 1 = 17 + total
      // 23 + lines 123 + 1 = 248 B.
      assertThat(c.embeds().get(0).typical()).isEqualTo(3.0, within(1e-9));
      assertThat(c.typicalBytes()).isEqualTo(248);
      assertThat(c.dataBytes()).isEqualTo(10e6 * 248, within(1.0));
    }

    @Test
    void anArrayOfMoreThanTenThousandElements_isExtendedExactlyByTheArrayKeyRule() {
      // Build 25,000 elements for real with the library and compare with the shortcut, which builds
      // 10,000 and adds the rest by BSON's rule (keys "10000" … "24999" are 5 digits).
      BsonDocument element =
          new BsonDocument("sku", new BsonString("0123456789")).append("qty", new BsonInt32(1));
      BsonDocument root =
          new BsonDocument("_id", new BsonBinary(BsonBinarySubType.UUID_STANDARD, new byte[16]));
      BsonArray full = new BsonArray();
      for (int i = 0; i < 25_000; i++) {
        full.add(element);
      }
      long real = DocumentShape.size(root.clone().append("lines", full));
      assertThat(DocumentShape.size(root, List.of("lines"), List.of(element), List.of(25_000.0)))
          .isEqualTo(real);
      // and past another digit: 123,456 elements, the last 23,456 with 6-digit keys.
      BsonArray big = new BsonArray();
      for (int i = 0; i < 123_456; i++) {
        big.add(element);
      }
      assertThat(DocumentShape.size(root, List.of("lines"), List.of(element), List.of(123_456.0)))
          .isEqualTo(DocumentShape.size(root.clone().append("lines", big)));
    }
  }

  @Nested
  final class IndexChoice {
    private MongoDbPlan plan(String indexes, String id) {
      return analyze(
              SHOP
                  + "mongodb:\n  collections:\n    orders:\n      entity: Order\n      indexes:\n"
                  + indexes)
          .plan(id)
          .orElseThrow();
    }

    @Test
    void equalityThenSort_servesTheSortFromTheIndex() {
      // ESR: customer_id (equality) then created_at (sort), no blocking sort; the scan stops at the
      // limit or the customer's last order: min(20, 10M / 2M) = 5 keys.
      MongoDbPlan p =
          plan(
              "        - {created_at: -1}\n        - {customer_id: 1}\n        - {customer_id: 1, created_at: -1}\n",
              "latest");
      assertThat(p.access()).isEqualTo(Access.IXSCAN);
      assertThat(p.index()).contains("customer_id_1_created_at_-1");
      assertThat(p.blockingSort()).isFalse();
      assertThat(p.keysExamined().typical()).isEqualTo(5);
    }

    @Test
    void equalityOnly_sortsInMemory() {
      // {customer_id: 1} finds a customer's 10M / 2M = 5 orders and sorts them in memory.
      MongoDbPlan p = plan("        - {customer_id: 1}\n", "latest");
      assertThat(p.index()).contains("customer_id_1");
      assertThat(p.blockingSort()).isTrue();
      assertThat(p.keysExamined().typical()).isEqualTo(5);
      assertThat(p.sortBytes()).isGreaterThan(0);
    }

    @Test
    void equalityBeforeRange_winsOverRangeFirst() {
      // {created_at: 1, customer_id: 1} scans every key in the range; {customer_id: 1, created_at:
      // 1}
      // seeks to the customer first.
      MongoDbPlan p =
          plan(
              "        - {created_at: 1, customer_id: 1}\n        - {customer_id: 1, created_at: 1}\n",
              "since");
      assertThat(p.index()).contains("customer_id_1_created_at_1");
    }

    @Test
    void noUsableIndex_isACollectionScanOfEveryDocument() {
      MongoDbPlan p = plan("        - {customer_id: 1}\n", "by-status");
      assertThat(p.access()).isEqualTo(Access.COLLSCAN);
      assertThat(p.docsExamined().typical()).isEqualTo(10e6, within(1.0));
    }

    @Test
    void theKeyAttribute_isServedByTheIdIndex() {
      MongoDbPlan p = plan("        - {customer_id: 1}\n", "order");
      assertThat(p.index()).contains("_id_");
      assertThat(p.keysExamined().typical()).isEqualTo(1);
    }
  }

  @Nested
  final class Routing {
    private MongoDbAnalysis sharded(String key) {
      return analyze(
          SHOP
              + "mongodb:\n  shards: 4\n  collections:\n    orders:\n      entity: Order\n      indexes:\n"
              + "        - {customer_id: 1, created_at: -1}\n      shard_key: "
              + key
              + "\n");
    }

    @Test
    void shardKeyEquality_targetsOneShard_andAnyOtherRead_allOfThem() {
      MongoDbAnalysis a = sharded("{customer_id: hashed}");
      assertThat(a.plan("latest").orElseThrow().targeting()).isEqualTo(Targeting.SINGLE_SHARD);
      MongoDbPlan byId = a.plan("order").orElseThrow();
      assertThat(byId.targeting()).isEqualTo(Targeting.SCATTER_GATHER);
      assertThat(byId.shards()).isEqualTo(4);
    }

    @Test
    void aShardKeyWithoutAnIndexStartingWithIt_getsTheIndexShardCollectionCreates() {
      // {customer_id: 1, created_at: -1} starts with customer_id but is not hashed: shardCollection
      // creates customer_id_hashed, which every insert then writes too.
      MongoDbCollection c = sharded("{customer_id: hashed}").collection("orders").orElseThrow();
      assertThat(c.indexes())
          .extracting(MongoDbIndex::name)
          .containsExactly("_id_", "customer_id_1_created_at_-1", "customer_id_hashed");
      assertThat(sharded("{customer_id: 1}").collection("orders").orElseThrow().indexes())
          .hasSize(2);
    }

    @Test
    void aMonotonicRangedKey_sendsEveryInsertToOneShard() {
      // {created_at: 1}: every new order sorts after all others, into the MaxKey chunk: all 10
      // inserts/s on one shard.
      MongoDbShard s = sharded("{created_at: 1}").shard("orders").orElseThrow();
      assertThat(s.monotonic()).contains("created_at");
      assertThat(s.writes()).isEqualTo(10.0, within(1e-9));
    }

    @Test
    void inserts_countTheCollectionsOwnDocuments_notOnesIntoAnEmbeddedArray() {
      // Orders embed their lines. place inserts 10 orders/s: 10 inserts/s of orders' own
      // documents, whatever the key. add-line inserts 30 lines/s into the orders' arrays: each is
      // an update of an order, routed by the order's key, so it is a write but not an insert.
      MongoDbShard s =
          analyze(
                  SHOP.replace(
                          "  - {id: place, rate: 10/s, insert: Order}\n",
                          "  - {id: place, rate: 10/s, insert: Order}\n  - {id: add-line, rate: 30/s,"
                              + " insert: OrderLine}\n")
                      + """
                      mongodb:
                        shards: 4
                        collections:
                          orders:
                            entity: Order
                            embed:
                              lines: {entity: OrderLine, by: order_id}
                            shard_key: {created_at: 1}
                      """)
              .shard("orders")
              .orElseThrow();
      assertThat(s.inserts()).isEqualTo(10.0, within(1e-9));
      assertThat(s.writes()).isGreaterThan(s.inserts());
    }

    @Test
    void aShardKey_isWrittenAsShardCollectionTakesIt() {
      assertThat(
              sharded("{customer_id: hashed}")
                  .collection("orders")
                  .orElseThrow()
                  .shardKey()
                  .orElseThrow()
                  .pattern())
          .isEqualTo("{customer_id: \"hashed\"}");
      assertThat(MongoDbDesign.ShardKey.rangedPattern(List.of("country_code", "tenant_id")))
          .isEqualTo("{country_code: 1, tenant_id: 1}");
    }

    @Test
    void aHashedKey_spreadsInsertsOverTheShards() {
      // {customer_id: hashed}: the busiest customer's 0.01% of inserts, plus an even quarter of the
      // rest: 10 × (0.0001 + 0.9999 / 4) = 2.50075/s.
      MongoDbShard s = sharded("{customer_id: hashed}").shard("orders").orElseThrow();
      assertThat(s.monotonic()).isEmpty();
      assertThat(s.writes()).isEqualTo(10 * (0.0001 + 0.9999 / 4), within(1e-9));
      assertThat(s.initialChunks()).isEqualTo(4);
    }
  }

  /** 5M tenants over 4 shards; the US holds 60% of them (seed 004, worked scenario 3). */
  private static final String TENANTS =
      """
      model: tenants
      horizon: 1y
      entities:
        Tenant:
          attributes:
            tenant_id: uuid
            country_code: {type: text, size: 2B}
            plan: {type: text, values: [free, team, enterprise]}
            settings: {type: text, size: 2KiB}
          key: [tenant_id]
          count: 5M
          spread:
            country_code: {distinct: 120, busiest: 60%}
      patterns:
        - {id: tenant, rate: 2k/s, query: Tenant where tenant_id = ?}
        - {id: sign-up, rate: 2/s, insert: Tenant}
      mongodb:
        shards: 4
        collections:
          tenants:
            entity: Tenant
      """;

  @Nested
  final class Chunks {
    @Test
    void theBusiestValue_isOneChunk_andAboveTheRangeSizeAJumboOne() {
      MongoDbAnalysis a = analyze(TENANTS + "      shard_key: {country_code: 1}\n");
      MongoDbCollection c = a.collection("tenants").orElseThrow();
      MongoDbShard s = a.shard("tenants").orElseThrow();
      // A document: 4 + _id 26 + country_code (1 + 13 + 4 + 2 + 1) 21 + plan, mean of 4, 4 and 10
      // chars = 6: 1 + 5 + 4 + 6 + 1 = 17 + settings (1 + 9 + 4 + 2,048 + 1) 2,063 + 1 = 2,132 B.
      assertThat(c.typicalBytes()).isEqualTo(2_132);
      // The US: 60% of 5M × 2,132 B = 6.396 GB under one value, 47.7 × the 128 MiB range size.
      assertThat(s.busiestValueBytes()).isEqualTo(0.6 * 5e6 * 2_132, within(1.0));
      assertThat(s.jumbo()).isTrue();
      assertThat(s.distinctValues()).isEqualTo(120);
      // Adding the key makes every value one document: refineCollectionShardKey to {country_code,
      // _id}, since tenant_id, the entity's one-attribute key, is stored as the documents' _id.
      assertThat(s.refine()).contains(List.of("country_code", "_id"));
      // Resharding needs 2 × (data + indexes) / 4 shards free on each recipient.
      assertThat(s.reshardBytesPerShard())
          .isEqualTo(2 * (c.dataBytes() + c.indexBytes()) / 4, within(1.0));
      assertThat(s.reshardCost())
          .isEqualTo(
              "each recipient shard needs "
                  + Units.bytes(s.reshardBytesPerShard())
                  + " free ((data "
                  + Units.bytes(c.dataBytes())
                  + " + indexes "
                  + Units.bytes(c.indexBytes())
                  + ") × 2 / 4 shards), it takes at least 5 minutes and blocks writes for 2 s at"
                  + " the end");
      assertThat(s.initialChunks()).isEqualTo(1);
      // 134,217,728 B is 128 MiB exactly; 100 MB (decimal) is not a whole number of MiB.
      assertThat(a.rangeSize()).isEqualTo("128 MiB");
      assertThat(
              analyze(
                      TENANTS.replace("  shards: 4\n", "  shards: 4\n  range_size: 100MB\n")
                          + "      shard_key: {country_code: 1}\n")
                  .rangeSize())
          .isEqualTo("100 MB");
    }

    @Test
    void aKeyWithThreeValues_usesThreeOfFourShards() {
      MongoDbShard s =
          analyze(TENANTS + "      shard_key: {plan: 1}\n").shard("tenants").orElseThrow();
      assertThat(s.distinctValues()).isEqualTo(3);
      assertThat(s.usedShards()).isEqualTo(3);
    }

    @Test
    void theCompoundFix_hasOneDocumentPerValue_andNoJumboChunk() {
      MongoDbShard s =
          analyze(TENANTS + "      shard_key: {country_code: 1, tenant_id: 1}\n")
              .shard("tenants")
              .orElseThrow();
      assertThat(s.distinctValues()).isEqualTo(5e6, within(1.0));
      assertThat(s.busiestValueBytes()).isEqualTo(2_132, within(1e-6));
      assertThat(s.jumbo()).isFalse();
      assertThat(s.usedShards()).isEqualTo(4);
    }
  }

  /**
   * examples/events-mongodb.yaml: 12,000 events a second for 90 days, created_at with no spread.
   */
  private static final String EVENTS =
      """
      model: events
      horizon: 90d
      entities:
        Event:
          attributes:
            event_id: {type: timeuuid, time_ordered: true}
            created_at: {type: timestamp, time_ordered: true}
            payload: {type: text, size: 300B}
          key: [event_id]
          growth: 12k/s
      patterns:
        - {id: record, rate: 12k/s, insert: Event}
      mongodb:
        shards: 4
        collections:
          events:
            entity: Event
      """;

  @Nested
  final class ClockKeys {
    @Test
    void aTimeOrderedKeyWithoutASpread_countsOneValuePerDocument() {
      // 12,000/s × 90 × 86,400 s = 93,312,000,000 documents, each its own created_at value; every
      // insert still lands in the MaxKey chunk: 12,000/s on one shard.
      MongoDbShard s =
          analyze(EVENTS + "      shard_key: {created_at: 1}\n").shard("events").orElseThrow();
      assertThat(s.distinctValues()).isEqualTo(12_000.0 * 90 * 86_400, within(1.0));
      assertThat(s.busiestValueBytes())
          .isEqualTo(
              analyze(EVENTS + "      shard_key: {created_at: 1}\n")
                  .collection("events")
                  .orElseThrow()
                  .typicalBytes(),
              within(1e-6));
      assertThat(s.monotonic()).contains("created_at");
      assertThat(s.writes()).isEqualTo(12_000.0, within(1e-9));
    }

    @Test
    void aHashedTimeOrderedKey_spreadsInsertsEvenly() {
      // The hash of a new timestamp falls anywhere: b = 1 / 93.3 billion, so
      // 12,000 × (b + (1 − b) / 4) ≈ 3,000/s on the busiest shard, not NaN.
      MongoDbShard s =
          analyze(EVENTS + "      shard_key: {created_at: hashed}\n").shard("events").orElseThrow();
      double b = 1 / (12_000.0 * 90 * 86_400);
      assertThat(s.writes()).isEqualTo(12_000 * (b + (1 - b) / 4), within(1e-6));
      assertThat(s.monotonic()).isEmpty();
    }

    @Test
    void aDeclaredSpreadOnATimeOrderedKey_isUsedAsWritten() {
      // A spread the user declares wins over the clock: 1,000 created_at values at the horizon.
      MongoDbShard s =
          analyze(
                  EVENTS.replace(
                          "    growth: 12k/s\n",
                          "    growth: 12k/s\n    spread:\n      created_at: {distinct: 1000}\n")
                      + "      shard_key: {created_at: 1}\n")
              .shard("events")
              .orElseThrow();
      assertThat(s.distinctValues()).isEqualTo(1000);
    }
  }

  @Nested
  final class EmbedOrReference {
    /** Seed 000's reviews: 1M of them over 50k products, 2% on the busiest, growing 1/s. */
    private static final String REVIEWS =
        """
        model: reviews
        horizon: 1y
        entities:
          Product:
            attributes: {product_id: uuid, name: {type: text, size: 40B}}
            key: [product_id]
            count: 50k
          Review:
            attributes: {review_id: uuid, product_id: uuid, text: {type: text, size: 400B}}
            key: [review_id]
            count: 1M
            growth: 1/s
            spread:
              product_id: {distinct: 50k, busiest: 2%}
          Image:
            attributes: {product_id: uuid, url: {type: text, size: 80B}}
            count: 150k
        patterns:
          - {id: product, rate: 1k/s, query: Product where product_id = ?}
          - {id: reviews, rate: 500/s, query: Review where product_id = ?}
          - {id: images, rate: 1k/s, query: Image where product_id = ?}
          - {id: review, rate: 1/s, insert: Review}
        mongodb:
          collections:
            products:
              entity: Product
              embed:
                reviews: {entity: Review, by: product_id}
                images: {entity: Image, by: product_id}
        """;

    @Test
    void unboundedChildren_areAdvisedAsReferences_boundedOwnedOnesAsEmbedded() {
      MongoDbAnalysis a = analyze(REVIEWS);
      MongoDbRelationship reviews =
          a.relationships().stream()
              .filter(r -> r.child().equals("Review"))
              .findFirst()
              .orElseThrow();
      // 1M + 1/s × 31,536,000 s = 32,536,000 reviews; the busiest product holds 2%: 650,720.
      assertThat(reviews.embedded()).isTrue();
      assertThat(reviews.bounded()).isFalse();
      assertThat(reviews.busiestElements()).isEqualTo(650_720, within(1e-6));
      assertThat(reviews.advice()).isEqualTo("reference");
      MongoDbRelationship images =
          a.relationships().stream()
              .filter(r -> r.child().equals("Image"))
              .findFirst()
              .orElseThrow();
      // 150k images over 50k products, none added: 3 per product, read with it, stored once.
      assertThat(images.typicalElements()).isEqualTo(3, within(1e-9));
      assertThat(images.advice()).isEqualTo("embed");
    }

    @Test
    void theLargestDocument_holdsTheBusiestParentsArray() {
      MongoDbCollection c = analyze(REVIEWS).collection("products").orElseThrow();
      // A review element without product_id: 4 + _id? no: review_id (1 + 10 + 4 + 1 + 16) 32 + text
      // (1 + 5 + 4 + 400 + 1) 411 + 1 = 448 B; 650,720 of them are about 650,720 × (448 + 1 + 6) ≈
      // 296 MB, far past MongoDB's 16 MiB: the write that crosses it fails.
      assertThat(c.largestBytes()).isGreaterThan(650_720L * 448).isGreaterThan(16L * 1024 * 1024);
    }
  }

  @Nested
  final class CaseAndJoins {
    private static final String CUSTOMERS =
        """
        model: c
        horizon: 1y
        entities:
          Customer:
            attributes: {customer_id: uuid, email: {type: text, size: 30B}}
            key: [customer_id]
            count: 1M
        patterns:
          - {id: sign-in, rate: 50/s, query: Customer where email = ?, ignore_case: [email]}
        mongodb:
          collections:
            customers:
              entity: Customer
              indexes:
        """;

    @Test
    void aCaseInsensitiveCompare_usesOnlyACaseInsensitiveIndex() {
      MongoDbPlan simple =
          analyze(CUSTOMERS + "          - {email: 1}\n").plan("sign-in").orElseThrow();
      assertThat(simple.access()).isEqualTo(Access.COLLSCAN);
      MongoDbPlan ci =
          analyze(CUSTOMERS + "          - {keys: {email: 1}, collation: case-insensitive}\n")
              .plan("sign-in")
              .orElseThrow();
      assertThat(ci.access()).isEqualTo(Access.IXSCAN);
      assertThat(ci.index()).contains("email_1");
      assertThat(simple.notes())
          .anyMatch(n -> n.startsWith("email is compared ignoring case: email_1 has the simple"));
    }

    @Test
    void anUndeclaredSpread_leavesTheFiguresUnknown_andTheIndexByEsrOrderStillWins() {
      // email has no spread: how many documents one address matches is unknown (NaN), yet the
      // planner uses {email: 1} and never scans the collection while an index serves the query.
      MongoDbPlan p =
          analyze(CUSTOMERS.replace(", ignore_case: [email]", "") + "          - {email: 1}\n")
              .plan("sign-in")
              .orElseThrow();
      assertThat(p.access()).isEqualTo(Access.IXSCAN);
      assertThat(p.keysExamined().typical()).isNaN();
    }
  }
}
