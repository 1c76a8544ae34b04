package dev.keyplan.dynamodb.simulate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.keyplan.model.Model;
import org.junit.jupiter.api.Test;

/**
 * Seed 004, worked scenario 2: one product takes 800 of 1,000 orders a second for a two-hour sale.
 *
 * <p>Under DynamoDB's documented mechanics 800 WCU/s on one key is below the 1,000 WCU ceiling of
 * its partition, so "throttled once burst is spent" needs a table provisioned short of the sale:
 * examples/flash-sale-provisioned.yaml has 1,500 RCU and 800 WCU (2 partitions, 400 WCU each), 200
 * WCU/s under the sale. Burst absorbs the first 20 minutes, then the table throttles. Write
 * sharding (examples/flash-sale-sharded-provisioned.yaml) moves the load off one partition but
 * cannot add capacity; 1,000 WCU can. On demand (examples/flash-sale.yaml as written) nothing is
 * throttled. Every run is seed 4, 7,200 s.
 */
final class FlashSaleScenarioTest {
  private static final long SALE = 7_200;

  private static CopyRun sale(String example, DynamoDbSetup setup) {
    Model m = Sims.example(example);
    return Sims.run(m, setup, SALE, 4).copy("ProductSales").orElseThrow();
  }

  @Test
  void unsharded_burstAbsorbsTheFirst1200Seconds_thenThrottles200WcuASecond() {
    // Burst: 300 s × 800 WCU = 240,000, drained at 1,000 − 800 = 200 a second: 1,200 s. The tracked
    // key's Poisson writes move that by √(800 × 1,200) ≈ 980 WCU, 5 s; allow 30. After it, the
    // table serves 800 of the 1,000 a second: (7,200 − 1,200) × 200 = 1,200,000 WCU refused (±1%,
    // the noise of 6,000 Poisson seconds is √(800 × 6,000) ≈ 2,200).
    CopyRun c = sale("flash-sale-provisioned.yaml", DynamoDbSetup.defaults());
    assertThat(c.initialPartitions()).isEqualTo(2);
    assertThat(c.write().burstCapacity()).isEqualTo(240_000);
    assertThat(c.write().firstTableThrottle().getAsLong()).isBetween(1_170L, 1_230L);
    assertThat(c.write().burstSpent().getAsLong()).isBetween(1_170L, 1_230L);
    assertThat(c.write().units().tableThrottled()).isCloseTo(1_200_000, within(12_000.0));
    assertThat(c.events()).filteredOn(e -> e.kind().equals("burst-exhausted")).hasSize(1);
  }

  @Test
  void unsharded_oneOfTwoPartitionsTakes90PercentOfTheWrites_atItsCeilingsEdge() {
    // product_id-1 (flash-deal-001) takes 800 WCU/s; the other 9,999 products' 200 split evenly
    // over
    // the 2 partitions: its partition asks 800 + 100 = 900 of the 1,000, 90%. Its busiest second is
    // 900 plus the key's Poisson peak over 7,200 seconds (about 3.8 × √800 ≈ 107): at the ceiling.
    // The table's refusals fall on it alone: the other asks 100, under its 400 share. The key's
    // share of them: 800 / 900 of 1,200,000 ≈ 1,066,667 (±2%).
    CopyRun c = sale("flash-sale-provisioned.yaml", DynamoDbSetup.defaults());
    PartitionStats hot = c.hottest(/* write= */ true);
    assertThat(hot.write().demand() / c.write().units().demand()).isCloseTo(0.9, within(0.005));
    assertThat(hot.write().peakDemand()).isBetween(950.0, 1_100.0);
    assertThat(hot.write().tableThrottled())
        .isCloseTo(c.write().units().tableThrottled(), within(1e-6));
    KeyStats deal = c.hotKeys().get(0);
    assertThat(deal.key()).isEqualTo("product_id-1");
    assertThat(deal.write().throttled()).isCloseTo(1_066_667, within(0.02 * 1_066_667));
  }

