package dev.keyplan.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.keyplan.analysis.Growth;
import dev.keyplan.cassandra.design.CassandraAnalysis;
import dev.keyplan.cassandra.design.CassandraSizing;
import dev.keyplan.check.CheckResult;
import dev.keyplan.model.yaml.ModelReader;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

final class SizingChartTest {
  private static CassandraAnalysis analysis(String example) {
    // Maven runs the module's tests in keyplan-report/; the examples sit at the repository root.
    return CheckResult.of(ModelReader.read(Path.of("../examples/" + example + ".yaml")))
        .analysis(CassandraAnalysis.class)
        .orElseThrow();
  }

  private static Growth growth(CassandraAnalysis a, String table) {
    return a.growth(SizingChart.SAMPLES).stream()
        .filter(g -> g.subject().equals(table))
        .findFirst()
        .orElseThrow();
  }

  @Test
  void bucketedTable_isFlatAtTheBucketsSize() {
    // chat: a 10-minute bucket of the 100 messages/s channel: 13,920,012 B (Sizer's worked
    // example).
    var s = growth(analysis("chat"), "messages_by_channel");
    assertThat(s.curve("busiest")).hasSize(SizingChart.SAMPLES).containsOnly(13_920_012.0);
    assertThat(s.curve("typical")).containsOnly(708.0);
  }

  @Test
  void unbucketedTable_growsLinearlyToTheHorizonsSize() {
    CassandraAnalysis a = analysis("orders");
    CassandraSizing sizing = a.sizing().get("orders_by_user");
    var s = growth(a, "orders_by_user");
    double[] busiest = s.curve("busiest");
    int last = SizingChart.SAMPLES - 1;
    assertThat(busiest[last]).isEqualTo(sizing.busiest().bytes());
    assertThat(s.curve("typical")[last]).isEqualTo(sizing.typical().bytes());
    assertThat(busiest[0]).isLessThan(busiest[last]);
    // Rows grow as count + growth × t and bytes are affine in rows, so the middle sample (t = H/2)
    // is the mean of the ends.
    assertThat(busiest[last / 2]).isCloseTo((busiest[0] + busiest[last]) / 2, within(1.0));
  }

  @Test
  void limits_areTheGuidelineAndTheHardLimit_plusScyllasWarning() {
    List<Growth.Limit> cassandra = growth(analysis("chat"), "messages_by_channel").limits();
    assertThat(cassandra).extracting(Growth.Limit::kind).containsExactly("guideline", "hard");
    assertThat(cassandra.get(0).bytes()).isEqualTo(100e6);
    // 2 values a row (author_id, body): 1e9 rows at 216 B + 2e9 × 8 B of cell metadata, plus the
    // 12-byte key: 1e9 × 216 + 2e9 × 8 + 12 = 232,000,000,012 B.
    assertThat(cassandra.get(1).bytes()).isCloseTo(232_000_000_012.0, within(1.0));
    // chat-scylla.yaml is chat.yaml's design on ScyllaDB.
    List<Growth.Limit> scylla = growth(analysis("chat-scylla"), "messages_by_channel").limits();
    assertThat(scylla)
        .extracting(Growth.Limit::kind)
        .containsExactly("guideline", "warning", "hard");
    // compaction_large_partition_warning_threshold_mb: 1000 × 1024 × 1024 = 1,048,576,000 B.
    assertThat(scylla.get(1).bytes()).isEqualTo(1_048_576_000.0);
    assertThat(scylla.get(1).label()).isEqualTo("ScyllaDB warning 1000 MB");
  }

  @Test
  void svg_drawsTwoSeriesAndOneLinePerLimit() {
    String svg = SizingChart.svg(growth(analysis("chat"), "messages_by_channel")).orElseThrow();
    assertThat(count(svg, "<svg")).isEqualTo(1);
    assertThat(count(svg, "<path class=\"series")).isEqualTo(2);
    assertThat(count(svg, "<line class=\"limit")).isEqualTo(2);
    assertThat(svg).contains("data-busiest-bytes=\"13920012\"").contains("guideline 100 MB");
  }

  @Test
  void labels_closerThan13px_areMovedApart_andStayOnTheChart() {
    // 100 and 105 collide: the second moves to 113; 50 is clear of both and stays.
    assertThat(SizingChart.spread(new double[] {105, 100, 50})).containsExactly(113, 100, 50);
    // Three labels at the bottom edge stack upwards from it: the lowest sits just above the time
    // axis (240 - 34 - 4 = 202, its baseline on the axis), clear of the axis's tick labels.
    assertThat(SizingChart.spread(new double[] {232, 232, 232})).containsExactly(176, 189, 202);
  }

  static int count(String s, String what) {
    return s.split(java.util.regex.Pattern.quote(what), -1).length - 1;
  }
}
