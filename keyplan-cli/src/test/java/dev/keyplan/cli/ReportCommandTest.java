package dev.keyplan.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code keyplan report} end to end: the page for every example, its numbers against the JSON
 * report.
 */
final class ReportCommandTest {
  @TempDir Path dir;

  /** The JSON fields each store's patterns table shows as numbers, in column order. */
  private static final Map<String, List<String>> PATTERN_NUMBERS =
      Map.of(
          "cassandra", List.of("ratePerSecond", "partitionsRead", "rowsRead"),
          "scylladb", List.of("ratePerSecond", "partitionsRead", "rowsRead"),
          "dynamodb",
              List.of("ratePerSecond", "itemsRead", "readUnits", "writeUnits", "monthlyCost"),
          "mongodb", List.of("ratePerSecond", "keysExamined", "docsExamined"));

  private static final Pattern PATTERN_TABLE =
      Pattern.compile(
          "<table class=\"patterns\" data-store=\"([a-z]+)\">(.*?)</table>", Pattern.DOTALL);
  private static final Pattern SIZES_TABLE =
      Pattern.compile(
          "<table class=\"sizes\" data-store=\"([a-z]+)\">(.*?)</table>", Pattern.DOTALL);
  private static final Pattern ROW = Pattern.compile("<tr data-pattern=\"([^\"]*)\">(.*?)</tr>");
  private static final Pattern VALUE = Pattern.compile("data-value=\"([^\"]*)\"");
  private static final Pattern CHART =
      Pattern.compile(
          "<figure class=\"sizing\" data-store=\"(cassandra|scylladb)\">.*?</figure>",
          Pattern.DOTALL);

  private static String page(String example) {
    var run = CliRun.of("report", "examples/" + example + ".yaml");
    assertThat(run.exitCode()).as(run.err()).isZero();
    return run.out();
  }

  private static List<Path> checkedExamples() throws IOException {
    List<Path> out = new ArrayList<>();
    try (DirectoryStream<Path> files = Files.newDirectoryStream(Path.of("examples"), "*.yaml")) {
      files.forEach(out::add);
    }
    out.sort(null);
    // Only the examples check accepts: an example of an input error has no page to render.
    out.removeIf(p -> CliRun.of("check", "--fail-on", "never", p.toString()).exitCode() != 0);
    return out;
  }

  @Test
  void everyCheckedExample_rendersASelfContainedPage() throws IOException {
    List<Path> examples = checkedExamples();
    assertThat(examples).hasSizeGreaterThanOrEqualTo(20);
    for (Path p : examples) {
      var run = CliRun.of("report", p.toString());
      assertThat(run.exitCode()).as(p + ": " + run.err()).isZero();
      String page = run.out();
      // A rule's reason may cite its source's address as text; nothing else names a URL.
      String uncited = page.replaceAll("(?s)<details class=\"why\">.*?</details>", "");
      assertThat(uncited).as(p.toString()).doesNotContain("http://").doesNotContain("https://");
      assertThat(page)
          .as(p.toString())
          .startsWith("<!DOCTYPE html>")
          .endsWith("</html>\n")
          .doesNotContain("<script")
          .doesNotContain("<link")
          .contains("<section id=\"workload\">")
          .contains("<section id=\"findings\">")
          .contains("<section id=\"schema\">");
      assertThat(page)
          .as(p + ": no src or href leaves the page")
          .doesNotContainPattern("(src|href)=\"[a-z]+:");
    }
  }

