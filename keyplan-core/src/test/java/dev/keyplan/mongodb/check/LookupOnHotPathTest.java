package dev.keyplan.mongodb.check;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.check.Finding;
import dev.keyplan.check.RuleTester;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * LookupOnHotPath: a read whose documents lack a copied field joins its source with $lookup; error
 * past the 10,000/s default shard budget in lookups, warning on the hot path (1,000/s) or when more
 * than half the reads use $lookup, info otherwise.
 */
final class LookupOnHotPathTest {
  private final RuleTester tester = RuleTester.of(LookupOnHotPath.class);

  @Test
  void lookupsPerSecondDecide_errorPastTheBudget_warningOverAtlasShare_noLookupNothing() {
    // lines holds order_id, product_id, qty but not name, a copy of Product.name, so:
    //   order-lines selects name: 20 lines a request × 1 collection = 20 lookups at 600/s =
    //     12,000/s into products, 120% of 10,000/s ⇒ error.
    //   line-count selects qty only ⇒ a plain find ⇒ nothing.
    //   products by id at 400/s ⇒ nothing.
    // $lookup reads: 600 of 600 + 100 + 400 = 1,100/s = 54.5% > 50% (Atlas).
    List<Finding> found =
        tester
            .model(
                """
        model: shop
        horizon: 1y
        entities:
          OrderLine:
            attributes:
              order_id: uuid
              line_no: int
              product_id: uuid
              name: {type: text, size: 40B, copy_of: Product.name}
              qty: int
            key: [order_id, line_no]
            count: 20M
            spread:
              order_id: {distinct: 1M}
          Product:
            attributes:
              product_id: uuid
              name: {type: text, size: 40B}
            key: [product_id]
            count: 50k
        patterns:
          - id: order-lines # FINDING: LookupOnHotPath [error]: joins products with $lookup: 20 lookups a request at 600/s, 12,000/s into products (120% of the 10,000/s shard budget); $lookup reads are 54.5% of all reads, over Atlas's 50%
            rate: 600/s
            query: select name, qty from OrderLine where order_id = ? limit 20
          - {id: line-count, rate: 100/s, query: select qty from OrderLine where order_id = ? limit 20}
          - {id: product, rate: 400/s, query: Product where product_id = ?}
        mongodb:
          collections:
            lines:
              entity: OrderLine
              fields: [order_id, line_no, product_id, qty]
              indexes:
                - {order_id: 1, line_no: 1}
            products: {entity: Product}
        """)
            .expectMarkedFindings();
    assertThat(found.get(0).fix())
        .startsWith("keep name in the lines documents (the extended reference pattern");
  }

  @Test
  void aRareLookup_isInfo() {
    // 1 line a request (limit 1) at 10/s: 10 lookups/s, 0.1% of the budget, off the hot path; with
    // the plain 90/s product read, $lookup reads are 10 / 100 = 10%, not over Atlas's 50% ⇒ info.
    List<Finding> found =
        tester
            .model(
                """
        model: shop
        horizon: 1y
        entities:
          OrderLine:
            attributes:
              order_id: uuid
              line_no: int
              name: {type: text, size: 40B, copy_of: Product.name}
              qty: int
            key: [order_id, line_no]
            count: 20M
            spread:
              order_id: {distinct: 1M}
          Product:
            attributes:
              product_id: uuid
              name: {type: text, size: 40B}
            key: [product_id]
            count: 50k
        patterns:
          - id: first-line # FINDING: LookupOnHotPath [info]: 1 lookup a request at 10/s, 10/s into products (0.1% of the 10,000/s shard budget); $lookup reads are 10% of all reads
            rate: 10/s
            query: select name from OrderLine where order_id = ? limit 1
          - {id: product, rate: 90/s, query: Product where product_id = ?}
        mongodb:
          collections:
            lines:
              entity: OrderLine
              fields: [order_id, line_no, qty]
              indexes:
                - {order_id: 1, line_no: 1}
            products: {entity: Product}
        """)
            .expectMarkedFindings();
    assertThat(found).hasSize(1);
  }
}
