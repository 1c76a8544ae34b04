package dev.keyplan.dynamodb.check;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.check.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * TablePerEntity flags writes that span tables (a warning in a transaction, advice when each table
 * holds one entity) and single tables holding an entity no pattern reads.
 *
 * <p>The messages price the pattern's write units on demand at the peak rate all month: WCU/s ×
 * 2,628,000 s × $0.625 per million write units.
 */
final class TablePerEntityTest {
  private final RuleTester tester = RuleTester.of(TablePerEntity.class);

  private static String customersAndOrders(String batch, String marker) {
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
            key: [order_id]
            count: 10M
        patterns:
          - id: rename-customer   %s
            rate: 1/s
            update: Customer set name where customer_id = ?
        %s
          - id: customer
            rate: 10/s
            query: Customer where customer_id = ?
          - id: customer-orders
            rate: 10/s
            query: Order where customer_id = ?
        dynamodb:
          tables:
            Customers:
              partition_key: customer_id
              items:
                Customer: {keys: {}}
            Orders:
              partition_key: customer_id
              sort_key: order_id
              items:
                Order: {keys: {}}
        """
        .formatted(marker, batch.indent(4).stripTrailing());
  }

  @Test
  void renameCopiedAcrossTablePerEntity_inATransaction_isWarning() {
    // The rename writes the Customer item and its 10M / 1M = 10 copies in Orders: tables
    // Customers (Customer) and Orders (Order), in one TransactWriteItems.
    // Units: Customer item (customer_id 11 + 36, name 4 + 20 = 71 B) 1 × 2 = 2, orders
    // (customer_id 47, order_id 8 + 36 = 44, customer_name 13 + 20 = 33: 124 B) 10 × 2 = 20:
    // 22 WCU × 1/s × 2,628,000 × $0.625 / 10^6 = $36.14/month.
    tester
        .model(
            customersAndOrders(
                "batch: logged",
                "# FINDING: TablePerEntity [warning]: writes Customer to 2"
                    + " tables, Customers (Customer), Orders (Order), in one TransactWriteItems: every item is billed twice"
                    + " (prepare and commit), $36.14/month of write units"))
        .expectMarkedFindings();
  }

  @Test
  void sameWritesWithoutATransaction_isAdvice() {
    // 1 + 10 separate UpdateItem calls, 11 WCU/s: $18.07/month; each table holds one entity ⇒ info.
    tester
        .model(
            customersAndOrders(
                "",
                "# FINDING: TablePerEntity [info]: in separate requests, which can"
                    + " half-succeed ($18.07/month of write units)"))
        .expectMarkedFindings();
  }

  @Test
  void oneEntityInTwoTables_writtenInATransaction_suggestsAGsi() {
    // The same Order in two tables, one per query, kept in step by a transaction; the fix is one
    // table and a GSI, which DynamoDB maintains with one write per entry and no transaction.
    var found =
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
            key: [order_id]
            count: 10M
        patterns:
          - id: place-order   # FINDING: TablePerEntity [warning]: writes Order to 2 tables, OrdersByCustomer (Order), OrdersById (Order), in one TransactWriteItems
            rate: 20/s
            insert: Order
            batch: logged
          - id: customer-orders
            rate: 10/s
            query: Order where customer_id = ?
          - id: order
            rate: 10/s
            query: Order where order_id = ?
        dynamodb:
          tables:
            OrdersByCustomer:
              partition_key: customer_id
              sort_key: order_id
              items:
                Order: {keys: {}}
            OrdersById:
              partition_key: order_id
              items:
                Order: {keys: {}}
        """)
            .expectMarkedFindings();
    assertThat(found.get(0).fix())
        .startsWith(
            "Order is stored in 2 tables: keep it in one table and give the other"
                + " access path a global secondary index");
  }

  @Test
  void singleTable_everyEntityRead_isNotFlagged() {
    // Seed 000's design: the rename writes one table (AppTable), and both entities are read.
    tester
        .model(
            """
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
            key: [order_id]
            count: 10M
        patterns:
          - id: rename-customer
            rate: 1/s
            update: Customer set name where customer_id = ?
            batch: logged
          - id: customer
            rate: 10/s
            query: Customer where customer_id = ?
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
                Order:
                  keys: {PK: "C#{customer_id}", SK: "O#{order_id}"}
        """)
        .expectMarkedFindings();
  }

  @Test
  void singleTable_withAnEntityNoPatternReads_isWarning() {
    tester
        .model(
            """
        model: shop
        horizon: 1y
        entities:
          Customer:
            attributes:
              customer_id: uuid
              name: {type: text, size: 20B}
            key: [customer_id]
            count: 1M
          Invoice:
            attributes:
              invoice_id: uuid
              customer_id: uuid
            key: [invoice_id]
            count: 5M
        patterns:
          - id: customer
            rate: 10/s
            query: Customer where customer_id = ?
          - id: issue-invoice
            rate: 1/s
            insert: Invoice
        dynamodb:
          tables:
            AppTable:   # FINDING: TablePerEntity [warning]: no pattern reads Invoice: the key layout of Invoice (PK = "C#{customer_id}", SK = "I#{invoice_id}") is not derived from a listed access pattern
              partition_key: PK
              sort_key: SK
              items:
                Customer:
                  keys: {PK: "C#{customer_id}", SK: PROFILE}
                Invoice:
                  keys: {PK: "C#{customer_id}", SK: "I#{invoice_id}"}
        """)
        .expectMarkedFindings();
  }

  @Test
  void anEntityReadWithAnother_isRead() {
    // with: [Invoice] reads the customer's invoices with the profile (issue 16 §2): Invoice is
    // read,
    // and its key layout serves that read, so no finding.
    tester
        .model(
            """
        model: shop
        horizon: 1y
        entities:
          Customer:
            attributes:
              customer_id: uuid
              name: {type: text, size: 20B}
            key: [customer_id]
            count: 1M
          Invoice:
            attributes:
              invoice_id: uuid
              customer_id: uuid
            key: [invoice_id]
            count: 5M
        patterns:
          - id: customer
            rate: 10/s
            query: Customer where customer_id = ?
            with: [Invoice]
          - id: issue-invoice
            rate: 1/s
            insert: Invoice
        dynamodb:
          tables:
            AppTable:
              partition_key: PK
              sort_key: SK
              items:
                Customer:
                  keys: {PK: "C#{customer_id}", SK: PROFILE}
                Invoice:
                  keys: {PK: "C#{customer_id}", SK: "I#{invoice_id}"}
        """)
        .expectMarkedFindings();
  }
}
