package dev.keyplan.dynamodb.simulate;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Where partitions split, on a range of 1,000 positions (the rules do not depend on the scale). */
final class PartitionSplitPointsTest {
  private static PartitionSplitPoints.Inside key(
      long start, long end, double write, boolean divisible) {
    return new PartitionSplitPoints.Inside(start, end, 0, write, divisible, 0);
  }

  @Test
  void forSize_halvesTheRange() {
    assertThat(PartitionSplitPoints.forSize(0, 1_000, List.of()).getAsLong()).isEqualTo(500);
  }

  @Test
  void forSize_movesOffACollectionThatMayNotSplit_toItsNearerEdge() {
    // One item (or a table with a local index) spans 480–530: the middle, 500, is 20 from 480 and
    // 30
    // from 530, so the split moves to 480; a collection that may split by sort key is cut at 500.
    assertThat(PartitionSplitPoints.forSize(0, 1_000, List.of(key(480, 530, 0, false))).getAsLong())
        .isEqualTo(480);
    assertThat(PartitionSplitPoints.forSize(0, 1_000, List.of(key(480, 530, 0, true))).getAsLong())
        .isEqualTo(500);
  }

  @Test
  void forSize_cannotSplitAPartitionThatIsOneIndivisibleCollection() {
    assertThat(PartitionSplitPoints.forSize(0, 1_000, List.of(key(0, 1_000, 0, false)))).isEmpty();
  }

  @Test
  void forHeat_separatesTwoHotKeys() {
    // Two keys at 700 WCU/s each (1,400 > 1,000) at 100–110 and 800–810, no other demand: any point
    // from 110 to 800 leaves 700 on each side; of those candidates the middle of the range, 500,
    // wins.
    List<PartitionSplitPoints.Inside> keys =
        List.of(key(100, 110, 700, false), key(800, 810, 700, false));
    assertThat(PartitionSplitPoints.forHeat(0, 1_000, 0, 1_400, keys).getAsLong()).isEqualTo(500);
  }

  @Test
  void forHeat_isolatesOneHotItemFromTheEvenDemandAroundIt() {
    // One item at 900–910 takes 900 WCU/s; 300 more are even over the range. Cutting at 900 leaves
    // 270 on the left and 900 + 30 on the right; at 910, 900 + 273 left and 27 right; at 500, 150
    // and 1,050. The best busier half is 930, at 900.
    List<PartitionSplitPoints.Inside> keys = List.of(key(900, 910, 900, false));
    assertThat(PartitionSplitPoints.forHeat(0, 1_000, 0, 1_200, keys).getAsLong()).isEqualTo(900);
  }

  @Test
  void forHeat_splitsACollectionBySortKey_whenItMay() {
    // One key holds the whole range with 1,500 WCU/s. Splitting its collection in the middle leaves
    // 750 a side; if its sort key grows monotonically (not divisible) no point helps.
    assertThat(
            PartitionSplitPoints.forHeat(0, 1_000, 0, 1_500, List.of(key(0, 1_000, 1_500, true)))
                .getAsLong())
        .isEqualTo(500);
    assertThat(
            PartitionSplitPoints.forHeat(0, 1_000, 0, 1_500, List.of(key(0, 1_000, 1_500, false))))
        .isEmpty();
  }
}
