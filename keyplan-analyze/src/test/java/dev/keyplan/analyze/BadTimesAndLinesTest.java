package dev.keyplan.analyze;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keyplan.input.InputException;
import dev.keyplan.model.Model;
import dev.keyplan.model.yaml.ModelReader;
import dev.keyplan.simulate.Progress;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A time value is measured as the data's text whether or not {@code --time} names its column, a
 * value that is no time makes its row malformed (refused at its line and column in CSV, skipped and
 * counted under {@code --max-bad-rows}), and a JSON line that is not an object is skipped whole,
 * not read as a row of missing values. The engines agree on all three (keyplan-spark's
 * SparkMeasurerTest).
 */
class BadTimesAndLinesTest {
  @TempDir Path dir;

  private static final Model MODEL =
      ModelReader.read(Path.of("keyplan-analyze/src/test/resources/analyze/events.yaml"));

  @Test
  void aTimesBytesAreItsTextsWithOrWithoutTime() throws IOException {
    Path csv = write("e.csv", "id,ts", "1,2024-03-01T00:00:00Z", "2,2024-03-01T00:00:10Z");
    // "2024-03-01T00:00:00Z" is 20 bytes; read as a time, DuckDB would write it back as
    // "2024-03-01 00:00:00+00", 22.
    assertThat(attribute(analyze(csv, Optional.empty(), 0), "ts").averageBytes()).isEqualTo(20);
    assertThat(attribute(analyze(csv, Optional.of("ts"), 0), "ts").averageBytes()).isEqualTo(20);
  }

  @Test
  void aValueThatIsNoTime_isRefusedAtItsLineAndColumn_orSkippedAndCounted() throws IOException {
    Path csv =
        write("e.csv", "id,ts", "1,2024-03-01T00:00:00Z", "2,soon", "3,2024-03-01T00:00:20Z");
    assertThatThrownBy(() -> analyze(csv, Optional.of("ts"), 0))
        .isInstanceOf(InputException.class)
        // Line 3, the field after "2,": column 3.
        .hasMessageContaining("e.csv:3:3: error: 'soon' in the --time column ts is no time");
    Analysis a = analyze(csv, Optional.of("ts"), 1);
    assertThat(a.data().rowsRead()).isEqualTo(2);
    assertThat(a.data().badRows()).isEqualTo(1);
    // Over the two good rows, 20 s apart.
    assertThat(a.time().orElseThrow().seconds()).isEqualTo(20);
  }

  @Test
  void aJsonValueThatIsNoTime_isRefusedAtItsLineAndColumn() throws IOException {
    // Lines 3 and 4 hold a ts that is no time: both are listed, in file order, at their values.
    Path jsonl =
        write(
            "e.jsonl",
            "{\"id\": 1, \"ts\": \"2024-03-01T00:00:00Z\"}",
            "{\"id\": 2, \"ts\": \"2024-03-01T00:00:10Z\"}",
            "{\"id\": 3, \"note\": \"é\", \"ts\": \"soon\"}",
            "{\"ts\": \"soon\", \"id\": 4}");
    assertThatThrownBy(() -> analyze(jsonl, Optional.of("ts"), 0))
        .isInstanceOf(InputException.class)
        // {"id": 3, "note": "é", "ts": "soon"}: the value's opening quote is the 30th code point.
        .hasMessageContaining("e.jsonl:3:30: error: 'soon' in the --time column ts is no time")
        // {"ts": "soon", "id": 4}: column 8.
        .hasMessageContaining("e.jsonl:4:8: error: 'soon'");
  }

