package dev.keyplan.analyze.sql;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One measure's values and how many rows hold each, sorted: the exact distribution of a measure
 * whose distinct values are few (a size in bytes, an element count, a count of rows per key value)
 * in memory that grows with those values, not with the rows.
 *
 * <p>The discrete quantile q of n values is the value at 1-based position n − ⌊n − n·q⌋ of the
 * sorted values, ⌈n·q⌉ up to rounding: SQL's {@code PERCENTILE_DISC}, as DuckDB's {@code
 * quantile_disc} computes its position
 * (https://duckdb.org/docs/stable/sql/functions/aggregates#quantile_discx-pos). Over 100 values 1 …
 * 100, p50 is the 50th (50) and p99 the 99th (99); over 3 values, p50 is the 2nd and p99 the 3rd.
 */
final class Histogram {
  private final TreeMap<Long, Long> counts;
  private final long total;

  private Histogram(TreeMap<Long, Long> counts) {
    this.counts = counts;
    this.total = counts.values().stream().mapToLong(Long::longValue).sum();
  }

  /**
   * Each of {@code measures} (SQL expressions over {@code table}; {@code NULL} for none) as a
   * histogram of its non-NULL values, from one query: a grouping by (measure, value) over a union
   * of one projection per measure.
   */
  static List<Histogram> of(SqlEngine db, String table, List<String> measures) throws SQLException {
    List<TreeMap<Long, Long>> maps = new ArrayList<>();
    List<String> parts = new ArrayList<>();
    for (int i = 0; i < measures.size(); i++) {
      maps.add(new TreeMap<>());
      if (!measures.get(i).equals("NULL")) {
        parts.add(
            "SELECT "
                + i
                + " AS kp_m, CAST("
                + measures.get(i)
                + " AS BIGINT) AS kp_x FROM "
                + table);
      }
    }
    if (!parts.isEmpty()) {
      for (Object[] r :
          db.rows(
              "SELECT kp_m, kp_x, count(*) FROM ("
                  + String.join(" UNION ALL ", parts)
                  + ") WHERE kp_x IS NOT NULL GROUP BY kp_m, kp_x")) {
        maps.get(SqlFigures.num(r[0]).intValue())
            .merge(SqlFigures.num(r[1]).longValue(), SqlFigures.num(r[2]).longValue(), Long::sum);
      }
    }
    return maps.stream().map(Histogram::new).toList();
  }

  /** The discrete quantile {@code q} in (0, 1]; NULL (as the aggregate gives) over no values. */
  Long quantile(double q) {
    if (total == 0) {
      return null;
    }
    long position = Math.max(1, total - (long) Math.floor(total - total * q));
    long seen = 0;
    for (Map.Entry<Long, Long> e : counts.entrySet()) {
      seen += e.getValue();
      if (seen >= position) {
        return e.getKey();
      }
    }
    return counts.lastKey();
  }
}
