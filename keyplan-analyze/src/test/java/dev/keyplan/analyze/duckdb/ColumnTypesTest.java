package dev.keyplan.analyze.duckdb;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.analyze.EngineSettings;
import dev.keyplan.analyze.source.DataSources;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code keyplan analyze --new}'s column types: DuckDB's own detection over the data, mapped to the
 * model's CQL names (docs/analyze.md, "--new: a model from the data").
 */
class ColumnTypesTest {
  @TempDir Path dir;

  @Test
  void modelType_mapsEachDuckDbTypeToTheCqlTypeOfItsWidth() {
    // DuckDB's names as DESCRIBE writes them
    // (https://duckdb.org/docs/stable/sql/data_types/overview)
    // against CQL's (https://cassandra.apache.org/doc/latest/cassandra/developing/cql/types.html):
    // 64-, 32-, 16- and 8-bit integers; an unsigned one to the next wider signed type, since
    // UTINYINT reaches 255 > 127; 128-bit and UBIGINT (to 2^64 - 1) only fit varint.
    Map<String, String> expected =
        Map.ofEntries(
            Map.entry("BIGINT", "bigint"),
            Map.entry("INTEGER", "int"),
            Map.entry("SMALLINT", "smallint"),
            Map.entry("TINYINT", "tinyint"),
            Map.entry("HUGEINT", "varint"),
            Map.entry("UTINYINT", "smallint"),
            Map.entry("USMALLINT", "int"),
            Map.entry("UINTEGER", "bigint"),
            Map.entry("UBIGINT", "varint"),
            Map.entry("DOUBLE", "double"),
            Map.entry("FLOAT", "float"),
            Map.entry("DECIMAL(18,3)", "decimal"),
            Map.entry("BOOLEAN", "boolean"),
            Map.entry("VARCHAR", "text"),
            Map.entry("DATE", "date"),
            Map.entry("TIME", "time"),
            Map.entry("TIMESTAMP", "timestamp"),
            Map.entry("TIMESTAMP WITH TIME ZONE", "timestamp"),
            Map.entry("TIMESTAMP_MS", "timestamp"),
            Map.entry("UUID", "uuid"),
            Map.entry("BLOB", "blob"),
            Map.entry("INTERVAL", "duration"),
            Map.entry("VARCHAR[]", "list<text>"),
            Map.entry("BIGINT[3]", "list<bigint>"),
            Map.entry("VARCHAR[][]", "list<text>"),
            Map.entry("STRUCT(a BIGINT, b VARCHAR)", "map<text, text>"),
            Map.entry("STRUCT(a BIGINT)[]", "list<text>"),
            Map.entry("MAP(VARCHAR, BIGINT)", "map<text, text>"),
            Map.entry("JSON", "text"),
            Map.entry("ENUM('a', 'b')", "text"),
            Map.entry("NULL", "text"));
    expected.forEach(
        (duck, cql) -> assertThat(DuckDbMeasurer.modelType(duck)).as(duck).isEqualTo(cql));
  }

  @Test
  void columnTypes_ofACsvAndAJsonLinesFile() throws IOException {
    // The engine's detection reads every row: whole numbers are BIGINT, 1.5 DOUBLE, true/false
    // BOOLEAN, ISO dates DATE, the rest VARCHAR; a JSON array of strings VARCHAR[], an object a
    // STRUCT.
    Path csv = dir.resolve("t.csv");
    Files.writeString(
        csv,
        "id,price,ok,day,name\n1,1.5,true,2024-05-01,a\n2,2.25,false,2024-05-02,b\n",
        StandardCharsets.UTF_8);
    EngineSettings engine = new EngineSettings("256MB", 1, Optional.empty());
    assertThat(
            DuckDbMeasurer.columnTypes(
                DataSources.open(List.of(csv.toString()), Optional.empty()), engine))
        .containsExactly(
            Map.entry("id", "bigint"),
            Map.entry("price", "double"),
            Map.entry("ok", "boolean"),
            Map.entry("day", "date"),
            Map.entry("name", "text"));
    Path jsonl = dir.resolve("t.jsonl");
    Files.writeString(
        jsonl,
        "{\"id\": 1, \"tags\": [\"a\", \"b\"], \"meta\": {\"k\": \"v\"}, \"note\": \"x\"}\n"
            + "{\"id\": 2, \"tags\": [], \"meta\": {\"k\": \"w\"}, \"note\": null}\n",
        StandardCharsets.UTF_8);
    assertThat(
            DuckDbMeasurer.columnTypes(
                DataSources.open(List.of(jsonl.toString()), Optional.empty()), engine))
        .containsExactly(
            Map.entry("id", "bigint"),
            Map.entry("tags", "list<text>"),
            Map.entry("meta", "map<text, text>"),
            Map.entry("note", "text"));
  }
}
