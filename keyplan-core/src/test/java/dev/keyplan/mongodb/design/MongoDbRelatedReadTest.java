package dev.keyplan.mongodb.design;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.model.yaml.ModelReader;
import dev.keyplan.mongodb.design.MongoDbPlan.Access;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * A read with related entities on MongoDB (issue 16 §2; docs/model.md, "Reading related rows
 * together"): lines embedded in their order's document come with it (MongoDB manual, "Model
 * One-to-Many Relationships with Embedded Documents":
 * https://www.mongodb.com/docs/manual/tutorial/model-embedded-one-to-many-relationships-between-documents/);
 * lines in a collection of their own are a second find, added to the request. 5M lines over 1M
 * orders are 5 an order.
 */
final class MongoDbRelatedReadTest {
  private static final String SHOP =
      """
      model: shop
      horizon: 1y
      entities:
        Order:
          attributes: {order_id: uuid, total: {type: decimal, size: 8B}}
          key: [order_id]
          count: 1M
        OrderLine:
          attributes: {order_id: uuid, sku: {type: text, size: 10B}, qty: int}
          key: [order_id, sku]
          count: 5M
          spread: {order_id: {distinct: 1M}}
      patterns:
        - id: order-with-lines
          rate: 500/s
          query: Order where order_id = ?
          with: [OrderLine]
      mongodb:
        collections:
      %s
      """;

  private static MongoDbAnalysis analyze(String collections) {
    return MongoDbAnalyzer.analyze(
        ModelReader.read("m.yaml", SHOP.formatted(collections), Path.of(".")));
  }

  @Test
  void embeddedLinesComeWithTheOrder_atNoExtraRead() {
    // The order by _id: IXSCAN of _id_, 1 key, 1 document, as without with:. Its lines are in
    // it. The document: 4 (length) + _id binData 1 + 4 + 4 + 1 + 16 = 26 + total decimal128 1 + 6
    // + 16 = 23 + lines (each element 4 + sku 1 + 4 + 4 + 10 + 1 = 20 + qty 1 + 4 + 4 = 9 + 1 =
    // 34, in the array with type 1 and key "0\0" 2: 37) 1 + "lines\0" 6 + (4 + 5 × 37 + 1) = 197
    // + 1 = 251 B.
    MongoDbAnalysis a =
        analyze(
            "    orders:\n      entity: Order\n      embed:\n        lines: {entity: OrderLine, by:"
                + " order_id}");
    MongoDbPlan p = a.plan("order-with-lines").orElseThrow();
    assertThat(a.collection("orders").orElseThrow().typicalBytes()).isEqualTo(251);
    assertThat(p.access()).isEqualTo(Access.IXSCAN);
    assertThat(p.operation()).isEqualTo("find");
    assertThat(p.keysExamined().typical()).isEqualTo(1);
    assertThat(p.docsExamined().typical()).isEqualTo(1);
    assertThat(p.notes())
        .contains(
            "OrderLine is in the orders documents the read returns: it comes with them, no extra"
                + " read (its bytes are in the document's 251 B)");
  }

  @Test
  void linesInTheirOwnCollection_areASecondFind_addedToTheRequest() {
    // orders by _id: 1 key, 1 document. lines by its {order_id: 1} index: 5M / 1M = 5 keys and
    // 5 documents. In all 6 keys, 6 documents and 6 returned a request, and 500 reads/s on the
    // lines collection.
    MongoDbAnalysis a =
        analyze(
            "    orders: {entity: Order}\n    lines:\n      entity: OrderLine\n      indexes:\n"
                + "        - {order_id: 1}");
    MongoDbPlan p = a.plan("order-with-lines").orElseThrow();
    assertThat(p.operation()).isEqualTo("find + find");
    assertThat(p.keysExamined().typical()).isEqualTo(6);
    assertThat(p.docsExamined().typical()).isEqualTo(6);
    assertThat(p.returned()).isEqualTo(6);
    assertThat(p.notes())
        .anyMatch(
            n -> n.startsWith("OrderLine is not in the documents the read returns: a second"));
    assertThat(a.shard("lines").orElseThrow().reads()).isEqualTo(500);
  }
}
