package dev.keyplan.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.check.CheckResult;
import dev.keyplan.model.yaml.ModelReader;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

final class HtmlReportTest {
  private static final String SCRIPT = "<script>alert(1)</script>";

  /** A model whose every free-text field tries to break out of text and attributes. */
  private static final String HOSTILE =
      """
      model: "<script>alert(1)</script> & \\"co\\""
      horizon: 1y
      entities:
        Thing:
          attributes:
            id: uuid
            body: {type: text, size: 20B}
          key: [id]
          count: 1M
          growth: 1/s
        Other:
          attributes:
            id: uuid
          key: [id]
          count: 10
      patterns:
        - id: "<script>alert(1)</script>'\\"&"
          says: "<script>alert(1)</script> 'quoted' \\"double\\" & more"
          rate: 10/s
          query: Thing where id = ?
      mongodb:
        collections:
          things:
            entity: Thing
      """;

  private static String hostilePage() {
    return HtmlReport.render(
        CheckResult.of(ModelReader.read("hostile.yaml", HOSTILE, Path.of("."))));
  }

  @Test
  void hostileNames_renderAsTextNeverAsMarkup() {
    String page = hostilePage();
    // The page itself has no script, so any <script in it would be the model's.
    assertThat(page.toLowerCase(java.util.Locale.ROOT)).doesNotContain("<script");
    // The pattern id (in a cell and in data-pattern) and the says text. (An entity name is an
    // identifier, refused by the model reader otherwise: docs/model.md, "Names".)
    assertThat(page)
        .contains("<td><bdi>&lt;script&gt;alert(1)&lt;/script&gt;&#39;&quot;&amp;</bdi></td>");
    assertThat(page)
        .contains("data-pattern=\"&lt;script&gt;alert(1)&lt;/script&gt;&#39;&quot;&amp;\"");
    assertThat(page)
        .contains(
            "&lt;script&gt;alert(1)&lt;/script&gt; &#39;quoted&#39; &quot;double&quot; &amp; more");
    assertThat(page)
        .contains("<h1><bdi>&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;co&quot;</bdi></h1>");
    assertThat(page).doesNotContain(SCRIPT);
  }

  @Test
  void hostileNames_leaveNoUnescapedQuoteInsideAnAttribute() {
    // Every attribute value is "…" with no " inside: strip the known attributes, no quote remains.
    String page = hostilePage().replaceAll("=\"[^\"<>]*\"", "=");
    String tags = String.join("", page.split(">[^<]*<"));
    assertThat(tags).doesNotContain("\"");
  }

  @Test
  void page_isSelfContained() {
    String page = hostilePage();
    assertThat(page)
        .doesNotContain("http://")
        .doesNotContain("https://")
        .doesNotContain("<link")
        .doesNotContain("<script")
        .doesNotContain("@import")
        .doesNotContain("url(");
    assertThat(page).contains("<style>");
  }
}
