package dev.keyplan.dynamodb.design;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.keyplan.model.Model;
import dev.keyplan.model.yaml.ModelReader;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * How much of a partition a Query's sort key condition reads (issue 16 §2): a range reads the width
 * its pattern states ({@code range:}, docs/model.md "Range width"), an equality on a sort key
 * placeholder the share its {@code per:} spread gives ("Values per value"). Without them a range
 * reads every item of the key, an upper bound the plan states.
 */
final class DynamoDbSortKeyReachTest {

  private static DynamoDbPlan plan(String yaml, String id) {
    Model m = ModelReader.read("m.yaml", yaml, Path.of("."));
    return DynamoDbAnalyzer.analyze(m).plan(id).orElseThrow();
  }

  /**
   * Orders of a customer under {@code C#{customer_id}}, sorted by {@code created_at}; 10M orders
   * over 10,000 customers are 1,000 a customer, kept for the 730-day horizon.
   */
  private static final String ORDERS =
      """
      model: shop
      horizon: 730d
      entities:
        Order:
          attributes:
            order_id: {type: text, size: 16B}
            customer_id: {type: text, size: 16B}
            created_at: timestamp
            body: {type: text, size: 900B}
          key: [order_id]
          count: 10M
          spread:
            customer_id: {distinct: 10k}
      patterns:
        - id: recent
          rate: 10/s
          query: Order where customer_id = ? and created_at > ?
      %s
      dynamodb:
        tables:
          Orders:
            partition_key: PK
            sort_key: created_at
            items:
              Order:
                keys: {PK: "C#{customer_id}", created_at: "{created_at}"}
                attributes: [order_id, body]
      """;

  @Test
  void aRangeOfThirtyDaysReadsThirtyOf730DaysOfTheCustomersOrders() {
    // 1,000 orders × 30 / 730 = 41.096 orders a query, instead of all 1,000. An order is PK 2 +
    // (2 + 16) = 20, created_at 10 + 24 (a timestamp is an ISO 8601 string) = 34, order_id 8 + 16
    // = 24, body 4 + 900 = 904: 982 B. 41.096 × 982 = 40,356 B, 10 blocks of 4 KB, 5 RCU
    // eventually consistent; all 1,000 would be 982,000 B, 240 blocks, 120 RCU.
    DynamoDbPlan p = plan(ORDERS.formatted("    range: {created_at: 30d}"), "recent");
    assertThat(p.itemsEvaluated().typical()).isCloseTo(1_000 * 30 / 730.0, within(1e-9));
    assertThat(p.readUnits()).isEqualTo(5);
    assertThat(plan(ORDERS.formatted(""), "recent").readUnits()).isEqualTo(120);
    // 30 / 730 = 4.11%; Quantities writes 30 days as 1mo and 730 days as 2y.
    assertThat(p.notes())
        .contains("the range on created_at reads 4.11% of a partition's items (1mo of 2y)");
  }

  @Test
  void aRangeGivenAsAShareReadsThatShare() {
    // 5% of 1,000 orders: 50.
    DynamoDbPlan p = plan(ORDERS.formatted("    range: {created_at: 5%}"), "recent");
    assertThat(p.itemsEvaluated().typical()).isCloseTo(50, within(1e-9));
  }

  @Test
  void withoutAWidth_theRangeReadsEveryItemOfTheKey_andThePlanSaysSo() {
    DynamoDbPlan p = plan(ORDERS.formatted(""), "recent");
    assertThat(p.itemsEvaluated().typical()).isEqualTo(1_000);
    assertThat(p.notes())
        .anyMatch(
            n ->
                n.contains("counted as every item of the key, an upper bound")
                    && n.contains("range: {created_at: 30d}"));
  }

  /**
   * Tracks under {@code A#{artist_id}}, sorted by {@code L#{album_id}#T#{track_id}}: 100M tracks
   * over 1M artists are 100 an artist (docs/model.md's "Values per value" example).
   */
  private static final String TRACKS =
      """
      model: music
      horizon: 30d
      entities:
        Track:
          attributes:
            artist_id: {type: text, size: 8B}
            album_id: {type: text, size: 8B}
            track_id: {type: text, size: 8B}
          key: [track_id]
          count: 100M
          spread:
            artist_id: {distinct: 1M}
            album_id: {distinct: 10M%s}
      patterns:
        - id: album
          rate: 10/s
          query: Track where artist_id = ? and album_id = ?
      dynamodb:
        tables:
          Music:
            partition_key: PK
            sort_key: SK
            items:
              Track: {keys: {PK: "A#{artist_id}", SK: "L#{album_id}#T#{track_id}"}}
      """;

  @Test
  void tenAlbumsPerArtist_anAlbumIsATenthOfTheArtistsPartition() {
    // per: {artist_id: 10}: one album of an artist's 100 tracks is 100 / 10 = 10 tracks.
    DynamoDbPlan p = plan(TRACKS.formatted(", per: {artist_id: 10}"), "album");
    assertThat(p.itemsEvaluated().typical()).isCloseTo(10, within(1e-9));
    assertThat(p.notes()).anyMatch(n -> n.startsWith("the equality on album_id keeps 1 / 10"));
  }

  @Test
  void withoutPer_theGlobalCountIsUsed_aLowerBound() {
    // Without per:, album_id's 10M values are taken as independent of the artist: 100 / 10M
    // rounds up to the 1 item a match reads at least, ten times fewer than the stated 10.
    DynamoDbPlan p = plan(TRACKS.formatted(""), "album");
    assertThat(p.itemsEvaluated().typical()).isEqualTo(1);
  }
}
