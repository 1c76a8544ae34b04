package dev.keyplan.analyze.sql;

import java.sql.SQLException;
import java.util.List;

/**
 * An engine the figure queries run on, holding the loaded table {@code kp_data}: one row per data
 * row, with the columns {@link SqlFigures#loaded} lists ({@code v}<i>i</i>, the value's text, for
 * the attributes a key or the time reads; {@code l}<i>i</i>, its UTF-8 bytes; {@code e}<i>i</i>, a
 * collection's element count; {@code kp_item} and {@code kp_doc}, the row's item and BSON bytes)
 * and, with a time column, {@code kp_t} (seconds since the epoch).
 *
 * <p>The few words in which DuckDB's SQL and Spark SQL differ are asked here; everything else is
 * the same text on both.
 */
public interface SqlEngine {
  /** Runs a statement. */
  void execute(String sql) throws SQLException;

  /** Rows of a query, each as its column values (numbers as {@link Number}s). */
  List<Object[]> rows(String sql) throws SQLException;

  /** The one row of an aggregate query. */
  default Object[] row(String sql) throws SQLException {
    List<Object[]> rows = rows(sql);
    if (rows.size() != 1) {
      throw new IllegalStateException("expected one row from " + sql + ", got " + rows.size());
    }
    return rows.get(0);
  }

  /** Makes {@code name} hold the rows of {@code select}, computed now, replacing any before. */
  void table(String name, String select) throws SQLException;

  /** The UTF-8 byte length of a text expression. */
  String bytes(String text);

  /**
   * {@code text} with every match of {@code regex} (Java and RE2 syntax alike: classes, groups,
   * alternation) replaced by {@code replacement}, a plain string; the engine writes both as its SQL
   * literals.
   */
  String replaceAll(String text, String regex, String replacement);

  /** A {@code kp_data} row's place in file order, from 0, as a DOUBLE expression. */
  String place();
}
