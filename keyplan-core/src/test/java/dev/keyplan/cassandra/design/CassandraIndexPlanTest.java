package dev.keyplan.cassandra.design;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.check.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * Reads through the indexes a schema has, compared by cost with every other valid plan (issue 15
 * §3): cost = replica rows read per second, (rows + one index lookup per replica set) × replicas at
 * the level × rate. The cluster is 6 nodes with RF 3 (2 replica sets) at LOCAL_QUORUM (2 replicas).
 */
final class CassandraIndexPlanTest {
  private static final String CQL =
      """
      CREATE KEYSPACE shop WITH replication = {'class': 'NetworkTopologyStrategy', 'dc1': 3};
      CREATE TABLE shop.orders (order_id uuid PRIMARY KEY, user_id uuid, status text, total double,
        placed date, note text);
      CREATE TABLE shop.orders_by_user (user_id uuid, order_id uuid, status text, total double,
        placed date, note text, PRIMARY KEY ((user_id), order_id));
      CREATE CUSTOM INDEX orders_status ON shop.orders (status) USING 'StorageAttachedIndex';
      CREATE INDEX orders_total ON shop.orders (total) USING 'sai';
      CREATE INDEX orders_note ON shop.orders (note) USING 'sai';
      CREATE INDEX orders_placed ON shop.orders (placed);
      CREATE INDEX by_user_status ON shop.orders_by_user (status) USING 'sai';
      """;

  private static CassandraPlan plan(String query) {
    String model =
        """
        model: shop
        horizon: 1y
        entities:
          Order:
            attributes:
              order_id: uuid
              user_id: uuid
              status: {type: text, values: [PENDING, PAID, SHIPPED, DELIVERED, CANCELLED]}
              total: double
              placed: date
              note: {type: text, size: 40B}
            key: [order_id]
            count: 1M
            spread:
              user_id: {distinct: 1k}
              status: {shares: {DELIVERED: 60%%}}
              placed: {distinct: 1k}
        patterns:
          - id: q
            rate: 100/s
            query: %s
        cassandra:
          schema: unused.cql
        """
            .formatted(query);
    return RuleTester.withoutRule().model(model).cql(CQL).analysis().plan("q").orElseThrow();
  }

  @Test
  void anSaiIndexServesEquality_withTheBusiestValueFromItsShares_boundedByTheLimit() {
    // orders_by_user cannot run it without ALLOW FILTERING (1M rows read); orders' SAI index on
    // status reads the matching rows: 1M / 5 values = 200,000 typical, 60% = 600,000 for
    // DELIVERED, both stopped at the limit of 20. Cost (20 + 2 lookups) × 2 × 100/s = 4,400.
    var p = plan("Order where status = ? limit 20");
    assertThat(p.access()).isEqualTo(CassandraAccess.SECONDARY_INDEX);
    assertThat(p.tables()).containsExactly("orders");
    assertThat(p.rows().typical()).isEqualTo(20);
    assertThat(p.rows().busiest()).isEqualTo(20);
    assertThat(p.filtersInPartition()).isFalse();
    assertThat(String.join("\n", p.notes()))
        .contains("SAI index orders_status on status")
        .contains("2 replica sets (6 nodes / RF 3) × 2 replicas")
        .contains("cheapest of 2 ways: 4,400 replica rows/s");
  }

  @Test
  void withoutALimit_theBusiestValueReadsItsShareOfTheRows() {
    // 1M rows × 60% = 600,000 rows for DELIVERED; 1M / 5 = 200,000 for a typical status.
    var p = plan("Order where status = ?");
    assertThat(p.access()).isEqualTo(CassandraAccess.SECONDARY_INDEX);
    assertThat(p.rows().typical()).isEqualTo(200_000);
    assertThat(p.rows().busiest()).isEqualTo(600_000);
  }

  @Test
  void anSaiIndexServesARangeOnANumber_butNotOnText() {
    assertThat(plan("Order where total > ? limit 10").access())
        .isEqualTo(CassandraAccess.SECONDARY_INDEX);
    // SAI matches text by equality only: a range on note scans with ALLOW FILTERING.
    assertThat(plan("Order where note > ? limit 10").access())
        .isEqualTo(CassandraAccess.ALLOW_FILTERING);
  }

  @Test
  void aLegacyIndexServesEquality_butNotARange() {
    // 1M orders over 1,000 days: 1,000 orders a day through the 2i on placed.
    var eq = plan("Order where placed = ?");
    assertThat(eq.access()).isEqualTo(CassandraAccess.SECONDARY_INDEX);
    assertThat(eq.rows().typical()).isEqualTo(1_000);
    assertThat(plan("Order where placed > ?").access()).isEqualTo(CassandraAccess.ALLOW_FILTERING);
  }

  @Test
  void inAPartition_anSaiIndexKeepsOnlyTheMatchingRows() {
    // orders_by_user: 1M / 1,000 users = 1,000 rows a partition; the SAI on status keeps 1 in 5.
    // The whole partition scanned would be 1,000 rows, and orders' index 200,000 + lookups.
    var p = plan("Order where user_id = ? and status = ?");
    assertThat(p.access()).isEqualTo(CassandraAccess.SINGLE_PARTITION);
    assertThat(p.tables()).containsExactly("orders_by_user");
    assertThat(p.rows().typical()).isEqualTo(200);
    assertThat(p.filtersInPartition()).isFalse();
  }

  @Test
  void aKeyedReadIsCheaperThanTheIndex_andWins() {
    // By user: 1,000 rows × 2 × 100/s = 200,000 replica rows/s; no index serves user_id, so the
    // other way is orders with ALLOW FILTERING: 1M rows.
    var p = plan("Order where user_id = ?");
    assertThat(p.access()).isEqualTo(CassandraAccess.SINGLE_PARTITION);
    assertThat(String.join("\n", p.notes())).contains("cheapest of 2 ways: 200,000 replica rows/s");
  }
}
