package dev.keyplan.analyze.duckdb;

import dev.keyplan.analyze.MeasuredFigures;
import dev.keyplan.analyze.Measurement;
import dev.keyplan.analyze.Measurement.Column;
import dev.keyplan.analyze.Measurer;
import dev.keyplan.analyze.export.Exports;
import dev.keyplan.analyze.source.DataFile;
import dev.keyplan.analyze.source.DataFormat;
import dev.keyplan.analyze.source.DataSet;
import dev.keyplan.analyze.source.JsonLinesScan;
import dev.keyplan.analyze.source.NativeSize;
import dev.keyplan.analyze.sql.SqlEngine;
import dev.keyplan.analyze.sql.SqlFigures;
import dev.keyplan.input.InputException;
import dev.keyplan.input.Location;
import dev.keyplan.simulate.Progress;
import java.io.IOException;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The built-in engine: DuckDB, embedded. Loads keyplan's columns of the data set as text into one
 * table, in file order, with each row's two sizes and its time, after keyplan's own format checks;
 * a malformed row is an error at its file, line and column. Then the figure queries every engine
 * shares ({@link SqlFigures}) run on it.
 */
public final class DuckDbMeasurer implements Measurer {

  /** The phase the load's progress names. */
  static final String READING = "reading the data";

  /** Most bad rows listed in one error: the rest are counted. */
  static final int LISTED_BAD_ROWS = 10;

  @Override
  public String name() {
    return "duckdb";
  }

  /**
   * Loads the data into DuckDB, then runs the figure queries ({@link SqlFigures}); {@code progress}
   * hears each finished step of {@code 2 + keys}.
   *
   * @throws InputException for malformed data, placed at its file, line and column
   */
  @Override
  public MeasuredFigures measure(Measurement m, Progress progress) {
    try (DuckDbSession db = new DuckDbSession(m.engine())) {
      long bad = load(db, m, progress);
      return SqlFigures.measure(db, name(), m, bad, progress);
    } catch (SQLException e) {
      throw DataErrors.of(m.data(), e);
    } catch (IOException e) {
      throw DataErrors.tempDirectory(e);
    }
  }

  /**
   * Returns {@code data} with each Parquet file's columns, read from its footer by the engine
   * (after keyplan's magic-number checks); any other data set as it is. A footer the engine cannot
   * read is an error at the file.
   */
  @Override
  public DataSet withEngineChecks(DataSet data, dev.keyplan.analyze.EngineSettings engine) {
    refuseRemote(data);
    if (data.format() != DataFormat.PARQUET) {
      return data;
    }
    List<DataFile> files = new ArrayList<>();
    try (DuckDbSession db = new DuckDbSession(engine)) {
      for (DataFile f : data.files()) {
        List<String> columns = new ArrayList<>();
        try {
          for (Object[] r :
              db.rows(
                  "DESCRIBE SELECT * FROM read_parquet(" + Sql.string(f.path().toString()) + ")")) {
            columns.add((String) r[0]);
          }
        } catch (SQLException e) {
          throw DataErrors.of(new DataSet(List.of(f), data.format()), e);
        }
        files.add(f.withColumns(columns));
      }
    } catch (SQLException e) {
      throw DataErrors.of(data, e);
    } catch (IOException e) {
      throw DataErrors.tempDirectory(e);
    }
    return new DataSet(files, data.format());
  }

