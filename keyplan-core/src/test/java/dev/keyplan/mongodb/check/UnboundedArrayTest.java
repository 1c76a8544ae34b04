package dev.keyplan.mongodb.check;

import dev.keyplan.check.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * Seed 003's "BAD: unbounded array": a product embeds its reviews. A review element holds review_id
 * (binData 1 + 10 + 4 + 1 + 16 = 32 B), rating (int, 1 + 7 + 4 = 12 B) and text (string of 400 B, 1
 * + 5 + 4 + 400 + 1 = 411 B): 4 + 32 + 12 + 411 + 1 = 460 B, plus 1 + key + NUL in the array, 467 B
 * at a 5-digit index. The busiest product takes 2% of the reviews.
 */
final class UnboundedArrayTest {
  private final RuleTester tester = RuleTester.of(UnboundedArray.class);

  private static String products(String count, String growth, String embed) {
    return """
        model: reviews
        horizon: 1y
        entities:
          Product:
            attributes:
              product_id: uuid
              name: {type: text, size: 40B}
            key: [product_id]
            count: 50k
          Review:
            attributes:
              review_id: uuid
              product_id: uuid
              rating: tinyint
              text: {type: text, size: 400B}
            key: [review_id]
            count: %s
            %s
            spread:
              product_id: {distinct: 50k, busiest: 2%%}
        patterns:
          - id: product
            rate: 100/s
            query: Product where product_id = ?
        mongodb:
          collections:
            products:
              entity: Product
              embed:
                %s
        """
        .formatted(count, growth, embed);
  }

  @Test
  void reviewsEverySecond_passSixteenMebibytesWithinTheHorizon() {
    // At the horizon 2% × (1M + 1/s × 31,536,000 s) = 650,720 reviews, 304,425,864 B. Today the
    // busiest
    // has 20,000 and gains 2% × 86,400 = 1,728 a day; (16,777,216 − 82) B hold 35,949 of them,
    // reached
    // after (35,949 − 20,000) / 0.02 per s = 797,450 s = 9.23 days.
    tester
        .model(
            products(
                "1M",
                "growth: 1/s",
                "reviews: {entity: Review, by: product_id}  "
                    + "# FINDING: UnboundedArray [error]: holds 650,720 entries at the horizon (1,728 more a day), an array of"
                    + " 304,425,864 B in a document of 304,425,946 B, past MongoDB's 16 MiB (16,777,216 B) document limit after"
                    + " 9.23 days (about 35,949 entries fit)"))
        .expectMarkedFindings();
  }

  @Test
  void reviewsEveryDay_stayUnderTheLimit_overAtlasTenThousand_isAWarning() {
    // 2% × (1M + 365) = 20,007.3, 20,008 reviews at the horizon: 10 of 463 B (1-digit keys), 90 of
    // 464,
    // 900 of 465, 9,000 of 466 and 10,008 of 467 B, plus 5 B of array and 9 of type and name:
    // 9,332,640 B, 55.6%
    // of 16,777,216 B, over the 10,000 entries Atlas flags. At 0.02 a day the remaining 15,941 take
    // 797,050 days, 2,185 years.
    tester
        .model(
            products(
                "1M",
                "growth: 1/day",
                "reviews: {entity: Review, by: product_id}  "
                    + "# FINDING: UnboundedArray [warning]: holds 20,008 entries at the horizon (0.02 more a day), an array of"
                    + " 9,332,640 B in a document of 9,332,722 B, 55.6% of MongoDB's 16 MiB document limit, which it passes after"
                    + " about 2,185 years at this rate; over the 10,000 entries Atlas flags"))
        .expectMarkedFindings();
  }

  @Test
  void aSmallGrowingArray_isStillAWarning() {
    // 2% × (100,000 + 365) = 2,008 (2,007.3 rounded up) reviews: no Atlas note, but it grows
    // without a bound.
    tester
        .model(
            products(
                "100k",
                "growth: 1/day",
                "reviews: {entity: Review, by: product_id}  "
                    + "# FINDING: UnboundedArray [warning]: holds 2,008 entries"))
        .expectMarkedFindings();
  }

  @Test
  void aDeclaredMax_orAChildThatDoesNotGrow_isBounded() {
    tester
        .model(products("1M", "growth: 1/s", "reviews: {entity: Review, by: product_id, max: 20}"))
        .expectMarkedFindings();
    tester
        .model(products("1M", "", "reviews: {entity: Review, by: product_id}"))
        .expectMarkedFindings();
  }
}
