package dev.keyplan.dynamodb.design;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.keyplan.check.RuleTester;
import dev.keyplan.workload.HotWindowFixture;
import org.junit.jupiter.api.Test;

/**
 * A post hot for a day on DynamoDB (docs/model.md, "Hot for a window"): the likes fixture's ({@link
 * HotWindowFixture}) {@code Likes} table keyed {@code P#{post_id}}, 10k likes/s for a year, the
 * busiest post at 300/s for one day. Its item collection holds the day; its heat is the rate.
 */
final class DynamoDbHotWindowTest {
  private static DynamoDbAnalysis analysis(String yaml) {
    return RuleTester.withoutRule().model(yaml).dynamodb();
  }

  private static double itemBytes(DynamoDbAnalysis a) {
    return a.table("Likes").orElseThrow().items().get(0).storageBytes();
  }

  @Test
  void theBusiestItemCollectionHoldsTheWindow() {
    // 300 likes/s × 86,400 s = 25,920,000 items of the post under P#{post_id}, each its storage
    // bytes (its attributes and the 100 B per-item overhead): no local index adds entries.
    DynamoDbAnalysis a = analysis(HotWindowFixture.windowed());
    assertThat(a.sizing().get("Likes").collectionBytes() / itemBytes(a))
        .isCloseTo(25_920_000, within(1e-3));
    assertThat(a.sizing().get("Likes").busiestWindows())
        .containsExactly("Like: busiest post_id: 300/s for 1d = 25,920,000 rows");
  }

  @Test
  void withoutTheWindow_theCollectionHoldsTheRatesShareOfTheYear() {
    // 3% of 10,000 × 31,536,000 = 9,460,800,000 items.
    DynamoDbAnalysis a = analysis(HotWindowFixture.wholeHorizon());
    assertThat(a.sizing().get("Likes").collectionBytes() / itemBytes(a))
        .isCloseTo(9_460_800_000.0, within(1e-3));
    assertThat(a.sizing().get("Likes").busiestWindows()).isEmpty();
  }

  @Test
  void heatIsTheRateEitherWay() {
    // The insert's 10k/s × 3% = 300 PutItem/s on the busiest post, 1 WCU each (an item under 1
    // KB): 300 WCU/s, with or without the window; the reads likewise.
    DynamoDbHeat windowed = analysis(HotWindowFixture.windowed()).heat().get(0);
    DynamoDbHeat whole = analysis(HotWindowFixture.wholeHorizon()).heat().get(0);
    assertThat(windowed.writeUnits()).isCloseTo(300, within(1e-9));
    assertThat(windowed.writeUnits()).isEqualTo(whole.writeUnits());
    assertThat(windowed.readUnits()).isEqualTo(whole.readUnits()).isGreaterThan(0);
  }
}
