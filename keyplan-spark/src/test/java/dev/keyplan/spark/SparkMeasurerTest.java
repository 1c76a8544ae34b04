package dev.keyplan.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.keyplan.analyze.Analysis;
import dev.keyplan.analyze.AnalyzeRequest;
import dev.keyplan.analyze.Analyzer;
import dev.keyplan.analyze.EngineSettings;
import dev.keyplan.analyze.Measurer;
import dev.keyplan.analyze.Measurers;
import dev.keyplan.analyze.duckdb.DuckDbMeasurer;
import dev.keyplan.analyze.json.AnalysisJson;
import dev.keyplan.input.InputException;
import dev.keyplan.model.Model;
import dev.keyplan.model.yaml.ModelReader;
import dev.keyplan.simulate.Progress;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Spark engine gives the embedded engine's figures: both run the same figure queries ({@code
 * SqlFigures}), every count exact, so on the same files every member of the JSON is equal (numbers
 * to 1e-9 relative, since sums of doubles are added in another order) but {@code data.engine}.
 * Spark runs in local mode on 2 cores, in this JVM.
 *
 * <p>The data: 20,000 generated orders ({@link OrdersData}) in two CSV files, the second
 * gzip-compressed, so that file order crosses a file; and the same rows as JSON Lines and as
 * Parquet, written by DuckDB.
 */
class SparkMeasurerTest {
  static final int ROWS = 20_000;
  static final int SPLIT = 12_000;
  static final long SEED = 20;

  @TempDir static Path dir;
  static Model model;
  static Path first;
  static Path second;
  static Path jsonLines;
  static Path parquet;