  /**
   * Returns each column of {@code data} with the model type of its values, for {@code keyplan
   * analyze --new}, which has no model to take types from: the engine's own type detection over
   * every row ({@code sample_size = -1}) of the same files, in the same dialect the measurement
   * reads (header, delimiter, RFC 4180 quoting), then {@link #modelType}. Rows the engine cannot
   * read are skipped here ({@code ignore_errors}): the measurement that follows reads every row and
   * places each bad one at its line and column. Columns in the data's order.
   *
   * <p>CSV type detection: https://duckdb.org/docs/stable/data/csv/auto_detection; JSON:
   * https://duckdb.org/docs/stable/data/json/loading_json; Parquet types come from the footer.
   */
  public static java.util.Map<String, String> columnTypes(
      DataSet data, dev.keyplan.analyze.EngineSettings engine) {
    refuseRemote(data);
    List<String> paths = data.files().stream().map(f -> f.path().toString()).toList();
    String reader =
        switch (data.format()) {
          case CSV, TSV ->
              "read_csv("
                  + Sql.strings(paths)
                  + ", header = true, delim = "
                  + (data.format() == DataFormat.TSV ? "'\\t'" : "','")
                  + ", quote = '\"', escape = '\"', compression = 'auto', sample_size = -1,"
                  + " ignore_errors = true)";
          case JSON_LINES ->
              "read_json("
                  + Sql.strings(paths)
                  + ", format = 'newline_delimited', compression = 'auto_detect',"
                  + " sample_size = -1, ignore_errors = true)";
          case PARQUET -> "read_parquet(" + Sql.strings(paths) + ", union_by_name = true)";
          default -> throw new IllegalStateException("not a built format: " + data.format());
        };
    java.util.Map<String, String> detected = new java.util.HashMap<>();
    try (DuckDbSession db = new DuckDbSession(engine)) {
      for (Object[] r : db.rows("DESCRIBE SELECT * FROM " + reader)) {
        detected.put((String) r[0], (String) r[1]);
      }
    } catch (SQLException e) {
      throw DataErrors.of(data, e);
    } catch (IOException e) {
      throw DataErrors.tempDirectory(e);
    }
    java.util.Map<String, String> out = new java.util.LinkedHashMap<>();
    for (String c : data.columns()) {
      out.put(c, modelType(detected.getOrDefault(c, "VARCHAR")));
    }
    return out;
  }

  /**
   * The model's type (docs/model.md's CQL names) for a DuckDB type as {@code DESCRIBE} writes it
   * (https://duckdb.org/docs/stable/sql/data_types/overview): each integer to the CQL integer of
   * its width (https://cassandra.apache.org/doc/latest/cassandra/developing/cql/types.html), an
   * unsigned one to the narrowest signed one that holds every value, {@code HUGEINT} and {@code
   * UBIGINT} to {@code varint}; a list ({@code T[]}, {@code T[n]}) to {@code list<t>}, its element
   * {@code text} when the element is itself nested (a CQL collection in a collection must be
   * frozen, and the model measures only the outer one's elements); a {@code STRUCT} or {@code MAP}
   * to {@code map<text, text>}, whose keys the measurement counts as elements; {@code JSON}, enums,
   * unions and anything else to {@code text}, measured by its bytes. docs/analyze.md has the table.
   */
  public static String modelType(String duckType) {
    String t = duckType.strip().toUpperCase(java.util.Locale.ROOT);
    if (t.endsWith("]")) {
      String element = t.substring(0, t.lastIndexOf('['));
      String inner = modelType(element);
      return "list<" + (inner.contains("<") ? "text" : inner) + ">";
    }
    if (t.startsWith("STRUCT") || t.startsWith("MAP")) {
      return "map<text, text>";
    }
    if (t.startsWith("DECIMAL") || t.startsWith("NUMERIC")) {
      return "decimal";
    }
    if (t.startsWith("TIMESTAMP")) {
      return "timestamp";
    }
    return switch (t) {
      case "BIGINT", "UINTEGER" -> "bigint";
      case "INTEGER", "USMALLINT" -> "int";
      case "SMALLINT", "UTINYINT" -> "smallint";
      case "TINYINT" -> "tinyint";
      case "HUGEINT", "UBIGINT", "UHUGEINT", "VARINT", "BIGNUM" -> "varint";
      case "DOUBLE" -> "double";
      case "FLOAT" -> "float";
      case "BOOLEAN" -> "boolean";
      case "DATE" -> "date";
      case "TIME" -> "time";
      case "UUID" -> "uuid";
      case "BLOB", "BIT" -> "blob";
      case "INTERVAL" -> "duration";
      default -> "text";
    };
  }

