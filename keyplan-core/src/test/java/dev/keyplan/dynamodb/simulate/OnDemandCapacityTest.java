package dev.keyplan.dynamodb.simulate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** The on-demand limit: twice the previous peak, a peak counting 30 minutes after it is reached. */
final class OnDemandCapacityTest {
  @Test
  void aNewTableAskedFor10000Wru_serves4000Then8000ThenAll() {
    // A new table's previous peak is 2,000 WRU, so it serves 2 × 2,000 = 4,000 at once. Consumed at
    // second 0, 4,000 becomes the peak at 1,800 s: 8,000 from then; 8,000 (consumed at 1,800) is
    // the
    // peak at 3,600: 16,000 ≥ 10,000. Throttled: 6,000 × 1,800 + 2,000 × 1,800 = 14,400,000 WRU.
    OnDemandCapacity c = new OnDemandCapacity(2_000, 40_000);
    double throttled = 0;
    for (long t = 0; t < 5_400; t++) {
      double[] served = {10_000};
      double[] refused = new double[1];
      c.admit(t, served, new double[1], refused, 1);
      throttled += refused[0];
      if (t == 0 || t == 1_799) {
        assertThat(c.limit()).isEqualTo(4_000);
      } else if (t == 1_800 || t == 3_599) {
        assertThat(c.limit()).isEqualTo(8_000);
      } else if (t == 3_600) {
        assertThat(c.limit()).isEqualTo(16_000);
        assertThat(refused[0]).isZero();
      }
    }
    assertThat(throttled).isEqualTo(14_400_000);
  }

  @Test
  void overTheLimit_everyPartitionLosesTheSameShare() {
    // Limit 4,000; partitions ask 3,000 + 1,000 + 1,000 = 5,000: each keeps 4,000 / 5,000 = 80%.
    OnDemandCapacity c = new OnDemandCapacity(2_000, 40_000);
    double[] served = {3_000, 1_000, 1_000};
    double[] refused = new double[3];
    c.admit(0, served, new double[3], refused, 3);
    assertThat(served).containsExactly(new double[] {2_400, 800, 800}, within(1e-9));
    assertThat(refused).containsExactly(new double[] {600, 200, 200}, within(1e-9));
  }

  @Test
  void theLimitNeverPassesTheTableQuota() {
    // A previous peak of 30,000 would allow 60,000, but a table's default quota is 40,000.
    OnDemandCapacity c = new OnDemandCapacity(30_000, 40_000);
    assertThat(c.limitAt(0)).isEqualTo(40_000);
  }
}