  @BeforeAll
  static void write() throws Exception {
    model = ModelReader.read(Path.of("keyplan-spark/src/test/resources/spark/orders.yaml"));
    first = dir.resolve("orders-1.csv");
    second = dir.resolve("orders-2.csv.gz");
    OrdersData.write(first, SEED, 0, SPLIT);
    OrdersData.write(second, SEED, SPLIT, ROWS);
    jsonLines = dir.resolve("orders.jsonl");
    parquet = dir.resolve("orders.parquet");
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
        Statement s = c.createStatement()) {
      String read =
          "(SELECT * FROM read_csv(['"
              + first
              + "', '"
              + second
              + "'], header = true, quote = '\"', escape = '\"'))";
      s.execute("COPY " + read + " TO '" + jsonLines + "' (FORMAT json)");
      // placed_at is typed in the Parquet file (DuckDB reads the CSV's times as TIMESTAMP WITH
      // TIME ZONE): both engines write a typed time as the same ISO-8601 text.
      s.execute("COPY " + read + " TO '" + parquet + "' (FORMAT parquet)");
    }
  }

  @Test
  void csv_acrossTwoFiles_withTime_givesTheEmbeddedEnginesFigures() throws IOException {
    assertSameFigures(List.of(first.toString(), second.toString()), Optional.of("placed_at"), 0);
  }

  @Test
  void csv_inFileOrder_numbersRowsAcrossFilesAsTheEmbeddedEngine() throws IOException {
    Analysis spark =
        assertSameFigures(List.of(first.toString(), second.toString()), Optional.empty(), 0);
    // order_id rises with file order (1,000,000 + row), so its correlation with the rows' place is
    // 1 only if the places run on from the first file into the second.
    assertThat(key(spark, "order_id").monotonicity().coefficient()).isEqualTo(1.0);
  }

  @Test
  void jsonLines_withTime_givesTheEmbeddedEnginesFigures() throws IOException {
    assertSameFigures(List.of(jsonLines.toString()), Optional.of("placed_at"), 0);
  }

  @Test
  void parquet_givesTheEmbeddedEnginesFigures() throws IOException {
    assertSameFigures(List.of(parquet.toString()), Optional.empty(), 0);
  }

  @Test
  void aMalformedJsonLine_isRefused_orSkippedAndCountedUnderMaxBadRows() throws IOException {
    Path bad = dir.resolve("bad.jsonl");
    List<String> lines = Files.readAllLines(jsonLines, StandardCharsets.UTF_8);
    // Past the head keyplan's own format check reads, so that Spark's reader is the one to find it.
    lines.add(19_000, "{\"order_id\": 1, \"customer\": ");
    Files.write(bad, lines, StandardCharsets.UTF_8);
    assertThatThrownBy(
            () -> analyze(new SparkMeasurer(), List.of(bad.toString()), Optional.empty(), 0))
        .isInstanceOf(InputException.class)
        .hasMessageContaining("1 malformed row(s)")
        .hasMessageContaining("--max-bad-rows");
    Analysis spark = assertSameFigures(List.of(bad.toString()), Optional.empty(), 1);
    assertThat(spark.data().badRows()).isEqualTo(1);
    assertThat(spark.data().rowsRead()).isEqualTo(ROWS);
  }

  @Test
  void aTimeThatIsNoTime_isRefusedWithTheValue() throws IOException {
    Path bad = dir.resolve("bad-time.jsonl");
    List<String> lines = Files.readAllLines(jsonLines, StandardCharsets.UTF_8);
    lines.set(
        19_000,
        lines.get(19_000).replaceFirst("\"placed_at\":\"[^\"]*\"", "\"placed_at\":\"soon\""));
    Files.write(bad, lines, StandardCharsets.UTF_8);
    assertThatThrownBy(
            () ->
                analyze(new SparkMeasurer(), List.of(bad.toString()), Optional.of("placed_at"), 0))
        .isInstanceOf(InputException.class)
        .hasMessageContaining("1 value(s) of the --time column placed_at are not times")
        .hasMessageContaining("'soon'");
  }

  @Test
  void theCommandLine_measuresWithSpark_whenAskedByName() throws IOException {
    String[] args = {
      "analyze",
      "keyplan-spark/src/test/resources/spark/orders.yaml",
      "--entity",
      "Order",
      first.toString(),
      second.toString(),
      "--time",
      "placed_at",
      "--format",
      "json"
    };
    java.io.StringWriter out = new java.io.StringWriter();
    java.io.StringWriter err = new java.io.StringWriter();
    String[] spark = java.util.Arrays.copyOf(args, args.length + 2);
    spark[args.length] = "--engine";
    spark[args.length + 1] = "spark";
    int code =
        dev.keyplan.cli.Main.newCommandLine(
                new java.io.PrintWriter(out, true), new java.io.PrintWriter(err, true))
            .execute(spark);
    assertThat(code).as(err.toString()).isZero();
    JsonNode j = new ObjectMapper().readTree(out.toString());
    assertThat(j.at("/data/engine").asText()).isEqualTo("spark");
    assertThat(j.at("/data/rowsRead").asLong()).isEqualTo(ROWS);
    // The model's keys, measured: customer (a pattern's equality), then region and customer.
    assertThat(j.at("/keys/0/attributes/0").asText()).isEqualTo("customer");
  }

  @Test
  void sparkRunningOutOfMemory_saysWhatToGiveIt_andAnythingElseStaysABug() {
    // As the benchmark met it: a 10M-row Parquet set under a 1 GB heap in local mode
    // (bench/RESULTS.md), the job's error wrapping the task's.
    RuntimeException oom =
        new RuntimeException(
            "Job aborted due to stage failure",
            new RuntimeException(
                "[UNABLE_TO_ACQUIRE_MEMORY] Unable to acquire 262144 bytes of memory, got 0."));
    assertThat(SparkMeasurer.outOfMemory(oom))
        .hasValueSatisfying(
            e ->
                assertThat(e.getMessage())
                    .contains("<command line>")
                    .contains("Spark ran out of memory")
                    .contains("spark.driver.memory"));
    assertThat(SparkMeasurer.outOfMemory(new IllegalStateException("a bug"))).isEmpty();
  }

  @Test
  void theEngineIsFoundByName_throughItsServiceEntry() {
    assertThat(Measurers.named("spark")).isInstanceOf(SparkMeasurer.class);
    assertThat(Measurers.all().stream().map(Measurer::name)).containsExactly("duckdb", "spark");
  }

  /** Measures {@code files} with both engines, asserts equal figures, returns Spark's. */
  private static Analysis assertSameFigures(
      List<String> files, Optional<String> time, long maxBadRows) throws IOException {
    Analysis duck = analyze(new DuckDbMeasurer(), files, time, maxBadRows);
    Analysis spark = analyze(new SparkMeasurer(), files, time, maxBadRows);
    assertThat(spark.data().engine()).isEqualTo("spark");
    assertThat(duck.data().engine()).isEqualTo("duckdb");
    ObjectMapper json = new ObjectMapper();
    JsonNode d = json.readTree(AnalysisJson.render(duck));
    JsonNode s = json.readTree(AnalysisJson.render(spark));
    ((com.fasterxml.jackson.databind.node.ObjectNode) s.get("data")).put("engine", "duckdb");
    assertEqual("", d, s);
    // The figures are not empty: each key was measured over every row.
    assertThat(spark.keys()).isNotEmpty();
    assertThat(spark.keys().get(0).rows()).isPositive();
    return spark;
  }

  private static void assertEqual(String at, JsonNode expected, JsonNode actual) {
    if (expected.isNumber() && actual.isNumber()) {
      double e = expected.doubleValue();
      double a = actual.doubleValue();
      assertThat(Math.abs(a - e))
          .as("%s: %s (duckdb) vs %s (spark)", at, e, a)
          .isLessThanOrEqualTo(1e-9 * Math.max(1, Math.abs(e)));
      return;
    }
    assertThat(actual.getNodeType()).as(at).isEqualTo(expected.getNodeType());
    if (expected.isObject()) {
      assertThat(iterable(actual.fieldNames())).as(at).isEqualTo(iterable(expected.fieldNames()));
      for (Iterator<Map.Entry<String, JsonNode>> it = expected.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> f = it.next();
        assertEqual(at + "." + f.getKey(), f.getValue(), actual.get(f.getKey()));
      }
    } else if (expected.isArray()) {
      assertThat(actual.size()).as(at).isEqualTo(expected.size());
      for (int i = 0; i < expected.size(); i++) {
        assertEqual(at + "[" + i + "]", expected.get(i), actual.get(i));
      }
    } else {
      assertThat(actual).as(at).isEqualTo(expected);
    }
  }

  private static List<String> iterable(Iterator<String> it) {
    List<String> out = new java.util.ArrayList<>();
    it.forEachRemaining(out::add);
    return out;
  }

  static Analysis.KeyFigures key(Analysis a, String... attributes) {
    return a.keys().stream()
        .filter(k -> k.attributes().equals(List.of(attributes)))
        .findFirst()
        .orElseThrow();
  }

  static Analysis analyze(
      Measurer engine, List<String> files, Optional<String> time, long maxBadRows) {
    return Analyzer.analyze(
        new AnalyzeRequest(
            model,
            "Order",
            files,
            Optional.empty(),
            Map.of(),
            Optional.of(
                List.of(
                    List.of("customer"),
                    List.of("region"),
                    List.of("region", "customer"),
                    List.of("order_id"),
                    List.of("coupon"))),
            time,
            OptionalDouble.empty(),
            maxBadRows,
            AnalyzeRequest.DEFAULT_TOP,
            false,
            new EngineSettings("1GB", 2, Optional.empty())),
        engine,
        Progress.NONE);
  }
}
