package dev.keyplan.dynamodb.simulate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.keyplan.dynamodb.design.DynamoDbAnalysis;
import dev.keyplan.dynamodb.design.DynamoDbAnalyzer;
import dev.keyplan.dynamodb.facts.DynamoDbLimits;
import dev.keyplan.model.Model;
import org.junit.jupiter.api.Test;

/**
 * The workload is the analysis's: every copy (table, global index) is its own partition map, and
 * asks what the analysis's cost says it asks, spread over the values by the model's spreads.
 */
final class CopiesTest {
  @Test
  void ordersOnDynamoDb_theTableAndItsIndexAreSeparateCopies_askingWhatTheAnalysisCosts() {
    // examples/orders-dynamodb.yaml: AppTable and GSI1. Over 600 s each copy asks its peak units
    // a second (DynamoCost.readUnits, writeUnits: Σ rate × units over the touches) × 600, within
    // the Poisson noise of the tracked keys (under 1%).
    Model m = Sims.example("orders-dynamodb.yaml");
    DynamoDbAnalysis a = DynamoDbAnalyzer.analyze(m);
    DynamoDbRun run = Sims.run(m, DynamoDbSetup.defaults(), 600, 1);
    assertThat(run.copies()).extracting(CopyRun::copy).containsExactly("AppTable", "AppTable.GSI1");
    for (CopyRun c : run.copies()) {
      var cost = a.cost(c.copy()).orElseThrow();
      assertThat(c.read().units().demand())
          .as(c.copy() + " reads")
          .isCloseTo(cost.readUnits() * 600, within(0.01 * cost.readUnits() * 600 + 1));
      assertThat(c.write().units().demand())
          .as(c.copy() + " writes")
          .isCloseTo(cost.writeUnits() * 600, within(0.01 * cost.writeUnits() * 600 + 1));
    }
    // A new on-demand copy starts with 4 partitions (12,000 RRU or 4,000 WRU at 3,000 or 1,000
    // each), or more for its bytes: today's 5M customers and 50M orders at their storage bytes on
    // the table, the 50M orders' entries (+ 100 B) on GSI1, 10 GB a partition.
    var table = a.tables().get(0);
    var gsi = table.gsis().get(0);
    double tableBytes = 0;
    double gsiBytes = 0;
    for (var it : table.items()) {
      tableBytes += it.entity().count() * it.storageBytes();
      if (it.on(gsi)) {
        gsiBytes += it.entity().count() * (it.entryBytes(gsi, table) + 100);
      }
    }
    double gb10 = DynamoDbLimits.MAX_PARTITION_BYTES;
    assertThat(run.copies().get(0).initialPartitions())
        .isEqualTo((int) Math.max(4, Math.ceil(tableBytes / gb10)));
    assertThat(run.copies().get(1).initialPartitions())
        .isEqualTo((int) Math.max(4, Math.ceil(gsiBytes / gb10)));
  }

  /**
   * Seed 000's single-table layout with a busy account: 10% of the profile reads and of the orders.
   */
  private static final String SHOP =
      """
      model: shop
      horizon: 30d
      entities:
        Customer:
          attributes:
            customer_id: uuid
            name: {type: text, size: 20B}
          key: [customer_id]
          count: 1k
        Order:
          attributes:
            order_id: uuid
            customer_id: uuid
            order_date: date
            total: {type: decimal, size: 8B}
          key: [order_id]
          count: 1M
          growth: 100/s
          spread:
            customer_id: {distinct: 1k, busiest: 10%}
      patterns:
        - id: profile
          rate: 1k/s
          query: Customer where customer_id = ?
          spread:
            customer_id: {busiest: 10%}
        - {id: latest-orders, rate: 1k/s, query: Order where customer_id = ? order by order_date desc limit 20}
        - {id: place-order, rate: 100/s, insert: Order}
      dynamodb:
        tables:
          AppTable:
            partition_key: PK
            sort_key: SK
            items:
              Customer:
                keys: {PK: "C#{customer_id}", SK: PROFILE}
              Order:
                keys: {PK: "C#{customer_id}", SK: "ORDER#{order_date}#{order_id}"}
      """;

  @Test
  void theBusiestCustomersProfileAndOrders_shareOneItemCollection_atTheAnalysisHeat() {
    // C#{customer_id} keys both item types, so the busiest customer's value, C#customer_id-1, takes
    // the busiest share of the profile reads, of the order reads and of the order writes: what the
    // analysis's heat says (DynamoHeat: Σ rate × share × busiest units over the patterns reaching
    // it), here within 2% over 600 s of Poisson seconds.
    Model m = Sims.model(SHOP);
    var heat =
        DynamoDbAnalyzer.analyze(m).heat().stream()
            .filter(h -> h.signature().equals("C#{customer_id}"))
            .findFirst()
            .orElseThrow();
    CopyRun c = Sims.only(Sims.run(m, DynamoDbSetup.defaults(), 600, 1));
    KeyStats busiest = c.hotKeys().get(0);
    assertThat(busiest.key()).isEqualTo("C#customer_id-1");
    assertThat(busiest.read().demand() / 600)
        .isCloseTo(heat.readUnits(), within(0.02 * heat.readUnits()));
    assertThat(busiest.write().demand() / 600)
        .isCloseTo(heat.writeUnits(), within(0.02 * heat.writeUnits()));
  }

  @Test
  void aKeyWithoutASpread_isSimulatedAsUniform_andTheNotesSaySo() {
    // tenant_id has no spread and is not the entity's key: the analysis cannot name a busiest
    // tenant, so the simulator spreads the 500 writes/s evenly and says so; the total is still
    // 500 × 1 WCU a second, 300,000 over 600 s, all in the even tail (no Poisson noise).
    String yaml =
        """
        model: tenants
        horizon: 1d
        entities:
          Event:
            attributes:
              event_id: uuid
              tenant_id: uuid
            key: [event_id]
            growth: 500/s
        patterns:
          - {id: record, rate: 500/s, insert: Event}
        dynamodb:
          tables:
            Events:
              partition_key: tenant_id
              sort_key: event_id
              items:
                Event: {keys: {}}
        """;
    DynamoDbRun run = Sims.run(yaml, DynamoDbSetup.defaults(), 600);
    assertThat(run.result().notes())
        .anySatisfy(n -> assertThat(n).contains("the spread of {tenant_id} is not declared"));
    assertThat(Sims.only(run).write().units().demand()).isCloseTo(300_000, within(1e-6));
  }
}
