package dev.keyplan.mongodb.check;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.check.Finding;
import dev.keyplan.check.RuleTester;
import java.util.List;
import org.junit.jupiter.api.Test;

/** TypedValueAsString: a typed attribute held as a string, with the bytes it adds per document. */
final class TypedValueAsStringTest {
  private final RuleTester tester = RuleTester.of(TypedValueAsString.class);

  @Test
  void aTimestampAndABooleanAsStrings_areFlagged_textAndNativeTypesAreNot() {
    // 1M orders + 1/s × 31,536,000 s = 32,536,000 documents.
    // created_at as a 24-byte ISO string: 4 + 24 + 1 = 29 B against a date's 8 B ⇒ 21 B more a
    //   document, 21 × 32,536,000 = 683 MB.
    // paid as text, sized as its longer form "false": 4 + 5 + 1 = 10 B against a bool's 1 B ⇒ 9 B
    //   more, 9 × 32,536,000 = 293 MB.
    // status is text, total an int held as int ⇒ nothing.
    List<Finding> found =
        tester
            .model(
                """
        model: shop
        horizon: 1y
        entities:
          Order:
            attributes:
              order_id: uuid
              created_at: timestamp
              paid: boolean
              status: {type: text, values: [new, shipped]}
              total: int
            key: [order_id]
            count: 1M
            growth: 1/s
        patterns:
          - {id: order, rate: 10/s, query: Order where order_id = ?}
        mongodb:
          collections:
            orders:
              entity: Order
              fields:
                order_id: uuid
                created_at: {type: string, size: 24B} # FINDING: TypedValueAsString [warning]: 29 B a value against 8 B as date (21 B more per document, 683 MB over 32,536,000 documents)
                paid: string # FINDING: TypedValueAsString [warning]: 10 B a value against 1 B as bool (9 B more per document, 293 MB
                status: string
                total: int
        """)
            .expectMarkedFindings();
    assertThat(found.get(0).fix()).startsWith("store it as BSON date");
  }
}
