package dev.keyplan.mongodb.verify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.mongodb.design.MongoDbAnalysis;
import dev.keyplan.mongodb.design.MongoDbCollection;
import dev.keyplan.mongodb.facts.DocumentSize;
import java.util.List;
import java.util.Set;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The generated documents measure as keyplan sized them: the BSON library ({@link DocumentSize}) on
 * each generated document gives keyplan's {@code typicalBytes} (or {@code largestBytes}), except by
 * the difference an enumeration's value makes against the values' average length, which is what
 * keyplan counts.
 */
final class DocumentsTest {
  @ParameterizedTest
  @ValueSource(
      strings = {
        "shop-mongodb.yaml",
        "shop-mongodb-embedded-reviews.yaml",
        "tenants-mongodb.yaml",
        "tenants-mongodb-fixed.yaml",
        "customers-zones-mongodb.yaml",
        "events-mongodb.yaml",
        "events-mongodb-hashed.yaml"
      })
  void everyGeneratedDocument_isKeyplansSize_butForItsEnumerationsLength(String example) {
    MongoDbAnalysis a = Examples.analysis(example);
    for (MongoDbCollection c : a.collections()) {
      CollectionLoad load = new CollectionLoad(a, c, 200, 1);
      for (CollectionLoad.Block b : load.blocks) {
        long keyplan = b.role().equals("largest") ? c.largestBytes() : c.typicalBytes();
        for (BsonDocument d : load.documents.subList(b.from(), b.to())) {
          assertThat(DocumentSize.of(d))
              .as("%s %s %s", example, c.name(), b.role())
              .isEqualTo(keyplan + enumerationDelta(c, d));
        }
      }
    }
  }

  @Test
  void shopOrders_differOnlyByTheStatusLength_andHoldThreeLines() {
    // status is one of pending, paid, shipped, delivered: keyplan sizes it at their average length,
    // (7 + 4 + 7 + 9) / 4 = 6.75, rounded to 7 bytes; a "paid" order is 3 bytes smaller. Lines: 60M
    // + 30/s over the year per 20M + 10/s orders is 3 per order.
    MongoDbAnalysis a = Examples.analysis("shop-mongodb.yaml");
    MongoDbCollection orders = a.collection("orders").orElseThrow();
    CollectionLoad load = new CollectionLoad(a, orders, 200, 1);
    BsonDocument paid =
        load.documents.stream()
            .filter(d -> d.getString("status").getValue().equals("paid"))
            .findFirst()
            .orElseThrow();
    assertThat(DocumentSize.of(paid)).isEqualTo(orders.typicalBytes() - 3);
    assertThat(paid.getArray("lines")).hasSize(3);
    assertThat(paid.getArray("lines").get(0).asDocument().keySet())
        .containsExactly("product_id", "name", "qty", "price");
  }

  @Test
  void blocks_holdKeyplansBusiestCountScaledDown_andItsTypicalCount() {
    // Reviews by product_id: 1M + 1/s for a year (31,536,000 s) = 32,536,000 reviews. The busiest
    // product holds 2% of them, 650,720, scaled to 2,000; a typical one 32,536,000 / 50k = 650.7,
    // so 651 documents.
    MongoDbAnalysis a = Examples.analysis("shop-mongodb.yaml");
    MongoDbCollection reviews = a.collection("reviews").orElseThrow();
    CollectionLoad load = new CollectionLoad(a, reviews, 2_000, 1);
    CollectionLoad.Block busiest = load.block("busiest", Set.of("product_id")).orElseThrow();
    CollectionLoad.Block typical = load.block("typical", Set.of("product_id")).orElseThrow();
    assertThat(busiest.size()).isEqualTo(2_000);
    assertThat(busiest.predicted()).isEqualTo(650_720, org.assertj.core.data.Offset.offset(1.0));
    assertThat(busiest.scale())
        .isEqualTo(2_000 / 650_720.0, org.assertj.core.data.Offset.offset(1e-6));
    assertThat(typical.size()).isEqualTo(651);
    assertThat(load.base().size()).isEqualTo(200);
    // Every document of a block shares its value, and the two blocks' values differ.
    var inBusiest =
        load.documents.subList(busiest.from(), busiest.to()).stream()
            .map(d -> d.get("product_id"))
            .distinct()
            .toList();
    assertThat(inBusiest).hasSize(1);
    assertThat(load.documents.get(typical.from()).get("product_id")).isNotEqualTo(inBusiest.get(0));
  }

  @Test
  void aNamedShare_isTheBusiestBlocksValue_andKeysNamingOneDocumentHaveNoBlock() {
    // tenants-mongodb shards by country_code, 60% busiest, no named value: a drawn 2-byte value.
    // The
    // zones example's shard key {region_code, customer_id} names one customer, so it has no block.
    MongoDbAnalysis zones = Examples.analysis("customers-zones-mongodb.yaml");
    assertThat(CollectionLoad.groupings(zones, zones.collection("customers").orElseThrow()))
        .isEmpty();
    MongoDbAnalysis tenants = Examples.analysis("tenants-mongodb.yaml");
    assertThat(CollectionLoad.groupings(tenants, tenants.collection("tenants").orElseThrow()))
        .containsExactly(Set.of("country_code"));
  }

  @Test
  void theSameSeed_makesTheSameDocuments_anotherSeedOthers() {
    MongoDbAnalysis a = Examples.analysis("shop-mongodb.yaml");
    MongoDbCollection c = a.collection("customers").orElseThrow();
    List<BsonDocument> one = new CollectionLoad(a, c, 100, 7).documents;
    assertThat(new CollectionLoad(a, c, 100, 7).documents).isEqualTo(one);
    assertThat(new CollectionLoad(a, c, 100, 8).documents.get(0)).isNotEqualTo(one.get(0));
    assertThat(one.stream().map(d -> d.get("email")).distinct().count())
        .isEqualTo(one.size()); // a unique index holds
  }

  /**
   * The bytes {@code d}'s enumeration values take beyond the average length keyplan sizes them at.
   */
  private static long enumerationDelta(MongoDbCollection c, BsonDocument d) {
    long delta = 0;
    for (var a : c.entity().attributes().values()) {
      if (!a.values().isEmpty() && d.isString(a.name())) {
        delta += d.getString(a.name()).getValue().length() - a.size().orElse(0);
      }
    }
    return delta;
  }
}
