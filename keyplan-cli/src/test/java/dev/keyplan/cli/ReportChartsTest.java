package dev.keyplan.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The heat bars and the DynamoDB and MongoDB size charts of {@code keyplan report} agree with
 * {@code keyplan check --format json} on every example that has them: each bar's load and ceiling,
 * each chart's point at the horizon.
 */
final class ReportChartsTest {
  private static final List<String> EXAMPLES =
      List.of(
          "chat",
          "chat-scylla",
          "books",
          "orders",
          "orders-dynamodb",
          "flash-sale",
          "flash-sale-sharded",
          "app-table",
          "shop-workbench",
          "shop-mongodb",
          "tenants-mongodb",
          "tenants-mongodb-fixed",
          "events-mongodb",
          "customers-zones-mongodb");
  private static final Pattern BAR =
      Pattern.compile(
          "<(?:g class=\"bar [a-z]+\"|span class=\"bar-rest\") data-key=\"([^\"]*)\" data-what=\"([^\"]*)\" data-load=\"([^\"]*)\" data-ceiling=\"([^\"]*)\">");
  private static final Pattern FIGURE =
      Pattern.compile(
          "<figure class=\"sizing\" data-store=\"(dynamodb|mongodb)\">.*?</figure>",
          Pattern.DOTALL);

  private static String page(String example) {
    var run = CliRun.of("report", "examples/" + example + ".yaml");
    assertThat(run.exitCode()).as(run.err()).isZero();
    return run.out();
  }

  /** Returns data-key, data-what, data-load and data-ceiling of every bar, in page order. */
  private static List<String[]> bars(String page) {
    List<String[]> out = new ArrayList<>();
    Matcher m = BAR.matcher(page);
    while (m.find()) {
      out.add(new String[] {m.group(1), m.group(2), m.group(3), m.group(4)});
    }
    return out;
  }

  /**
   * Returns a number as both reports write it, six significant digits, for comparing as text; the
   * JSON report's doubles (7.37627E7) and the page's attributes (73762700) then read the same.
   */
  private static String plain(double v) {
    return String.format(java.util.Locale.ROOT, "%.6g", v);
  }

  private static String plain(JsonNode n) {
    return n.isNull() ? "" : plain(n.asDouble());
  }

  private static String plain(String attribute) {
    return attribute.isEmpty() ? "" : plain(Double.parseDouble(attribute));
  }

  /** Returns attribute {@code name} of the chart in {@code figure}, as {@link #plain}. */
  private static String attribute(String figure, String name) {
    Matcher m = Pattern.compile(" " + name + "=\"([^\"]*)\"").matcher(figure);
    return m.find() ? plain(m.group(1)) : "(no " + name + ")";
  }

  @Test
  void everyBar_isAHeatFigureOfTheJsonReport() throws IOException {
    int compared = 0;
    for (String example : EXAMPLES) {
      JsonNode json = Examples.check(example);
      List<String> expected = new ArrayList<>();
      for (JsonNode t : json.get("tables")) {
        if (t.has("heat") && !t.get("heat").isNull()) {
          expected.add(
              plain(t.get("heat").get("replicaLoadPerSecond"))
                  + "/"
                  + plain(t.get("heat").get("budgetPerSecond")));
        }
      }
      for (JsonNode h : json.get("heat")) {
        expected.add(plain(h.get("readUnitsPerSecond")) + "/" + plain(3000));
        expected.add(plain(h.get("writeUnitsPerSecond")) + "/" + plain(1000));
      }
      for (JsonNode s : json.get("shards")) {
        // The bar is the busiest shard's reads plus writes; JSON has them apart, so compare the
        // sum.
        double load = s.get("readsPerSecond").asDouble() + s.get("writesPerSecond").asDouble();
        expected.add(
            String.format(java.util.Locale.ROOT, "~%.4g", load)
                + "/"
                + plain(s.get("budgetPerSecond")));
      }
      List<String> actual = new ArrayList<>();
      for (String[] b : bars(page(example))) {
        boolean shard = b[1].equals("reads + writes/s");
        actual.add(
            (shard
                    ? String.format(java.util.Locale.ROOT, "~%.4g", Double.parseDouble(b[2]))
                    : plain(b[2]))
                + "/"
                + plain(b[3]));
      }
      // The page draws the hottest first and lists the cold ones as text: the same figures,
      // reordered.
      assertThat(actual).as(example).containsExactlyInAnyOrderElementsOf(expected);
      compared += actual.size();
    }
    assertThat(compared).isGreaterThan(20);
  }

