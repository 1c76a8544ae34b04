package dev.keyplan.analyze.sql;

import dev.keyplan.analyze.Analysis;
import dev.keyplan.analyze.Analysis.AttributeFigures;
import dev.keyplan.analyze.Analysis.Bucket;
import dev.keyplan.analyze.Analysis.KeyFigures;
import dev.keyplan.analyze.Analysis.Monotonicity;
import dev.keyplan.analyze.Analysis.Quantiles;
import dev.keyplan.analyze.Analysis.RowSizes;
import dev.keyplan.analyze.Analysis.TimeSpan;
import dev.keyplan.analyze.Analysis.TopValue;
import dev.keyplan.analyze.Analyzer;
import dev.keyplan.analyze.MeasuredFigures;
import dev.keyplan.analyze.Measurement;
import dev.keyplan.analyze.Measurement.Column;
import dev.keyplan.analyze.ZipfEstimator;
import dev.keyplan.analyze.source.NativeSize;
import dev.keyplan.input.InputException;
import dev.keyplan.input.Location;
import dev.keyplan.simulate.Progress;
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
 * Every figure of {@code keyplan analyze} from a loaded {@code kp_data} table (docs/analyze.md,
 * "Figures", gives each formula): one aggregate over the rows for every attribute and the row
 * sizes, then one {@code GROUP BY} per candidate key whose result (one row per key value) feeds all
 * of that key's figures. All counts are exact, so every engine that runs these queries gives the
 * same figures.
 */
public final class SqlFigures {
  private SqlFigures() {}

  /**
   * How a typed time (a Parquet timestamp) is written as text, in DuckDB's strftime: ISO-8601 in
   * UTC with six fraction digits, {@code 2024-03-01T00:00:00.000000Z}
   * (https://duckdb.org/docs/stable/sql/functions/dateformat). {@link #ISO_TIME_SPARK} is the same
   * in Spark's pattern letters, so both engines measure the same 27 bytes.
   */
  public static final String ISO_TIME_DUCKDB = "%Y-%m-%dT%H:%M:%S.%fZ";

  /**
   * {@link #ISO_TIME_DUCKDB} in Spark's datetime patterns
   * (https://spark.apache.org/docs/latest/sql-ref-datetime-pattern.html).
   */
  public static final String ISO_TIME_SPARK = "yyyy-MM-dd'T'HH:mm:ss.SSSSSS'Z'";

  /** A row's time in seconds since the epoch: the column the engine loads with a time. */
  private static final String TIME = "kp_t";

  /**
   * How deep cqlsh's collection text is counted through: a frozen list of maps of sets of lists.
   */
  static final int CQLSH_NESTING = 4;

  /**
   * The elements of a collection as cqlsh's {@code COPY TO} writes it
   * (https://cassandra.apache.org/doc/latest/cassandra/managing/tools/cqlsh.html, COPY TO): a list
   * {@code ['a', 'b']}, a set {@code {1, 2}}, a map {@code {'k': 'v', 'k2': 'v2'}}, strings in
   * single quotes with a quote doubled ({@code 'it''s'}); NULL for any other text. Counted as the
   * top-level commas plus one: each quoted string is first emptied (its commas and brackets are
   * text), then the outer brackets dropped and each innermost bracketed group replaced by one
   * character, {@value #CQLSH_NESTING} times (a frozen collection in a collection counts as one
   * element, as its JSON form's does). Worked: {@code {'a': [1, 2], 'b''s': []}} → {@code {'': [1,
   * 2], '': []}} → {@code '': [1, 2], '': []} → {@code '': x, '': x}: one comma, 2 elements. The
   * same text on both engines; only the regular expression's literal is the engine's ({@link
   * SqlEngine#replaceAll}).
   */
  public static String cqlshElements(SqlEngine db, String text) {
    String s = "trim(" + text + ")";
    String plain = db.replaceAll(s, "'([^']|'')*'", "''");
    String inner = "substring(" + plain + ", 2, length(" + plain + ") - 2)";
    for (int i = 0; i < CQLSH_NESTING; i++) {
      inner = db.replaceAll(inner, "[\\[{(][^\\[\\]{}()]*[\\]})]", "x");
    }
    return "CASE WHEN (left("
        + s
        + ", 1) = '[' AND right("
        + s
        + ", 1) = ']') OR (left("
        + s
        + ", 1) = '{' AND right("
        + s
        + ", 1) = '}') THEN CASE WHEN trim("
        + inner
        + ") = '' THEN 0 ELSE length("
        + inner
        + ") - length(replace("
        + inner
        + ", ',', '')) + 1 END END";
  }

