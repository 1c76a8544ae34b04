package dev.keyplan.cassandra.check;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.check.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * RowsOverwriteEachOther flags a table whose primary key holds neither the entity's key nor a
 * unique attribute: every CQL write is an upsert, so rows sharing the key values are one row. The
 * sizing then counts what the table can keep: per partition, Π distinct values of its clustering
 * columns.
 */
final class RowsOverwriteEachOtherTest {
  private final RuleTester tester = RuleTester.of(RowsOverwriteEachOther.class);

  // 1M orders of 1,000 users, each order in one of 5 statuses; the key is order_id.
  private static final String MODEL =
      """
      model: shop
      horizon: 1y
      entities:
        Order:
          attributes:
            order_id: uuid
            user_id: uuid
            status: {type: text, values: [PENDING, PAID, SHIPPED, DELIVERED, CANCELLED]}
            email: {type: text, size: 20B, unique: true}
          key: [order_id]
          count: 1M
          spread:
            user_id: {distinct: 1k}
      patterns:
        - id: place
          rate: 10/s
          insert: Order
      cassandra:
        schema: unused.cql
      """;

  private static final String KS =
      "CREATE KEYSPACE shop WITH replication = {'class': 'NetworkTopologyStrategy', 'dc1': 3};\n";

  @Test
  void clusteredByStatusWithoutTheOrderId_keepsFiveRowsAUser_andIsAnError() {
    // PRIMARY KEY ((user_id), status): one row per user and status, so 1,000 users × 5 = 5,000
    // rows of the 1M written.
    tester
        .model(MODEL)
        .cql(
            KS
                + "CREATE TABLE shop.orders_by_user (user_id uuid, status text, order_id uuid,"
                + " PRIMARY KEY ((user_id), status)); -- FINDING: RowsOverwriteEachOther [error]:"
                + " a partition keeps at most 5 rows (the distinct values of status), so the table"
                + " holds 5,000 rows of the 1,000,000 the model writes\n")
        .expectMarkedFindings();
    var s = tester.analysis().sizing().get("orders_by_user");
    assertThat(s.rows()).isEqualTo(5_000);
    assertThat(s.busiest().rows()).isEqualTo(5);
    assertThat(s.unbounded()).isFalse();
  }

  @Test
  void theOrderIdAmongTheClusteringColumns_isNotFlagged_andNotCapped() {
    // Near miss: with order_id clustering, each order is its own row: 1M / 1,000 = 1,000 a user.
    tester
        .model(MODEL)
        .cql(
            KS
                + "CREATE TABLE shop.orders_by_user (user_id uuid, status text, order_id uuid,"
                + " PRIMARY KEY ((user_id), status, order_id));\n")
        .expectMarkedFindings();
    assertThat(tester.analysis().sizing().get("orders_by_user").typical().rows()).isEqualTo(1_000);
  }

  @Test
  void aUniqueAttributeIdentifiesTheRowToo() {
    // email is unique: a table keyed by it has one row per order, never overwritten.
    tester
        .model(MODEL)
        .cql(
            KS
                + "CREATE TABLE shop.orders_by_email (email text, user_id uuid, order_id uuid,"
                + " status text, PRIMARY KEY (email));\n")
        .expectMarkedFindings();
    assertThat(tester.analysis().sizing().get("orders_by_email").keyIdentifiesRow()).isTrue();
  }

  @Test
  void aPartitionKeyWithoutClusteringColumns_keepsOneRowAPartition() {
    // PRIMARY KEY (user_id): the last order of each user, 1,000 rows.
    tester
        .model(MODEL)
        .cql(
            KS
                + "CREATE TABLE shop.last_order (user_id uuid, order_id uuid, status text,"
                + " PRIMARY KEY (user_id)); -- FINDING: RowsOverwriteEachOther: a partition keeps"
                + " at most 1 row (no clustering columns), so the table holds 1,000 rows\n")
        .expectMarkedFindings();
  }
}