  /**
   * A file at a URI of a scheme other than {@code file} is the Spark engine's to read, through its
   * Hadoop file systems: DuckDB is built here without its httpfs extension (docs/analyze.md,
   * "Engines"), and keyplan's checks cannot open such a file first.
   */
  private static void refuseRemote(DataSet data) {
    for (DataFile f : data.files()) {
      if (f.remote()) {
        throw new InputException(
            new Location("<command line>", 0, 0),
            f.name()
                + " is a URI, which the embedded engine does not read (it reads files on this"
                + " machine); expected a path or a file:// URI, or --engine spark, which reads"
                + " URIs through Spark's Hadoop file systems (docs/analyze.md, 'Apache Spark')");
      }
    }
  }

  /** The text expression of a data column as loaded. */
  private static String source(DataFormat format, String column, String parquetType) {
    String c = Sql.name(column);
    if (format == DataFormat.PARQUET && parquetType.startsWith("TIMESTAMP")) {
      // A typed time has no text in the data: it is written as ISO-8601 in UTC with six fraction
      // digits, 2024-03-01T00:00:00.000000Z (27 bytes), as every engine writes it, rather than in
      // this engine's own rendering (2024-03-01 00:00:00+00).
      return "strftime(" + c + ", '" + SqlFigures.ISO_TIME_DUCKDB + "')";
    }
    return switch (format) {
      case JSON_LINES ->
          "CASE json_type("
              + c
              + ") WHEN 'VARCHAR' THEN "
              + c
              + "->>'$' WHEN 'NULL' THEN NULL ELSE CAST("
              + c
              + " AS VARCHAR) END";
      default -> "CAST(" + c + " AS VARCHAR)";
    };
  }

  /** The element count of a collection column, or NULL. */
  private static String elements(
      SqlEngine db, DataFormat format, String column, String parquetType) {
    String c = Sql.name(column);
    return switch (format) {
      case JSON_LINES ->
          "CASE json_type("
              + c
              + ") WHEN 'ARRAY' THEN json_array_length("
              + c
              + ") WHEN 'OBJECT' THEN len(json_keys("
              + c
              + ")) WHEN 'VARCHAR' THEN "
              // A string holding JSON text, as a CSV cell would.
              + textElements(db, "(" + c + "->>'$')")
              + " END";
      case PARQUET ->
          parquetType.endsWith("[]") || parquetType.startsWith("MAP(")
              ? "len(" + c + ")"
              : parquetType.startsWith("VARCHAR") ? textElements(db, c) : "NULL";
      // A CSV cell holding a JSON array or object (as exports of JSON columns write them), or
      // cqlsh's own collection text (as COPY TO writes it).
      default -> textElements(db, c);
    };
  }

  /** A text value's elements: as JSON when it is JSON, else as cqlsh's collection text. */
  private static String textElements(SqlEngine db, String c) {
    return "coalesce(" + jsonText(c) + ", " + SqlFigures.cqlshElements(db, c) + ")";
  }

  private static String jsonText(String c) {
    return "CASE WHEN json_valid("
        + c
        + ") THEN CASE json_type(CAST("
        + c
        + " AS JSON)) WHEN 'ARRAY' THEN json_array_length(CAST("
        + c
        + " AS JSON)) WHEN 'OBJECT' THEN len(json_keys(CAST("
        + c
        + " AS JSON))) END END";
  }