  /**
   * Measures the loaded table: {@code progress} hears steps 2 to {@code 2 + keys} (the engine's
   * load was step 1).
   *
   * @param engine the engine holding {@code kp_data}
   * @param name the engine's name, for the figures
   * @param m the measurement
   * @param badRows malformed rows the load skipped
   * @throws InputException when the table holds no rows, or a time value is no time
   */
  public static MeasuredFigures measure(
      SqlEngine engine, String name, Measurement m, long badRows, Progress progress)
      throws SQLException {
    int steps = 2 + m.keys().size();
    progress.at(1, steps);
    long rows = num(engine.row("SELECT count(*) FROM kp_data")[0]).longValue();
    if (rows == 0) {
      throw new InputException(
          new Location(m.data().files().get(0).name(), 2, 1),
          m.sample().isPresent()
              ? "the sample holds no rows; expected a larger --sample or more data"
              : "no rows; expected at least one data row");
    }
    Attributes attrs = attributes(engine, m, rows);
    progress.at(2, steps);
    List<KeyFigures> keys = new ArrayList<>();
    for (List<String> key : m.keys()) {
      keys.add(key(engine, m, key, attrs));
      progress.at(2 + keys.size(), steps);
    }
    return new MeasuredFigures(
        name, rows, badRows, attrs.figures, keys, attrs.rowSizes, attrs.time);
  }

  /**
   * The columns of {@code kp_data}, selected over a row of text values {@code v0 … vn} (and {@code
   * e}<i>i</i>, and {@code passThrough}, as the engine read them):
   *
   * <ul>
   *   <li>{@code v}<i>i</i> only for the attributes a key or {@code --time} reads: the other
   *       values' text is needed for its length alone, so the table does not hold it (at 40 million
   *       rows a table of every text spilled past a 2 GB memory limit);
   *   <li>{@code l}<i>i</i>, each value's UTF-8 bytes, NULL where it is absent;
   *   <li>{@code e}<i>i</i> for collections, and {@code passThrough} ({@code kp_t}, {@code
   *       kp_place}…);
   *   <li>{@code kp_item}: the row's item bytes, the sum over present values of the attribute
   *       name's and the value's UTF-8 bytes (DynamoDB's item size,
   *       https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/CapacityUnitCalculations.html);
   *   <li>{@code kp_doc}: its BSON bytes, 5 (the document's int32 length and closing NUL) plus per
   *       present value a string element: the type byte, the name and its NUL, the int32 length,
   *       the value and its NUL (https://bsonspec.org/spec.html).
   * </ul>
   *
   * A converted export holds each record's own size in its store's encoding ({@code kp_native}):
   * that one is read, the other worked out from the values as text (docs/analyze.md, "Store
   * exports").
   */
  public static List<String> loaded(SqlEngine db, Measurement m, List<String> passThrough) {
    java.util.Set<String> kept = new java.util.HashSet<>();
    m.keys().forEach(kept::addAll);
    m.time().ifPresent(kept::add);
    List<String> out = new ArrayList<>();
    List<String> item = new ArrayList<>();
    List<String> doc = new ArrayList<>();
    for (int i = 0; i < m.columns().size(); i++) {
      Column c = m.columns().get(i);
      String bytes = db.bytes("v" + i);
      if (kept.contains(c.attribute())) {
        out.add("v" + i);
      }
      out.add(bytes + " AS l" + i);
      if (c.collection()) {
        out.add("e" + i);
      }
      long name = c.attribute().getBytes(StandardCharsets.UTF_8).length;
      item.add("coalesce(" + name + " + " + bytes + ", 0)");
      doc.add("coalesce(" + (name + 7) + " + " + bytes + ", 0)");
    }
    out.addAll(passThrough);
    out.add(
        (m.nativeSize() == NativeSize.ITEM_BYTES ? "kp_native" : String.join(" + ", item))
            + " AS kp_item");
    out.add(
        (m.nativeSize() == NativeSize.DOCUMENT_BYTES
                ? "kp_native"
                : "5 + " + String.join(" + ", doc))
            + " AS kp_doc");
    return out;
  }

  /**
   * The error for {@code count} rows whose {@code --time} value is no time, more than {@code
   * --max-bad-rows} allows: each engine loads the value's text and its time, and a row with text
   * and no time is a malformed row, skipped and counted within the allowance.
   *
   * @param example one such value
   */
  public static InputException notTimes(Measurement m, long count, Object example) {
    return new InputException(
        new Location(m.data().files().get(0).name(), 0, 0),
        count
            + " value(s) of the --time column "
            + m.column(m.time().orElseThrow()).column()
            + " are not times, such as '"
            + example
            + "'; expected ISO-8601 timestamps (2024-05-01T12:00:00Z, 2024-05-01 12:00:00+0000)"
            + (m.maxBadRows() > 0 ? ", or at most --max-bad-rows " + m.maxBadRows() : ""));
  }

