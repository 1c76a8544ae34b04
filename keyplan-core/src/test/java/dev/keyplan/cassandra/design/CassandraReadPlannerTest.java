package dev.keyplan.cassandra.design;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.check.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * How a read is served, by CQL's restriction rules (CQL reference, SELECT): the partition key by =
 * or IN, clustering restrictions as a prefix with one final range, ORDER BY along the clustering
 * order or its reverse; anything else needs an index or ALLOW FILTERING.
 */
final class CassandraReadPlannerTest {
  private static final String CQL =
      """
      CREATE KEYSPACE shop WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 3};
      CREATE TABLE shop.orders_by_user (user_id uuid, created_at timestamp, order_id uuid, status text, note text,
        PRIMARY KEY ((user_id), created_at, order_id)) WITH CLUSTERING ORDER BY (created_at DESC, order_id ASC);
      CREATE INDEX orders_note_idx ON shop.orders_by_user (note);
      """;

  private static CassandraPlan plan(String query) {
    String model =
        """
        model: shop
        horizon: 1y
        entities:
          Order:
            attributes:
              user_id: uuid
              created_at: timestamp
              order_id: uuid
              status: {type: text, size: 8B}
              note: {type: text, size: 40B}
            key: [order_id]
            count: 1M
            spread:
              user_id: {distinct: 1k}
              note: {distinct: 1M}
        patterns:
          - id: q
            rate: 10/s
            query: %s
        cassandra:
          schema: unused.cql
        """
            .formatted(query);
    return RuleTester.withoutRule().model(model).cql(CQL).analysis().plan("q").orElseThrow();
  }

  @Test
  void partitionKeyEquality_isOnePartition_limitCapsRows() {
    // 1M orders over 1,000 users: 1,000 rows per partition; the limit reads 20 of them.
    var p = plan("Order where user_id = ? order by created_at desc limit 20");
    assertThat(p.access()).isEqualTo(CassandraAccess.SINGLE_PARTITION);
    assertThat(p.partitions().typical()).isEqualTo(1);
    assertThat(p.rows().typical()).isEqualTo(20);
  }

  @Test
  void fullPrimaryKey_readsOneRow() {
    var p = plan("Order where user_id = ? and created_at = ? and order_id = ?");
    assertThat(p.access()).isEqualTo(CassandraAccess.SINGLE_PARTITION);
    assertThat(p.rows().typical()).isEqualTo(1);
  }

  @Test
  void inOnThePartitionKey_readsOnePartitionPerValue() {
    // 5 keys × 1,000 rows each.
    var p = plan("Order where user_id in (?, ?, ?, ?, ?)");
    assertThat(p.access()).isEqualTo(CassandraAccess.MULTI_PARTITION);
    assertThat(p.partitions().typical()).isEqualTo(5);
    assertThat(p.rows().typical()).isEqualTo(5_000);
  }

  @Test
  void reverseOfTheClusteringOrder_isServed() {
    assertThat(
            plan("Order where user_id = ? order by created_at asc, order_id desc limit 5").access())
        .isEqualTo(CassandraAccess.SINGLE_PARTITION);
  }

  @Test
  void mixedDirections_areNotTheClusteringOrder_notServed() {
    var p = plan("Order where user_id = ? order by created_at desc, order_id desc");
    assertThat(p.access()).isEqualTo(CassandraAccess.NOT_SERVED);
    assertThat(p.notes().get(0)).contains("does not follow the clustering order");
  }

  @Test
  void skippingAClusteringColumn_filtersInsideThePartition() {
    var p = plan("Order where user_id = ? and order_id = ?");
    assertThat(p.access()).isEqualTo(CassandraAccess.SINGLE_PARTITION);
    assertThat(p.filtersInPartition()).isTrue();
  }

