package dev.keyplan.dynamodb.check;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.check.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * TransactionForBatchWork counts the items of one TransactWriteItems request ({@code batch:
 * logged}) and compares them with DynamoDB's 100 items and 4 MB (4,194,304 B) per transaction.
 *
 * <p>The customer model: a Customer item is PK "C#{customer_id}" 2 + 38 = 40 B, SK "PROFILE" 2 + 7
 * = 9 B and name 4 + 20 = 24 B: 73 B. An Order item holds every attribute: PK 40 B, SK
 * "O#{order_id}" 2 + 38 = 40 B, order_id 8 + 36 = 44 B, customer_id 11 + 36 = 47 B, customer_name
 * (a copy_of Customer.name) 13 + 20 = 33 B and total (a decimal of 8 B, 10 digits) 5 + 6 = 11 B:
 * 215 B. 10M orders over 1M customers are 10 per customer.
 */
final class TransactionForBatchWorkTest {
  private final RuleTester tester = RuleTester.of(TransactionForBatchWork.class);

  private static String customers(String busiest, String extra, String marker) {
    return """
        model: shop
        horizon: 1y
        entities:
          Customer:
            attributes:
              customer_id: uuid
              name: {type: text, size: 20B}
            key: [customer_id]
            count: 1M
          Order:
            attributes:
              order_id: uuid
              customer_id: uuid
              customer_name: {type: text, size: 20B, copy_of: Customer.name}
              total: {type: decimal, size: 8B}
        %s
            key: [order_id]
            count: 10M
            spread:
              customer_id: {distinct: 1M, busiest: %s}
        patterns:
          - id: rename-customer   %s
            rate: 1/s
            update: Customer set name where customer_id = ?
            batch: logged
          - id: customer-orders
            rate: 10/s
            query: Order where customer_id = ?
        dynamodb:
          tables:
            AppTable:
              partition_key: PK
              sort_key: SK
              items:
                Customer:
                  keys: {PK: "C#{customer_id}", SK: PROFILE}
                  attributes: [name]
                Order:
                  keys: {PK: "C#{customer_id}", SK: "O#{order_id}"}
        """
        .formatted(extra.indent(6).stripTrailing(), busiest, marker);
  }

  @Test
  void renameCopiedIntoTenThousandOrders_isError() {
    // One Customer item + 10M / 1M = 10 Order copies: 11 items, 73 + 10 × 215 = 2,223 B typically.
    // The busiest customer holds 0.1% of 10M = 10,000 orders: 10,001 items > 100 ⇒ error; its
    // request is 73 + 10,000 × 215 = 2,150,073 B = 2.15 MB.
    // Second write of each item: 1/s × (1 + 10) items × 1 WCU = 11 WCU/s on demand
    // × 2,628,000 s × $0.625 / 10^6 = $18.07/month.
    tester
        .model(
            customers(
                "0.1%",
                "",
                "# FINDING: TransactionForBatchWork [error]: 11 items (2.22 KB) typically,"
                    + " 10,001 (2.15 MB) for the busiest key, over the 100 items a transaction may hold: DynamoDB rejects the"
                    + " busiest key's request (ValidationException). Every item is billed twice (prepare and commit), even when"
                    + " the transaction is cancelled: $18.07/month more"))
        .expectMarkedFindings();
  }

  @Test
  void analysisCountsTheSameTypicalTransaction() {
    // WritePlanner's note counts 1 Customer + ⌈10⌉ Order copies = 11 items, the rule's typical
    // count.
    var plan =
        tester.model(customers("0.1%", "", "")).dynamodb().plan("rename-customer").orElseThrow();
    assertThat(plan.operation()).isEqualTo("TransactWriteItems");
    assertThat(plan.notes()).anyMatch(n -> n.startsWith("TransactWriteItems of 11 items"));
  }

  @Test
  void copiesThatFitToday_butGrowWithTheData_areWarning() {
    // Busiest customer 0.0005% of 10M = 50 orders: 51 items, 73 + 50 × 215 = 10,823 B = 10.8 KB,
    // within 100 items and 4 MB, but the count is a copy fan-out ⇒ warning.
    tester
        .model(
            customers(
                "0.0005%",
                "",
                "# FINDING: TransactionForBatchWork [warning]: Order ×10 (copy_of"
                    + " Customer.name in customer_name; 50 for the busiest key) in one TransactWriteItems: 11 items (2.22 KB)"
                    + " typically, 51 (10.8 KB) for the busiest key, the count grows with the data"))
        .expectMarkedFindings();
  }

