package dev.keyplan.mongodb.check;

import dev.keyplan.check.RuleTester;
import org.junit.jupiter.api.Test;

final class DocumentNearSizeLimitTest {
  private final RuleTester tester = RuleTester.of(DocumentNearSizeLimit.class);

  private static String orders(String marker, String max, String growth) {
    return """
        model: orders
        horizon: 1y
        entities:
          Order:
            attributes:
              order_id: uuid
              customer_id: uuid
            key: [order_id]
            count: 1M
          OrderLine:
            attributes:
              order_id: uuid
              note: {type: text, size: 300B}
            count: 10M
            %s
            spread:
              order_id: {distinct: 1M, busiest: 1%%}
        patterns:
          - id: order
            rate: 100/s
            query: Order where order_id = ?
        mongodb:
          collections:
            orders:%s
              entity: Order
              embed:
                lines: {entity: OrderLine, by: order_id%s}
        """
        .formatted(growth, marker, max);
  }

  @Test
  void fiftyThousandLines_areAWarning() {
    // The busiest order holds min(1% × 10M, 50,000) = 50,000 lines. A line is note (1 + 5 + 4 + 300
    // + 1 =
    // 311 B) in a 316 B sub-document (order_id is the parent's _id), 1 + key + NUL + 316 in the
    // array:
    // 10 × 319 + 90 × 320 + 900 × 321 + 9,000 × 322 + 40,000 × 323 + 5 + 1 + "lines" 6 = 16,138,902
    // B.
    // With _id (26 B), customer_id (34 B) and the document's 5: 16,138,967 B, 96.2% of 16,777,216
    // B.
    tester
        .model(
            orders(
                "  # FINDING: DocumentNearSizeLimit [warning]: is 16,138,967 B, 96.2% of MongoDB's 16 MiB"
                    + " (16,777,216 B) document limit, and sizes are averages; mostly lines 16,138,902 B (100%)",
                ", max: 50000", ""))
        .expectMarkedFindings();
  }

  @Test
  void sixtyThousandLines_areOverTheLimit() {
    // 10,000 more lines of 323 B: 16,138,967 + 3,230,000 = 19,368,967 B, 2,591,751 B over
    // 16,777,216 B.
    tester
        .model(
            orders(
                "  # FINDING: DocumentNearSizeLimit [error]: is 19,368,967 B, 2,591,751 B over MongoDB's 16 MiB",
                ", max: 60000",
                ""))
        .expectMarkedFindings();
  }

  @Test
  void aThousandLines_orAnUnboundedArray_areNotThisRules() {
    // 1,000 lines are about 322 KB, 1.9% of the limit.
    tester.model(orders("", ", max: 1000", "")).expectMarkedFindings();
    // No max over a growing child: UnboundedArray reports it, with the day it passes 16 MiB.
    tester.model(orders("", "", "growth: 10/s")).expectMarkedFindings();
  }
}