  /** The table function that reads the data set, every column of a CSV or TSV file as text. */
  private static String reader(Measurement m, List<String> allColumns) {
    List<String> paths = m.data().files().stream().map(f -> f.path().toString()).toList();
    DataFormat format = m.data().format();
    return switch (format) {
      case CSV, TSV ->
          "read_csv("
              + Sql.strings(paths)
              + ", header = true, auto_detect = false, delim = "
              + (format == DataFormat.TSV ? "'\\t'" : "','")
              + ", quote = '\"', escape = '\"', strict_mode = true, compression = 'auto',"
              + " store_rejects = true, rejects_table = 'kp_rejects', rejects_scan = 'kp_scans',"
              + " columns = {"
              + allColumns.stream()
                  .map(c -> Sql.string(c) + ": 'VARCHAR'")
                  .collect(Collectors.joining(", "))
              + "})";
      case JSON_LINES ->
          m.maxBadRows() > 0
              // Skipping bad lines: read_json's ignore_errors gives a bad line as a row of NULLs,
              // indistinguishable from an object without keyplan's fields, where
              // read_ndjson_objects gives it as a NULL object, which is dropped here
              // (https://duckdb.org/docs/stable/data/json/loading_json).
              ? "(SELECT "
                  + java.util.stream.Stream.concat(
                          m.columns().stream()
                              .map(
                                  c ->
                                      "json -> "
                                          + jsonPath(c.column())
                                          + " AS "
                                          + Sql.name(c.column())),
                          m.nativeSize() == NativeSize.NONE
                              ? java.util.stream.Stream.<String>empty()
                              : java.util.stream.Stream.of(
                                  "CAST(json ->> "
                                      + jsonPath(Exports.NATIVE_BYTES_FIELD)
                                      + " AS BIGINT) AS "
                                      + Sql.name(Exports.NATIVE_BYTES_FIELD)))
                      .collect(Collectors.joining(", "))
                  + " FROM read_ndjson_objects("
                  + Sql.strings(paths)
                  + ", compression = 'auto_detect', ignore_errors = true) WHERE json IS NOT NULL)"
              : "read_json("
                  + Sql.strings(paths)
                  + ", format = 'newline_delimited', compression = 'auto_detect', columns = {"
                  + java.util.stream.Stream.concat(
                          m.columns().stream().map(c -> Sql.string(c.column()) + ": 'JSON'"),
                          m.nativeSize() == NativeSize.NONE
                              ? java.util.stream.Stream.<String>empty()
                              : java.util.stream.Stream.of(
                                  Sql.string(Exports.NATIVE_BYTES_FIELD) + ": 'BIGINT'"))
                      .collect(Collectors.joining(", "))
                  + "})";
      case PARQUET -> "read_parquet(" + Sql.strings(paths) + ", union_by_name = true)";
      default -> throw new IllegalStateException("not a built format: " + format);
    };
  }

