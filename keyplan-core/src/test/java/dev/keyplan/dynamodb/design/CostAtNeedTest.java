package dev.keyplan.dynamodb.design;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.keyplan.model.yaml.ModelReader;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The cost of a provisioned design is shown twice when a copy is provisioned below what its peaks
 * need (issue 16 §5: a table read "$13.84/month" while its peaks needed $1,813/month provisioned):
 * what the capacity set costs ({@code monthlyTotal}) and what the workload needs ({@code
 * monthlyAtNeed}, each provisioned copy at ⌈peak / 0.7⌉ units, Application Auto Scaling's default
 * 70% target). Built-in prices (prices.yaml, us-east-1, checked 2026-12-02): $0.00013 per RCU-hour,
 * $0.00065 per WCU-hour, 730 hours a month (https://aws.amazon.com/dynamodb/pricing/provisioned/).
 *
 * <p>100 puts a second of a 28 B item are 100 WCU/s at peak (1 WCU per 1 KB written): the need is
 * ⌈100 / 0.7⌉ = 143 WCU, and reads need the minimum of 1 RCU. Set at 5 RCU and 5 WCU: 5 × 0.00013 ×
 * 730 + 5 × 0.00065 × 730 = $0.4745 + $2.3725 = $2.847 a month. At the need: 1 × 0.00013 × 730 +
 * 143 × 0.00065 × 730 = $0.0949 + $67.8535 = $67.9484. Storage is the same in both.
 */
final class CostAtNeedTest {

  private static final String MODEL =
      """
      model: sales
      horizon: 1d
      entities:
        Sale:
          attributes:
            sale_id: {type: text, size: 16B}
          key: [sale_id]
          count: 1k
      patterns:
        - id: sell
          rate: 100/s
          insert: Sale
      dynamodb:
        tables:
          Sales:
            partition_key: sale_id
            capacity: %s
            items:
              Sale: {keys: {}}
      """;

  private static DynamoDbAnalysis analyze(String capacity) {
    return DynamoDbAnalyzer.analyze(
        ModelReader.read("m.yaml", MODEL.formatted(capacity), Path.of(".")));
  }

  @Test
  void provisionedBelowTheNeed_costsTheSetCapacity_andTheNeedBesideIt() {
    DynamoDbAnalysis a = analyze("{read: 5, write: 5}");
    DynamoDbCost c = a.cost("Sales").orElseThrow();
    assertThat(c.writeUnits()).isEqualTo(100);
    assertThat(c.neededWrite()).isEqualTo(143);
    assertThat(c.neededRead()).isEqualTo(1);
    assertThat(c.belowNeed()).isTrue();
    assertThat(a.copiesBelowNeed()).containsExactly("Sales");
    assertThat(a.monthlyTotal() - c.storageMonthly()).isCloseTo(2.847, within(1e-9));
    assertThat(a.monthlyAtNeed() - c.storageMonthly()).isCloseTo(67.9484, within(1e-9));
  }

  @Test
  void provisionedAtOrAboveTheNeed_orOnDemand_hasOneFigure() {
    // 200 RCU and 200 WCU cover 1 and 143: nothing is short, so the headline is the set cost.
    DynamoDbAnalysis above = analyze("{read: 200, write: 200}");
    assertThat(above.copiesBelowNeed()).isEmpty();
    // On demand there is nothing set: the bill is the need.
    DynamoDbAnalysis onDemand = analyze("on-demand");
    assertThat(onDemand.copiesBelowNeed()).isEmpty();
    assertThat(onDemand.monthlyAtNeed()).isEqualTo(onDemand.monthlyTotal());
  }
}