  @Test
  void regularColumnWithoutIndex_isAllowFilteringAcrossPartitions() {
    // Every partition is scanned: 1,000 partitions and all 1M rows.
    var p = plan("Order where status = ?");
    assertThat(p.access()).isEqualTo(CassandraAccess.ALLOW_FILTERING);
    assertThat(p.partitions().typical()).isEqualTo(1_000);
    assertThat(p.rows().typical()).isEqualTo(1_000_000);
  }

  @Test
  void indexedColumn_isASecondaryIndexRead_ofRowsPerValue() {
    // 1M rows over 1M distinct notes: 1 row per value, in 1 partition, found by asking every
    // token range.
    var p = plan("Order where note = ?");
    assertThat(p.access()).isEqualTo(CassandraAccess.SECONDARY_INDEX);
    assertThat(p.partitions().typical()).isEqualTo(1);
    assertThat(p.rows().typical()).isEqualTo(1);
  }

  @Test
  void noWhereClause_isAFullScan() {
    assertThat(plan("Order limit 10").access()).isEqualTo(CassandraAccess.FULL_SCAN);
  }

  @Test
  void materializedView_servesTheReadItKeys() {
    // The view re-keys the orders by status: "Order where status = ?" reads one view partition
    // instead of scanning the base table with ALLOW FILTERING.
    String cql =
        CQL
            + """
        CREATE MATERIALIZED VIEW shop.orders_by_status AS SELECT * FROM shop.orders_by_user
          WHERE status IS NOT NULL AND user_id IS NOT NULL AND created_at IS NOT NULL AND order_id IS NOT NULL
          PRIMARY KEY (status, user_id, created_at, order_id);
        """;
    String model =
        """
        model: shop
        horizon: 1y
        entities:
          Order:
            attributes:
              user_id: uuid
              created_at: timestamp
              order_id: uuid
              status: {type: text, values: [OPEN, DONE]}
              note: {type: text, size: 40B}
            key: [order_id]
            count: 1M
            spread:
              user_id: {distinct: 1k}
              note: {distinct: 1M}
        patterns:
          - id: q
            rate: 10/s
            query: Order where status = ? limit 10
          - id: w
            rate: 1/s
            insert: Order
        cassandra:
          schema: unused.cql
        """;
    var a = RuleTester.withoutRule().model(model).cql(cql).analysis();
    var p = a.plan("q").orElseThrow();
    assertThat(p.access()).isEqualTo(CassandraAccess.SINGLE_PARTITION);
    assertThat(p.tables()).containsExactly("orders_by_status");
    // The application writes the base table only; the server keeps the view, whose busiest
    // partition (OPEN or DONE, 1/2 each) then takes half of the 1 insert/s.
    assertThat(a.plan("w").orElseThrow().tables()).containsExactly("orders_by_user");
    assertThat(a.heat().get("orders_by_status").writesPerSecond()).isEqualTo(0.5);
  }

  @Test
  void inOnThePartitionKey_countsOneBusiestKeyAtMost() {
    // 1M orders, the busiest user holds 10% = 100,000 rows, a typical one 1M / 1,000 = 1,000.
    // Five distinct keys read 100,000 + 4 × 1,000 = 104,000 rows at worst, not 5 × 100,000.
    String model =
        """
        model: shop
        horizon: 1y
        entities:
          Order:
            attributes:
              user_id: uuid
              created_at: timestamp
              order_id: uuid
              status: {type: text, size: 8B}
              note: {type: text, size: 40B}
            key: [order_id]
            count: 1M
            spread:
              user_id: {distinct: 1k, busiest: 10%}
        patterns:
          - id: q
            rate: 10/s
            query: Order where user_id in (?, ?, ?, ?, ?)
        cassandra:
          schema: unused.cql
        """;
    var p = RuleTester.withoutRule().model(model).cql(CQL).analysis().plan("q").orElseThrow();
    assertThat(p.rows().typical()).isEqualTo(5_000);
    assertThat(p.rows().busiest()).isEqualTo(104_000);
  }

