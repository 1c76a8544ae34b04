package dev.keyplan.dynamodb.design;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.keyplan.model.Model;
import dev.keyplan.model.yaml.ModelReader;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * A write that fans out (issue 16 §2): publishing a post writes one timeline entry for each of its
 * author's followers, 150 on average ({@code follower_id: {per: {author_id: 150}}}), so each
 * request puts 150 items (docs/model.md, "Fan-out writes"). Without {@code fan_out:} the model
 * could only say one item a request, 150 times too little.
 *
 * <p>The item, by ItemSize's rules (name bytes + value bytes,
 * https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/CapacityUnitCalculations.html):
 * PK {@code "F#{follower_id}"} 2 + (2 + 16) = 20, SK {@code "P#{post_id}"} 2 + 18 = 20, GSI1PK
 * {@code "A#{author_id}"} 6 + 18 = 24, author_id 9 + 16 = 25, body 4 + 200 = 204: 293 B, one write
 * unit; the ALL-projected index entry is the same 293 B, one more.
 */
final class DynamoDbFanOutWriteTest {

  private static final String TIMELINE =
      """
      model: timeline
      horizon: 365d
      entities:
        TimelineEntry:
          attributes:
            follower_id: {type: text, size: 16B}
            post_id: {type: text, size: 16B}
            author_id: {type: text, size: 16B}
            body: {type: text, size: 200B}
          key: [follower_id, post_id]
          count: 1B
          spread:
            follower_id: {distinct: 10M, per: {author_id: 150}}
            author_id: {distinct: 1M, busiest: 1%%}
      patterns:
        - id: publish
          rate: 200/s
          insert: TimelineEntry
      %s
      dynamodb:
        tables:
          Timeline:
            partition_key: PK
            sort_key: SK
            indexes:
              ByAuthor: {partition_key: GSI1PK}
            items:
              TimelineEntry:
                keys: {PK: "F#{follower_id}", SK: "P#{post_id}", GSI1PK: "A#{author_id}"}
                attributes: [author_id, body]
      """;

  private static DynamoDbAnalysis analyze(String more) {
    Model m = ModelReader.read("m.yaml", TIMELINE.formatted(more), Path.of("."));
    return DynamoDbAnalyzer.analyze(m);
  }

  private static final String FAN_OUT = "    fan_out: {each: follower_id, per: author_id}";

  private static DynamoDbAnalysis fanOut() {
    return analyze(FAN_OUT);
  }

  private static DynamoDbHeat heat(DynamoDbAnalysis a, String copy) {
    return a.heat().stream().filter(h -> h.copy().equals(copy)).findFirst().orElseThrow();
  }

  @Test
  void theItemIs293Bytes() {
    assertThat(fanOut().tables().get(0).items().get(0).bytes()).isEqualTo(293);
  }

  @Test
  void aPublishPuts150ItemsEachWithItsIndexEntry() {
    // 150 items × (1 WCU for the item + 1 for its ByAuthor entry) = 300 WCU a request, in 150
    // PutItem calls; one item (2 WCU, 1 call) without the fan-out.
    DynamoDbPlan plan = fanOut().plan("publish").orElseThrow();
    assertThat(plan.writeUnits()).isEqualTo(300);
    assertThat(plan.calls()).isEqualTo(150);
    assertThat(plan.notes()).contains("fan-out 150 rows a request (follower_id per author_id)");
    DynamoDbPlan one = analyze("").plan("publish").orElseThrow();
    assertThat(one.writeUnits()).isEqualTo(2);
    assertThat(one.calls()).isEqualTo(1);
  }

  @Test
  void theTableAndTheIndexEachTake30000WriteUnitsASecondAndTheirMonthlyCost() {
    // 200 requests/s × 150 items × 1 WCU = 30,000 WCU/s on each copy. On demand at $0.625 per
    // million write request units over a 730-hour month (2,628,000 s, PriceTable):
    // 30,000 × 2.628 × 0.625 = $49,275 a copy, $98,550 for the two.
    DynamoDbAnalysis a = fanOut();
    assertThat(a.cost("Timeline").orElseThrow().writeUnits()).isEqualTo(30_000);
    assertThat(a.cost("Timeline.ByAuthor").orElseThrow().writeUnits()).isEqualTo(30_000);
    assertThat(a.cost("Timeline").orElseThrow().writesMonthly()).isCloseTo(49_275, within(1e-6));
    assertThat(a.cost("Timeline.ByAuthor").orElseThrow().writesMonthly())
        .isCloseTo(49_275, within(1e-6));
  }

  @Test
  void theFollowerKeyedTableSpreadsTheItemsButTheAuthorKeyedIndexTakesAllOfThemOnOneKey() {
    // Timeline is keyed by follower_id: the 30,000 items/s spread over its 10M values, uniform:
    // 30,000 / 10M = 0.003 WCU/s on the busiest. ByAuthor is keyed by author_id: the 150 items of
    // a request share its author's key, and the busiest author takes 1% of the requests:
    // 200 × 1% × 150 × 1 WCU = 300 WCU/s, 30% of a partition's 1,000 WCU (2 WCU/s without the
    // fan-out).
    DynamoDbAnalysis a = fanOut();
    assertThat(heat(a, "Timeline").writeUnits()).isCloseTo(0.003, within(1e-12));
    assertThat(heat(a, "Timeline.ByAuthor").writeUnits()).isCloseTo(300, within(1e-9));
    assertThat(heat(analyze(""), "Timeline.ByAuthor").writeUnits()).isCloseTo(2, within(1e-12));
    assertThat(a.plan("publish").orElseThrow().notes())
        .contains(
            "TimelineEntry in Timeline: keyed by follower_id: the 150 items of a request go to 150"
                + " key values, spread as follower_id's spread says",
            "TimelineEntry in Timeline.ByAuthor: keyed by author_id, not follower_id: all 150 items"
                + " of a request go to one key value");
  }

  @Test
  void anUnloggedBatchSendsThe150ItemsIn6BatchWriteItemCalls() {
    // BatchWriteItem takes 25 requests a call: ⌈150 × 1 item type / 25⌉ = 6 calls; the units
    // are the same 300.
    DynamoDbPlan plan = analyze(FAN_OUT + "\n    batch: unlogged").plan("publish").orElseThrow();
    assertThat(plan.operation()).isEqualTo("BatchWriteItem");
    assertThat(plan.calls()).isEqualTo(6);
    assertThat(plan.writeUnits()).isEqualTo(300);
  }

  @Test
  void aLoggedBatchOf150ItemsIsMoreThanATransactionTakes() {
    // TransactWriteItems holds at most 100 items (DynamoDbLimits): DynamoDB refuses 150.
    DynamoDbPlan plan = analyze(FAN_OUT + "\n    batch: logged").plan("publish").orElseThrow();
    assertThat(plan.operation()).isEqualTo("TransactWriteItems");
    assertThat(plan.notes()).anySatisfy(n -> assertThat(n).contains("DynamoDB refuses these 150"));
  }
}