  @Test
  void everyCassandraTable_hasOneChartWithTwoSeriesAndItsLimits() throws IOException {
    for (String example : List.of("chat", "chat-scylla", "books", "orders")) {
      JsonNode json = Examples.check(example);
      String page = page(example);
      List<String> charts = new ArrayList<>();
      Matcher m = CHART.matcher(page);
      while (m.find()) {
        charts.add(m.group());
        boolean scylla = m.group(1).equals("scylladb");
        assertThat(count(m.group(), "<svg")).isEqualTo(1);
        assertThat(count(m.group(), "<path class=\"series")).as(example).isEqualTo(2);
        // The 100 MB guideline and the 2-billion-values hard limit; ScyllaDB adds its 1000 MB
        // warning.
        assertThat(count(m.group(), "<line class=\"limit")).as(example).isEqualTo(scylla ? 3 : 2);
      }
      long tables = 0;
      for (JsonNode t : json.get("tables")) {
        if (!t.get("store").asText().equals("cassandra")
            && !t.get("store").asText().equals("scylladb")) {
          continue;
        }
        tables++;
        String chart =
            charts.stream()
                .filter(c -> c.contains("data-table=\"" + t.get("name").asText() + "\""))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no chart for " + t.get("name")));
        JsonNode partitions = t.get("partitions");
        assertThat(attribute(chart, "data-typical-bytes"))
            .as(example + " " + t.get("name"))
            .isCloseTo(
                partitions.get("typical").get("bytes").asDouble(),
                within(1e-6 * partitions.get("typical").get("bytes").asDouble()));
        assertThat(attribute(chart, "data-busiest-bytes"))
            .as(example + " " + t.get("name"))
            .isCloseTo(
                partitions.get("busiest").get("bytes").asDouble(),
                within(1e-6 * partitions.get("busiest").get("bytes").asDouble()));
      }
      assertThat(charts).as(example).hasSize((int) tables);
    }
  }

  @Test
  void chatAndOrders_patternNumbersEqualTheJsonReports() throws IOException {
    for (String example : List.of("chat", "orders")) {
      JsonNode json = Examples.check(example);
      List<String> fromJson = new ArrayList<>();
      for (JsonNode p : json.get("patterns")) {
        StringBuilder s = new StringBuilder(p.get("store").asText() + " " + p.get("id").asText());
        for (String field : PATTERN_NUMBERS.get(p.get("store").asText())) {
          s.append(' ').append(p.get(field).isNull() ? "-" : round(p.get(field).asDouble()));
        }
        fromJson.add(s.toString());
      }
      List<String> fromPage = new ArrayList<>();
      Matcher table = PATTERN_TABLE.matcher(page(example));
      while (table.find()) {
        Matcher row = ROW.matcher(table.group(2));
        while (row.find()) {
          StringBuilder s = new StringBuilder(table.group(1) + " " + row.group(1));
          Matcher v = VALUE.matcher(row.group(2));
          while (v.find()) {
            s.append(' ')
                .append(v.group(1).isEmpty() ? "-" : round(Double.parseDouble(v.group(1))));
          }
          fromPage.add(s.toString());
        }
      }
      assertThat(fromPage).as(example).isNotEmpty().containsExactlyElementsOf(fromJson);
    }
  }

  @Test
  void orders_dynamoDbTablesAndMongoDbCollections_equalTheJsonReports() throws IOException {
    JsonNode json = Examples.check("orders");
    List<String> fromJson = new ArrayList<>();
    for (JsonNode t : json.get("tables")) {
      String store = t.get("store").asText();
      if (store.equals("dynamodb")) {
        fromJson.add(
            store
                + " "
                + t.get("name").asText()
                + " "
                + round(t.get("items").asDouble())
                + " "
                + round(t.get("storageBytes").asDouble())
                + " "
                + round(t.get("largestItem").get("bytes").asDouble())
                + " "
                // The share of DynamoDB's 400 KB (409,600 B) item limit.
                + round(t.get("largestItem").get("bytes").asDouble() / 409_600)
                + " "
                + round(t.get("busiestCollection").get("bytes").asDouble()));
      } else if (store.equals("mongodb")) {
        fromJson.add(
            store
                + " "
                + t.get("name").asText()
                + " "
                + round(t.get("documents").asDouble())
                + " "
                + round(t.get("typicalDocumentBytes").asDouble())
                + " "
                + round(t.get("largestDocumentBytes").asDouble())
                // The share of MongoDB's 16 MiB (16,777,216 B) document limit.
                + " "
                + round(t.get("largestDocumentBytes").asDouble() / 16_777_216)
                + " "
                + round(t.get("dataBytes").asDouble())
                + " "
                + round(indexBytes(t)));
      }
    }
    List<String> fromPage = new ArrayList<>();
    Matcher table = SIZES_TABLE.matcher(page("orders"));
    while (table.find()) {
      Matcher row =
          Pattern.compile("<tr data-table=\"([^\"]*)\">(.*?)</tr>").matcher(table.group(2));
      while (row.find()) {
        StringBuilder s = new StringBuilder(table.group(1) + " " + row.group(1));
        Matcher v = VALUE.matcher(row.group(2));
        while (v.find()) {
          s.append(' ').append(round(Double.parseDouble(v.group(1))));
        }
        fromPage.add(s.toString());
      }
    }
    // One DynamoDB table and one MongoDB collection.
    assertThat(fromPage).hasSize(2).containsExactlyElementsOf(fromJson);
  }

