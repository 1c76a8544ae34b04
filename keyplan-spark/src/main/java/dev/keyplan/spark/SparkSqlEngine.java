package dev.keyplan.spark;

import dev.keyplan.analyze.sql.SqlEngine;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * The figure queries' engine on Spark SQL (https://spark.apache.org/docs/latest/sql-ref.html): each
 * table is a temporary view over rows computed when it is made.
 */
final class SparkSqlEngine implements SqlEngine {
  private final SparkSession spark;
  private final Map<String, Dataset<Row>> tables = new HashMap<>();

  SparkSqlEngine(SparkSession spark) {
    this.spark = spark;
  }

  @Override
  public void execute(String sql) {
    spark.sql(sql).collectAsList();
  }

  @Override
  public List<Object[]> rows(String sql) {
    List<Object[]> out = new ArrayList<>();
    for (Row r : spark.sql(sql).collectAsList()) {
      Object[] row = new Object[r.length()];
      for (int i = 0; i < row.length; i++) {
        row[i] = r.get(i);
      }
      out.add(row);
    }
    return out;
  }

  @Override
  public void table(String name, String select) {
    table(name, spark.sql(select));
  }

  /**
   * Makes {@code name} hold {@code rows}, computed now. A local checkpoint
   * (https://spark.apache.org/docs/latest/api/java/org/apache/spark/sql/Dataset.html#localCheckpoint(boolean))
   * keeps the rows on the executors and cuts their plan from the views they were read from: a view
   * made from SQL text is resolved again by name at each use, so a table read from {@code kp_data}
   * would otherwise read whichever {@code kp_data} exists then.
   */
  void table(String name, Dataset<Row> rows) {
    drop(name);
    Dataset<Row> kept = rows.localCheckpoint(true);
    kept.createOrReplaceTempView(name);
    tables.put(name, kept);
  }

  /** Drops the tables this engine made, and their rows. */
  void dropAll() {
    for (String t : List.copyOf(tables.keySet())) {
      drop(t);
    }
  }

  private void drop(String name) {
    Dataset<Row> kept = tables.remove(name);
    if (kept != null) {
      kept.unpersist();
    }
    spark.catalog().dropTempView(name);
  }

  /**
   * {@code octet_length} counts a string's UTF-8 bytes
   * (https://spark.apache.org/docs/latest/api/sql/#octet_length).
   */
  @Override
  public String bytes(String text) {
    return "octet_length(" + text + ")";
  }

  /**
   * {@code regexp_replace} replaces every match (Java regular expressions). Spark SQL reads a
   * backslash in a string literal as an escape
   * (https://spark.apache.org/docs/latest/sql-ref-literals.html), so each is doubled, and a quote
   * is escaped with one.
   */
  @Override
  public String replaceAll(String text, String regex, String replacement) {
    return "regexp_replace(" + text + ", " + literal(regex) + ", " + literal(replacement) + ")";
  }

  private static String literal(String s) {
    return "'" + s.replace("\\", "\\\\").replace("'", "\\'") + "'";
  }

  /** The loader numbers rows in file order into {@code kp_place} ({@link SparkMeasurer}). */
  @Override
  public String place() {
    return "CAST(kp_place AS DOUBLE)";
  }
}
