package dev.keyplan.analyze.export;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the conversion writes is what the engine can read: DuckDB's {@code read_json} (the engine's
 * reader of JSON Lines, https://duckdb.org/docs/data/json/loading_json) takes the converted corpus
 * files, rows, sizes and names as written.
 */
class ExportReadJsonTest {
  private static final Path CORPUS =
      Path.of("keyplan-cli/src/test/resources/corpus/analyze-exports");

  @TempDir Path tmp;

  private static String sql(Path p) {
    return "'" + p.toAbsolutePath().toString().replace("'", "''") + "'";
  }

  @Test
  void duckDbReadsTheConvertedDynamoDbExport_withItsSizes() throws Exception {
    Path target = tmp.resolve("ddb.jsonl");
    Exports.toJsonLines(
        CORPUS.resolve("ddb-good.json.gz"),
        "ddb-good.json.gz",
        ExportFormats.byId("dynamodb-json").orElseThrow(),
        target,
        0,
        ExportProgress.NONE);
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
        Statement s = c.createStatement();
        ResultSet r =
            s.executeQuery(
                "SELECT count(*), sum(\""
                    + Exports.NATIVE_BYTES_FIELD
                    + "\"), count(note), max(pk) FROM read_json("
                    + sql(target)
                    + ", format = 'newline_delimited')")) {
      r.next();
      // Three items of 60 bytes (derived in DynamoDbExportFormatTest), 77 (pk 8, sk 18, total
      // 5 + 2, items 5 + 2, gift 5, lines 5 + 3 + (1 + 3 + (1 + 3 + 3) + (1 + 3 + 2)), photo
      // 5 + 2) and 35 (pk 8, sk 2 + 7, scores 6 + 2 + 3, keys 4 + 2 + 1): 172. note is null in
      // the one item that has it: no count.
      assertThat(r.getLong(1)).isEqualTo(3);
      assertThat(r.getLong(2)).isEqualTo(172);
      assertThat(r.getLong(3)).isZero();
      assertThat(r.getString(4)).isEqualTo("CUST#9");
    }
  }

  @Test
  void duckDbReadsTheConvertedMongoexport_datesAsTimestamps() throws Exception {
    Path target = tmp.resolve("mongo.jsonl");
    Exports.toJsonLines(
        CORPUS.resolve("mongo-relaxed.json"),
        "mongo-relaxed.json",
        ExportFormats.byId("mongoexport").orElseThrow(),
        target,
        0,
        ExportProgress.NONE);
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
        Statement s = c.createStatement();
        ResultSet r =
            s.executeQuery(
                "SELECT count(*), sum(\""
                    + Exports.NATIVE_BYTES_FIELD
                    + "\"), typeof(any_value(placed)), max(qty) FROM read_json("
                    + sql(target)
                    + ", format = 'newline_delimited')")) {
      r.next();
      // 52 (the manual's chocolates) + 124 (4 + _id 17 + item 18 + qty 9 + placed 16 + price 23
      // + tags 6 + 30 + 1) + 71 (4 + 17 + 14 + 13 + ratio 15 + extra 7 + 1) = 247 bytes of
      // BSON; the ISO-8601 dates read as timestamps; the long 12,345,678,901 as the largest qty.
      assertThat(r.getLong(1)).isEqualTo(3);
      assertThat(r.getLong(2)).isEqualTo(247);
      assertThat(r.getString(3)).startsWith("TIMESTAMP");
      assertThat(r.getLong(4)).isEqualTo(12_345_678_901L);
    }
  }
}
