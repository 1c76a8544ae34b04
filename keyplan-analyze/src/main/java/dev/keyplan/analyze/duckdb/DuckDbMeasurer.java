package dev.keyplan.analyze.duckdb;

import dev.keyplan.analyze.Analysis.AttributeFigures;
import dev.keyplan.analyze.Analysis.Bucket;
import dev.keyplan.analyze.Analysis.KeyFigures;
import dev.keyplan.analyze.Analysis.Monotonicity;
import dev.keyplan.analyze.Analysis.Quantiles;
import dev.keyplan.analyze.Analysis.RowSizes;
import dev.keyplan.analyze.Analysis.TimeSpan;
import dev.keyplan.analyze.Analysis.TopValue;
import dev.keyplan.analyze.Measurement;
import dev.keyplan.analyze.Measurement.Column;
import dev.keyplan.analyze.ZipfEstimator;
import dev.keyplan.analyze.export.Exports;
import dev.keyplan.analyze.source.DataFile;
import dev.keyplan.analyze.source.DataFormat;
import dev.keyplan.analyze.source.DataSet;
import dev.keyplan.analyze.source.JsonLinesScan;
import dev.keyplan.analyze.source.NativeSize;
import dev.keyplan.input.InputException;
import dev.keyplan.input.Location;
import dev.keyplan.simulate.Progress;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.stream.Collectors;

/**
 * Measures a data set with DuckDB: one pass that loads the rows (keyplan's columns only, as text),
 * one aggregate over the loaded rows for every attribute and the row sizes, and one {@code GROUP
 * BY} per candidate key whose small result (one row per key value) feeds all of that key's figures
 * (docs/analyze.md, "Figures", gives each formula).
 */
public final class DuckDbMeasurer {
  private DuckDbMeasurer() {}

  /**
   * The item size limit, 400 KB = 409,600 bytes
   * (https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/ServiceQuotas.html#limits-items).
   */
  public static final long ITEM_LIMIT_BYTES = 400L * 1024;

  /**
   * The BSON document size limit, 16 MiB = 16,777,216 bytes
   * (https://www.mongodb.com/docs/manual/reference/limits/#mongodb-limit-BSON-Document-Size).
   */
  public static final long DOCUMENT_LIMIT_BYTES = 16L << 20;

  /** Time bucket widths measured with a time column: an hour, a day, a week, 30 days. */
  static final List<Bucket> WIDTHS =
      List.of(
          new Bucket("1h", 3_600, 0),
          new Bucket("1d", 86_400, 0),
          new Bucket("7d", 604_800, 0),
          new Bucket("30d", 2_592_000, 0));

  /** Most bad rows listed in one error: the rest are counted. */
  static final int LISTED_BAD_ROWS = 10;

  /**
   * What the engine measured.
   *
   * @param rowsRead rows loaded (after any sample)
   * @param badRows malformed rows skipped
   * @param attributes per attribute
   * @param keys per key
   * @param rowSizes row sizes
   * @param time the time span
   */
  public record Figures(
      long rowsRead,
      long badRows,
      List<AttributeFigures> attributes,
      List<KeyFigures> keys,
      RowSizes rowSizes,
      Optional<TimeSpan> time) {}

  /**
   * Measures {@code m}; {@code progress} hears each finished step of {@code 2 + keys}.
   *
   * @throws InputException for malformed data, placed at its file, line and column
   */
  public static Figures measure(Measurement m, Progress progress) {
    try (DuckDbSession db = new DuckDbSession(m.engine())) {
      int steps = 2 + m.keys().size();
      long bad = load(db, m);
      progress.at(1, steps);
      long rows = ((Number) db.row("SELECT count(*) FROM kp_data")[0]).longValue();
      if (rows == 0) {
        throw new InputException(
            new Location(m.data().files().get(0).name(), 2, 1),
            m.sample().isPresent()
                ? "the sample holds no rows; expected a larger --sample or more data"
                : "no rows; expected at least one data row");
      }
      Attributes attrs = attributes(db, m, rows);
      progress.at(2, steps);
      List<KeyFigures> keys = new ArrayList<>();
      for (List<String> key : m.keys()) {
        keys.add(key(db, m, key, attrs));
        progress.at(2 + keys.size(), steps);
      }
      return new Figures(rows, bad, attrs.figures, keys, attrs.rowSizes, attrs.time);
    } catch (SQLException e) {
      throw DataErrors.of(m.data(), e);
    } catch (IOException e) {
      throw new InputException(
          new Location("<command line>", 0, 0),
          "cannot make the engine's temporary directory: " + InputException.reason(e));
    }
  }

