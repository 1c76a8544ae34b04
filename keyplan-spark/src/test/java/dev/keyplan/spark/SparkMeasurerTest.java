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
    // Placed at the value's opening quote in line 19,001 (the line set above, numbered from 1).
    String at = "bad-time.jsonl:19001:" + (lines.get(19_000).indexOf("\"soon\"") + 1) + ": ";
    for (Measurer engine : List.of(new DuckDbMeasurer(), new SparkMeasurer())) {
      assertThatThrownBy(
              () -> analyze(engine, List.of(bad.toString()), Optional.of("placed_at"), 0))
          .isInstanceOf(InputException.class)
          .hasMessageContaining(at + "error: 'soon' in the --time column placed_at is no time");
    }
  }

  @Test
  void aCsvTimeThatIsNoTime_isPlacedBySparkWhereTheEmbeddedEnginePlacesIt() throws IOException {
    // Row 9,000 of the first file: the notes before it hold line breaks inside quotes, so its
    // line is not its row's number (DuckDB's rejects table counts records there, not lines).
    // Both engines place it by keyplan's own scan (CsvScan) at the field's line and column.
    Path bad = dir.resolve("bad-time.csv");
    Files.copy(first, bad, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    String text = Files.readString(bad, StandardCharsets.UTF_8);
    String value = java.time.Instant.ofEpochSecond(OrdersData.START + 37L * 9_000).toString();
    assertThat(text.indexOf(value)).isEqualTo(text.lastIndexOf(value)).isPositive();
    Files.writeString(bad, text.replace("," + value + ",", ",soon,"), StandardCharsets.UTF_8);
    // The field starts after the comma: its line is 1 + the line feeds before it, its column the
    // characters (ASCII here, before the note) since the last one, plus 1.
    int field = text.indexOf(value);
    String expected =
        "bad-time.csv:"
            + (1 + text.substring(0, field).chars().filter(c -> c == '\n').count())
            + ":"
            + (field - text.lastIndexOf('\n', field))
            + ": error: 'soon' in the --time column placed_at is no time";
    assertThat(expected).doesNotStartWith("bad-time.csv:9002:");
    for (Measurer engine : List.of(new DuckDbMeasurer(), new SparkMeasurer())) {
      assertThatThrownBy(
              () -> analyze(engine, List.of(bad.toString()), Optional.of("placed_at"), 0))
          .isInstanceOf(InputException.class)
          .hasMessageContaining(expected);
    }
  }

  @Test
  void aParquetTimeThatIsNoTime_isPlacedAtItsRowGroupAndColumn_byBothEngines() throws Exception {
    // The CSV rows as text in order_id order, row 19,001 (order_id 1,019,000) made 'soon', written
    // by one thread in row groups of 8,192 rows (DuckDB's ROW_GROUP_SIZE; more threads write
    // smaller ones): rows 16,385 to 20,000 are the third, so 19,001 is its 2,617th.
    Path bad = dir.resolve("bad-time.parquet");
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
        Statement s = c.createStatement()) {
      s.execute("SET threads = 1");
      s.execute(
          "COPY (SELECT * REPLACE (CASE WHEN order_id = '1019000' THEN 'soon' ELSE placed_at END"
              + " AS placed_at) FROM read_csv(['"
              + first
              + "', '"
              + second
              + "'], header = true, quote = '\"', escape = '\"', all_varchar = true) ORDER BY CAST(order_id AS BIGINT)) TO '"
              + bad
              + "' (FORMAT parquet, ROW_GROUP_SIZE 8192)");
    }
    for (Measurer engine : List.of(new DuckDbMeasurer(), new SparkMeasurer())) {
      assertThatThrownBy(
              () -> analyze(engine, List.of(bad.toString()), Optional.of("placed_at"), 0))
          .isInstanceOf(InputException.class)
          .hasMessageContaining(
              "bad-time.parquet:row group 3:column placed_at: error: 'soon' in the --time column"
                  + " placed_at (row 19,001 of the file, 2,617 of its row group) is no time");
    }
  }

  @Test
  void aDynamoDbExport_isConvertedAndRead_givingTheEmbeddedEnginesFigures() throws IOException {
    Path export = dir.resolve("orders-export.json.gz");
    List<String> lines = Files.readAllLines(jsonLines, StandardCharsets.UTF_8);
    writeDynamoDbExport(export, lines, -1);
    Analysis spark = assertSameFigures(List.of(export.toString()), Optional.of("placed_at"), 0);
    assertThat(spark.data().format()).isEqualTo("dynamodb-json");
    assertThat(spark.data().rowsRead()).isEqualTo(ROWS);
    // A value that is no time is placed at the export's own line, in its "S" string.
    Path bad = dir.resolve("bad-export.json.gz");
    writeDynamoDbExport(bad, lines, 19_000);
    assertThatThrownBy(
            () ->
                analyze(new SparkMeasurer(), List.of(bad.toString()), Optional.of("placed_at"), 0))
        .isInstanceOf(InputException.class)
        .hasMessageMatching(
            "(?s).*bad-export\\.json\\.gz:19001:\\d+: error: 'soon' in the --time column placed_at"
                + " is no time.*");
  }

  @Test
  void fileUris_areReadThroughSparksFileSystem_givingTheSameFigures() throws IOException {
    // keyplan checks the local file a file:// URI names; Spark is handed the URI itself.
    assertSameFigures(
        List.of(first.toUri().toString(), second.toUri().toString()), Optional.of("placed_at"), 0);
  }

  @Test
  void aRemoteFile_isCheckedThroughHadoop_asALocalFileIsChecked() throws IOException {
    // Hadoop's own file system for file: stands in for s3a or hdfs, which cannot run here: a glob
    // expanded and sorted, each head checked by keyplan's checks.
    org.apache.hadoop.conf.Configuration conf = new org.apache.hadoop.conf.Configuration();
    String glob = dir.toUri() + "orders-*.csv*";
    List<dev.keyplan.analyze.source.DataFile> files =
        HadoopFiles.checked(
            new dev.keyplan.analyze.source.DataFile(
                dir,
                glob,
                dev.keyplan.analyze.source.DataFormat.CSV,
                false,
                List.of(),
                Optional.of(glob)),
            conf);
    assertThat(files).hasSize(2);
    assertThat(files.get(0).name()).endsWith("orders-1.csv");
    assertThat(files.get(1).gzip()).isTrue();
    assertThat(files.get(1).columns()).containsExactly(OrdersData.HEADER.split(","));
    Path twice = dir.resolve("twice.csv");
    Files.writeString(twice, "a,b,a\n1,2,3\n", StandardCharsets.UTF_8);
    String uri = twice.toUri().toString();
    assertThatThrownBy(
            () ->
                HadoopFiles.checked(
                    new dev.keyplan.analyze.source.DataFile(
                        twice,
                        uri,
                        dev.keyplan.analyze.source.DataFormat.CSV,
                        false,
                        List.of(),
                        Optional.of(uri)),
                    conf))
        .isInstanceOf(InputException.class)
        .hasMessageContaining(uri + ":1:5: error: column 'a' named twice");
  }

  @Test
  void anObjectStoreUri_isRefusedByTheEmbeddedEngine_andSaysWhatSparkLacks() {
    // No S3 connector (hadoop-aws) is on this class path, as on a cluster without it.
    assertThatThrownBy(
            () ->
                analyze(
                    new DuckDbMeasurer(), List.of("s3a://bucket/orders.csv"), Optional.empty(), 0))
        .isInstanceOf(InputException.class)
        .hasMessageContaining("is a URI, which the embedded engine does not read");
    assertThatThrownBy(
            () ->
                analyze(
                    new SparkMeasurer(), List.of("s3a://bucket/orders.csv"), Optional.empty(), 0))
        .isInstanceOf(InputException.class)
        .hasMessageContaining("cannot open s3a://bucket/orders.csv through Spark's Hadoop")
        .hasMessageContaining("hadoop-aws");
  }

  /**
   * Writes JSON Lines as a DynamoDB export (gzip, as an export's data files are): each object an
   * {@code Item}, a number an {@code N}, a string an {@code S}, a null a {@code NULL}; the
   * placed_at of line {@code badLine} (from 0; -1 for none) made 'soon'.
   */
  private static void writeDynamoDbExport(Path file, List<String> lines, int badLine)
      throws IOException {
    ObjectMapper json = new ObjectMapper();
    try (java.io.Writer w =
        new java.io.OutputStreamWriter(
            new java.util.zip.GZIPOutputStream(Files.newOutputStream(file)),
            StandardCharsets.UTF_8)) {
      for (int i = 0; i < lines.size(); i++) {
        JsonNode row = json.readTree(lines.get(i));
        com.fasterxml.jackson.databind.node.ObjectNode item = json.createObjectNode();
        for (Iterator<Map.Entry<String, JsonNode>> it = row.fields(); it.hasNext(); ) {
          Map.Entry<String, JsonNode> f = it.next();
          JsonNode v = f.getValue();
          com.fasterxml.jackson.databind.node.ObjectNode typed = item.putObject(f.getKey());
          if (v.isNull()) {
            typed.put("NULL", true);
          } else if (v.isNumber()) {
            typed.put("N", v.asText());
          } else {
            typed.put("S", i == badLine && f.getKey().equals("placed_at") ? "soon" : v.asText());
          }
        }
        w.write(json.writeValueAsString(json.createObjectNode().set("Item", item)) + "\n");
      }
    }
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
