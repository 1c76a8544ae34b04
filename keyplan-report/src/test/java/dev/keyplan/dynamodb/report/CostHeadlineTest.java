package dev.keyplan.dynamodb.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.check.CheckResult;
import dev.keyplan.dynamodb.design.DynamoDbAnalysis;
import dev.keyplan.model.yaml.ModelReader;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The cost headline shows what the capacity set costs and what the peaks need side by side when a
 * copy is provisioned below its need (issue 16 §5); the figures are the analysis' (CostAtNeedTest
 * derives them). examples/flash-sale-provisioned.yaml sets 1,500 RCU and 800 WCU where the peaks
 * need 143 RCU and 1,429 WCU (⌈1,000 / 0.7⌉): set 1,500 × $0.00013 × 730 + 800 × $0.00065 × 730 =
 * $521.95, need 143 × $0.00013 × 730 + 1,429 × $0.00065 × 730 = $691.63, each plus $0.38 of
 * storage: $522.33 and $692.01.
 */
final class CostHeadlineTest {

  private static DynamoDbAnalysis analyze(String example) {
    return CheckResult.of(ModelReader.read(Path.of("../examples/" + example + ".yaml")))
        .analysis(DynamoDbAnalysis.class)
        .orElseThrow();
  }

  @Test
  void belowTheNeed_theHeadlineShowsTheSetCostAndTheNeed() {
    DynamoDbAnalysis a = analyze("flash-sale-provisioned");
    assertThat(DynamoDbText.headline(a, " per month"))
        .isEqualTo(
            "set $522.33 per month; the peaks need $692.01 per month provisioned (ProductSales"
                + " below its need: ProvisionedBelowNeed)");
    StringBuilder md = new StringBuilder();
    DynamoDbMarkdown.render(a, md);
    assertThat(md.toString())
        .contains(
            "Monthly cost: set $522.33; the peaks need $692.01 provisioned (ProductSales below its"
                + " need: ProvisionedBelowNeed) at us-east-1");
  }

  @Test
  void onDemand_theHeadlineIsOneFigure() {
    assertThat(DynamoDbText.headline(analyze("orders-dynamodb"), " per month"))
        .matches("\\$[0-9,.]+ per month");
  }
}
