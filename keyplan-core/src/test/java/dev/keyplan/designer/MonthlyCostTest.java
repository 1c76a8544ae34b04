package dev.keyplan.designer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** Units and monthly cost as the load scales: {@code units(k) = max(⌈load × k⌉, ⌈data⌉, min)}. */
class MonthlyCostTest {
  private static MonthlyCost nodes(double load, double data) {
    // $0.624 an hour × 730 = $455.52 a node-month.
    return new MonthlyCost("self-managed", "test", "node", 0.624 * 730, load, data, 6, 0, 0, "");
  }

  @Test
  void theDataSizesTheCluster_whenItNeedsMoreNodesThanTheLoad() {
    // 41.5 nodes of load, 558.2 of data: 559 nodes at ×1 and at ×10 (415 < 559).
    MonthlyCost c = nodes(41.5, 558.2);
    assertThat(c.units(1)).isEqualTo(559);
    assertThat(c.units(10)).isEqualTo(559);
    assertThat(c.monthly(1)).isCloseTo(254_635.68, within(0.005));
    // ×20: 830 nodes of load pass the data's 559.
    assertThat(c.units(20)).isEqualTo(830);
  }

  @Test
  void aSmallClusterRunsOnItsMinimum_andUseBilledPartsScaleWithTheRates() {
    assertThat(nodes(0.2, 0.01).units(1)).isEqualTo(6);
    MonthlyCost usage = new MonthlyCost("managed", "test", "table", 0, 0, 0, 0, 100, 5, "");
    // $100 of throughput at ×1 is $1,000 at ×10; storage stays $5.
    assertThat(usage.units(10)).isZero();
    assertThat(usage.monthly(10)).isEqualTo(1_005);
  }

  @Test
  void anOfferThatCannotBePriced_isNaN() {
    MonthlyCost c = new MonthlyCost("Atlas", "test", "shard", Double.NaN, 1, 0, 1, 0, 0, "no");
    assertThat(c.monthly(1)).isNaN();
  }
}