  @Test
  void fiftyLargeOrders_areOverFourMegabytes_isError() {
    // Each order also holds a 100 KB invoice: 215 + (11 + 100,000) = 100,226 B. The busiest
    // customer's 50 copies: 73 + 50 × 100,226 = 5,011,373 B = 5.01 MB > 4,194,304 B ⇒ error, though
    // 51 ≤ 100 items. Typically 73 + 10 × 100,226 = 1,002,333 B = 1 MB.
    tester
        .model(
            customers(
                "0.0005%",
                "invoice_pdf: {type: blob, size: 100KB}",
                "# FINDING: TransactionForBatchWork [error]: 11 items (1 MB) typically, 51 (5.01 MB) for the busiest key,"
                    + " over the 4 MB a transaction may hold"))
        .expectMarkedFindings();
  }

  @Test
  void logoutEverywhere_deletesARangeOfSessions_isError() {
    // The delete names user_id, not the session's key: it deletes every session of the user,
    // 10M / 1M = 10 typically, 0.01% of 10M = 1,000 for the busiest user > 100 ⇒ error.
    tester
        .model(
            """
        model: sessions
        horizon: 1y
        entities:
          Session:
            attributes:
              session_id: uuid
              user_id: uuid
            key: [session_id]
            count: 10M
            spread:
              user_id: {distinct: 1M, busiest: 0.01%}
        patterns:
          - id: logout-everywhere   # FINDING: TransactionForBatchWork [error]: Session ×10 (every item with the same user_id; 1,000 for the busiest key)
            rate: 1/s
            delete: Session where user_id = ?
            batch: logged
        dynamodb:
          tables:
            Sessions:
              partition_key: PK
              indexes:
                by_user: {partition_key: user_id}
              items:
                Session:
                  keys: {PK: "S#{session_id}"}
        """)
        .expectMarkedFindings();
  }

  @Test
  void orderAndItsLookupItem_aFixedPair_isNotFlagged() {
    // An insert writes the order item and its lookup item: 2 items, always ⇒ a small invariant.
    tester
        .model(
            """
        model: shop
        horizon: 1y
        entities:
          Order:
            attributes:
              order_id: uuid
              customer_id: uuid
              total: {type: decimal, size: 8B}
            key: [order_id]
            count: 10M
        patterns:
          - id: place-order
            rate: 20/s
            insert: Order
            batch: logged
          - id: order-by-id
            rate: 10/s
            query: Order where order_id = ?
        dynamodb:
          tables:
            AppTable:
              partition_key: PK
              sort_key: SK
              items:
                Order:
                  keys: {PK: "C#{customer_id}", SK: "O#{order_id}"}
                OrderLookup:
                  entity: Order
                  keys: {PK: "O#{order_id}", SK: ORDER}
                  attributes: [customer_id]
        """)
        .expectMarkedFindings();
  }

  @Test
  void aFanOutOf150TimelineItems_isOverWhatATransactionHolds_isError() {
    // fan_out writes one TimelineEntry for each of the author's 150 followers (follower_id's
    // per: {author_id: 150}): 150 items > 100 even typically. An item is PK "F#{follower_id}"
    // 2 + 18 = 20 B, SK "P#{post_id}" 2 + 18 = 20 B, author_id 9 + 16 = 25 B, body 4 + 200 =
    // 204 B: 269 B; 150 × 269 = 40,350 B = 40.4 KB. The second write of each item: 200/s × 150 ×
    // 1 WCU = 30,000 WCU/s × 2,628,000 s × $0.625 / 10^6 = $49,275/month.
    tester
        .model(
            """
        model: timeline
        horizon: 1y
        entities:
          TimelineEntry:
            attributes:
              follower_id: {type: text, size: 16B}
              post_id: {type: text, size: 16B}
              author_id: {type: text, size: 16B}
              body: {type: text, size: 200B}
            key: [follower_id, post_id]
            count: 1B
            spread:
              follower_id: {distinct: 10M, per: {author_id: 150}}
        patterns:
          - id: publish   # FINDING: TransactionForBatchWork [error]: pattern publish writes TimelineEntry ×150 (fan-out 150 rows a request (follower_id per author_id)) in one TransactWriteItems: 150 items (40.4 KB) typically, over the 100 items a transaction may hold: DynamoDB rejects even the typical request (ValidationException). Every item is billed twice (prepare and commit), even when the transaction is cancelled: $49,275.00/month more
            rate: 200/s
            insert: TimelineEntry
            fan_out: {each: follower_id, per: author_id}
            batch: logged
        dynamodb:
          tables:
            Timeline:
              partition_key: PK
              sort_key: SK
              items:
                TimelineEntry:
                  keys: {PK: "F#{follower_id}", SK: "P#{post_id}"}
                  attributes: [author_id, body]
        """)
        .expectMarkedFindings();
  }
}
