package dev.keyplan.mongodb.check;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.check.Finding;
import dev.keyplan.check.RuleTester;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * MultiDocumentTransaction: a logged batch over several documents is a transaction (60 s lifetime,
 * 5 ms lock wait); a warning on the common path (10% of the 10,000/s default shard budget,
 * 1,000/s), info below it, nothing for a single document.
 */
final class MultiDocumentTransactionTest {
  private final RuleTester tester = RuleTester.of(MultiDocumentTransaction.class);

  @Test
  void aTransactionOnTheCommonPath_isAWarning_aRareOne_info_oneDocument_nothing() {
    // place-order writes the order into orders and orders_by_status in one transaction: 2
    // documents,
    //   2,000/s × 2 = 4,000 documents/s; 2,000/s = 20% of 10,000/s ≥ 10% ⇒ warning.
    // cancel-order: the same 2 documents at 5/s = 0.05% ⇒ info.
    // rename: a Customer lives in one document ⇒ batch: logged is one atomic write ⇒ nothing.
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
              status: {type: text, values: [new, paid, cancelled]}
            key: [order_id]
            count: 1M
          Customer:
            attributes:
              customer_id: uuid
              name: {type: text, size: 20B}
            key: [customer_id]
            count: 1M
        patterns:
          - id: place-order # FINDING: MultiDocumentTransaction [warning]: over about 2 documents in orders, orders_by_status at 2,000/s, 4,000/s documents under transactions
            rate: 2k/s
            insert: Order
            batch: logged
          - id: cancel-order # FINDING: MultiDocumentTransaction [info]: below 10% of the shard budget, off the common path
            rate: 5/s
            update: Order set status where order_id = ?
            batch: logged
          - id: rename
            rate: 50/s
            update: Customer set name where customer_id = ?
            batch: logged
        mongodb:
          collections:
            orders: {entity: Order}
            orders_by_status:
              entity: Order
              indexes:
                - {status: 1}
            customers: {entity: Customer}
        """)
            .expectMarkedFindings();
    assertThat(found.get(0).message())
        .contains("must commit within 60 s and aborts after waiting 5 ms");
    assertThat(found.get(0).fix())
        .startsWith("a single-document write is atomic")
        .contains("(embed it, or keep one copy and read the other through it)");
  }
}