  @Test
  void sharded_tenSuffixesSpreadThePartitions_butTheShortTableThrottlesAsMuch() {
    // product_id-1#0 … #9 take 80 WCU/s each; by their hashes k of them land on the partition below
    // 2^61 (the two partitions' boundary), 10 − k on the other. The busier asks 80 × max(k, 10 − k)
    // + 100 of the 1,000: less than the 90% before, and its peak stays far under the ceiling (5σ of
    // its Poisson writes: 5 × √(80 × max)). The table is as short as before: the burst lasts the
    // same 1,200 s and the same 1,200,000 WCU are refused.
    CopyRun c = sale("flash-sale-sharded-provisioned.yaml", DynamoDbSetup.defaults());
    int low = 0;
    for (int j = 0; j < 10; j++) {
      low += HashSpace.start("product_id-1#" + j) < HashSpace.SIZE / 2 ? 1 : 0;
    }
    int most = Math.max(low, 10 - low);
    double busier = 80.0 * most + 100;
    PartitionStats hot = c.hottest(/* write= */ true);
    assertThat(hot.write().demand() / c.write().units().demand())
        .isCloseTo(busier / 1_000, within(0.005))
        .isLessThan(0.9);
    assertThat(hot.write().peakDemand())
        .isLessThan(busier + 5 * Math.sqrt(80.0 * most))
        .isLessThan(1_000);
    assertThat(c.write().units().partitionThrottled()).isZero();
    assertThat(c.write().firstTableThrottle().getAsLong()).isBetween(1_170L, 1_230L);
    assertThat(c.write().units().tableThrottled()).isCloseTo(1_200_000, within(12_000.0));
  }

  @Test
  void sharded_readsCostTenTimesAsMuch() {
    // A read of the latest 20 sales queries every suffix: 10 queries of 0.5 RCU instead of one.
    // 200 reads/s × 0.5 = 100 RCU/s unsharded, × 10 = 1,000 sharded, over 7,200 s (±1%).
    CopyRun plain = sale("flash-sale-provisioned.yaml", DynamoDbSetup.defaults());
    CopyRun sharded = sale("flash-sale-sharded-provisioned.yaml", DynamoDbSetup.defaults());
    assertThat(plain.read().units().demand()).isCloseTo(100.0 * SALE, within(0.01 * 100 * SALE));
    assertThat(sharded.read().units().demand())
        .isCloseTo(1_000.0 * SALE, within(0.01 * 1_000 * SALE));
    assertThat(sharded.read().units().throttled()).isZero();
  }

  @Test
  void thousandWcu_curesTheTable_andOnlyShardingClearsTheCeiling() {
    // At 1,000 WCU, the sale's rate, the bucket starts full (300,000) and the seconds above 1,000
    // draw on it as fast as those below refill it: it never empties, nothing is refused for the
    // table's sake. The partitions stay 2 (⌈0.5 + 1⌉). Unsharded, the hot partition still runs at
    // 900 of its 1,000 and its Poisson peaks reach the ceiling now and then (a few units at most);
    // sharded, none does.
    DynamoDbSetup cure =
        DynamoDbSetup.defaults().withCapacity(DynamoDbSetup.CapacityMode.provisioned(1_500, 1_000));
    CopyRun plain = sale("flash-sale-provisioned.yaml", cure);
    CopyRun sharded = sale("flash-sale-sharded-provisioned.yaml", cure);
    assertThat(plain.write().units().tableThrottled()).isZero();
    assertThat(sharded.write().units().tableThrottled()).isZero();
    assertThat(plain.write().units().partitionThrottled())
        .isLessThan(1e-4 * plain.write().units().demand());
    assertThat(sharded.write().units().throttled()).isZero();
    assertThat(plain.write().burstSpent()).isEmpty();
  }

  @Test
  void onDemand_asTheExampleIsWritten_nothingIsThrottled() {
    // A new on-demand table serves 4,000 WRU at once on 4 partitions: 1,000 WRU/s is a quarter of
    // it, and the hot partition asks 800 + 200 / 4 = 850 of its 1,000.
    CopyRun c = sale("flash-sale.yaml", DynamoDbSetup.defaults());
    assertThat(c.onDemand()).isTrue();
    assertThat(c.initialPartitions()).isEqualTo(4);
    assertThat(c.write().units().throttled()).isZero();
    assertThat(c.hottest(/* write= */ true).write().demand() / c.write().units().demand())
        .isCloseTo(0.85, within(0.005));
  }
}
