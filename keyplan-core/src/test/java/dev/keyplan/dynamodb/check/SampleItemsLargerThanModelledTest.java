package dev.keyplan.dynamodb.check;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.check.Finding;
import dev.keyplan.check.RuleTester;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * SampleItemsLargerThanModelled compares the sample items of an imported Workbench model with the
 * item types whose key templates they match, by DynamoDB's item size rules.
 *
 * <p>Fixture: keyplan-core/src/test/resources/dynamodb/workbench/ProductReviews_1.0.json (README.md
 * there), Version 1.0, sample items kept per facet. Sizes by hand (AWS DG, "DynamoDB item sizes and
 * formats": a name's UTF-8 bytes plus its value's):
 *
 * <ul>
 *   <li>review, modelled: PK "P#{product_id}" 2 + (2 + 6) = 10; SK "R#{review_id}" 2 + (2 + 6) =
 *       10; body 4 + 100 = 104: 124 B. Its sample: PK "P#p00001" 2 + 8 = 10, SK "R#r00001" 10, body
 *       of 1,200 characters 4 + 1,200 = 1,204: 1,224 B, 1,224 / 124 = 9.87 times;
 *   <li>product, modelled: PK 10; SK "META" 2 + 4 = 6; title 5 + 40 = 45: 61 B. Its sample: PK 10,
 *       SK 6, title "Kettle" 5 + 6 = 11: 27 B, smaller, so not reported (placeholder samples are
 *       the usual case).
 * </ul>
 */
final class SampleItemsLargerThanModelledTest {
  private static final String MODEL =
      """
      model: reviews
      horizon: 1y
      entities:
        Product:
          attributes:
            product_id: {type: text, size: 6B}
            title: {type: text, size: 40B}
          key: [product_id]
          count: 10k
        Review:
          attributes:
            product_id: {type: text, size: 6B}
            review_id: {type: text, size: 6B}
            body: {type: text, size: %s}
          key: [product_id, review_id]
          count: 1M
          spread:
            product_id: {distinct: 10k}
      patterns:
        - id: reviews
          rate: 10/s
          query: Review where product_id = ? limit 20
      dynamodb:
        schema: src/test/resources/dynamodb/workbench/ProductReviews_1.0.json
        tables:
          reviews:
            items:
              product:
                entity: Product
                keys: {PK: "P#{product_id}", SK: META}
                attributes: [title]
              review:
                entity: Review
                keys: {PK: "P#{product_id}", SK: "R#{review_id}"}
                attributes: [body]
      """;

  @Test
  void aSampleTenTimesTheModelledItem_isReported_withTheAttributeThatDiffers() {
    List<Finding> found =
        RuleTester.of(SampleItemsLargerThanModelled.class)
            .model(MODEL.formatted("100B"))
            .findings();
    assertThat(found)
        .extracting(f -> f.target() + " | " + f.message())
        .containsExactly(
            "reviews review | item type review of table reviews: its 1 sample item is 1,224 B,"
                + " 9.9 times the 124 B the model sizes it at, so its units, storage and cost are"
                + " understated; larger in the samples: body: 1,200 B in the samples, 100 B"
                + " modelled");
  }

  @Test
  void aSampleUnderTwiceTheModelledItem_isNot() {
    // body 600 B: the item is 10 + 10 + 604 = 624 B, and 1,224 / 624 = 1.96 < 2.
    assertThat(
            RuleTester.of(SampleItemsLargerThanModelled.class)
                .model(MODEL.formatted("600B"))
                .findings())
        .isEmpty();
    // body 550 B: 574 B, 1,224 / 574 = 2.13: reported.
    assertThat(
            RuleTester.of(SampleItemsLargerThanModelled.class)
                .model(MODEL.formatted("550B"))
                .findings())
        .hasSize(1);
  }
}
