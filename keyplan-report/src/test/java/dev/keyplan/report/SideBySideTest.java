package dev.keyplan.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.check.CheckResult;
import dev.keyplan.model.yaml.ModelReader;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

final class SideBySideTest {
  private static CheckResult check(String example) {
    return CheckResult.of(ModelReader.read(Path.of("../examples/" + example + ".yaml")));
  }

  private static String render(CheckResult r) {
    StringBuilder out = new StringBuilder();
    SideBySide.render(r, out);
    return out.toString();
  }

  @Test
  void oneStore_hasNoComparison() {
    assertThat(render(check("chat"))).isEmpty();
  }

  @Test
  void orders_putsTheThreeStoresInColumnsGradedByAccess() {
    CheckResult r = check("orders");
    String html = render(r);
    assertThat(html).contains("<th>Apache Cassandra</th><th>Amazon DynamoDB</th><th>MongoDB</th>");
    // One row per pattern, three graded cells each, plus the three summary rows.
    assertThat(html.split("<tr data-pattern=", -1)).hasSize(r.model().patterns().size() + 1);
    assertThat(html.split("<td class=\"grade ", -1))
        .hasSize(3 * r.model().patterns().size() + 3 * 3 + 1);
    // orders-in-status on MongoDB: an index scan on all 4 shards (no equality on the hashed
    // {user_id} shard key) — fair, not good; on Cassandra one partition of orders_by_status.
    String row = html.substring(html.indexOf("<tr data-pattern=\"orders-in-status\""));
    row = row.substring(0, row.indexOf("</tr>"));
    assertThat(row)
        .contains("data-store=\"cassandra\" data-grade=\"good\">single partition")
        .contains("data-store=\"mongodb\" data-grade=\"fair\">index scan")
        .contains("scatter-gather (4 shards)");
    // The DynamoDB cell carries the pattern's monthly cost, as the DynamoDB section's table does.
    assertThat(row).contains("52 RCU · $854.10/month");
  }

  @Test
  void orders_summaryCountsFindingsPerStoreAndGradesTheLargestUnit() {
    CheckResult r = check("orders");
    String html = render(r);
    long cassandraErrors =
        r.findings().stream()
            .filter(
                f ->
                    f.store().equals("cassandra")
                        && f.severity() == dev.keyplan.check.Severity.ERROR)
            .count();
    assertThat(cassandraErrors).isEqualTo(1);
    assertThat(html).contains("<td class=\"grade poor\">1 error, 5 warnings</td>");
    // orders_by_status's busiest partition, 244 GB at a year: 2,441 × the 100 MB guideline.
    assertThat(html)
        .contains("orders_by_status busiest partition 244 GB, 2,441× the 100 MB guideline");
  }

  @Test
  void aPatternAStoreDoesNotServeIsPoor() {
    // Every cell is graded; a "not served" cell is always poor.
    for (String e : new String[] {"orders", "books"}) {
      String html = render(check(e));
      assertThat(html.contains("data-grade=\"good\">not served")).isFalse();
      assertThat(html.contains("data-grade=\"fair\">not served")).isFalse();
    }
  }
}
