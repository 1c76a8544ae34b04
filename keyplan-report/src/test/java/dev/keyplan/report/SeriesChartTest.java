package dev.keyplan.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

final class SeriesChartTest {
  /** Subjects s0…s{n-1}, subject k peaking at k + 1 in the second interval. */
  private static Map<String, double[]> subjects(int n) {
    Map<String, double[]> out = new LinkedHashMap<>();
    for (int k = 0; k < n; k++) {
      out.put("s" + k, new double[] {k, k + 1, Double.NaN});
    }
    return out;
  }

  @Test
  void upToEightSubjects_areAllDrawn_busiestFirst() {
    List<SeriesChart.Line> lines = SeriesChart.lines(subjects(8));
    assertThat(lines)
        .extracting(SeriesChart.Line::name)
        .containsExactly("s7", "s6", "s5", "s4", "s3", "s2", "s1", "s0");
    assertThat(lines).noneMatch(SeriesChart.Line::others);
  }

  @Test
  void moreSubjects_drawTheSevenBusiest_andSumTheRestAsOthers() {
    List<SeriesChart.Line> lines = SeriesChart.lines(subjects(11));
    assertThat(lines).hasSize(SeriesChart.MAX_LINES);
    assertThat(lines.subList(0, 7))
        .extracting(SeriesChart.Line::name)
        .containsExactly("s10", "s9", "s8", "s7", "s6", "s5", "s4");
    SeriesChart.Line others = lines.get(7);
    assertThat(others.name()).isEqualTo("others (4)");
    assertThat(others.subjects()).containsExactly("s3", "s2", "s1", "s0");
    // s0…s3: 0 + 1 + 2 + 3 = 6 in the first interval, 1 + 2 + 3 + 4 = 10 in the second, none in the
    // third.
    assertThat(others.values()[0]).isEqualTo(6);
    assertThat(others.values()[1]).isEqualTo(10);
    assertThat(others.values()[2]).isNaN();
  }

  @Test
  void equalPeaks_keepTheSeriesOrder() {
    Map<String, double[]> flat = new LinkedHashMap<>();
    for (String s : List.of("n3", "n1", "n2")) {
      flat.put(s, new double[] {5, 5});
    }
    assertThat(SeriesChart.lines(flat))
        .extracting(SeriesChart.Line::name)
        .containsExactly("n3", "n1", "n2");
  }

  @Test
  void svg_drawsOneMarkPerLine_withEveryPointInItsAttributes() {
    Map<String, double[]> m = new LinkedHashMap<>();
    m.put("<b>\"x\"</b>", new double[] {1.5, 2, Double.NaN});
    m.put("p2", new double[] {Double.NaN, 1234567.891, 3});
    String svg =
        SeriesChart.svg(
            "col",
            "Title <i>",
            new SeriesChart.Frame(
                new long[] {0, 60, 120}, 180, List.of(new SeriesChart.Marker(90, "<jumbo>"))),
            SeriesChart.lines(m),
            v -> v + " u",
            null);
    assertThat(svg.split("<path class=\"series ", -1)).hasSize(3);
    assertThat(svg)
        .contains("data-column=\"col\" data-seconds=\"0 60 120\"")
        // As the JSON report writes them (from 100,000 on the nearest whole number, below it six
        // significant digits); "-" where the subject had no row.
        .contains("data-subject=\"p2\" data-values=\"- 1234568 3\"")
        .contains("data-subject=\"&lt;b&gt;&quot;x&quot;&lt;/b&gt;\" data-values=\"1.5 2 -\"")
        .contains("<title>\u2068Title &lt;i&gt;\u2069</title>")
        .contains("<line class=\"marker\" data-second=\"90\"")
        .contains(">\u2068&lt;jumbo&gt;\u2069</text>")
        .doesNotContain("<b>")
        .doesNotContain("<i>");
    // A gap lifts the pen: p2's path starts at its second point.
    assertThat(svg)
        .containsPattern("data-subject=\"p2\"[^>]* d=\"M[0-9.]+,[0-9.]+ L[0-9.]+,[0-9.]+\"");
  }

  @Test
  void ticks_fallOnRoundNumbers() {
    assertThat(SeriesChart.niceStep(0.3)).isEqualTo(0.5);
    assertThat(SeriesChart.niceStep(233)).isEqualTo(250);
    assertThat(SeriesChart.niceStep(1_800)).isEqualTo(2_000);
    assertThat(SeriesChart.niceStep(4_000)).isEqualTo(5_000);
    // An hour: ticks every 10 minutes (6); two hours every 20 minutes would not be round: 30.
    assertThat(SeriesChart.timeStep(3_600)).isEqualTo(600);
    assertThat(SeriesChart.timeStep(7_200)).isEqualTo(1_800);
    assertThat(SeriesChart.timeStep(86_400)).isEqualTo(21_600);
    assertThat(SeriesChart.time(0)).isEqualTo("0");
    assertThat(SeriesChart.time(90)).isEqualTo("90 s");
    assertThat(SeriesChart.time(600)).isEqualTo("10 min");
    assertThat(SeriesChart.time(5_400)).isEqualTo("90 min");
    assertThat(SeriesChart.time(7_200)).isEqualTo("2 h");
    assertThat(SeriesChart.time(3_600)).isEqualTo("1 h");
    assertThat(SeriesChart.time(259_200)).isEqualTo("3 d");
  }
}
