package dev.keyplan.mongodb.check;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.check.Finding;
import dev.keyplan.check.RuleTester;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * UnusedIndex: an index no plan uses still costs every write, unless it does work no plan shows.
 */
final class UnusedIndexTest {
  private final RuleTester tester = RuleTester.of(UnusedIndex.class);

  @Test
  void anIndexNoPatternUses_isAWarning_usedUniqueTtlAndShardKeyIndexesAreNot() {
    // orders: 1M documents, 10 inserts/s.
    //   status_1: no read filters or sorts by status, no write finds by it ⇒ warning; each insert
    //     writes one entry: 10/s.
    //   customer_id_1_created_at_-1 serves customer-orders ⇒ used.
    //   email_1 is unique ⇒ it enforces the constraint ⇒ not flagged.
    //   created_at_1 with ttl: 30d ⇒ its monitor deletes ⇒ not flagged.
    //   _id_ ⇒ never flagged.
    List<Finding> found =
        tester
            .model(
                """
        model: shop
        horizon: 30d
        entities:
          Order:
            attributes:
              order_id: uuid
              customer_id: uuid
              email: {type: text, size: 30B, unique: true}
              status: {type: text, values: [new, paid, shipped]}
              created_at: {type: timestamp, time_ordered: true}
            key: [order_id]
            count: 1M
            growth: 10/s
            spread:
              customer_id: {distinct: 100k}
        patterns:
          - {id: customer-orders, rate: 100/s, query: Order where customer_id = ? order by created_at desc limit 20}
          - {id: place, rate: 10/s, insert: Order}
        mongodb:
          collections:
            orders:
              entity: Order
              indexes:
                - {status: 1} # FINDING: UnusedIndex [warning]: index status_1 of orders serves no pattern
                - {customer_id: 1, created_at: -1}
                - {keys: {email: 1}, unique: true}
                - {keys: {created_at: 1}, ttl: 30d}
        """)
            .expectMarkedFindings();
    assertThat(found.get(0).message()).contains("the write patterns change 10/s of its entries");
    assertThat(found.get(0).fix())
        .startsWith("drop it: db.orders.dropIndex(\"status_1\")")
        .contains("hideIndex(\"status_1\")");
  }

  @Test
  void theShardKeysIndex_andAnIndexAWriteFindsItsDocumentsBy_areUsed() {
    // sessions sharded on {user_id: 1}: user_id_1 supports the key ⇒ not flagged, though no read
    // uses it. device_id_1: the sign-out deletes by device_id ⇒ the write finds its documents
    // through it ⇒ used.
    tester
        .model(
            """
        model: logins
        horizon: 1d
        entities:
          Session:
            attributes:
              session_id: uuid
              user_id: uuid
              device_id: uuid
            key: [session_id]
            count: 1M
            spread:
              user_id: {distinct: 100k}
              device_id: {distinct: 500k}
        patterns:
          - {id: session, rate: 100/s, query: Session where user_id = ? and session_id = ?}
          - {id: sign-out, rate: 10/s, delete: Session where device_id = ?}
        mongodb:
          shards: 2
          collections:
            sessions:
              entity: Session
              indexes:
                - {user_id: 1}
                - {device_id: 1}
              shard_key: {user_id: 1}
        """)
        .expectMarkedFindings();
  }

  @Test
  void theSubsetPatternsFullCollectionIndex_isUsedByTheReadItServes() {
    // MongoDB's Subset pattern
    // (https://www.mongodb.com/blog/post/building-with-patterns-the-subset-pattern):
    // products embed their 10 newest reviews (max: 10), and every review is also a document of
    // reviews, indexed {product_id: 1, date: -1}. "20 reviews of a product, newest first" needs
    // more than the 10 the array holds, so the array cannot serve it (docs/model.md, "Schema
    // patterns"): the plan of product-reviews runs on reviews through product_id_1_date_-1, the
    // index is used and the rule stays silent. Issue 17 reported it "unused" with "drop it" (the
    // plan then read the array); this test failed before the planner's fix.
    tester
        .model(
            """
        model: catalogue
        horizon: 1y
        entities:
          Product:
            attributes:
              product_id: uuid
              name: {type: text, size: 40B}
            key: [product_id]
            count: 10k
          Review:
            attributes:
              review_id: uuid
              product_id: uuid
              user_id: uuid
              date: {type: timestamp, time_ordered: true}
              text: {type: text, size: 200B}
            key: [review_id]
            count: 1M
            growth: 1/s
            spread:
              product_id: {distinct: 10k}
        patterns:
          - {id: product-reviews, rate: 100/s, query: Review where product_id = ? order by date desc limit 20}
          - {id: review, rate: 1/s, insert: Review}
        mongodb:
          collections:
            products:
              entity: Product
              embed:
                reviews: {entity: Review, by: product_id, max: 10}
            reviews:
              entity: Review
              indexes:
                - {product_id: 1, date: -1}
        """)
        .expectMarkedFindings();
  }

  @Test
  void anIndexThatFindsTheCopiesOfAnExtendedReference_isUsedByTheUpdateOfTheirSource() {
    // The Extended Reference pattern
    // (https://www.mongodb.com/blog/post/building-with-patterns-the-extended-reference-pattern):
    // order lines hold copies of the product's name (copy_of). Renaming a product rewrites every
    // order holding it: updateMany({"lines.product_id": …}), found through lines.product_id_1, so
    // the index is used though no read names it. orders_by_status serves nothing ⇒ warning.
    tester
        .model(
            """
        model: shop
        horizon: 1y
        entities:
          Product:
            attributes: {product_id: uuid, name: {type: text, size: 40B}}
            key: [product_id]
            count: 10k
          Order:
            attributes: {order_id: uuid, status: {type: text, size: 8B}}
            key: [order_id]
            count: 1M
          OrderLine:
            attributes:
              order_id: uuid
              product_id: uuid
              name: {type: text, size: 40B, copy_of: Product.name}
            count: 3M
        patterns:
          - {id: order, rate: 100/s, query: Order where order_id = ?}
          - {id: rename, rate: 1/s, update: Product set name where product_id = ?}
        mongodb:
          collections:
            products: {entity: Product}
            orders:
              entity: Order
              embed:
                lines: {entity: OrderLine, by: order_id, max: 100}
              indexes:
                - {lines.product_id: 1}
                - {keys: {status: 1}, name: orders_by_status} # FINDING: UnusedIndex [warning]: index orders_by_status of orders serves no pattern
        """)
        .expectMarkedFindings();
  }
}