  @Test
  void aDynamoDbExportsValueThatIsNoTime_isRefusedAtTheExportsOwnLineAndColumn()
      throws IOException {
    // Line 3 is empty, a bad line the conversion skips under --max-bad-rows 1, so that the
    // converted JSON Lines hold line 4 as their line 3: the error must name the export's line.
    Path export =
        write(
            "e.json",
            "{\"Item\": {\"id\": {\"N\": \"1\"}, \"ts\": {\"S\": \"2024-03-01T00:00:00Z\"}}}",
            "{\"Item\": {\"id\": {\"N\": \"2\"}, \"ts\": {\"S\": \"2024-03-01T00:00:10Z\"}}}",
            "",
            "{\"Item\": {\"id\": {\"N\": \"4\"}, \"ts\": {\"S\": \"soon\"}}}",
            "{\"Item\": {\"ts\": {\"S\": \"soon\"}, \"note\": {\"S\": \"é\"}}}");
    assertThatThrownBy(() -> analyze(export, Optional.of("ts"), 1))
        .isInstanceOf(InputException.class)
        // {"Item": {"id": {"N": "4"}, "ts": {"S": "soon"}}}: the S string's quote is column 41.
        .hasMessageContaining("e.json:4:41: error: 'soon' in the --time column ts is no time")
        // {"Item": {"ts": {"S": "soon"}, ...}: column 23.
        .hasMessageContaining("e.json:5:23: error: 'soon'");
  }

  @Test
  void aMongoexportValueThatIsNoTime_isRefusedAtItsLineAndColumn() throws IOException {
    Path export =
        write(
            "e.json",
            "{\"_id\": {\"$oid\": \"5099803df3f4948bd2f98391\"}, \"id\": 1, \"ts\":"
                + " {\"$date\": \"2024-03-01T00:00:00Z\"}}",
            "{\"_id\": {\"$oid\": \"5099803df3f4948bd2f98392\"}, \"note\": \"é\", \"ts\":"
                + " \"soon\"}");
    assertThatThrownBy(() -> analyze(export, Optional.of("ts"), 0))
        .isInstanceOf(InputException.class)
        // The note's é is one code point: "soon"'s opening quote is the 66th.
        .hasMessageContaining("e.json:2:66: error: 'soon' in the --time column ts is no time");
  }

  @Test
  void aParquetValueThatIsNoTime_isRefusedAtItsRowGroupAndColumn() throws Exception {
    // 10,000 rows written in row groups of 4,096 (DuckDB's ROW_GROUP_SIZE): rows 4,097 to 8,192
    // are the second row group, so row 5,000 is its 904th row.
    Path parquet = dir.resolve("e.parquet");
    try (java.sql.Connection c = java.sql.DriverManager.getConnection("jdbc:duckdb:");
        java.sql.Statement s = c.createStatement()) {
      s.execute(
          "COPY (SELECT i AS id, CASE WHEN i = 5000 THEN 'soon' ELSE"
              + " strftime(TIMESTAMP '2024-03-01' + to_seconds(i), '%Y-%m-%dT%H:%M:%SZ') END AS ts"
              + " FROM range(1, 10001) r(i) ORDER BY i) TO '"
              + parquet
              + "' (FORMAT parquet, ROW_GROUP_SIZE 4096)");
    }
    assertThatThrownBy(() -> analyze(parquet, Optional.of("ts"), 0))
        .isInstanceOf(InputException.class)
        .hasMessageContaining(
            "e.parquet:row group 2:column ts: error: 'soon' in the --time column ts (row 5,000 of"
                + " the file, 904 of its row group) is no time");
  }

  @Test
  void aRowTheEngineRejects_isPlacedAtItsLine_pastAQuotedValueHoldingLineBreaks()
      throws IOException {
    // The note of record 2 spans lines 2 to 4, so the ragged record 3 is on line 5, where DuckDB's
    // rejects table says 3 (it counts records).
    Path csv = write("e.csv", "id,note", "1,\"one", "two", "three\"", "2,é,extra", "3,ok");
    assertThatThrownBy(() -> analyze(csv, Optional.empty(), 0))
        .isInstanceOf(InputException.class)
        // "2,é" is three code points (four bytes): the engine stops at the comma after it, column
        // 4.
        .hasMessageContaining(
            "e.csv:5:4: error: a malformed row (too many columns: Expected Number of Columns: 2"
                + " Found: 3); expected RFC 4180 CSV with the header's 2 columns (1 bad row;"
                + " --max-bad-rows 0)");
    assertThat(analyze(csv, Optional.empty(), 1).data().badRows()).isEqualTo(1);
  }