  @Test
  void aScanThatOrders_saysCassandraRefusesTheOrder() {
    // The newest devices of a model, ordered by id: no table names its partitions, so the only
    // plan is an ALLOW FILTERING scan, and CQL refuses ORDER BY there (SelectStatement: "ORDER BY
    // is only supported when the partition key is restricted by an EQ or an IN"); the plan says
    // the application sorts what it reads. Without the order the note is absent.
    String cql =
        """
        CREATE KEYSPACE iot WITH replication = {'class': 'NetworkTopologyStrategy', 'dc1': 3};
        CREATE TABLE iot.device_by_device_id (device_id uuid PRIMARY KEY, site text, model text);
        """;
    String model =
        """
        model: iot
        horizon: 30d
        entities:
          Device:
            attributes:
              device_id: uuid
              site: {type: text, size: 10B}
              model: {type: text, values: [a1, b2, c3]}
            key: [device_id]
            count: 100k
        patterns:
          - id: by-model
            rate: 1/s
            query: Device where model = ? %s
        cassandra:
          schema: unused.cql
        """;
    var ordered =
        RuleTester.withoutRule()
            .model(model.formatted("order by device_id desc limit 10"))
            .cql(cql)
            .analysis()
            .plan("by-model")
            .orElseThrow();
    assertThat(ordered.access()).isEqualTo(CassandraAccess.ALLOW_FILTERING);
    assertThat(ordered.notes())
        .anySatisfy(n -> assertThat(n).startsWith("Cassandra refuses the order here (\"ORDER BY"));
    var unordered =
        RuleTester.withoutRule()
            .model(model.formatted(""))
            .cql(cql)
            .analysis()
            .plan("by-model")
            .orElseThrow();
    assertThat(unordered.notes()).noneMatch(n -> n.startsWith("Cassandra refuses the order"));
  }

  @Test
  void aPartitionOfUnknownSize_isStillPreferredToAFullScan() {
    // An IoT-style design (as keyplan design writes one): devices by id and by site, with no
    // spread for site. The read by site cannot be sized, so it is counted at its upper bound,
    // every device (100,000 rows), which is exactly what an ALLOW FILTERING scan of
    // device_by_device_id reads; on that tie the single partition goes first. Before, its unknown
    // cost sorted it after the scan, and AllowFilteringRequired was an error on a design that has
    // the right table.
    String cql =
        """
        CREATE KEYSPACE iot WITH replication = {'class': 'NetworkTopologyStrategy', 'dc1': 3};
        CREATE TABLE iot.device_by_device_id (device_id uuid PRIMARY KEY, site text, model text);
        CREATE TABLE iot.device_by_site (
          device_id uuid, site text, model text, PRIMARY KEY (site, device_id));
        """;
    String model =
        """
        model: iot
        horizon: 30d
        entities:
          Device:
            attributes:
              device_id: uuid
              site: {type: text, size: 10B}
              model: {type: text, values: [a1, b2, c3]}
            key: [device_id]
            count: 100k
        patterns:
          - id: site-devices
            rate: 5/s
            query: Device where site = ?
        cassandra:
          schema: unused.cql
        """;
    var p =
        RuleTester.withoutRule()
            .model(model)
            .cql(cql)
            .analysis()
            .plan("site-devices")
            .orElseThrow();
    assertThat(p.access()).isEqualTo(CassandraAccess.SINGLE_PARTITION);
    assertThat(p.tables()).containsExactly("device_by_site");
    // 100,000 rows × 2 replicas (LOCAL_QUORUM of 3 by default) × 5/s = 1,000,000 replica rows/s at
    // most, the scan's figure exactly.
    assertThat(p.notes())
        .anySatisfy(
            n ->
                assertThat(n)
                    .startsWith("cheapest of 2 ways: at most 1,000,000 replica rows/s")
                    .contains("device_by_device_id by ALLOW FILTERING"));
  }
}