  @Test
  void dynamodbAndMongodbCharts_endAtTheJsonReportsSizes() throws IOException {
    int charts = 0;
    for (String example : EXAMPLES) {
      JsonNode json = Examples.check(example);
      List<String> figures = new ArrayList<>();
      Matcher m = FIGURE.matcher(page(example));
      while (m.find()) {
        figures.add(m.group());
      }
      for (JsonNode t : json.get("tables")) {
        String store = t.get("store").asText();
        if (!store.equals("dynamodb") && !store.equals("mongodb")) {
          continue;
        }
        String figure =
            figures.stream()
                .filter(f -> f.contains("data-table=\"" + t.get("name").asText() + "\""))
                .findFirst()
                .orElseThrow(() -> new AssertionError(example + ": no chart for " + t.get("name")));
        if (store.equals("dynamodb")) {
          assertThat(attribute(figure, "data-item-bytes"))
              .isEqualTo(plain(t.get("largestItem").get("bytes")));
          assertThat(attribute(figure, "data-collection-bytes"))
              .isEqualTo(plain(t.get("busiestCollection").get("bytes")));
        } else {
          assertThat(attribute(figure, "data-typical-bytes"))
              .isEqualTo(plain(t.get("typicalDocumentBytes")));
          assertThat(attribute(figure, "data-busiest-bytes"))
              .isEqualTo(plain(t.get("largestDocumentBytes")));
        }
        charts++;
      }
      for (JsonNode s : json.get("shards")) {
        if (s.get("sharded").asBoolean()) {
          String figure =
              figures.stream()
                  .filter(f -> f.contains("data-table=\"" + s.get("collection").asText() + "\""))
                  .findFirst()
                  .orElseThrow();
          assertThat(attribute(figure, "data-value-bytes"))
              .as(example)
              .isEqualTo(plain(s.get("busiestValueBytes")));
        }
      }
    }
    assertThat(charts).isGreaterThan(10);
  }

  @Test
  void cassandraCopies_holdTheJsonTablesBytes_timesTheReplicationFactor() throws IOException {
    // books.yaml, RF 3: authors is 1,036,500 partitions × S_t(0) + rows × row bytes on one replica
    // (JSON tables[].bytes), three times that in the cluster.
    Pattern row =
        Pattern.compile(
            "<table class=\"copies\" data-store=\"cassandra\">.*?</table>", Pattern.DOTALL);
    for (String example : List.of("books", "chat", "orders")) {
      String page = page(example);
      Matcher m = row.matcher(page);
      assertThat(m.find()).as(example).isTrue();
      String copies = m.group();
      for (JsonNode t : Examples.check(example).get("tables")) {
        if (!t.get("store").asText().equals("cassandra")) {
          continue;
        }
        Matcher r =
            Pattern.compile("<tr data-table=\"" + t.get("name").asText() + "\">(.*?)</tr>")
                .matcher(copies);
        assertThat(r.find()).as(example + " " + t.get("name")).isTrue();
        List<String> values = new ArrayList<>();
        Matcher v = Pattern.compile("data-value=\"([^\"]*)\"").matcher(r.group(1));
        while (v.find()) {
          values.add(plain(v.group(1)));
        }
        // rows, one replica, cluster, writes/s
        assertThat(values.get(0)).isEqualTo(plain(t.get("rows")));
        assertThat(values.get(1)).isEqualTo(plain(t.get("bytes")));
        assertThat(values.get(2)).isEqualTo(plain(3 * t.get("bytes").asDouble()));
      }
    }
  }
}
