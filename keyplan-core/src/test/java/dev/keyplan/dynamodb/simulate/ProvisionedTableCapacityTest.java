package dev.keyplan.dynamodb.simulate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** Adaptive and burst capacity on a provisioned copy, with the worked numbers AWS publishes. */
final class ProvisionedTableCapacityTest {
  /**
   * Serves one second of {@code demand} (already within the ceilings) and returns {served,
   * throttled}.
   */
  private static double[][] second(
      ProvisionedTableCapacity c, long t, double[] demand, double[] shares) {
    double[] served = demand.clone();
    double[] throttled = new double[demand.length];
    c.admit(t, served, shares, throttled, demand.length);
    return new double[][] {served, throttled};
  }

  @Test
  void rePostExample_150RcuAt200PerSecond_burstLasts900Seconds() {
    // AWS re:Post, dynamodb-spiky-workloads-short-intervals: 150 RCU keep 150 × 300 = 45,000 units
    // of
    // burst; 200 RCU/s draw 200 − 150 = 50 a second, so 45,000 / 50 = 900 s are served in full
    // (seconds 0 to 899) and from second 900 the 50 above the provisioned rate are throttled.
    ProvisionedTableCapacity c = new ProvisionedTableCapacity(150, /* burstFull= */ true);
    assertThat(c.burstCapacity()).isEqualTo(45_000);
    for (long t = 0; t < 900; t++) {
      assertThat(second(c, t, new double[] {200}, new double[] {150})[1][0])
          .as("second %d", t)
          .isZero();
    }
    assertThat(c.burst()).isZero();
    double[][] s = second(c, 900, new double[] {200}, new double[] {150});
    assertThat(s[0][0]).isEqualTo(150);
    assertThat(s[1][0]).isEqualTo(50);
  }

  @Test
  void developerGuideExample_aHotPartitionAt150OfA100Share_isSustainedWithoutBurst() {
    // AWS DG, bp-partition-key-design: 400 WCU over 4 partitions (100 each), three at 50 WCU/s and
    // one at 150. The table asks 300 ≤ 400: adaptive capacity lends the hot partition the 50 its
    // neighbours leave, nothing is throttled, and the 100 unused a second refill the burst bucket
    // instead of draining it, for an hour.
    ProvisionedTableCapacity c = new ProvisionedTableCapacity(400, /* burstFull= */ false);
    double[] shares = {100, 100, 100, 100};
    for (long t = 0; t < 3_600; t++) {
      double[][] s = second(c, t, new double[] {50, 50, 50, 150}, shares);
      assertThat(s[0]).containsExactly(50, 50, 50, 150);
      assertThat(s[1]).containsOnly(0.0);
    }
    // 100 unused a second for 3,600 s is 360,000, capped at 300 s × 400 = 120,000.
    assertThat(c.burst()).isEqualTo(120_000);
  }

  @Test
  void aShortTable_throttlesOnlyThePartitionsAboveTheirShare() {
    // 400 WCU, 4 partitions of 100, burst empty; demand 50, 50, 50, 300 = 450: 50 must go, all of
    // it
    // from the one partition above its share (300 − 100 = 200 over; the others are under theirs).
    ProvisionedTableCapacity c = new ProvisionedTableCapacity(400, /* burstFull= */ false);
    double[][] s = second(c, 0, new double[] {50, 50, 50, 300}, new double[] {100, 100, 100, 100});
    assertThat(s[1]).containsExactly(0, 0, 0, 50);
    assertThat(s[0]).containsExactly(50, 50, 50, 250);
  }

  @Test
  void twoPartitionsAboveTheirShare_shareTheRefusalByHowFarAbove() {
    // 400 WCU over 2 partitions of 200; demand 380 + 120 = 500, burst empty: 100 refused. Only the
    // first is above its share, by 180, so it takes all 100 … and with 300 + 300 = 600 both are 100
    // above: 200 refused, 100 each.
    ProvisionedTableCapacity c = new ProvisionedTableCapacity(400, /* burstFull= */ false);
    assertThat(second(c, 0, new double[] {380, 120}, new double[] {200, 200})[1])
        .containsExactly(100, 0);
    assertThat(second(c, 1, new double[] {300, 300}, new double[] {200, 200})[1])
        .containsExactly(100, 100);
  }

  @Test
  void burstCoversAShortSpike_thenRefillsAtTheUnusedRate() {
    // 100 WCU, bucket empty. 60 s at 50 keep 60 × 50 = 3,000; a 10 s spike at 300 draws 200 a
    // second,
    // 2,000, all served; 1,000 remain.
    ProvisionedTableCapacity c = new ProvisionedTableCapacity(100, /* burstFull= */ false);
    for (long t = 0; t < 60; t++) {
      second(c, t, new double[] {50}, new double[] {100});
    }
    assertThat(c.burst()).isEqualTo(3_000);
    for (long t = 60; t < 70; t++) {
      assertThat(second(c, t, new double[] {300}, new double[] {100})[1][0]).isZero();
    }
    assertThat(c.burst()).isCloseTo(1_000, within(1e-9));
  }
}
