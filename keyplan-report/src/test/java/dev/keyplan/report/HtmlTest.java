package dev.keyplan.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

final class HtmlTest {
  @Test
  void escape_replacesEveryCharacterThatEndsTextOrAnAttribute() {
    assertThat(Html.escape("<script>alert(1)</script> 'a' \"b\" & c"))
        .isEqualTo("&lt;script&gt;alert(1)&lt;/script&gt; &#39;a&#39; &quot;b&quot; &amp; c");
  }

  @Test
  void escape_leavesOtherTextAlone() {
    assertThat(Html.escape("messages_by_channel ≈ 13.9 MB"))
        .isEqualTo("messages_by_channel ≈ 13.9 MB");
  }

  @Test
  void plain_writesNumbersAsTheJsonReportDoes() {
    // Whole numbers without a fraction; others with six significant digits; NaN as nothing.
    assertThat(Html.plain(13_920_012)).isEqualTo("13920012");
    assertThat(Html.plain(7611.1234567)).isEqualTo("7611.12");
    assertThat(Html.plain(Double.NaN)).isEmpty();
  }
}
