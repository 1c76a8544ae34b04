package dev.keyplan.mongodb.design;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.keyplan.check.RuleTester;
import dev.keyplan.workload.HotWindowFixture;
import org.junit.jupiter.api.Test;

/**
 * A post hot for a day on MongoDB (docs/model.md, "Hot for a window"): the likes fixture's ({@link
 * HotWindowFixture}) {@code likes} collection sharded by {@code {post_id: 1}}, 10k likes/s for a
 * year, the busiest post at 300/s for one day. The data under its shard key value (what a chunk
 * cannot split) is the day; the shard's heat is the rate.
 */
final class MongoDbHotWindowTest {
  private static MongoDbAnalysis analysis(String yaml) {
    return RuleTester.withoutRule().model(yaml).mongodb();
  }

  @Test
  void theBusiestShardKeyValueHoldsTheWindow() {
    // 300 likes/s × 86,400 s = 25,920,000 documents of the 10,000 × 31,536,000 =
    // 315,360,000,000 at the horizon: that share of the collection's data.
    MongoDbAnalysis a = analysis(HotWindowFixture.windowed());
    MongoDbShard s = a.shard("likes").orElseThrow();
    MongoDbCollection c = a.collection("likes").orElseThrow();
    assertThat(c.documents()).isEqualTo(315_360_000_000.0);
    assertThat(s.busiestValueBytes() / s.dataBytes() * c.documents())
        .isCloseTo(25_920_000, within(1e-2));
    assertThat(c.busiestWindows(java.util.Set.of("post_id")))
        .containsExactly("busiest post_id: 300/s for 1d = 25,920,000 rows");
  }

  @Test
  void withoutTheWindow_theValueHoldsTheRatesShareOfTheYear() {
    // 3% of 315,360,000,000 = 9,460,800,000 documents.
    MongoDbAnalysis a = analysis(HotWindowFixture.wholeHorizon());
    MongoDbShard s = a.shard("likes").orElseThrow();
    assertThat(s.busiestValueBytes() / s.dataBytes()).isCloseTo(0.03, within(1e-12));
  }

  @Test
  void heatIsTheRateEitherWay() {
    // The busiest shard's reads and writes come from the requests' share (3% of each pattern's
    // rate on the busiest post), not from the data it holds: equal with or without the window.
    MongoDbShard windowed = analysis(HotWindowFixture.windowed()).shard("likes").orElseThrow();
    MongoDbShard whole = analysis(HotWindowFixture.wholeHorizon()).shard("likes").orElseThrow();
    assertThat(windowed.writes()).isEqualTo(whole.writes()).isGreaterThan(0);
    assertThat(windowed.reads()).isEqualTo(whole.reads()).isGreaterThan(0);
  }
}
