package dev.keyplan.mongodb.check;

import dev.keyplan.check.RuleTester;
import org.junit.jupiter.api.Test;

final class BlockingSortTest {
  private final RuleTester tester = RuleTester.of(BlockingSort.class);

  private static String orders(String marker, String limit, String index) {
    return """
        model: shop
        horizon: 1d
        entities:
          Order:
            attributes:
              order_id: uuid
              status: {type: text, size: 8B}
              order_date: date
              body: {type: text, size: 900B}
            key: [order_id]
            count: 1M
            spread:
              status: {distinct: 5}
        patterns:
          - id: by-status%s
            rate: 1/s
            query: Order where status = ? order by order_date desc%s
        mongodb:
          collections:
            orders:
              entity: Order
              indexes:
                - %s
        """
        .formatted(marker, limit, index);
  }

  @Test
  void sortingAFifthOfAMillionOrders_isOverOneHundredMegabytes() {
    // An order is _id 26 + status 1 + 7 + 4 + 8 + 1 = 21 + order_date 1 + 11 + 8 = 20 + body 1 + 5
    // + 4 + 900
    // + 1 = 911, + 5: 983 B. {status: 1} matches 1M / 5 = 200,000 of them, sorted by date in
    // memory:
    // 200,000 × 983 = 196,600,000 B > 104,857,600 B.
    tester
        .model(
            orders(
                " # FINDING: BlockingSort [error]: index status_1 of orders does not give the order, so each"
                    + " request sorts 200,000 documents, 196,600,000 B: over the 100 MB (104,857,600 B)",
                "",
                "{status: 1}"))
        .expectMarkedFindings();
  }

  @Test
  void aLimit_keepsOnlyTheBest_isAWarning() {
    // A top-50 sort holds 50 × 983 = 49,150 B, 0.047% of 104,857,600 B, but still reads all
    // 200,000.
    tester
        .model(
            orders(
                " # FINDING: BlockingSort [warning]: sorts 200,000 documents, 196,600,000 B, keeping the best 50"
                    + " (49,150 B), 0.047% of the 100 MB",
                " limit 50", "{status: 1}"))
        .expectMarkedFindings();
  }

  @Test
  void theEsrIndex_givesTheOrder() {
    tester.model(orders("", " limit 50", "{status: 1, order_date: -1}")).expectMarkedFindings();
  }

  @Test
  void sortingTheElementsOfAnEmbeddedArray_isNotADocumentSort() {
    // The lines of one order are sorted inside its document: no index orders array elements.
    tester
        .model(
            """
        model: shop
        horizon: 1d
        entities:
          Order:
            attributes:
              order_id: uuid
            key: [order_id]
            count: 1M
          OrderLine:
            attributes:
              order_id: uuid
              line_no: int
            count: 3M
        patterns:
          - id: lines
            rate: 100/s
            query: OrderLine where order_id = ? order by line_no
        mongodb:
          collections:
            orders:
              entity: Order
              embed:
                lines: {entity: OrderLine, by: order_id, max: 100}
        """)
        .expectMarkedFindings();
  }
}
