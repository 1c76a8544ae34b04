package dev.keyplan.analyze.bench;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The baseline of {@code bench/run.sh analyze} (issue 19, Decisions, "Performance baseline"):
 * DuckDB computing, in its own SQL, the figures {@code keyplan analyze} prints for an entity, on
 * the same file, through the same JDBC driver, with the same {@code memory_limit} and {@code
 * threads}: rows; per column its present count, average, p99 ({@code approx_quantile}) and largest
 * text size; the row sizes as docs/analyze.md counts them (item bytes {@code Σ name + value}, BSON
 * bytes {@code 5 + Σ (name + 7 + value)}), average, p50, p99 ({@code approx_quantile}) and max; per
 * candidate key {@code approx_count_distinct}, then one {@code GROUP BY} giving the exact distinct
 * values, rows, the top values and the quantiles ({@code quantile_disc}) of rows and bytes per key
 * value.
 *
 * <p>It reads every value as text, as {@code analyze} does (a size is the text's bytes), and the
 * CSV in the same dialect (header, comma, RFC 4180 quotes, every column {@code VARCHAR}); it does
 * not check or place malformed rows, nor measure monotonicity: {@code analyze}'s extra work is part
 * of what the ratio shows. {@code --mode table} loads the columns into a table once and runs the
 * queries on it (what {@code analyze} does); {@code --mode scan} runs each query on the file.
 *
 * <p>Usage: {@code --format csv|parquet --keys 'a;b,c' --memory-limit 2GB --threads 2 [--top 10]
 * [--mode table|scan] FILE}. Writes JSON to stdout.
 */
public final class AnalyzeBaseline {
  private AnalyzeBaseline() {}

  public static void main(String[] args) throws IOException, SQLException {
    String format = "csv";
    String keys = AnalyzeBenchData.KEYS;
    String memory = "2GB";
    int threads = Runtime.getRuntime().availableProcessors();
    int top = 10;
    String mode = "table";
    Path file = null;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--format" -> format = args[++i];
        case "--keys" -> keys = args[++i];
        case "--memory-limit" -> memory = args[++i];
        case "--threads" -> threads = Integer.parseInt(args[++i]);
        case "--top" -> top = Integer.parseInt(args[++i]);
        case "--mode" -> mode = args[++i];
        default -> file = Path.of(args[i]);
      }
    }
    if (file == null) {
      throw new IllegalArgumentException("expected a data file");
    }
    Path temp = Files.createTempDirectory("keyplan-baseline-");
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
        OutputStreamWriter out = new OutputStreamWriter(System.out, StandardCharsets.UTF_8);
        JsonGenerator json = new JsonFactory().createGenerator(out).useDefaultPrettyPrinter()) {
      try (Statement s = c.createStatement()) {
        // The settings analyze's DuckDbSession makes
        // (https://duckdb.org/docs/stable/configuration/overview).
        s.execute("SET autoinstall_known_extensions = false");
        s.execute("SET autoload_known_extensions = false");
        s.execute("SET memory_limit = '" + memory + "'");
        s.execute("SET threads = " + threads);
        s.execute("SET temp_directory = '" + temp + "'");
        s.execute("SET TimeZone = 'UTC'");
      }
      List<String> columns = columns(c, format, file);
      run(c, json, format, file, columns, parseKeys(keys), top, mode.equals("table"));
    } finally {
      try (Stream<Path> walk = Files.walk(temp)) {
        walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      }
    }
  }

  private static List<List<String>> parseKeys(String keys) {
    return Arrays.stream(keys.split(";")).map(k -> List.of(k.split(","))).toList();
  }

  private static String name(String column) {
    return '"' + column.replace("\"", "\"\"") + '"';
  }

  private static String literal(String text) {
    return "'" + text.replace("'", "''") + "'";
  }

  /** The file's columns: the CSV header, or the Parquet footer's names. */
  private static List<String> columns(Connection c, String format, Path file)
      throws IOException, SQLException {
    if (format.equals("csv")) {
      try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
        return List.of(r.readLine().split(","));
      }
    }
    List<String> out = new ArrayList<>();
    for (Object[] r :
        rows(c, "DESCRIBE SELECT * FROM read_parquet(" + literal(file.toString()) + ")")) {
      out.add((String) r[0]);
    }
    return out;
  }

  private static String reader(String format, Path file, List<String> columns) {
    if (format.equals("csv")) {
      return "read_csv("
          + literal(file.toString())
          + ", header = true, auto_detect = false, delim = ',', quote = '\"', escape = '\"',"
          + " columns = {"
          + columns.stream().map(n -> literal(n) + ": 'VARCHAR'").collect(Collectors.joining(", "))
          + "})";
    }
    return "read_parquet(" + literal(file.toString()) + ")";
  }

  private static void run(
      Connection c,
      JsonGenerator json,
      String format,
      Path file,
      List<String> columns,
      List<List<String>> keys,
      int top,
      boolean table)
      throws IOException, SQLException {
    List<String> select = new ArrayList<>();
    List<String> item = new ArrayList<>();
    List<String> doc = new ArrayList<>();
    // A Parquet timestamp has no text: it is written as analyze writes it (docs/analyze.md,
    // "Data").
    java.util.Map<String, String> types = new java.util.HashMap<>();
    if (!format.equals("csv")) {
      for (Object[] r : rows(c, "DESCRIBE SELECT * FROM " + reader(format, file, columns))) {
        types.put((String) r[0], (String) r[1]);
      }
    }
    for (String n : columns) {
      select.add(
          (types.getOrDefault(n, "").startsWith("TIMESTAMP")
                  ? "strftime(" + name(n) + ", '%Y-%m-%dT%H:%M:%S.%fZ')"
                  : "CAST(" + name(n) + " AS VARCHAR)")
              + " AS "
              + name(n));
      int bytes = n.getBytes(StandardCharsets.UTF_8).length;
      item.add("coalesce(" + bytes + " + strlen(" + name(n) + "), 0)");
      doc.add("coalesce(" + (bytes + 7) + " + strlen(" + name(n) + "), 0)");
    }
    execute(
        c,
        "CREATE "
            + (table ? "TEMP TABLE" : "TEMP VIEW")
            + " src AS SELECT *, "
            + String.join(" + ", item)
            + " AS kp_item, 5 + "
            + String.join(" + ", doc)
            + " AS kp_doc FROM (SELECT "
            + String.join(", ", select)
            + " FROM "
            + reader(format, file, columns)
            + ")");
    List<String> parts = new ArrayList<>();
    parts.add("count(*)");
    for (String n : columns) {
      String v = name(n);
      parts.add("count(" + v + ")");
      parts.add("avg(strlen(" + v + "))");
      parts.add("approx_quantile(strlen(" + v + "), 0.99)");
      parts.add("max(strlen(" + v + "))");
    }
    for (String size : List.of("kp_item", "kp_doc")) {
      parts.add("avg(" + size + ")");
      parts.add("approx_quantile(" + size + ", 0.5)");
      parts.add("approx_quantile(" + size + ", 0.99)");
      parts.add("max(" + size + ")");
    }
    for (List<String> key : keys) {
      parts.add("approx_count_distinct(" + keyValue(key) + ")");
    }
    Object[] a = row(c, "SELECT " + String.join(", ", parts) + " FROM src");
    long rows = num(a[0]).longValue();
    json.writeStartObject();
    json.writeStringField("engine", "DuckDB " + row(c, "SELECT version()")[0]);
    json.writeStringField("mode", table ? "table" : "scan");
    json.writeNumberField("rows", rows);
    json.writeArrayFieldStart("attributes");
    int p = 1;
    for (String n : columns) {
      long present = num(a[p]).longValue();
      json.writeStartObject();
      json.writeStringField("name", n);
      json.writeNumberField("present", rows == 0 ? 0 : (double) present / rows);
      json.writeNumberField("averageBytes", num(a[p + 1]).doubleValue());
      json.writeNumberField("p99Bytes", num(a[p + 2]).doubleValue());
      json.writeNumberField("maxBytes", num(a[p + 3]).doubleValue());
      json.writeEndObject();
      p += 4;
    }
    json.writeEndArray();
    json.writeObjectFieldStart("rowSizes");
    for (String size : List.of("itemBytes", "documentBytes")) {
      quantiles(json, size, a, p);
      p += 4;
    }
    json.writeEndObject();
    json.writeArrayFieldStart("keys");
    for (List<String> key : keys) {
      long approx = num(a[p++]).longValue();
      key(c, json, key, approx, top);
    }
    json.writeEndArray();
    json.writeEndObject();
  }

  private static String keyValue(List<String> key) {
    return key.size() == 1
        ? name(key.get(0))
        : "row(" + key.stream().map(AnalyzeBaseline::name).collect(Collectors.joining(", ")) + ")";
  }

  private static void key(Connection c, JsonGenerator json, List<String> key, long approx, int top)
      throws IOException, SQLException {
    String cols = key.stream().map(AnalyzeBaseline::name).collect(Collectors.joining(", "));
    String notNull =
        key.stream().map(k -> name(k) + " IS NOT NULL").collect(Collectors.joining(" AND "));
    execute(
        c,
        "CREATE OR REPLACE TEMP TABLE g AS SELECT "
            + cols
            + ", count(*) AS n, sum(kp_item) AS b FROM src WHERE "
            + notNull
            + " GROUP BY "
            + cols);
    Object[] s =
        row(
            c,
            "SELECT count(*), sum(n), avg(n), quantile_disc(n, 0.5), quantile_disc(n, 0.99),"
                + " max(n), avg(b), quantile_disc(b, 0.5), quantile_disc(b, 0.99), max(b) FROM g");
    long keyRows = num(s[1]).longValue();
    json.writeStartObject();
    json.writeArrayFieldStart("attributes");
    for (String k : key) {
      json.writeString(k);
    }
    json.writeEndArray();
    json.writeNumberField("rows", keyRows);
    json.writeNumberField("distinct", num(s[0]).longValue());
    json.writeNumberField("approxDistinct", approx);
    json.writeNumberField("busiestShare", keyRows == 0 ? 0 : num(s[5]).doubleValue() / keyRows);
    json.writeArrayFieldStart("top");
    for (Object[] r :
        rows(c, "SELECT " + cols + ", n FROM g ORDER BY n DESC, " + cols + " LIMIT " + top)) {
      json.writeStartObject();
      json.writeStringField(
          "value",
          key.size() == 1
              ? String.valueOf(r[0])
              : Arrays.stream(r, 0, key.size())
                  .map(String::valueOf)
                  .collect(Collectors.joining(", ", "(", ")")));
      json.writeNumberField("rows", num(r[key.size()]).longValue());
      json.writeEndObject();
    }
    json.writeEndArray();
    quantiles(json, "rowsPerValue", s, 2);
    quantiles(json, "bytesPerValue", s, 6);
    json.writeEndObject();
  }

  private static void quantiles(JsonGenerator json, String field, Object[] r, int p)
      throws IOException {
    json.writeObjectFieldStart(field);
    json.writeNumberField("average", num(r[p]).doubleValue());
    json.writeNumberField("p50", num(r[p + 1]).doubleValue());
    json.writeNumberField("p99", num(r[p + 2]).doubleValue());
    json.writeNumberField("max", num(r[p + 3]).doubleValue());
    json.writeEndObject();
  }

  private static Number num(Object o) {
    if (o == null) {
      return 0;
    }
    if (o instanceof Number n) {
      return n;
    }
    return Double.parseDouble(o.toString());
  }

  private static void execute(Connection c, String sql) throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute(sql);
    }
  }

  private static List<Object[]> rows(Connection c, String sql) throws SQLException {
    List<Object[]> out = new ArrayList<>();
    try (Statement s = c.createStatement();
        ResultSet r = s.executeQuery(sql)) {
      int n = r.getMetaData().getColumnCount();
      while (r.next()) {
        Object[] row = new Object[n];
        for (int i = 0; i < n; i++) {
          row[i] = r.getObject(i + 1);
        }
        out.add(row);
      }
    }
    return out;
  }

  private static Object[] row(Connection c, String sql) throws SQLException {
    return rows(c, sql).get(0);
  }
}