  /**
   * Returns {@code data} with each Parquet file's columns, read from its footer by the engine
   * (after keyplan's magic-number checks); any other data set as it is. A footer the engine cannot
   * read is an error at the file.
   */
  public static DataSet withParquetColumns(
      DataSet data, dev.keyplan.analyze.EngineSettings engine) {
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
        files.add(new DataFile(f.path(), f.name(), f.format(), f.gzip(), columns));
      }
    } catch (SQLException e) {
      throw DataErrors.of(data, e);
    } catch (IOException e) {
      throw new InputException(
          new Location("<command line>", 0, 0),
          "cannot make the engine's temporary directory: " + InputException.reason(e));
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
      throw new InputException(
          new Location("<command line>", 0, 0),
          "cannot make the engine's temporary directory: " + InputException.reason(e));
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

  /** The text expression of a data column as loaded. */
  private static String source(DataFormat format, String column) {
    String c = Sql.name(column);
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
  private static String elements(DataFormat format, String column, String parquetType) {
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
              + jsonText("(" + c + "->>'$')")
              + " END";
      case PARQUET ->
          parquetType.endsWith("[]") || parquetType.startsWith("MAP(")
              ? "len(" + c + ")"
              : parquetType.startsWith("VARCHAR") ? jsonText(c) : "NULL";
      // A CSV cell holding a JSON array or object (as exports of JSON columns write them).
      default -> jsonText(c);
    };
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

  /** The table function that reads the data set. */
  private static String reader(Measurement m, List<String> allColumns) {
    List<String> paths = m.data().files().stream().map(f -> f.path().toString()).toList();
    DataFormat format = m.data().format();
    String timeColumn = m.time().map(t -> m.column(t).column()).orElse("");
    return switch (format) {
      case CSV, TSV ->
          "read_csv("
              + Sql.strings(paths)
              + ", header = true, auto_detect = false, delim = "
              + (format == DataFormat.TSV ? "'\\t'" : "','")
              + ", quote = '\"', escape = '\"', strict_mode = true, compression = 'auto',"
              + " store_rejects = true, rejects_table = 'kp_rejects', rejects_scan = 'kp_scans',"
              + " columns = {"
              // The time column converts as it is read, so a value that is no time is a rejected
              // row at its line and column, like any other malformed row.
              + allColumns.stream()
                  .map(
                      c ->
                          Sql.string(c)
                              + (c.equals(timeColumn) ? ": 'TIMESTAMPTZ'" : ": 'VARCHAR'"))
                  .collect(Collectors.joining(", "))
              + "})";
      case JSON_LINES ->
          "read_json("
              + Sql.strings(paths)
              + ", format = 'newline_delimited', compression = 'auto_detect'"
              + (m.maxBadRows() > 0 ? ", ignore_errors = true" : "")
              + ", columns = {"
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
  private static long load(DuckDbSession db, Measurement m) throws SQLException {
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
    List<String> item = new ArrayList<>();
    List<String> doc = new ArrayList<>();
    for (int i = 0; i < m.columns().size(); i++) {
      Column c = m.columns().get(i);
      select.add(source(format, c.column()) + " AS v" + i);
      if (c.collection()) {
        select.add(
            elements(format, c.column(), parquetTypes.getOrDefault(c.column(), "")) + " AS e" + i);
      }
      long name = c.attribute().getBytes(StandardCharsets.UTF_8).length;
      // Item: name + value bytes; BSON string element: type byte, name and its NUL, the int32
      // length, the value and its NUL (https://bsonspec.org/spec.html).
      item.add("coalesce(" + name + " + strlen(v" + i + "), 0)");
      doc.add("coalesce(" + (name + 7) + " + strlen(v" + i + "), 0)");
    }
    if (m.nativeSize() != NativeSize.NONE) {
      select.add(Sql.name(Exports.NATIVE_BYTES_FIELD) + " AS kp_native");
    }
    if (m.time().isPresent()) {
      Column t = m.column(m.time().get());
      // CSV and TSV read the time column as TIMESTAMPTZ, so a value that is no time is a rejected
      // row; its text is still v_i. Reading the typed value here keeps the engine from reading the
      // column as text for the cast to VARCHAR alone, which would let such a value through.
      select.add(
          (format == DataFormat.CSV || format == DataFormat.TSV
                  ? "epoch(" + Sql.name(t.column()) + ")"
                  : "epoch(TRY_CAST(" + source(format, t.column()) + " AS TIMESTAMPTZ))")
              + " AS kp_t");
    }
    String sample =
        m.sample().isPresent()
            ? " USING SAMPLE bernoulli("
                + String.format(java.util.Locale.ROOT, "%.10f", 100 * m.sample().getAsDouble())
                + " PERCENT) REPEATABLE ("
                + dev.keyplan.analyze.AnalyzeRequest.SAMPLE_SEED
                + ")"
            : "";
    // A converted export holds each record's own size in its store's encoding: that one is read,
    // the other worked out from the values as text (docs/analyze.md, "Store exports").
    String itemBytes =
        m.nativeSize() == NativeSize.ITEM_BYTES ? "kp_native" : String.join(" + ", item);
    String docBytes =
        m.nativeSize() == NativeSize.DOCUMENT_BYTES
            ? "kp_native"
            : "5 + " + String.join(" + ", doc);
    db.execute(
        "CREATE TABLE kp_data AS SELECT *, "
            + itemBytes
            + " AS kp_item, "
            + docBytes
            + " AS kp_doc FROM (SELECT "
            + String.join(", ", select)
            + " FROM "
            + reader
            + sample
            + ")");
    if (format == DataFormat.CSV || format == DataFormat.TSV) {
      return DataErrors.rejects(db, m);
    }
    return badJson;
  }

  /** The per-attribute figures and what the key passes need from the same scan. */
  private record Attributes(
      List<AttributeFigures> figures,
      List<Boolean> numeric,
      RowSizes rowSizes,
      Optional<TimeSpan> time,
      double timeOrigin) {}

  private static Attributes attributes(DuckDbSession db, Measurement m, long rows)
      throws SQLException {
    List<String> parts = new ArrayList<>();
    for (int i = 0; i < m.columns().size(); i++) {
      String v = "v" + i;
      parts.add("count(" + v + ")");
      parts.add("coalesce(avg(strlen(" + v + ")), 0)");
      parts.add("coalesce(quantile_disc(strlen(" + v + "), 0.99), 0)");
      parts.add("coalesce(max(strlen(" + v + ")), 0)");
      parts.add("count(TRY_CAST(" + v + " AS DOUBLE))");
      if (m.columns().get(i).collection()) {
        parts.add("avg(e" + i + ")");
        parts.add("quantile_disc(e" + i + ", 0.5)");
        parts.add("quantile_disc(e" + i + ", 0.99)");
        parts.add("max(e" + i + ")");
      } else {
        parts.add("NULL");
        parts.add("NULL");
        parts.add("NULL");
        parts.add("NULL");
      }
    }
    for (String size : List.of("kp_item", "kp_doc")) {
      parts.add("avg(" + size + ")");
      parts.add("quantile_disc(" + size + ", 0.5)");
      parts.add("quantile_disc(" + size + ", 0.99)");
      parts.add("max(" + size + ")");
    }
    parts.add("count(*) FILTER (WHERE kp_item > " + ITEM_LIMIT_BYTES + ")");
    parts.add("count(*) FILTER (WHERE kp_doc > " + DOCUMENT_LIMIT_BYTES + ")");
    String t = m.time().isPresent() ? TIME : "NULL";
    parts.add("count(" + t + ")");
    parts.add("min(" + t + ")");
    parts.add("max(" + t + ")");
    Object[] r = db.row("SELECT " + String.join(", ", parts) + " FROM kp_data");
    double scale = 1 / m.sample().orElse(1);
    List<AttributeFigures> figures = new ArrayList<>();
    List<Boolean> numeric = new ArrayList<>();
    int p = 0;
    for (Column c : m.columns()) {
      long present = num(r[p]).longValue();
      Optional<Quantiles> elements =
          r[p + 5] == null
              ? Optional.empty()
              : Optional.of(
                  new Quantiles(
                      num(r[p + 5]).doubleValue(),
                      num(r[p + 6]).doubleValue(),
                      num(r[p + 7]).doubleValue(),
                      num(r[p + 8]).doubleValue()));
      figures.add(
          new AttributeFigures(
              c.attribute(),
              c.column(),
              c.type(),
              (double) present / rows,
              num(r[p + 1]).doubleValue(),
              num(r[p + 2]).doubleValue(),
              num(r[p + 3]).doubleValue(),
              c.fixedSize(),
              elements));
      numeric.add(present > 0 && num(r[p + 4]).longValue() == present);
      p += 9;
    }
    Quantiles item = quantiles(r, p);
    Quantiles doc = quantiles(r, p + 4);
    p += 8;
    RowSizes sizes =
        new RowSizes(
            item,
            doc,
            num(r[p]).longValue() * scale,
            num(r[p + 1]).longValue() * scale,
            m.nativeSize());
    p += 2;
    Optional<TimeSpan> span = Optional.empty();
    double origin = 0;
    if (m.time().isPresent()) {
      String attribute = m.time().get();
      long parsed = num(r[p]).longValue();
      long held =
          figures.get(m.columns().indexOf(m.column(attribute))).present() > 0
              ? Math.round(figures.get(m.columns().indexOf(m.column(attribute))).present() * rows)
              : 0;
      if (parsed < held) {
        Object[] badValue =
            db.row(
                "SELECT any_value(v) FROM (SELECT "
                    + value(m, attribute)
                    + " AS v FROM kp_data WHERE "
                    + value(m, attribute)
                    + " IS NOT NULL AND "
                    + TIME
                    + " IS NULL LIMIT 1)");
        throw new InputException(
            new Location(m.data().files().get(0).name(), 0, 0),
            (held - parsed)
                + " value(s) of the --time column "
                + m.column(attribute).column()
                + " are not times, such as '"
                + badValue[0]
                + "'; expected ISO-8601 timestamps (2024-05-01T12:00:00Z, 2024-05-01 12:00:00+0000)");
      }
      if (parsed == 0) {
        throw new InputException(
            new Location("<command line>", 0, 0),
            "the --time column " + m.column(attribute).column() + " holds no value");
      }
      double from = num(r[p + 1]).doubleValue();
      double to = num(r[p + 2]).doubleValue();
      double seconds = to - from;
      origin = from;
      span =
          Optional.of(
              new TimeSpan(
                  attribute,
                  iso(from),
                  iso(to),
                  seconds,
                  seconds > 0 ? rows * scale / seconds : 0));
    }
    return new Attributes(figures, numeric, sizes, span, origin);
  }

  private static String iso(double epochSeconds) {
    return Instant.ofEpochMilli(Math.round(epochSeconds * 1000)).toString();
  }

  private static Quantiles quantiles(Object[] r, int p) {
    return new Quantiles(
        num(r[p]).doubleValue(),
        num(r[p + 1]).doubleValue(),
        num(r[p + 2]).doubleValue(),
        num(r[p + 3]).doubleValue());
  }

  private static Number num(Object o) {
    if (o == null) {
      return 0;
    }
    if (o instanceof java.math.BigInteger b) {
      return b.doubleValue();
    }
    return (Number) o;
  }

  private static String value(Measurement m, String attribute) {
    return "v" + m.columns().indexOf(m.column(attribute));
  }

  /** A row's time in seconds since the epoch: the column {@code load} adds with a time. */
  private static final String TIME = "kp_t";

  /**
   * One key's figures from one {@code GROUP BY} of the loaded rows: per key value its rows, data
   * bytes, and the sum and sum of squares of each row's place (file order, or time since the data's
   * first time), from which the correlation is exact; with a time column, a second grouping by key
   * value and hour feeds the buckets.
   */
  private static KeyFigures key(DuckDbSession db, Measurement m, List<String> key, Attributes attrs)
      throws SQLException {
    double scale = 1 / m.sample().orElse(1);
    List<String> vs = key.stream().map(a -> value(m, a)).toList();
    String cols = String.join(", ", vs);
    String notNull = vs.stream().map(v -> v + " IS NOT NULL").collect(Collectors.joining(" AND "));
    String place =
        m.time().isPresent()
            ? "(" + TIME + " - " + attrs.timeOrigin + ")"
            : "CAST(rowid AS DOUBLE)";
    db.execute(
        "CREATE OR REPLACE TEMP TABLE kp_g AS SELECT "
            + cols
            + ", count(*) AS n, sum(kp_item) AS b, sum(x) AS sx, sum(x * x) AS sxx FROM (SELECT "
            + cols
            + ", kp_item, "
            + place
            + " AS x FROM kp_data WHERE "
            + notNull
            + ") GROUP BY "
            + cols);
    Object[] s =
        db.row(
            "SELECT count(*), coalesce(sum(n), 0), coalesce(max(n), 0), avg(n),"
                + " quantile_disc(n, 0.5), quantile_disc(n, 0.99), avg(b), quantile_disc(b, 0.5),"
                + " quantile_disc(b, 0.99), max(b) FROM kp_g");
    long distinct = num(s[0]).longValue();
    double keyRows = num(s[1]).doubleValue();
    if (distinct == 0) {
      return new KeyFigures(
          key,
          0,
          0,
          true,
          List.of(),
          0,
          Optional.empty(),
          new Quantiles(0, 0, 0, 0),
          new Quantiles(0, 0, 0, 0),
          new Monotonicity(0, false, order(m)),
          OptionalDouble.empty(),
          List.of());
    }
    Quantiles perValue =
        new Quantiles(
            num(s[3]).doubleValue() * scale,
            num(s[4]).doubleValue() * scale,
            num(s[5]).doubleValue() * scale,
            num(s[2]).doubleValue() * scale);
    Quantiles bytes =
        new Quantiles(
            num(s[6]).doubleValue() * scale,
            num(s[7]).doubleValue() * scale,
            num(s[8]).doubleValue() * scale,
            num(s[9]).doubleValue() * scale);
    List<String> orderBy = new ArrayList<>();
    for (String a : key) {
      boolean numeric = attrs.numeric.get(m.columns().indexOf(m.column(a)));
      orderBy.add(numeric ? "TRY_CAST(" + value(m, a) + " AS DOUBLE)" : value(m, a));
    }
    List<TopValue> top = new ArrayList<>();
    for (Object[] r :
        db.rows(
            "SELECT "
                + cols
                + ", n FROM kp_g ORDER BY n DESC, "
                + String.join(", ", orderBy)
                + ", "
                + cols
                + " LIMIT "
                + m.top())) {
      List<String> parts = new ArrayList<>();
      for (int i = 0; i < vs.size(); i++) {
        parts.add(String.valueOf(r[i]));
      }
      String shown = parts.size() == 1 ? parts.get(0) : "(" + String.join(", ", parts) + ")";
      double n = num(r[vs.size()]).doubleValue();
      top.add(new TopValue(m.redact() ? sha256(shown) : shown, n * scale, n / keyRows));
    }
    long[] head =
        db
            .rows("SELECT n FROM kp_g WHERE n >= " + ZipfEstimator.HEAD_COUNT + " ORDER BY n DESC")
            .stream()
            .mapToLong(r -> num(r[0]).longValue())
            .toArray();
    // Pearson's r between the key's rank and each row's place, from per-value sums (exact):
    // cov = Σ_g (rank_g − r̄)(Σx_g − n_g x̄) / N, var(rank) = Σ_g n_g (rank_g − r̄)² / N,
    // var(x) = Σx² / N − x̄².
    Object[] c =
        db.row(
            "WITH r AS (SELECT n, sx, sxx, dense_rank() OVER (ORDER BY "
                + String.join(", ", orderBy)
                + ") AS rk FROM kp_g), a AS (SELECT sum(n) AS nn, sum(n * rk) / sum(n) AS rbar,"
                + " sum(sx) / sum(n) AS xbar, sum(sxx) / sum(n) AS xx FROM r) SELECT"
                + " sum((rk - rbar) * (sx - n * xbar)) / any_value(nn), sum(n * (rk - rbar) * (rk -"
                + " rbar)) / any_value(nn), any_value(xx) - any_value(xbar) * any_value(xbar) FROM"
                + " r, a");
    double cov = num(c[0]).doubleValue();
    double varRank = num(c[1]).doubleValue();
    double varPlace = num(c[2]).doubleValue();
    double r = varRank > 0 && varPlace > 0 ? cov / Math.sqrt(varRank * varPlace) : 0;
    r = Math.max(-1, Math.min(1, r));
    Monotonicity mono =
        new Monotonicity(
            r, Math.abs(r) >= dev.keyplan.analyze.Analyzer.MONOTONIC_THRESHOLD, order(m));
    OptionalDouble busiestRate = OptionalDouble.empty();
    List<Bucket> buckets = new ArrayList<>();
    if (attrs.time.isPresent()) {
      double seconds = attrs.time.get().seconds();
      if (seconds > 0) {
        busiestRate = OptionalDouble.of(perValue.max() / seconds);
      }
      db.execute(
          "CREATE OR REPLACE TEMP TABLE kp_h AS SELECT "
              + cols
              + ", CAST(floor("
              + TIME
              + " / 3600) AS BIGINT) AS h, count(*) AS n FROM kp_data WHERE "
              + notNull
              + " AND "
              + TIME
              + " IS NOT NULL GROUP BY ALL");
      for (Bucket w : WIDTHS) {
        long hours = w.seconds() / 3600;
        Object[] b =
            db.row(
                "SELECT coalesce(max(c), 0) FROM (SELECT sum(n) AS c FROM kp_h GROUP BY "
                    + cols
                    + ", floor(h / "
                    + hours
                    + "))");
        buckets.add(new Bucket(w.width(), w.seconds(), num(b[0]).doubleValue() * scale));
      }
    }
    return new KeyFigures(
        key,
        keyRows * scale,
        distinct,
        true,
        top,
        num(s[2]).doubleValue() / keyRows,
        ZipfEstimator.fit(head),
        perValue,
        bytes,
        mono,
        busiestRate,
        buckets);
  }

  private static String order(Measurement m) {
    return m.time().map(t -> "time column " + t).orElse("file order");
  }

  /** The hex SHA-256 of a value's UTF-8 bytes (FIPS 180-4), for {@code --redact}. */
  public static String sha256(String value) {
    try {
      return "sha256:"
          + HexFormat.of()
              .formatHex(
                  MessageDigest.getInstance("SHA-256")
                      .digest(value.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java platform has SHA-256", e);
    }
  }

  /** The file named {@code path} in the data set, for a message. */
  static Optional<DataFile> file(Measurement m, String path) {
    return m.data().files().stream().filter(f -> f.path().toString().equals(path)).findFirst();
  }
}
