package dev.keyplan.cassandra.design;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keyplan.check.RuleTester;
import dev.keyplan.input.InputException;
import org.junit.jupiter.api.Test;

/**
 * A clustering range reads the rows its width covers (issue 15 §3), given by the pattern's {@code
 * range:} as a duration or a share; without one it is counted as the whole partition and the plan
 * says so. 1M orders of 1,000 users over a 1-year horizon: 1,000 rows a partition, spanning 365
 * days.
 */
final class CassandraRangeWidthTest {
  private static final String CQL =
      """
      CREATE KEYSPACE shop WITH replication = {'class': 'NetworkTopologyStrategy', 'dc1': 3};
      CREATE TABLE shop.orders_by_user (user_id uuid, created_at timestamp, order_id uuid, total double,
        PRIMARY KEY ((user_id), created_at, order_id)) WITH CLUSTERING ORDER BY (created_at DESC, order_id ASC);
      """;

  private static CassandraPlan plan(String query, String range) {
    String model =
        """
        model: shop
        horizon: 365d
        entities:
          Order:
            attributes:
              user_id: uuid
              created_at: {type: timestamp, time_ordered: true}
              order_id: uuid
              total: double
            key: [order_id]
            count: 1M
            spread:
              user_id: {distinct: 1k}
        patterns:
          - id: q
            rate: 10/s
            query: %s
        %s
        cassandra:
          schema: unused.cql
        """
            .formatted(query, range);
    return RuleTester.withoutRule().model(model).cql(CQL).analysis().plan("q").orElseThrow();
  }

  @Test
  void aRangeOf73DaysReadsAFifthOfAYearLongPartition() {
    // 73 / 365 = 20% of 1,000 rows = 200.
    var p = plan("Order where user_id = ? and created_at > ?", "    range: {created_at: 73d}");
    assertThat(p.rows().typical()).isEqualTo(200);
    assertThat(String.join("\n", p.notes())).contains("covers 20% of a partition's rows");
  }

  @Test
  void aRangeGivenAsAShare() {
    // 5% of 1,000 rows = 50.
    var p = plan("Order where user_id = ? and created_at > ?", "    range: {created_at: 5%}");
    assertThat(p.rows().typical()).isEqualTo(50);
  }

  @Test
  void withoutAWidth_theRangeIsTheWholePartition_andThePlanSaysSo() {
    var p = plan("Order where user_id = ? and created_at > ?", "");
    assertThat(p.rows().typical()).isEqualTo(1_000);
    assertThat(String.join("\n", p.notes()))
        .contains("is counted as the whole partition, an upper bound");
  }

  @Test
  void aWidthForAnAttributeWithoutARange_isBadInput() {
    // Line 18 is the range: line, column 13 the key total inside its flow mapping.
    assertThatThrownBy(
            () -> plan("Order where user_id = ? and created_at > ?", "    range: {total: 5%}"))
        .isInstanceOf(InputException.class)
        .hasMessageContaining("model.yaml:18:13")
        .hasMessageContaining("'total' has no range");
  }
}
