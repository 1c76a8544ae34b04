package dev.keyplan.design.mongodb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.keyplan.design.mongodb.MongoPlan.Access;
import dev.keyplan.design.mongodb.MongoPlan.Targeting;
import dev.keyplan.model.Model;
import dev.keyplan.model.yaml.ModelReader;
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
 * What the MongoDB analysis computes, each figure derived in the comment: document sizes as the BSON
 * library measures them, the index the ESR guideline picks, how mongos routes, and the load and
 * chunks per shard.
 */
final class MongoDbAnalyzerTest {
  private static MongoDbAnalysis analyze(String yaml) {
    Model m = ModelReader.read("m.yaml", yaml, Path.of("."));
    return MongoDbAnalyzer.analyze(m);
  }

  /** One year; 10M orders of 2M customers, each with 3 lines; 50k products. */
  private static final String SHOP = """
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
      MongoDbAnalysis a = analyze(SHOP + "mongodb:\n  collections:\n    products: {entity: Product}\n");
      // 4 (length) + _id binData(4): 1 + "_id\0" 4 + 4 + 1 + 16 = 26 + name: 1 + 5 + 4 + 40 + 1 = 51
      // + price Decimal128: 1 + 6 + 16 = 23 + category: 1 + 9 + 4 + 12 + 1 = 27 + 1 (final NUL) = 132 B.
      MongoCollection c = a.collection("products").orElseThrow();
      assertThat(c.typicalBytes()).isEqualTo(132);
      assertThat(c.largestBytes()).isEqualTo(132);
      assertThat(c.idField()).contains("product_id");
      assertThat(c.documents()).isEqualTo(50_000);
    }

    @Test
    void anEmbeddedArray_holdsTheTypicalCount_withoutTheParentKeyRepeated() {
      MongoDbAnalysis a = analyze(SHOP + """
          mongodb:
            collections:
              orders:
                entity: Order
                embed:
                  lines: {entity: OrderLine, by: order_id}
          """);
      MongoCollection c = a.collection("orders").orElseThrow();
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
      BsonDocument element = new BsonDocument("sku", new BsonString("0123456789")).append("qty", new BsonInt32(1));
      BsonDocument root = new BsonDocument("_id", new BsonBinary(BsonBinarySubType.UUID_STANDARD, new byte[16]));
      BsonArray full = new BsonArray();
      for (int i = 0; i < 25_000; i++) {
        full.add(element);
      }
      long real = DocumentShape.size(root.clone().append("lines", full));
      assertThat(DocumentShape.size(root, List.of("lines"), List.of(element), List.of(25_000.0))).isEqualTo(real);
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
    private MongoPlan plan(String indexes, String id) {
      return analyze(SHOP + "mongodb:\n  collections:\n    orders:\n      entity: Order\n      indexes:\n" + indexes)
          .plan(id).orElseThrow();
    }

    @Test
    void equalityThenSort_servesTheSortFromTheIndex() {
      // ESR: customer_id (equality) then created_at (sort), no blocking sort; the scan stops at the
      // limit or the customer's last order: min(20, 10M / 2M) = 5 keys.
      MongoPlan p = plan("        - {created_at: -1}\n        - {customer_id: 1}\n        - {customer_id: 1, created_at: -1}\n",
          "latest");
      assertThat(p.access()).isEqualTo(Access.IXSCAN);
      assertThat(p.index()).contains("customer_id_1_created_at_-1");
      assertThat(p.blockingSort()).isFalse();
      assertThat(p.keysExamined()).isEqualTo(5);
    }

    @Test
    void equalityOnly_sortsInMemory() {
      // {customer_id: 1} finds a customer's 10M / 2M = 5 orders and sorts them in memory.
      MongoPlan p = plan("        - {customer_id: 1}\n", "latest");
      assertThat(p.index()).contains("customer_id_1");
      assertThat(p.blockingSort()).isTrue();
      assertThat(p.keysExamined()).isEqualTo(5);
      assertThat(p.sortBytes()).isGreaterThan(0);
    }

    @Test
    void equalityBeforeRange_winsOverRangeFirst() {
      // {created_at: 1, customer_id: 1} scans every key in the range; {customer_id: 1, created_at: 1}
      // seeks to the customer first.
      MongoPlan p = plan("        - {created_at: 1, customer_id: 1}\n        - {customer_id: 1, created_at: 1}\n", "since");
      assertThat(p.index()).contains("customer_id_1_created_at_1");
    }

    @Test
    void noUsableIndex_isACollectionScanOfEveryDocument() {
      MongoPlan p = plan("        - {customer_id: 1}\n", "by-status");
      assertThat(p.access()).isEqualTo(Access.COLLSCAN);
      assertThat(p.docsExamined()).isEqualTo(10e6, within(1.0));
    }

    @Test
    void theKeyAttribute_isServedByTheIdIndex() {
      MongoPlan p = plan("        - {customer_id: 1}\n", "order");
      assertThat(p.index()).contains("_id_");
      assertThat(p.keysExamined()).isEqualTo(1);
    }
  }

  @Nested
  final class Routing {
    private MongoDbAnalysis sharded(String key) {
      return analyze(SHOP + "mongodb:\n  shards: 4\n  collections:\n    orders:\n      entity: Order\n      indexes:\n"
          + "        - {customer_id: 1, created_at: -1}\n      shard_key: " + key + "\n");
    }

    @Test
    void shardKeyEquality_targetsOneShard_andAnyOtherRead_allOfThem() {
      MongoDbAnalysis a = sharded("{customer_id: hashed}");
      assertThat(a.plan("latest").orElseThrow().targeting()).isEqualTo(Targeting.SINGLE_SHARD);
      MongoPlan byId = a.plan("order").orElseThrow();
      assertThat(byId.targeting()).isEqualTo(Targeting.SCATTER_GATHER);
      assertThat(byId.shards()).isEqualTo(4);
    }

    @Test
    void aMonotonicRangedKey_sendsEveryInsertToOneShard() {
      // {created_at: 1}: every new order sorts after all others, into the MaxKey chunk: all 10
      // inserts/s on one shard.
      MongoShard s = sharded("{created_at: 1}").shard("orders").orElseThrow();
      assertThat(s.monotonic()).contains("created_at");
      assertThat(s.writes()).isEqualTo(10.0, within(1e-9));
    }

    @Test
    void aHashedKey_spreadsInsertsOverTheShards() {
      // {customer_id: hashed}: the busiest customer's 0.01% of inserts, plus an even quarter of the
      // rest: 10 × (0.0001 + 0.9999 / 4) = 2.50075/s.
      MongoShard s = sharded("{customer_id: hashed}").shard("orders").orElseThrow();
      assertThat(s.monotonic()).isEmpty();
      assertThat(s.writes()).isEqualTo(10 * (0.0001 + 0.9999 / 4), within(1e-9));
      assertThat(s.initialChunks()).isEqualTo(4);
    }
  }
}
