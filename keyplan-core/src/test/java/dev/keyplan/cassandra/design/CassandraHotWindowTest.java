package dev.keyplan.cassandra.design;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.keyplan.check.RuleTester;
import dev.keyplan.workload.HotWindowFixture;
import org.junit.jupiter.api.Test;

/**
 * A post hot for a day on Cassandra (docs/model.md, "Hot for a window"): {@code likes_by_post}
 * keyed by post_id, of the likes fixture ({@link HotWindowFixture}: 10k likes/s for a year =
 * 315,360,000,000 rows; the busiest post takes 300/s for one day). Its busiest partition holds the
 * day, its heat is the rate.
 */
final class CassandraHotWindowTest {
  private static CassandraAnalysis analysis(String yaml) {
    return RuleTester.withoutRule().model(yaml).cql(HotWindowFixture.cql()).analysis();
  }

  @Test
  void theBusiestPartitionHoldsTheWindow() {
    // 300 likes/s × 86,400 s = 25,920,000 rows; each row is user_id (8 B clustering) and liked_at
    // (8 B), so the docs' formula gives 8 + 25,920,000 × 16 + 25,920,000 × 8 = 622,080,008 B.
    CassandraSizing s = analysis(HotWindowFixture.windowed()).sizing().get("likes_by_post");
    assertThat(s.busiest().rows()).isCloseTo(25_920_000, within(1e-3));
    assertThat(s.busiest().bytes()).isCloseTo(622_080_008, within(1.0));
    assertThat(s.partitionKey().windows())
        .containsExactly("busiest post_id: 300/s for 1d = 25,920,000 rows");
  }

  @Test
  void withoutTheWindow_theBusiestPartitionHoldsTheRatesShareOfTheYear() {
    // 3% of 315,360,000,000 rows = 9,460,800,000, 365 times the day.
    CassandraSizing s = analysis(HotWindowFixture.wholeHorizon()).sizing().get("likes_by_post");
    assertThat(s.busiest().rows()).isCloseTo(9_460_800_000.0, within(1e-3));
    assertThat(s.partitionKey().windows()).isEmpty();
  }

  @Test
  void heatIsTheRateEitherWay() {
    // The insert's 10k/s × 3% = 300 writes/s, the read's 1k/s × 3% = 30 reads/s on the busiest
    // partition, with or without the window.
    for (String yaml :
        new String[] {HotWindowFixture.windowed(), HotWindowFixture.wholeHorizon()}) {
      var a = analysis(yaml);
      CassandraHeat h = a.heat().get("likes_by_post");
      assertThat(h.writesPerSecond()).isCloseTo(300, within(1e-9));
      assertThat(h.readsPerSecond()).isCloseTo(30, within(1e-9));
      assertThat(a.sizing().get("likes_by_post").busiestRowsPerSecond())
          .isCloseTo(300, within(1e-9));
    }
  }

  @Test
  void bucketAdviceCountsTheWindowInEachBucket() {
    // A 1h bucket holds 300 × 3,600 = 1,080,000 rows of the burst (the window is longer); a 1w
    // bucket holds the window's 25,920,000 and no more, where the rate alone would give
    // 300 × 604,800 = 181,440,000.
    BucketAdvice b =
        analysis(HotWindowFixture.windowed()).sizing().get("likes_by_post").advice().orElseThrow();
    assertThat(option(b, 3_600).busiest().rows()).isCloseTo(1_080_000, within(1e-3));
    assertThat(option(b, 604_800).busiest().rows()).isCloseTo(25_920_000, within(1e-3));
  }

  @Test
  void theRulesSayTheShareIsOfTheWritesWhileHot() {
    // The busiest post takes 3% of the writes (over LowCardinalityPartitionKey's 2%) but only
    // 25,920,000 of the 315,360,000,000 rows: the finding must not call it 3% of the rows. The
    // partition keeps growing after the burst, so UnboundedPartitionGrowth still reports it,
    // saying what the burst put in it; the 100,000-value guideline is crossed 100,000 / 300 s
    // = 5.56 minutes into the burst.
    String windows = "busiest post_id: 300/s for 1d = 25,920,000 rows";
    assertThat(
            RuleTester.of(dev.keyplan.cassandra.check.LowCardinalityPartitionKey.class)
                .model(HotWindowFixture.windowed())
                .cql(HotWindowFixture.cql())
                .findings())
        .singleElement()
        .satisfies(
            f ->
                assertThat(f.message())
                    .contains("the busiest takes 3% of its writes while hot (" + windows + ")"));
    assertThat(
            RuleTester.of(dev.keyplan.cassandra.check.UnboundedPartitionGrowth.class)
                .model(HotWindowFixture.windowed())
                .cql(HotWindowFixture.cql())
                .findings())
        .singleElement()
        .satisfies(
            f ->
                assertThat(f.message())
                    .contains(
                        "grows by 300/s rows while hot ("
                            + windows
                            + ") and keeps growing (25,920,000 rows, 622 MB after 1y)")
                    .contains("after 5.56 minutes"));
  }

  private static BucketAdvice.Option option(BucketAdvice b, long seconds) {
    return b.options().stream().filter(o -> o.windowSeconds() == seconds).findFirst().orElseThrow();
  }
}
