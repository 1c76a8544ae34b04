package dev.keyplan.dynamodb.verify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.dynamodb.design.DynamoDbAnalysis;
import dev.keyplan.dynamodb.design.DynamoDbTable;
import dev.keyplan.dynamodb.verify.KeyGroup.Which;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What is loaded: keyplan's item counts per key, scaled to --max-rows by one stated share. */
final class GroupPlannerTest {
  @Test
  void theFlashDeal_isScaledToMaxRows_andATypicalProductIsLoadedWhole() {
    DynamoDbAnalysis a = Examples.analysis(Examples.model("flash-sale.yaml"));
    DynamoDbTable t = a.tables().get(0);
    GroupPlanner p = new GroupPlanner(a, 2_000, new Tags());
    KeyGroup busiest = p.group(t, t.table(), "{product_id}", Which.BUSIEST);
    KeyGroup typical = p.group(t, t.table(), "{product_id}", Which.TYPICAL);
    // 1,000 sales/s for 2 h is 7,200,000; the flash deal takes 80% = 5,760,000; 10,000 products
    // share
    // the rest evenly on average: 7,200,000 / 10,000 = 720 a product.
    assertThat(busiest.total()).isEqualTo(5_760_000);
    assertThat(busiest.loaded()).isEqualTo(2_000);
    assertThat(busiest.factor()).isEqualTo(2_000 / 5_760_000.0);
    assertThat(typical.total()).isEqualTo(720);
    assertThat(typical.loaded()).isEqualTo(720);
    assertThat(typical.factor()).isEqualTo(1);
    assertThat(p.all()).containsExactly(busiest, typical);
  }

  @Test
  void rowsOfAGroup_shareItsPartitionKey_andNothingElse() {
    DynamoDbAnalysis a = Examples.analysis(Examples.model("orders-dynamodb.yaml"));
    DynamoDbTable t = a.tables().get(0);
    KeyGroup g =
        new GroupPlanner(a, 2_000, new Tags())
            .group(t, t.table(), "C#{customer_id}", Which.TYPICAL);
    assertThat(g.members()).extracting(m -> m.item().name()).containsExactly("Customer", "Order");
    List<Instance> orders = g.member(Examples.item(t, "Order")).orElseThrow().rows();
    assertThat(orders).allSatisfy(r -> assertThat(r.tag("customer_id")).isEqualTo(g.tag()));
    assertThat(orders).extracting(r -> r.tag("order_id")).doesNotHaveDuplicates();
    // A typical customer's 136.144 orders at the horizon are 136 whole items, and one profile.
    assertThat(g.loaded()).isEqualTo(137);
  }

  @Test
  void aSortKeyValueTheReadGives_repeatsAsOftenAsKeyplanCountsIt() {
    DynamoDbAnalysis a = Examples.analysis(Examples.coverage());
    DynamoDbTable t = a.tables().get(0);
    KeyGroup g =
        new GroupPlanner(a, 100, new Tags())
            .group(t, t.path("ByQuality").orElseThrow(), "S#{sensor_id}", Which.BUSIEST);
    List<Instance> rows = g.members().get(0).rows();
    // quality has 2 values: every other row shares the first row's, so begins_with("<quality>#")
    // matches half the partition, as keyplan's plan says; at (a timestamp) stays each row's own.
    assertThat(rows)
        .filteredOn(r -> r.tag("quality").equals(rows.get(0).tag("quality")))
        .hasSize(50);
    assertThat(rows).extracting(r -> r.tag("at")).doesNotHaveDuplicates();
  }
}
