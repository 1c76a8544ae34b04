package dev.keyplan.spark;

import dev.keyplan.analyze.AnalyzeRequest;
import dev.keyplan.analyze.EngineSettings;
import dev.keyplan.analyze.MeasuredFigures;
import dev.keyplan.analyze.Measurement;
import dev.keyplan.analyze.Measurement.Column;
import dev.keyplan.analyze.Measurer;
import dev.keyplan.analyze.TimePlaces;
import dev.keyplan.analyze.export.Exports;
import dev.keyplan.analyze.source.DataFile;
import dev.keyplan.analyze.source.DataFormat;
import dev.keyplan.analyze.source.DataSet;
import dev.keyplan.analyze.source.NativeSize;
import dev.keyplan.analyze.sql.SqlFigures;
import dev.keyplan.input.InputException;
import dev.keyplan.input.Location;
import dev.keyplan.simulate.Progress;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.storage.StorageLevel;
import scala.Tuple2;

/**
 * keyplan analyze on Apache Spark. Reads each file with Spark's own reader (CSV and TSV with a
 * header, JSON Lines, Parquet; gzip by the file's {@code .gz} extension), every mapped column as
 * text, one file after another so that rows keep file order; numbers the rows in that order; and
 * caches the result as {@code kp_data}, the table {@link SqlFigures} measures. The figures are the
 * embedded engine's to the digit where both read the same text (docs/analyze.md, "Apache Spark",
 * lists where the readers differ).
 *
 * <p>The session is the one {@code spark-submit} made, or else a local one on {@link
 * EngineSettings#threads} cores: {@code spark.master} decides.
 */
public final class SparkMeasurer implements Measurer {
  /** The column Spark's readers put a malformed row's text in (PERMISSIVE mode). */
  private static final String CORRUPT = "_kp_corrupt";

  @Override
  public String name() {
    return "spark";
  }

  /**
   * Checks each remote file through Spark's Hadoop file systems ({@link HadoopFiles}: a glob
   * expanded, each file's head checked as keyplan checks a local file's) and reads each Parquet
   * file's columns from its footer.
   */
  @Override
  public DataSet withEngineChecks(DataSet data, EngineSettings settings) {
    boolean remote = data.files().stream().anyMatch(DataFile::remote);
    if (data.format() != DataFormat.PARQUET && !remote) {
      return data;
    }
    SparkSession spark = SparkSessions.get(settings);
    List<DataFile> checked = new ArrayList<>();
    for (DataFile f : data.files()) {
      if (f.remote()) {
        checked.addAll(HadoopFiles.checked(f, spark.sparkContext().hadoopConfiguration()));
      } else {
        checked.add(f);
      }
    }
    if (data.format() != DataFormat.PARQUET) {
      return new DataSet(checked, data.format());
    }
    List<DataFile> files = new ArrayList<>();
    for (DataFile f : checked) {
      List<String> columns;
      try {
        columns = Arrays.asList(spark.read().parquet(f.location()).columns());
      } catch (RuntimeException e) {
        throw unreadable(f, e);
      }
      files.add(f.withColumns(columns));
    }
    return new DataSet(files, data.format());
  }

  @Override
  public MeasuredFigures measure(Measurement m, Progress progress) {
    SparkSession spark = SparkSessions.get(m.engine());
    SparkSqlEngine sql = new SparkSqlEngine(spark);
    try {
      long bad = load(spark, sql, m);
      return SqlFigures.measure(sql, name(), m, bad, progress);
    } catch (SQLException e) {
      throw new IllegalStateException("Spark SQL raises no SQLException", e);
    } catch (RuntimeException e) {
      throw outOfMemory(e).orElseThrow(() -> e);
    } finally {
      sql.dropAll();
    }
  }

