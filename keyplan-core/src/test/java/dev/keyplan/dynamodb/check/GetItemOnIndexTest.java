package dev.keyplan.dynamodb.check;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.check.Finding;
import dev.keyplan.check.RuleTester;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * GetItemOnIndex flags an {@code access:} pin whose operation DynamoDB rejects for the pattern:
 * GetItem or BatchGetItem on an index (seed 000: "GetItem does not work on an index; you query
 * it"), GetItem or BatchGetItem without the table's full primary key, and Query without a partition
 * key. The findings sit on the pin's line.
 *
 * <p>The design is seed 000's single table: customers and orders under {@code C#{customer_id}},
 * GSI1 re-keying orders by {@code O#{order_id}}. An order item is 2,980 B (its 9 order lines of 300
 * B are 2,717 of them), under 4 KB, so a GSI1 Query for one order is 1 block × 0.5 = 0.5 RCU.
 */
final class GetItemOnIndexTest {
  private final RuleTester tester = RuleTester.of(GetItemOnIndex.class);

  private static final String MODEL =
      """
      model: orders
      horizon: 1y
      entities:
        Customer:
          attributes:
            customer_id: uuid
            name: {type: text, size: 20B}
          key: [customer_id]
          count: 5M
        Order:
          attributes:
            order_id: uuid
            customer_id: uuid
            order_date: date
            status: {type: text, values: [open, paid, shipped, delivered, cancelled]}
            lines: {type: list<text>, size: 300B, items: 9}
          key: [order_id]
          count: 50M
          spread:
            customer_id: {distinct: 5M}
      patterns:
        - id: customer-profile
          rate: 400/s
          query: Customer where customer_id = ?
        - id: latest-orders
          rate: 400/s
          query: Order where customer_id = ? order by order_date desc limit 20
        - id: order-by-id
          rate: 100/s
          query: Order where order_id = ?
        - id: orders-by-ids
          rate: 10/s
          query: Order where order_id in (?, ?, ?)
        - id: orders-of-status
          rate: 1/s
          query: Order where status = ?
      """;

  private static final String TABLES =
      """
        tables:
          AppTable:
            partition_key: PK
            sort_key: SK
            indexes:
              GSI1: {partition_key: GSI1PK, projection: ALL}
            items:
              Customer:
                keys: {PK: "C#{customer_id}", SK: PROFILE}
              Order:
                keys: {PK: "C#{customer_id}", SK: "ORDER#{order_date}#{order_id}", GSI1PK: "O#{order_id}"}
      """;

  @Test
  void getItemAndBatchGetItemOnAnIndex_areErrors() {
    // order-by-id pinned to GetItem on GSI1: the API has no IndexName for GetItem ⇒ error; the fix
    // is the planned Query, one 0.5 RCU request with Limit 1. orders-by-ids pinned to
    // BatchGetItem on GSI1 ⇒ error; the fix queries GSI1 once per key: 3 × 0.5 = 1.5 RCU.
    // customer-profile pinned to GetItem on the table, with PK and SK given ⇒ valid.
    List<Finding> found =
        tester
            .model(
                MODEL
                    + """
        dynamodb:
          access:
            customer-profile: {via: AppTable, operation: GetItem}
            order-by-id: {via: GSI1, operation: GetItem} # FINDING: GetItemOnIndex [error]: pinned to GetItem on AppTable.GSI1: GetItem does not work on an index; you query it
            orders-by-ids: {via: GSI1, operation: BatchGetItem} # FINDING: GetItemOnIndex [error]: BatchGetItem does not work on an index
        """
                    + TABLES)
            .expectMarkedFindings();
    assertThat(found)
        .extracting(Finding::fix)
        .containsExactlyInAnyOrder(
            "pin {via: GSI1, operation: Query} and Query GSI1 with Limit 1: GSI1PK = \"O#<order_id>\", 0.5 RCU a request;"
                + " or, to use GetItem, read the table by its primary key",
            "pin {via: GSI1, operation: Query} and Query GSI1: GSI1PK = \"O#<order_id>\", once per key (3 queries),"
                + " 1.5 RCU a request; or, to use BatchGetItem, read the table by its primary key");
  }

  @Test
  void getItemWithoutVia_whoseKeyOnlyAnIndexHas_isError() {
    // Without 'via', keyplan serves order-by-id from GSI1 (the table would need a Scan): a GetItem
    // cannot reach that key ⇒ error. Pinning Query on GSI1 is what the application must do ⇒ valid.
    tester
        .model(
            MODEL
                + """
        dynamodb:
          access:
            order-by-id: {operation: GetItem} # FINDING: GetItemOnIndex [error]: which reads the table by its full primary key (PK, SK), but the read's key is AppTable.GSI1's
            orders-by-ids: {via: GSI1, operation: Query}
        """
                + TABLES)
        .expectMarkedFindings();
  }

  @Test
  void getItemWithoutTheSortKey_andQueryWithoutAPartitionKey_areErrors() {
    // latest-orders gives customer_id, so PK, but not SK: a Query of the customer's partition, not
    // a GetItem ⇒ error. orders-of-status gives neither PK nor GSI1PK: only a Scan serves it, so a
    // Query pin cannot ⇒ error.
    tester
        .model(
            MODEL
                + """
        dynamodb:
          access:
            latest-orders: {operation: GetItem} # FINDING: GetItemOnIndex [error]: GetItem needs the table's full primary key (PK, SK) for each item and the read gives only PK = "C#<customer_id>" AND begins_with(SK, "ORDER#"): it is a Query (one partition)
            orders-of-status: {operation: Query} # FINDING: GetItemOnIndex [error]: Query needs the partition key of AppTable or of an index by equality
        """
                + TABLES)
        .expectMarkedFindings();
  }

  @Test
  void pinsWithoutAnOperation_orAScanPin_areNotFlagged() {
    // 'via' alone chooses the path and keyplan the operation; a Scan pin is valid (ScanOnHotPath
    // judges its cost).
    tester
        .model(
            MODEL
                + """
        dynamodb:
          access:
            order-by-id: {via: GSI1}
            orders-of-status: {operation: Scan}
        """
                + TABLES)
        .expectMarkedFindings();
  }
}
