package dev.keyplan.dynamodb.simulate;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Partitions cover the hash space in order; a split halves the range given and the capacity share.
 */
final class PartitionMapTest {
  @Test
  void initialPartitions_haveEqualRangesAndShares() {
    // 3 partitions of 2^62 / 3 positions each (the last takes the rounding), 1,500 RCU / 800 WCU
    // shared: 500 RCU and 266.67 WCU each.
    PartitionMap m = new PartitionMap(3, 1_500, 800);
    assertThat(m.size()).isEqualTo(3);
    assertThat(m.get(0).lo).isZero();
    assertThat(m.get(2).hi).isEqualTo(HashSpace.SIZE);
    assertThat(m.get(1).lo).isEqualTo(m.get(0).hi);
    assertThat(m.get(0).shareRead).isEqualTo(500);
    assertThat(m.get(0).shareWrite).isEqualTo(800.0 / 3);
  }

  @Test
  void split_replacesThePartitionWithTwoHalvesOfItsShare() {
    PartitionMap m = new PartitionMap(2, 1_000, 400);
    long mid = m.get(0).hi / 2;
    m.split(0, mid, "size", 120);
    assertThat(m.size()).isEqualTo(3);
    assertThat(m.get(0).name).isEqualTo("p3");
    assertThat(m.get(0).hi).isEqualTo(mid);
    assertThat(m.get(1).lo).isEqualTo(mid);
    assertThat(m.get(1).shareWrite).isEqualTo(100);
    assertThat(m.all().get(0).retiredAt).isEqualTo(120);
    assertThat(m.locate(mid - 1)).isZero();
    assertThat(m.locate(mid)).isEqualTo(1);
    assertThat(m.locate(HashSpace.SIZE - 1)).isEqualTo(2);
  }

  @Test
  void placement_givesACollectionCutBySortKeyToBothPartitions() {
    // A split a quarter of the way into a key's slot leaves 1/4 of it on the left, 3/4 on the
    // right.
    PartitionMap m = new PartitionMap(1, 0, 0);
    long start = HashSpace.start("product_id-1");
    m.split(0, start + HashSpace.COLLECTION / 4, "heat", 300);
    Placement p = Placement.of(m, new long[] {start});
    assertThat(p.partitions[0]).containsExactly(0, 1);
    assertThat(p.shares[0]).containsExactly(0.25, 0.75);
  }

  @Test
  void hashSpace_placesAKeyTheSameWayEveryTime_atTheStartOfASlot() {
    long s = HashSpace.start("product_id-1");
    assertThat(HashSpace.start("product_id-1")).isEqualTo(s);
    assertThat(s % HashSpace.COLLECTION).isZero();
    assertThat(s).isBetween(0L, HashSpace.SIZE - HashSpace.COLLECTION);
    assertThat(HashSpace.start("product_id-2")).isNotEqualTo(s);
  }
}
