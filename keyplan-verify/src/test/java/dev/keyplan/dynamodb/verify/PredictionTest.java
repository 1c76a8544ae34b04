package dev.keyplan.dynamodb.verify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

import dev.keyplan.dynamodb.design.DynamoDbAnalysis;
import dev.keyplan.dynamodb.design.DynamoDbPlan;
import dev.keyplan.dynamodb.design.DynamoDbTable;
import dev.keyplan.dynamodb.verify.KeyGroup.Which;
import dev.keyplan.model.Model;
import org.junit.jupiter.api.Test;

/** keyplan's units per request, read off its plan, and scaled only where the load was. */
final class PredictionTest {
  private static Prediction read(Model model, String pattern, Which which, int maxRows) {
    DynamoDbAnalysis a = Examples.analysis(model);
    DynamoDbPlan plan = a.plan(pattern).orElseThrow();
    DynamoDbTable t = a.table(plan.path().orElseThrow().table()).orElseThrow();
    var item = Examples.item(t, plan.items().get(0));
    GroupPlanner groups = new GroupPlanner(a, maxRows, new Tags());
    // Every pattern's groups, as a session plans them: a Scan reads what the others loaded.
    new Jobs(model, a, groups, Fidelity.DYNALITE).all();
    KeyGroup g =
        plan.access() == DynamoDbPlan.Access.SCAN
            ? null
            : groups.group(t, plan.path().get(), item.partitionSignature(plan.path().get()), which);
    Dataset data = Dataset.of(a, groups.all(), new ItemBuilder(new Filler(1)));
    return Prediction.read(plan, which, g, t, item, data);
  }

  @Test
  void aTypicalGetItem_isThePlansFigure() {
    Prediction p =
        read(Examples.model("orders-dynamodb.yaml"), "customer-profile", Which.TYPICAL, 2_000);
    // A 108 B profile, eventually consistent: one 4 KB block at half a unit.
    assertThat(p.reads()).containsExactly(entry("AppTable", 0.5));
    assertThat(p.items()).isEqualTo(1);
    assertThat(p.scale()).isEqualTo(1);
  }

  @Test
  void theBusiestUsersOrders_arePredictedAtTheLoadedShare_byKeyplansRounding() {
    Prediction p = read(Examples.model("appdata.yaml"), "user-orders", Which.BUSIEST, 2_000);
    // 16,768 orders of 310 B at the horizon, 5,198,080 B in pages of ⌈1,048,576 / 310⌉ = 3,383
    // orders (1,048,730 B, 257 blocks), each billed on its own: 4 full pages and 1,003,160 B (245
    // blocks), (4 × 257 + 245) × 0.5 = 636.5 RCU. 1,999 are loaded with the profile, one page:
    // 1,999 × 310 = 619,690 B, ⌈619,690 / 4,096⌉ = 152 blocks × 0.5 = 76 RCU.
    assertThat(p.items()).isCloseTo(1_999, org.assertj.core.data.Offset.offset(1e-6));
    assertThat(p.reads()).containsExactly(entry("AppData", 76.0));
    assertThat(p.horizon()).containsExactly(entry("AppData", 636.5));
  }

  @Test
  void aLimitedRead_isNotScaled_whenTheLoadHoldsEveryItemItReads() {
    Prediction p =
        read(Examples.model("orders-dynamodb.yaml"), "latest-orders", Which.BUSIEST, 2_000);
    // 20 orders of 2,880 B = 57,600 B: 15 blocks × 0.5.
    assertThat(p.scale()).isEqualTo(1);
    assertThat(p.reads()).containsExactly(entry("AppTable", 7.5));
  }

  @Test
  void aShardedRead_isOneQueryPerShard() {
    Prediction p =
        read(Examples.model("flash-sale-sharded.yaml"), "latest-sales", Which.BUSIEST, 2_000);
    // 10 shards × 20 sales of 145 B = 2,900 B a query: 0.5 RCU each.
    assertThat(p.reads()).containsExactly(entry("ProductSales", 5.0));
    assertThat(p.items()).isEqualTo(200);
  }

  @Test
  void aGlobalIndexThatDoesNotProject_fetchesFromTheTable() {
    Prediction p = read(Examples.model("orders.yaml"), "orders-in-status", Which.TYPICAL, 2_000);
    // 100 KEYS_ONLY entries in 2 RCU, then 100 BatchGetItem fetches of 301 B at 0.5 each.
    assertThat(p.reads()).containsExactly(entry("Orders.ByStatus", 2.0), entry("Orders", 50.0));
  }

  @Test
  void aLocalIndex_isShownApartFromTheTableItemsItFetches() {
    Prediction p = read(Examples.coverage(), "readings-by-quality", Which.TYPICAL, 2_000);
    // 20 keys-only entries in one block (0.5), then 20 table items of 322 B, each 0.5 on its own.
    assertThat(p.reads())
        .containsExactly(entry("Readings.ByQuality", 0.5), entry("Readings", 10.0));
  }

  @Test
  void aScan_isKeyplansRuleOverTheItemsLoaded() {
    Prediction p = read(Examples.coverage(), "all-counters", Which.TYPICAL, 2_000);
    // The Counters table holds the two counters the increment needs (busiest and typical, 35 B)
    // and, as AlertById (171 B), the alerts the readings' key groups loaded: the busiest sensor's
    // 25.92 scaled by 0.0077 (at least one) and a typical sensor's 25.92 × 0.154 = 3.99, 3 whole.
    // 2 × 35 + 4 × 171 = 754 B: one block at 0.5. The plan's own figure is for 25,960 items.
    assertThat(p.items()).isEqualTo(6);
    assertThat(p.reads()).containsExactly(entry("Counters", 0.5));
  }

  @Test
  void aWriteThatFindsFirst_hasTheFindsReadsAndEveryCopysWrites() {
    DynamoDbPlan plan =
        Examples.analysis(Examples.model("app-table.yaml")).plan("ship-order").orElseThrow();
    Prediction p = Prediction.write(plan, Which.TYPICAL);
    // The 472 B order: 1 WCU; GSI2's key and GSI3's key both change: 2 writes each; found on GSI2.
    assertThat(p.writes())
        .containsExactly(
            entry("app-table", 1.0), entry("app-table.GSI2", 2.0), entry("app-table.GSI3", 2.0));
    assertThat(p.reads()).containsExactly(entry("app-table.GSI2", 0.5));
  }
}