  /**
   * The values of the {@code --time} column that are no time, each at the line and column it was
   * found at, then how many there are in all.
   */
  public static InputException notTimes(
      Measurement m, long count, List<dev.keyplan.analyze.source.JsonLinesScan.Found> found) {
    List<dev.keyplan.input.Diagnostic> out = new ArrayList<>();
    String column = m.column(m.time().orElseThrow()).column();
    for (var f : found) {
      out.add(
          new dev.keyplan.input.Diagnostic(
              f.at(),
              "'"
                  + f.value()
                  + "' in the --time column "
                  + column
                  + f.detail()
                  + " is no time; expected an ISO-8601 timestamp (2024-05-01T12:00:00Z,"
                  + " 2024-05-01 12:00:00+0000)"
                  + (count > found.size()
                      ? " (" + count + " rows hold no time in all" + maxBad(m) + ")"
                      : maxBad(m).isEmpty() ? "" : " (" + maxBad(m).substring(2) + ")")));
    }
    return new InputException(out);
  }

  private static String maxBad(Measurement m) {
    return m.maxBadRows() > 0 ? ", more than --max-bad-rows " + m.maxBadRows() : "";
  }

  /** The per-attribute figures and what the key passes need from the same scan. */
  private record Attributes(
      List<AttributeFigures> figures,
      RowSizes rowSizes,
      Optional<TimeSpan> time,
      double timeOrigin) {}

