package dev.keyplan.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/** How the JSON report writes a figure, and the HTML page's data attributes with it. */
final class JsonFieldsTest {
  private static String json(double v) throws IOException {
    StringWriter out = new StringWriter();
    try (JsonGenerator g = new JsonFactory().createGenerator(out)) {
      JsonFields.numberValue(g, v);
    }
    return out.toString();
  }

  @Test
  void largeFigures_areWholeNumbers_neverExponents() throws IOException {
    // Issue 15: a busiest partition of 33,302,016,024 B (an average, so not whole) printed as
    // 3.3302E10; six significant digits show no decimals from 100,000 on, so it is the nearest
    // whole number, exactly.
    assertThat(json(33_302_016_024.4)).isEqualTo("33302016024");
    assertThat(json(138_256_789.5)).isEqualTo("138256790");
    assertThat(Html.plain(33_302_016_024.4)).isEqualTo("33302016024");
  }

  @Test
  void smallFigures_keepSixSignificantDigits_andWholeOnesStayWhole() throws IOException {
    assertThat(json(2.3456789)).isEqualTo("2.34568");
    assertThat(json(99_999.25)).isEqualTo("99999.3");
    assertThat(json(840)).isEqualTo("840");
    assertThat(json(Double.NaN)).isEqualTo("null");
    assertThat(Html.plain(2.3456789)).isEqualTo("2.34568");
  }
}
