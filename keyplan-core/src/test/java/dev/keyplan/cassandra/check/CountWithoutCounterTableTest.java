package dev.keyplan.cassandra.check;

import dev.keyplan.check.RuleTester;
import org.junit.jupiter.api.Test;

final class CountWithoutCounterTableTest {
  private final RuleTester tester = RuleTester.of(CountWithoutCounterTable.class);

  // 10,000,000 orders and no growth, so the table holds 10,000,000 rows at any horizon; the
  // busiest user owns 0.01% of them: 0.0001 × 10,000,000 = 1,000 rows in one partition.
  private static final String CQL =
      """
      CREATE KEYSPACE shop WITH replication = {'class': 'NetworkTopologyStrategy', 'dc1': 3};
      CREATE TABLE shop.orders_by_user (user_id uuid, order_id timeuuid, total int,
        PRIMARY KEY ((user_id), order_id));
      CREATE TABLE shop.order_counts (user_id uuid PRIMARY KEY, orders counter);
      """;

  private static String model(String patterns) {
    return """
        model: shop
        horizon: 1y
        entities:
          Order:
            attributes:
              user_id: uuid
              order_id: timeuuid
              total: int
            key: [order_id]
            count: 10M
            spread:
              user_id: {distinct: 1M, busiest: 0.01%}
          OrderCount:
            attributes:
              user_id: uuid
              orders: counter
            key: [user_id]
            count: 1M
        patterns:
        """
        + patterns
        + """
        cassandra:
          schema: unused.cql
        """;
  }

  @Test
  void countOfAUsersOrders_readsTheWholePartition_andIsFlagged() {
    // A count is not cut by a limit: it reads all 1,000 rows of the busiest user's partition.
    tester
        .model(
            model(
                """
          - id: count-orders # FINDING: CountWithoutCounterTable [warning]: reading 1,000 rows per
            rate: 50/s
            query: count Order where user_id = ?
        """))
        .cql(CQL)
        .expectMarkedFindings();
  }

  @Test
  void countOfTheWholeTable_readsEveryRow_andIsFlagged() {
    // No where clause: a full scan of all 10,000,000 rows (seed 002: "SELECT COUNT(*) FROM
    // large_table; -- full cluster scan").
    tester
        .model(
            model(
                """
          - id: count-all # FINDING: CountWithoutCounterTable [warning]: reading 10,000,000 rows
            rate: 1/s
            query: count Order
        """))
        .cql(CQL)
        .expectMarkedFindings();
  }

  @Test
  void countNamingTheFullPrimaryKey_isAnExistenceCheck_andIsNotFlagged() {
    // Near miss: user_id and order_id name one row, so the count reads 1 row: an existence
    // check, which no counter table replaces.
    tester
        .model(
            model(
                """
          - id: order-exists
            rate: 50/s
            query: count Order where user_id = ? and order_id = ?
        """))
        .cql(CQL)
        .expectMarkedFindings();
  }

  @Test
  void readingACounterTable_isTheFix_andIsNotFlagged() {
    // The counter is kept on write (seed 002: "UPDATE order_counts_by_user SET total = total +
    // 1") and read as one row; neither pattern is a count.
    tester
        .model(
            model(
                """
          - id: order-count
            rate: 50/s
            query: OrderCount where user_id = ?
          - id: count-order
            rate: 10/s
            increment: OrderCount.orders where user_id = ?
        """))
        .cql(CQL)
        .expectMarkedFindings();
  }
}