  /**
   * Loads the mapped columns as text into {@code kp_data}, with each row's two sizes, in file order
   * (DuckDB keeps insertion order, so the table's {@code rowid} is the row's place); returns the
   * malformed rows skipped.
   */
  private static long load(DuckDbSession db, Measurement m, Progress progress) throws SQLException {
    DataFormat format = m.data().format();
    long badJson = 0;
    if (format == DataFormat.JSON_LINES && m.maxBadRows() > 0) {
      // The engine skips bad lines without counting them: keyplan counts them first.
      JsonLinesScan.BadLines b = JsonLinesScan.scan(m.data(), LISTED_BAD_ROWS);
      if (b.count() > m.maxBadRows()) {
        throw new InputException(b.first());
      }
      badJson = b.count();
    }
    List<String> all = m.data().columns();
    String reader = reader(m, all);
    java.util.Map<String, String> parquetTypes = new java.util.HashMap<>();
    if (format == DataFormat.PARQUET) {
      for (Object[] r : db.rows("DESCRIBE SELECT * FROM " + reader)) {
        parquetTypes.put((String) r[0], (String) r[1]);
      }
    }
    List<String> select = new ArrayList<>();
    for (int i = 0; i < m.columns().size(); i++) {
      Column c = m.columns().get(i);
      select.add(
          source(format, c.column(), parquetTypes.getOrDefault(c.column(), "")) + " AS v" + i);
      if (c.collection()) {
        select.add(
            elements(db, format, c.column(), parquetTypes.getOrDefault(c.column(), ""))
                + " AS e"
                + i);
      }
    }
    if (m.nativeSize() != NativeSize.NONE) {
      select.add(Sql.name(Exports.NATIVE_BYTES_FIELD) + " AS kp_native");
    }
    if (m.time().isPresent()) {
      Column t = m.column(m.time().get());
      // The value's text stays v_i, so its size is the data's whatever --time says; a value that
      // is no time has no kp_t and is a malformed row (below).
      select.add(
          "epoch(TRY_CAST("
              + source(format, t.column(), parquetTypes.getOrDefault(t.column(), ""))
              + " AS TIMESTAMPTZ)) AS kp_t");
    }
    String sample =
        m.sample().isPresent()
            ? " USING SAMPLE bernoulli("
                + String.format(java.util.Locale.ROOT, "%.10f", 100 * m.sample().getAsDouble())
                + " PERCENT) REPEATABLE ("
                + dev.keyplan.analyze.AnalyzeRequest.SAMPLE_SEED
                + ")"
            : "";
    List<String> passThrough = new ArrayList<>();
    if (m.nativeSize() != NativeSize.NONE) {
      passThrough.add("kp_native");
    }
    if (m.time().isPresent()) {
      passThrough.add("kp_t");
    }
    String create =
        "CREATE TABLE kp_data AS SELECT "
            + String.join(", ", SqlFigures.loaded(db, m, passThrough))
            + " FROM (SELECT "
            + String.join(", ", select)
            + " FROM "
            + reader
            + sample
            + ")";
    if (progress == Progress.NONE) {
      db.execute(create);
    } else {
      db.execute(create, share -> progress.within(READING, share));
    }
    long bad =
        format == DataFormat.CSV || format == DataFormat.TSV ? DataErrors.rejects(db, m) : badJson;
    if (m.time().isPresent()) {
      String where =
          "v" + m.columns().indexOf(m.column(m.time().get())) + " IS NOT NULL AND kp_t IS NULL";
      long badTimes =
          SqlFigures.num(db.row("SELECT count(*) FROM kp_data WHERE " + where)[0]).longValue();
      if (badTimes > 0 && bad + badTimes > m.maxBadRows()) {
        // The engine gives the values that are no time and keyplan finds their places (a CSV
        // field's line, which DuckDB's rejects table would count in records, not lines, past a
        // value holding a line break; a JSON line's; a store export's own line; a Parquet row
        // group's): the first distinct values in file order (the table's rowid), so the rows
        // listed are the first bad ones.
        String v = "v" + m.columns().indexOf(m.column(m.time().get()));
        List<String> values = new ArrayList<>();
        for (Object[] r :
            db.rows(
                "SELECT "
                    + v
                    + ", min(rowid) AS kp_first FROM kp_data WHERE "
                    + where
                    + " GROUP BY "
                    + v
                    + " ORDER BY kp_first LIMIT "
                    + dev.keyplan.analyze.TimePlaces.LISTED)) {
          values.add(String.valueOf(r[0]));
        }
        throw dev.keyplan.analyze.TimePlaces.notTimes(m, badTimes, values);
      }
      if (badTimes > 0) {
        db.execute("DELETE FROM kp_data WHERE " + where);
        bad += badTimes;
      }
    }
    return bad;
  }

  /** A JSON path to the top-level key {@code key}, quoted: {@code $."key"}. */
  private static String jsonPath(String key) {
    return Sql.string("$.\"" + key.replace("\\", "\\\\").replace("\"", "\\\"") + "\"");
  }

  /** The file named {@code path} in the data set, for a message. */
  static Optional<DataFile> file(Measurement m, String path) {
    return m.data().files().stream().filter(f -> f.path().toString().equals(path)).findFirst();
  }
}