  private static Attributes attributes(SqlEngine db, Measurement m, long rows) throws SQLException {
    List<String> parts = new ArrayList<>();
    for (int i = 0; i < m.columns().size(); i++) {
      String bytes = "l" + i;
      parts.add("count(" + bytes + ")");
      parts.add("coalesce(avg(" + bytes + "), 0)");
      parts.add("NULL"); // p99: from the histogram below
      parts.add("coalesce(max(" + bytes + "), 0)");
      if (m.columns().get(i).collection()) {
        String e = "e" + i;
        parts.add("avg(" + e + ")");
        parts.add("NULL");
        parts.add("NULL");
        parts.add("max(" + e + ")");
      } else {
        parts.add("NULL");
        parts.add("NULL");
        parts.add("NULL");
        parts.add("NULL");
      }
    }
    for (String size : List.of("kp_item", "kp_doc")) {
      parts.add("avg(" + size + ")");
      parts.add("NULL");
      parts.add("NULL");
      parts.add("max(" + size + ")");
    }
    parts.add("count(*) FILTER (WHERE kp_item > " + Analysis.ITEM_LIMIT_BYTES + ")");
    parts.add("count(*) FILTER (WHERE kp_doc > " + Analysis.DOCUMENT_LIMIT_BYTES + ")");
    String t = m.time().isPresent() ? TIME : "NULL";
    parts.add("count(" + t + ")");
    parts.add("min(" + t + ")");
    parts.add("max(" + t + ")");
    Object[] r = db.row("SELECT " + String.join(", ", parts) + " FROM kp_data");
    // The quantiles, exact, from one grouping by (measure, value): each measure's distinct values
    // are few (sizes in bytes, element counts), so this holds little however many rows there are,
    // where a quantile aggregate holds every row's value.
    List<String> measures = new ArrayList<>();
    for (int i = 0; i < m.columns().size(); i++) {
      measures.add("l" + i);
      measures.add(m.columns().get(i).collection() ? "e" + i : "NULL");
    }
    measures.add("kp_item");
    measures.add("kp_doc");
    List<Histogram> h = Histogram.of(db, "kp_data", measures);
    for (int i = 0; i < m.columns().size(); i++) {
      int base = 8 * i;
      r[base + 2] = h.get(2 * i).quantile(0.99);
      if (m.columns().get(i).collection()) {
        r[base + 5] = h.get(2 * i + 1).quantile(0.5);
        r[base + 6] = h.get(2 * i + 1).quantile(0.99);
      }
    }
    int sizesAt = 8 * m.columns().size();
    for (int k = 0; k < 2; k++) {
      Histogram size = h.get(2 * m.columns().size() + k);
      r[sizesAt + 4 * k + 1] = size.quantile(0.5);
      r[sizesAt + 4 * k + 2] = size.quantile(0.99);
    }
    double scale = 1 / m.sample().orElse(1);
    List<AttributeFigures> figures = new ArrayList<>();
    int p = 0;
    for (Column c : m.columns()) {
      long present = num(r[p]).longValue();
      Optional<Quantiles> elements =
          r[p + 4] == null
              ? Optional.empty()
              : Optional.of(
                  new Quantiles(
                      num(r[p + 4]).doubleValue(),
                      num(r[p + 5]).doubleValue(),
                      num(r[p + 6]).doubleValue(),
                      num(r[p + 7]).doubleValue()));
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
      p += 8;
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
    return new Attributes(figures, sizes, span, origin);
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

  /** A number as an engine returns it (JDBC's BigInteger for DuckDB's HUGEINT); 0 for NULL. */
  public static Number num(Object o) {
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

  /**
   * One key's figures from one grouping of the loaded rows: per key value its rows, data bytes, and
   * the sum and sum of squares of each row's place (file order, or time since the data's first
   * time), from which the correlation is exact; with a time column, a second grouping by key value
   * and slot feeds the buckets.
   */
  private static KeyFigures key(SqlEngine db, Measurement m, List<String> key, Attributes attrs)
      throws SQLException {
    double scale = 1 / m.sample().orElse(1);
    List<String> vs = key.stream().map(a -> value(m, a)).toList();
    String cols = String.join(", ", vs);
    String notNull = vs.stream().map(v -> v + " IS NOT NULL").collect(Collectors.joining(" AND "));
    String place = m.time().isPresent() ? "(" + TIME + " - " + attrs.timeOrigin + ")" : db.place();
    db.table(
        "kp_g",
        "SELECT "
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
            "SELECT count(*), coalesce(sum(n), 0), coalesce(max(n), 0), avg(n), NULL, NULL,"
                + " avg(b), NULL, NULL, max(b) FROM kp_g");
    List<Histogram> perValueHistograms = Histogram.of(db, "kp_g", List.of("n", "b"));
    s[4] = perValueHistograms.get(0).quantile(0.5);
    s[5] = perValueHistograms.get(0).quantile(0.99);
    s[7] = perValueHistograms.get(1).quantile(0.5);
    s[8] = perValueHistograms.get(1).quantile(0.99);
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
    // A key attribute whose every value reads as a number orders as numbers (2 before 10), else
    // as text; asked of the key's distinct values, not of every row.
    List<String> numberChecks = new ArrayList<>();
    for (String a : key) {
      numberChecks.add("count(*) FILTER (WHERE TRY_CAST(" + value(m, a) + " AS DOUBLE) IS NULL)");
    }
    Object[] notNumbers = db.row("SELECT " + String.join(", ", numberChecks) + " FROM kp_g");
    List<String> orderBy = new ArrayList<>();
    for (int i = 0; i < key.size(); i++) {
      String v = value(m, key.get(i));
      orderBy.add(num(notNumbers[i]).longValue() == 0 ? "TRY_CAST(" + v + " AS DOUBLE)" : v);
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
    Monotonicity mono = new Monotonicity(r, Math.abs(r) >= Analyzer.MONOTONIC_THRESHOLD, order(m));
    OptionalDouble busiestRate = OptionalDouble.empty();
    List<Bucket> buckets = new ArrayList<>();
    if (attrs.time.isPresent()) {
      double seconds = attrs.time.get().seconds();
      if (seconds > 0) {
        busiestRate = OptionalDouble.of(perValue.max() / seconds);
      }
      // Rows per key value and slot of the widths' greatest common divisor (an hour for the fixed
      // widths; 10 minutes with a 10m bucket), grouped once; each width sums whole slots, since
      // floor(floor(t / g) / (w / g)) = floor(t / w) when g divides w.
      long slot = 0;
      for (Bucket w : m.buckets()) {
        slot =
            java.math.BigInteger.valueOf(slot)
                .gcd(java.math.BigInteger.valueOf(w.seconds()))
                .longValue();
      }
      db.table(
          "kp_h",
          "SELECT "
              + cols
              + ", CAST(floor("
              + TIME
              + " / "
              + slot
              + ") AS BIGINT) AS h, count(*) AS n FROM kp_data WHERE "
              + notNull
              + " AND "
              + TIME
              + " IS NOT NULL GROUP BY ALL");
      for (Bucket w : m.buckets()) {
        Object[] b =
            db.row(
                "SELECT coalesce(max(c), 0) FROM (SELECT sum(n) AS c FROM kp_h GROUP BY "
                    + cols
                    + ", floor(h / "
                    + w.seconds() / slot
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
  private static String sha256(String value) {
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
}
