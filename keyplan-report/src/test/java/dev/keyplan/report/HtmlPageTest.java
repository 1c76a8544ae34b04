package dev.keyplan.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.check.CheckResult;
import dev.keyplan.check.Severity;
import dev.keyplan.model.yaml.ModelReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The page's frame: the section links and "At a glance", and that every in-page link lands. */
final class HtmlPageTest {
  private static CheckResult check(String example) {
    return CheckResult.of(ModelReader.read(Path.of("../examples/" + example + ".yaml")));
  }

  private static List<String> all(Pattern p, String page) {
    List<String> out = new ArrayList<>();
    Matcher m = p.matcher(page);
    while (m.find()) {
      out.add(m.group(1));
    }
    return out;
  }

  @Test
  void everyInPageLink_namesAnElementOfThePage() {
    for (String example : List.of("chat", "orders", "shop-workbench", "tenants-mongodb", "books")) {
      String page = HtmlReport.render(check(example));
      List<String> targets = all(Pattern.compile("href=\"#([^\"]+)\""), page);
      List<String> ids = all(Pattern.compile(" id=\"([^\"]+)\""), page);
      assertThat(targets).as(example).isNotEmpty();
      assertThat(ids).as(example).containsAll(targets).doesNotHaveDuplicates();
    }
  }

  @Test
  void glance_listsTheErrorsAndWarningsFirstAndCountsTheRest() {
    // orders: 1 error and 7 warnings, so all 8 fit; errors first as the findings are ordered.
    CheckResult r = check("orders");
    long serious = r.findings().stream().filter(f -> f.severity() != Severity.INFO).count();
    assertThat(serious).isEqualTo(8);
    String page = HtmlReport.render(r);
    String glance =
        page.substring(
            page.indexOf("<section id=\"glance\">"),
            page.indexOf("</section>", page.indexOf("id=\"glance\"")));
    assertThat(all(Pattern.compile("<li class=\"([a-z]+)\">"), glance))
        .containsExactly(
            "error", "warning", "warning", "warning", "warning", "warning", "warning", "warning");
    assertThat(glance).doesNotContain("more under");
    // shop-workbench has 2 warnings and 1 info: the info is left to the Findings section.
    String shop = HtmlReport.render(check("shop-workbench"));
    assertThat(shop.split("<li class=\"warning\"><a href=\"#finding-", -1)).hasSize(3);
    assertThat(shop).doesNotContain("<li class=\"info\"><a href=\"#finding-");
  }

  @Test
  void glance_isLeftOutWhenThereIsNothingSerious() {
    // sensors.yaml: its one-day buckets keep every partition small; check finds no error or
    // warning.
    CheckResult r = check("sensors");
    assertThat(r.findings()).allMatch(f -> f.severity() == Severity.INFO);
    assertThat(HtmlReport.render(r)).doesNotContain("id=\"glance\"");
  }

  @Test
  void firstClause_cutsAtTheColonThatStartsTheFigures() {
    assertThat(
            HtmlReport.firstClause(
                "the busiest partition of orders_by_status (after 1y) holds 3 rows: over the limit"))
        .isEqualTo("the busiest partition of orders_by_status (after 1y) holds 3 rows");
    // A colon early in the message is part of its subject, not the turn to figures.
    assertThat(HtmlReport.firstClause("table t: too big")).isEqualTo("table t: too big");
  }

  @Test
  void everyFinding_carriesItsRulesReason_soThePageTravelsWithoutTheRepository() {
    CheckResult r = check("orders");
    String page = HtmlReport.render(r);
    assertThat(page.split("<details class=\"why\">", -1)).hasSize(r.findings().size() + 1);
    // PartitionOverGuideline's page opens its "Why it matters" with this sentence.
    assertThat(page)
        .contains(
            "<summary>Why it matters</summary><p>A large partition is read, compacted, repaired and"
                + " streamed as one unit on one replica set.");
  }
}