  @Test
  void aRowTheEngineRejects_inACrLfFile_isPlacedAtItsLineAndWhereItsTextEnds() throws IOException {
    Path csv = dir.resolve("e.csv");
    Files.writeString(
        csv, "id,note\r\n1,\"one\r\ntwo\"\r\n2\r\n3,\"x\"y\r\n4,ok\r\n", StandardCharsets.UTF_8);
    assertThatThrownBy(() -> analyze(csv, Optional.empty(), 0))
        .isInstanceOf(InputException.class)
        // Record 2 spans lines 2 and 3. Line 4, "2", has one field of two: its text ends at
        // column 2, the CR (DuckDB's byte is the line feed after it).
        .hasMessageContaining("e.csv:4:2: error: a malformed row (missing columns: ")
        // Line 5, "3,"x"y": the quoted value with text after its closing quote starts at column 3.
        .hasMessageContaining("e.csv:5:3: error: a malformed row (unquoted value: ");
  }

  @Test
  void aRowTheEngineRejects_inAGzipFile_isPlacedAtItsLineInTheDecompressedText()
      throws IOException {
    // The engine's byte is of the decompressed text: the same place as in the plain file.
    Path good = write("a.csv", "id,note", "1,x");
    Path gz = dir.resolve("b.csv.gz");
    try (java.io.OutputStream out = new java.util.zip.GZIPOutputStream(Files.newOutputStream(gz))) {
      out.write("id,note\n2,\"x\ny\"\n3,\"q\"w\n".getBytes(StandardCharsets.UTF_8));
    }
    assertThatThrownBy(() -> analyze(List.of(good, gz), Optional.empty(), 0))
        .isInstanceOf(InputException.class)
        // b.csv.gz's line 4 (record 2 spans lines 2 and 3), its value from column 3.
        .hasMessageContaining("b.csv.gz:4:3: error: a malformed row (unquoted value: ");
  }

  @Test
  void aJsonLineThatIsNotAnObject_isSkippedWhole_underMaxBadRows() throws IOException {
    // 45,000 objects fill more than the 1 MiB head keyplan's own format check reads, so that the
    // cut line after them reaches the engine.
    List<String> lines = new java.util.ArrayList<>();
    for (int i = 1; i <= 45_000; i++) {
      lines.add("{\"id\": " + i + ", \"tenant\": \"t" + i % 7 + "\"}");
    }
    lines.add("{}");
    lines.add("{\"id\": 45001, \"tenant\": ");
    lines.add("{\"id\": 45002, \"tenant\": \"b\"}");
    Path jsonl = write("e.jsonl", lines.toArray(String[]::new));
    Analysis a = analyze(jsonl, Optional.empty(), 1);
    // 45,002 objects ({} is one, with no value of the entity's); the cut line is no row at all.
    assertThat(a.data().rowsRead()).isEqualTo(45_002);
    assertThat(a.data().badRows()).isEqualTo(1);
    assertThat(attribute(a, "id").present()).isEqualTo(45_001.0 / 45_002);
  }

  private Path write(String name, String... lines) throws IOException {
    Path p = dir.resolve(name);
    Files.write(p, List.of(lines), StandardCharsets.UTF_8);
    return p;
  }

  private static Analysis.AttributeFigures attribute(Analysis a, String name) {
    return a.attributes().stream().filter(f -> f.name().equals(name)).findFirst().orElseThrow();
  }

  private static Analysis analyze(Path data, Optional<String> time, long maxBadRows) {
    return analyze(List.of(data), time, maxBadRows);
  }

  private static Analysis analyze(List<Path> data, Optional<String> time, long maxBadRows) {
    return Analyzer.analyze(
        new AnalyzeRequest(
            MODEL,
            "Event",
            data.stream().map(Path::toString).toList(),
            Optional.empty(),
            Map.of(),
            Optional.of(List.of(List.of("id"))),
            time,
            OptionalDouble.empty(),
            maxBadRows,
            AnalyzeRequest.DEFAULT_TOP,
            false,
            new EngineSettings("1GB", 2, Optional.empty())),
        Progress.NONE);
  }
}
