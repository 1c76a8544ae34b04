package dev.keyplan.dynamodb.design;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.model.Model;
import dev.keyplan.model.yaml.ModelReader;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * Reading an item collection of several item types in one Query (issue 16 §2; docs/model.md,
 * "Reading related rows together"): {@code with: [OrderLine]} on {@code Order where order_id = ?}
 * returns the order and its lines. On DynamoDB one Query of {@code PK = "O#<order_id>"} returns
 * both when they share the partition key (AWS DG, "Best practices for using sort keys to organize
 * data": https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/bp-sort-keys.html);
 * otherwise each is read on its own and the requests add up.
 *
 * <p>Item sizes by hand (DynamoDB: attribute name bytes + UTF-8 value bytes, AWS DG "Item sizes and
 * formats"): an order is PK {@code O#} + 10 B id = 12 + 2 = 14, SK the same 14, body 4 + 568 = 572:
 * <b>600 B</b>. A line is PK 14, SK {@code L#} + 4 B = 6 + 2 = 8, product 7 + 571 = 578: <b>600
 * B</b>. 5M lines over 1M orders are 5 lines an order.
 */
final class DynamoDbItemCollectionReadTest {

  private static final String SHOP =
      """
      model: shop
      horizon: 1y
      entities:
        Order:
          attributes:
            order_id: {type: text, size: 10B}
            body: {type: text, size: 568B}
          key: [order_id]
          count: 1M
        OrderLine:
          attributes:
            order_id: {type: text, size: 10B}
            line_id: {type: text, size: 4B}
            product: {type: text, size: 571B}
          key: [order_id, line_id]
          count: 5M
          spread:
            order_id: {distinct: 1M}
      patterns:
        - id: order-with-lines
          rate: 500/s
          query: Order where order_id = ?
      %s
      dynamodb:
        tables:
          Shop:
            partition_key: PK
            sort_key: SK
            items:
              Order: {keys: {PK: "O#{order_id}", SK: "O#{order_id}"}, attributes: [body]}
              OrderLine: {keys: {PK: "%s#{order_id}", SK: "L#{line_id}"}, attributes: [product]}
      """;

  private static DynamoDbAnalysis analyze(String with, String linePk) {
    Model m = ModelReader.read("m.yaml", SHOP.formatted(with, linePk), Path.of("."));
    return DynamoDbAnalyzer.analyze(m);
  }

  private static DynamoDbPlan plan(String with, String linePk) {
    return analyze(with, linePk).plan("order-with-lines").orElseThrow();
  }

  @Test
  void withoutWith_theOrderAloneIsOneGetItem() {
    // The order's full primary key is given: GetItem of 600 B, ⌈600 / 4,096⌉ = 1 block, 0.5 RCU.
    DynamoDbPlan p = plan("", "O");
    assertThat(p.operation()).isEqualTo("GetItem");
    assertThat(p.bytes().typical()).isEqualTo(600);
    assertThat(p.readUnits()).isEqualTo(0.5);
  }

  @Test
  void linesUnderTheOrdersPartitionKey_oneQueryReturnsTheOrderAndItsLines() {
    // One Query of PK = "O#<order_id>" with no sort key condition (O# and L# share no prefix):
    // 1 order + 5 lines = 6 items, 6 × 600 = 3,600 B, one page, ⌈3,600 / 4,096⌉ = 1 block,
    // 0.5 RCU eventually consistent, 1 call: the lines cost nothing more than the order's GetItem.
    DynamoDbPlan p = plan("    with: [OrderLine]", "O");
    assertThat(p.operation()).isEqualTo("Query");
    assertThat(p.keyCondition()).isEqualTo("PK = \"O#<order_id>\"");
    assertThat(p.items()).containsExactly("Order", "OrderLine");
    assertThat(p.itemsEvaluated().typical()).isEqualTo(6);
    assertThat(p.bytes().typical()).isEqualTo(3_600);
    assertThat(p.calls()).isEqualTo(1);
    assertThat(p.readUnits()).isEqualTo(0.5);
    // The lines are wanted, not read and then filtered away.
    assertThat(p.filter()).isEmpty();
    assertThat(p.notes())
        .anyMatch(n -> n.startsWith("one Query returns the Order and OrderLine items together"));
  }

  @Test
  void linesUnderTheirOwnPartitionKey_areASecondRequest_andTheUnitsAddUp() {
    // Lines under L#{order_id}: the order is a GetItem (600 B, 0.5 RCU), the lines a Query of
    // PK = "L#<order_id>" (5 × 600 = 3,000 B, 1 block, 0.5 RCU): 1 RCU and 2 calls a request,
    // twice the one Query above.
    DynamoDbPlan p = plan("    with: [OrderLine]", "L");
    assertThat(p.operation()).isEqualTo("GetItem + Query");
    assertThat(p.calls()).isEqualTo(2);
    assertThat(p.itemsEvaluated().typical()).isEqualTo(6);
    assertThat(p.bytes().typical()).isEqualTo(3_600);
    assertThat(p.readUnits()).isEqualTo(1.0);
    assertThat(p.access()).isEqualTo(DynamoDbPlan.Access.QUERY);
    assertThat(p.notes())
        .contains(
            "OrderLine is not in Order's item collection: 2 requests (Query PK = \"L#<order_id>\")");
  }

  @Test
  void theLinesKeyReceivesTheReadsLoad() {
    // The lines' own request lands on L#{order_id}: its heat lists the read, which it would not
    // without with:.
    assertThat(analyze("    with: [OrderLine]", "L").heat())
        .anyMatch(
            h -> h.signature().equals("L#{order_id}") && h.patterns().contains("order-with-lines"));
    assertThat(analyze("", "L").heat())
        .noneMatch(
            h -> h.signature().equals("L#{order_id}") && h.patterns().contains("order-with-lines"));
  }

  /**
   * Orders and their lines in the customer's partition under one sort key prefix, and a profile
   * item there too: 10 orders of 5 lines a customer (100k customers, 1M orders, 5M lines).
   */
  private static final String CUSTOMERS =
      """
      model: shop
      horizon: 1y
      entities:
        Customer:
          attributes: {customer_id: {type: text, size: 10B}, name: {type: text, size: 100B}}
          key: [customer_id]
          count: 100k
        Order:
          attributes:
            customer_id: {type: text, size: 10B}
            order_id: {type: text, size: 10B}
          key: [order_id]
          count: 1M
          spread: {customer_id: {distinct: 100k}, order_id: {distinct: 1M}}
        OrderLine:
          attributes:
            customer_id: {type: text, size: 10B}
            order_id: {type: text, size: 10B}
            line_id: {type: text, size: 4B}
          key: [order_id, line_id]
          count: 5M
          spread:
            customer_id: {distinct: 100k}
            order_id: {distinct: 1M, per: {customer_id: 10}}
      patterns:
        - id: order-with-lines
          rate: 500/s
          query: Order where customer_id = ? and order_id = ?
          with: [OrderLine]
        - id: customer-with-orders
          rate: 50/s
          query: Customer where customer_id = ?
          with: Order
      dynamodb:
        tables:
          Shop:
            partition_key: PK
            sort_key: SK
            items:
              Customer: {keys: {PK: "C#{customer_id}", SK: "PROFILE"}}
              Order: {keys: {PK: "C#{customer_id}", SK: "ORDER#{order_id}"}}
              OrderLine: {keys: {PK: "C#{customer_id}", SK: "ORDER#{order_id}#LINE#{line_id}"}}
      """;

  @Test
  void aSharedSortKeyPrefix_keepsTheOrderIdInTheKeyCondition() {
    // The order's own condition SK = "ORDER#<order_id>" would exclude the lines; both sort keys
    // start with ORDER#<order_id>, which keeps the read's order_id: one Query, 1 order + 5 lines.
    // (begins_with on "ORDER#<order_id>" reads the order and its 5 lines: per: {customer_id: 10}
    // keeps a tenth of the customer's 50 lines.)
    DynamoDbPlan p =
        DynamoDbAnalyzer.analyze(ModelReader.read("m.yaml", CUSTOMERS, Path.of(".")))
            .plan("order-with-lines")
            .orElseThrow();
    assertThat(p.operation()).isEqualTo("Query");
    assertThat(p.keyCondition())
        .isEqualTo("PK = \"C#<customer_id>\" AND begins_with(SK, \"ORDER#<order_id>\")");
    assertThat(p.itemsEvaluated().typical()).isEqualTo(6);
  }

  @Test
  void anItemTypeNotAsked_isStillReadAndFiltered_butTheRelatedOnesAreNot() {
    // Customer with: Order. PROFILE and ORDER# share no prefix: PK = "C#<customer_id>" alone
    // reads the profile, the 10 orders, and the 50 lines nobody asked for, which a filter on the
    // item type drops after they are billed.
    DynamoDbPlan p =
        DynamoDbAnalyzer.analyze(ModelReader.read("m.yaml", CUSTOMERS, Path.of(".")))
            .plan("customer-with-orders")
            .orElseThrow();
    assertThat(p.keyCondition()).isEqualTo("PK = \"C#<customer_id>\"");
    assertThat(p.items()).containsExactly("Customer", "Order");
    assertThat(p.itemsEvaluated().typical()).isEqualTo(1 + 10 + 50);
    assertThat(p.filter()).containsExactly("(item type)");
    assertThat(p.notes())
        .anyMatch(n -> n.startsWith("the key condition also reads the OrderLine items"));
  }
}
