package dev.keyplan.cassandra.check;

import dev.keyplan.check.RuleTester;
import org.junit.jupiter.api.Test;

final class LowCardinalityPartitionKeyTest {
  private final RuleTester tester = RuleTester.of(LowCardinalityPartitionKey.class);

  @Test
  void statusKey_isFlagged_userKey_isNot() {
    // orders_by_status: 5 enumerated statuses < 100 values, and the busiest (declared 60%) is far
    // above 2% of the rows. orders_by_user: 5M users under zipf(0.8): the busiest user's share is
    // 1 / H(5M, 0.8) ≈ 1 / 103 ≈ 0.97% < 2%, so it is not flagged.
    tester
        .model(
            """
        model: orders
        horizon: 1y
        entities:
          Order:
            attributes:
              order_id: uuid
              user_id: uuid
              created_at: timestamp
              status: {type: text, values: [PENDING, PAID, SHIPPED, DELIVERED, CANCELLED]}
            key: [order_id]
            growth: 200/s
            spread:
              user_id: {distinct: 5M, distribution: zipf(0.8)}
              status: {busiest: 60%}
        patterns:
          - id: place-order
            rate: 200/s
            insert: Order
        cassandra:
          schema: unused.cql
        """)
        .cql(
            """
        CREATE KEYSPACE shop WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 3};
        CREATE TABLE shop.orders_by_user (user_id uuid, created_at timestamp, order_id uuid, status text,
          PRIMARY KEY (user_id, created_at, order_id));
        CREATE TABLE shop.orders_by_status (status text, created_at timestamp, order_id uuid, user_id uuid, -- FINDING: LowCardinalityPartitionKey [warning]: has 5 values
          PRIMARY KEY (status, created_at, order_id));
        """)
        .expectMarkedFindings();
  }

  @Test
  void shardSuffix_raisesValuesButStaysLowAtFivePerShard() {
    // A 16-value shard suffix gives 5 × 16 = 80 key values, still below 100, and the busiest
    // share becomes 60% / 16 = 3.75%, still above 2%: flagged with the new numbers.
    tester
        .model(
            """
        model: orders
        horizon: 1y
        entities:
          Order:
            attributes:
              order_id: uuid
              status: {type: text, values: [PENDING, PAID, SHIPPED, DELIVERED, CANCELLED]}
            key: [order_id]
            growth: 200/s
            spread:
              status: {busiest: 60%}
        patterns:
          - id: place-order
            rate: 200/s
            insert: Order
        cassandra:
          schema: unused.cql
          derived:
            orders_by_status.shard: {shards: 16}
        """)
        .cql(
            """
        CREATE KEYSPACE shop WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 3};
        CREATE TABLE shop.orders_by_status (status text, shard int, order_id uuid, -- FINDING: LowCardinalityPartitionKey: has 80 values
          PRIMARY KEY ((status, shard), order_id));
        """)
        .expectMarkedFindings();
  }

  @Test
  void aSkewedKeyWhosePartitionsStaySmallAndCool_isOnlyInfo() {
    // 20 regions hold 2,000 stores: 5% each > 2% and 20 < 100 values, but the busiest partition
    // has 100 rows (200 values, far below 50,000) and 1 write/s against a 20,000/s budget.
    tester
        .model(
            """
        model: stores
        horizon: 1y
        entities:
          Store:
            attributes:
              store_id: uuid
              region: {type: text, size: 8B}
              name: {type: text, size: 20B}
            key: [store_id]
            count: 2k
            spread:
              region: {distinct: 20}
        patterns:
          - id: open-store
            rate: 20/s
            upsert: Store
        cassandra:
          schema: unused.cql
        """)
        .cql(
            """
        CREATE KEYSPACE shop WITH replication = {'class': 'NetworkTopologyStrategy', 'dc1': 3};
        CREATE TABLE shop.stores_by_region (region text, store_id uuid, name text, -- FINDING: LowCardinalityPartitionKey [info]: nothing is near a limit yet
          PRIMARY KEY ((region), store_id));
        """)
        .expectMarkedFindings();
  }
}