  /**
   * Spark running out of memory for a task (its SparkOutOfMemoryError, UNABLE_TO_ACQUIRE_MEMORY:
   * https://spark.apache.org/docs/latest/tuning.html#memory-management-overview) as what to do
   * about it, as the embedded engine says when it reaches --memory-limit: the run needs more
   * memory, which is Spark's to give, not a fault in keyplan.
   */
  static java.util.Optional<InputException> outOfMemory(RuntimeException e) {
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      String what = t.getClass().getSimpleName() + " " + t.getMessage();
      if (what.contains("SparkOutOfMemoryError") || what.contains("UNABLE_TO_ACQUIRE_MEMORY")) {
        return java.util.Optional.of(
            new InputException(
                new Location("<command line>", 0, 0),
                "Spark ran out of memory for a task ("
                    + String.valueOf(t.getMessage()).lines().findFirst().orElse("").strip()
                    + "); expected more memory for Spark (spark.driver.memory, or -Xmx in a local"
                    + " run without spark-submit; spark.executor.memory on a cluster), or a"
                    + " --sample"));
      }
    }
    return java.util.Optional.empty();
  }

  /** Loads {@code kp_data}; returns the malformed rows skipped. */
  private static long load(SparkSession spark, SparkSqlEngine sql, Measurement m) {
    DataFormat format = m.data().format();
    Dataset<Row> all = null;
    for (DataFile f : m.data().files()) {
      Dataset<Row> one;
      try {
        one = select(m, read(spark, m, f), format);
      } catch (RuntimeException e) {
        throw unreadable(f, e);
      }
      all = all == null ? one : all.unionByName(one);
    }
    // Persisted once: the bad-row count and the load read it; Spark also refuses a query of a raw
    // file that reads its corrupt-record column alone.
    Dataset<Row> parsed = all.persist(StorageLevel.MEMORY_AND_DISK());
    try {
      // A row Spark's reader could not parse, or whose --time value is no time: malformed.
      String badTime =
          m.time()
              .map(
                  t ->
                      " OR (v"
                          + m.columns().indexOf(m.column(t))
                          + " IS NOT NULL AND kp_t IS NULL)")
              .orElse("");
      String malformed = CORRUPT + " IS NOT NULL" + badTime;
      long corrupt;
      long bad;
      try {
        // Both counts in one pass over the persisted rows.
        Row counts =
            parsed
                .selectExpr("count_if(" + CORRUPT + " IS NOT NULL)", "count_if(" + malformed + ")")
                .first();
        corrupt = counts.getLong(0);
        bad = counts.getLong(1);
      } catch (RuntimeException e) {
        throw unreadable(m.data().files().get(0), e);
      }
      if (bad > m.maxBadRows()) {
        if (corrupt == 0) {
          // Spark names the values; keyplan finds their places in the files (TimePlaces): the
          // first distinct values in file order (an id that rises with the union's partitions and
          // with each partition's rows), so the rows placed are the first bad ones.
          String v = "v" + m.columns().indexOf(m.column(m.time().orElseThrow()));
          List<String> values = new ArrayList<>();
          for (Row r :
              parsed
                  .withColumn("kp_i", org.apache.spark.sql.functions.monotonically_increasing_id())
                  .where(malformed)
                  .groupBy(v)
                  .agg(org.apache.spark.sql.functions.min("kp_i").as("kp_first"))
                  .orderBy("kp_first")
                  .limit(TimePlaces.LISTED)
                  .collectAsList()) {
            values.add(String.valueOf(r.get(0)));
          }
          throw TimePlaces.notTimes(m, bad, values);
        }
        String first =
            parsed
                .where(CORRUPT + " IS NOT NULL")
                .limit(1)
                .collectAsList()
                .get(0)
                .getString(parsed.schema().fieldIndex(CORRUPT));
        throw new InputException(
            new Location(m.data().files().get(0).name(), 0, 0),
            bad
                + " malformed row(s) (Spark's reader places them in no line; the embedded engine"
                + " does: keyplan analyze without --engine spark), such as: "
                + first.strip()
                + (m.maxBadRows() > 0
                    ? "; expected at most --max-bad-rows " + m.maxBadRows()
                    : "; expected none, or --max-bad-rows N to skip and count them"));
      }
      Dataset<Row> good = parsed.where("NOT (" + malformed + ")").drop(CORRUPT);
      if (m.sample().isPresent()) {
        // Spark's own Bernoulli sampler with keyplan's seed: reproducible, but not the embedded
        // engine's rows.
        good = good.sample(false, m.sample().getAsDouble(), AnalyzeRequest.SAMPLE_SEED);
      }
      if (m.time().isEmpty()) {
        good = numbered(spark, good);
      }
      // Built on the rows' own plan, not on a view's name, so the table outlives every view.
      List<String> passThrough = new ArrayList<>();
      if (m.nativeSize() != NativeSize.NONE) {
        passThrough.add("kp_native");
      }
      passThrough.add(m.time().isPresent() ? "kp_t" : "kp_place");
      sql.table(
          "kp_data",
          good.selectExpr(SqlFigures.loaded(sql, m, passThrough).toArray(String[]::new)));
      return bad;
    } finally {
      spark.catalog().dropTempView("kp_rows");
      parsed.unpersist();
    }
  }

  /**
   * Adds {@code kp_place}, each row's place in file order from 0: the rows' order is the files'
   * order (one read per file, unioned in order) and each file's rows in their order, and {@code
   * zipWithIndex} numbers rows in partition order.
   */
  private static Dataset<Row> numbered(SparkSession spark, Dataset<Row> rows) {
    StructType schema = rows.schema().add("kp_place", DataTypes.LongType, false);
    JavaRDD<Row> withPlace = rows.javaRDD().zipWithIndex().map(SparkMeasurer::appendPlace);
    return spark.createDataFrame(withPlace, schema);
  }

  private static Row appendPlace(Tuple2<Row, Long> t) {
    Object[] values = new Object[t._1().length() + 1];
    for (int i = 0; i < t._1().length(); i++) {
      values[i] = t._1().get(i);
    }
    values[values.length - 1] = t._2();
    return RowFactory.create(values);
  }

  /** One file, as its format's Spark reader gives it, with the corrupt-record column. */
  private static Dataset<Row> read(SparkSession spark, Measurement m, DataFile f) {
    // A URI as given, read through Spark's Hadoop file system for its scheme; else the path.
    String path = f.location();
    if (f.gzip() && !path.toLowerCase(Locale.ROOT).endsWith(".gz")) {
      throw new InputException(
          new Location(f.name(), 0, 0),
          "gzip-compressed without a .gz name; expected a name ending .gz, from which Spark's"
              + " readers pick the codec");
    }
    return switch (m.data().format()) {
      case CSV, TSV -> {
        StructType schema = new StructType();
        for (String c : f.columns()) {
          schema = schema.add(c, DataTypes.StringType, true);
        }
        schema = schema.add(CORRUPT, DataTypes.StringType, true);
        yield spark
            .read()
            .schema(schema)
            .option("header", "true")
            .option("sep", m.data().format() == DataFormat.TSV ? "\t" : ",")
            .option("quote", "\"")
            .option("escape", "\"")
            // A quoted value may hold line breaks (RFC 4180), as the embedded engine reads it.
            .option("multiLine", "true")
            .option("mode", "PERMISSIVE")
            .option("columnNameOfCorruptRecord", CORRUPT)
            .csv(path);
      }
      case JSON_LINES -> {
        StructType schema = new StructType();
        for (Column c : m.columns()) {
          // A string field gives its text; any other value its JSON text, as Spark writes it.
          schema = schema.add(c.column(), DataTypes.StringType, true);
        }
        if (m.nativeSize() != NativeSize.NONE) {
          schema = schema.add(Exports.NATIVE_BYTES_FIELD, DataTypes.LongType, true);
        }
        schema = schema.add(CORRUPT, DataTypes.StringType, true);
        yield spark
            .read()
            .schema(schema)
            .option("mode", "PERMISSIVE")
            .option("columnNameOfCorruptRecord", CORRUPT)
            .json(path);
      }
      case PARQUET ->
          spark
              .read()
              .parquet(path)
              .withColumn(
                  CORRUPT, org.apache.spark.sql.functions.lit(null).cast(DataTypes.StringType));
      default ->
          throw new InputException(
              new Location(f.name(), 0, 0),
              "a "
                  + m.data().format().id()
                  + " data set, which the Spark engine reads only as converted JSON Lines;"
                  + " expected CSV, TSV, JSON Lines or Parquet");
    };
  }

  /**
   * The columns {@link SqlFigures} reads, from one file: {@code v}<i>i</i> (the value as text),
   * {@code e}<i>i</i> (a collection's element count), {@code kp_native}, and the corrupt-record
   * column.
   */
  private static Dataset<Row> select(Measurement m, Dataset<Row> file, DataFormat format) {
    List<String> select = new ArrayList<>();
    for (int i = 0; i < m.columns().size(); i++) {
      Column c = m.columns().get(i);
      String name = quoted(c.column());
      DataType type =
          Arrays.stream(file.schema().fields())
              .filter(f -> f.name().equals(c.column()))
              .map(StructField::dataType)
              .findFirst()
              .orElse(DataTypes.StringType);
      String text =
          type == DataTypes.StringType
              ? name
              : type == DataTypes.TimestampType || type == DataTypes.TimestampNTZType
                  // As the embedded engine writes a typed time (SqlFigures.ISO_TIME_DUCKDB).
                  ? "date_format(" + name + ", \"" + SqlFigures.ISO_TIME_SPARK + "\")"
                  : "CAST(" + name + " AS STRING)";
      select.add(text + " AS v" + i);
      if (m.time().filter(c.attribute()::equals).isPresent()) {
        // Seconds since the epoch; NULL where the value is no time, which makes the row malformed.
        select.add("unix_micros(try_cast(" + text + " AS TIMESTAMP)) / 1000000.0 AS kp_t");
      }
      if (c.collection()) {
        String elements =
            type instanceof ArrayType || type instanceof MapType
                ? "CASE WHEN " + name + " IS NOT NULL THEN size(" + name + ") END"
                : type == DataTypes.StringType
                    ? "coalesce("
                        + jsonElements(name)
                        + ", "
                        + SqlFigures.cqlshElements(TEXT, name)
                        + ")"
                    : "CAST(NULL AS INT)";
        select.add(elements + " AS e" + i);
      }
    }
    if (m.nativeSize() != NativeSize.NONE) {
      select.add(quoted(Exports.NATIVE_BYTES_FIELD) + " AS kp_native");
    }
    select.add(CORRUPT);
    return file.selectExpr(select.toArray(String[]::new));
  }

  /** The SQL words of Spark for expressions built before a session is at hand (no query runs). */
  private static final SparkSqlEngine TEXT = new SparkSqlEngine(null);

  /** A text value holding a JSON array or object: its elements or keys; NULL for anything else. */
  private static String jsonElements(String c) {
    return "CASE WHEN json_array_length("
        + c
        + ") IS NOT NULL THEN json_array_length("
        + c
        + ") WHEN json_object_keys("
        + c
        + ") IS NOT NULL THEN size(json_object_keys("
        + c
        + ")) END";
  }

  /** A column name as Spark SQL quotes it: in backticks, each backtick doubled. */
  static String quoted(String name) {
    return "`" + name.replace("`", "``") + "`";
  }

  /** A file Spark cannot read, at the file, with the first line of Spark's reason. */
  private static InputException unreadable(DataFile f, RuntimeException e) {
    if (e instanceof InputException input) {
      return input;
    }
    Throwable root = e;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    String reason = String.valueOf(root.getMessage()).lines().findFirst().orElse("").strip();
    return new InputException(
        new Location(f.name(), 0, 0),
        "Spark cannot read it: " + reason + "; expected a " + f.format().id() + " file");
  }
}
