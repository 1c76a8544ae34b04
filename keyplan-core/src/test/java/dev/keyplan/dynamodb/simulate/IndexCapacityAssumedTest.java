package dev.keyplan.dynamodb.simulate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.dynamodb.design.DynamoDbAnalysis;
import dev.keyplan.dynamodb.design.DynamoDbAnalyzer;
import dev.keyplan.dynamodb.design.DynamoDbCost;
import dev.keyplan.model.Model;
import org.junit.jupiter.api.Test;

/**
 * A global index of a provisioned table without capacity of its own (every Workbench 3.0 file):
 * simulate provisions it at the figure check reports and prices, the need {@code ⌈peak / 0.7⌉}
 * (DynamoDbCost.neededRead, neededWrite), and says so where the capacity is printed (issue 16
 * Decisions: "simulate uses the same figure and says so").
 *
 * <p>The order item is 102 B (ProvisionedBelowNeedTest): 120 puts/s are 120 WCU/s on the table and
 * on by_customer, which holds every order; ⌈120 / 0.7⌉ = 172 WCU. No read uses the index: 1 RCU,
 * the minimum.
 */
final class IndexCapacityAssumedTest {
  private static final String ORDERS =
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
          rate: 120/s
          insert: Order
      dynamodb:
        tables:
          Orders:
            partition_key: order_id
            capacity: {read: 58, write: 172}
            indexes:
              by_customer: {partition_key: customer_id%s}
            items:
              Order: {keys: {}}
      """;

  @Test
  void withoutCapacity_simulateUsesTheNeedCheckReports_andSaysItIsAssumed() {
    Model m = Sims.model(ORDERS.formatted(""));
    DynamoDbAnalysis a = DynamoDbAnalyzer.analyze(m);
    DynamoDbCost need = a.cost("Orders.by_customer").orElseThrow();
    assertThat(need.neededRead()).isEqualTo(1);
    assertThat(need.neededWrite()).isEqualTo(172);
    CopyRun index = Sims.run(m, DynamoDbSetup.defaults(), 60, 1).copies().get(1);
    assertThat(index.copy()).isEqualTo("Orders.by_customer");
    assertThat(index.capacity())
        .isEqualTo("provisioned 1 RCU / 172 WCU (assumed: what the workload needs; none set)");
  }

  @Test
  void withCapacity_simulateUsesIt_withoutAnAssumption() {
    Model m = Sims.model(ORDERS.formatted(", capacity: {read: 5, write: 200}"));
    CopyRun index = Sims.run(m, DynamoDbSetup.defaults(), 60, 1).copies().get(1);
    assertThat(index.capacity()).isEqualTo("provisioned 5 RCU / 200 WCU");
  }
}
