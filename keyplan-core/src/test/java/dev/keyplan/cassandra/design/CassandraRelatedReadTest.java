package dev.keyplan.cassandra.design;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.keyplan.check.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * A read with related entities on Cassandra (issue 16 §2; docs/model.md, "Reading related rows
 * together"): each entity is a table of its own, so {@code Order where order_id = ?} with {@code
 * with: [OrderLine]} reads {@code orders} and then {@code order_lines} by the same order_id, and
 * the second read's rows, replicas and heat add to the pattern's. 5M lines over 1M orders are 5
 * rows a partition.
 */
final class CassandraRelatedReadTest {
  private static final String CQL =
      """
      CREATE KEYSPACE shop WITH replication = {'class': 'NetworkTopologyStrategy', 'dc1': 3};
      CREATE TABLE shop.orders (order_id uuid PRIMARY KEY, total double);
      CREATE TABLE shop.order_lines (order_id uuid, line_id int, product text,
        PRIMARY KEY ((order_id), line_id));
      """;

  private static CassandraAnalysis analyze(String with) {
    String model =
        """
        model: shop
        horizon: 365d
        entities:
          Order:
            attributes: {order_id: uuid, total: double}
            key: [order_id]
            count: 1M
          OrderLine:
            attributes: {order_id: uuid, line_id: int, product: {type: text, size: 20B}}
            key: [order_id, line_id]
            count: 5M
            spread:
              order_id: {distinct: 1M}
        patterns:
          - id: order-with-lines
            rate: 500/s
            query: Order where order_id = ?
        %s
        cassandra:
          schema: unused.cql
        """
            .formatted(with);
    return RuleTester.withoutRule().model(model).cql(CQL).analysis();
  }

  @Test
  void theLinesAreASecondSinglePartitionRead_andTheRequestReadsSixRowsInTwoPartitions() {
    // orders: one row by its key. order_lines: one partition of 5M / 1M = 5 rows. In all 6 rows in
    // 2 partitions a request.
    CassandraPlan p = analyze("    with: [OrderLine]").plan("order-with-lines").orElseThrow();
    assertThat(p.tables()).containsExactly("orders");
    assertThat(p.rows().typical()).isEqualTo(1);
    assertThat(p.with()).hasSize(1);
    assertThat(p.with().get(0).tables()).containsExactly("order_lines");
    assertThat(p.with().get(0).access()).isEqualTo(CassandraAccess.SINGLE_PARTITION);
    assertThat(p.with().get(0).rows().typical()).isEqualTo(5);
    assertThat(p.notes())
        .contains(
            "then reads OrderLine from order_lines by single partition: 5 rows in 1 partition(s)"
                + " for a typical key, a request of its own",
            "in all, with OrderLine: 2 reads, 6 rows in 2 partitions for a typical key, 6 rows for"
                + " the busiest");
  }

  @Test
  void theLinesTableReceivesTheReadsLoad() {
    // Without with: no read reaches order_lines. With it: 500 reads/s, each on one of 1M order_id
    // values (a uniform spread: 1 / 1M each), so its busiest partition is read 500 / 1M = 0.0005
    // times a second. The cluster's coordinator requests double: 500/s to orders, 500/s to
    // order_lines; at LOCAL_QUORUM of RF 3 each contacts 2 replicas: 2,000 replica reads/s.
    assertThat(analyze("").heat().get("order_lines").readsPerSecond()).isZero();
    CassandraAnalysis a = analyze("    with: [OrderLine]");
    assertThat(a.heat().get("order_lines").readsPerSecond()).isCloseTo(500 / 1e6, within(1e-12));
    var load = a.cluster().patterns().get(0);
    assertThat(load.coordinatorPerSecond()).isEqualTo(1_000);
    assertThat(load.replicaOpsPerSecond()).isEqualTo(2_000);
  }
}