  /** Returns the sum of a collection's indexes' bytes in the JSON report. */
  private static double indexBytes(JsonNode collection) {
    double sum = 0;
    for (JsonNode ix : collection.get("indexes")) {
      sum += ix.get("bytes").asDouble();
    }
    return sum;
  }

  @Test
  void summaryBadges_countTheFindingsAsTheJsonReportDoes() throws IOException {
    // orders: 1 error, 7 warnings and 4 infos across its three stores.
    JsonNode summary = Examples.check("orders").get("summary");
    String page = page("orders");
    assertThat(page)
        .contains(
            "<span class=\"badge error\" data-value=\"" + summary.get("errors").asInt() + "\">")
        .contains(
            "<span class=\"badge warning\" data-value=\"" + summary.get("warnings").asInt() + "\">")
        .contains(
            "<span class=\"badge info\" data-value=\"" + summary.get("infos").asInt() + "\">");
    assertThat(count(page, "<li class=\"finding\""))
        .isEqualTo(Examples.check("orders").get("findings").size());
    assertThat(page)
        .contains(
            "<a href=\"docs/rules/PartitionOverGuideline.md\"><bdi>PartitionOverGuideline</bdi></a>");
  }

  @Test
  void outputOption_writesTheFile_andSaysSoOnStderr() throws IOException {
    Path file = dir.resolve("chat.html");
    var run = CliRun.of("report", "examples/chat.yaml", "-o", file.toString());
    assertThat(run.exitCode()).isZero();
    assertThat(run.out()).isEmpty();
    assertThat(run.err()).isEqualTo("wrote " + file + "\n");
    assertThat(Files.readString(file, StandardCharsets.UTF_8)).isEqualTo(page("chat"));
  }

  @Test
  void sameModel_givesTheSamePageByteForByte() {
    assertThat(page("orders")).isEqualTo(page("orders"));
  }

  @Test
  void badModel_exitsTwo_withTheModelsMessage_andWritesNoFile() throws IOException {
    Path model = dir.resolve("bad.yaml");
    Files.writeString(model, "model: bad\nhorizon: forever\n");
    Path file = dir.resolve("bad.html");
    var run = CliRun.of("report", model.toString(), "-o", file.toString());
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains("bad.yaml:2:");
    assertThat(file).doesNotExist();
  }

  @Test
  void unwritableOutput_exitsTwo_namingTheFile() {
    Path file = dir.resolve("no-such-dir").resolve("x.html");
    var run = CliRun.of("report", "examples/chat.yaml", "-o", file.toString());
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains("cannot write " + file + ": no such directory");
  }

  @Test
  void missingModel_exitsTwo() {
    var run = CliRun.of("report", "examples/no-such-model.yaml");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).isNotEmpty();
  }

  private static double attribute(String element, String name) {
    Matcher m = Pattern.compile(name + "=\"([^\"]*)\"").matcher(element);
    assertThat(m.find()).as(name).isTrue();
    return Double.parseDouble(m.group(1));
  }

  /** Six significant digits: the precision both reports write. */
  private static String round(double v) {
    return new java.math.BigDecimal(v)
        .round(new java.math.MathContext(6))
        .stripTrailingZeros()
        .toPlainString();
  }

  private static int count(String s, String what) {
    return s.split(Pattern.quote(what), -1).length - 1;
  }
}
