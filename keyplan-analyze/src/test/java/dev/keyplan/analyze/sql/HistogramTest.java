package dev.keyplan.analyze.sql;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Quantiles from a histogram are the discrete quantiles an engine's aggregate gives over every
 * value: hand-derived positions, then DuckDB's own {@code quantile_disc} over the same values as
 * the oracle (the aggregate keyplan used before histograms).
 */
class HistogramTest {
  @Test
  void oneToAHundred_p50IsThe50th_p99The99th() throws SQLException {
    List<Long> values = new ArrayList<>();
    for (long v = 1; v <= 100; v++) {
      values.add(v);
    }
    // n = 100: position 100 − ⌊100 − 50⌋ = 50 and 100 − ⌊100 − 99⌋ = 99.
    assertThat(quantiles(values)).containsExactly(50L, 99L);
  }

  @Test
  void threeValues_p50IsTheSecond_p99TheThird() throws SQLException {
    // n = 3: ⌈1.5⌉ = 2nd (20) and ⌈2.97⌉ = 3rd (30), given unsorted with a repeat below.
    assertThat(quantiles(List.of(30L, 10L, 20L))).containsExactly(20L, 30L);
    assertThat(quantiles(List.of(7L, 7L, 9L))).containsExactly(7L, 9L);
  }

  @Test
  void noValues_isNull_asTheAggregate() throws SQLException {
    assertThat(quantiles(List.of())).containsExactly(null, null);
  }

  @Test
  void agreesWithDuckDbsQuantileDisc_onSkewedValuesWithTies() throws SQLException {
    SplittableRandom random = new SplittableRandom(19);
    for (int n : new int[] {1, 2, 99, 100, 101, 1_000, 12_345}) {
      List<Long> values = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        double u = random.nextDouble();
        values.add((long) (u * u * u * 500));
      }
      assertThat(quantiles(values)).as("n = %d", n).isEqualTo(duckDb(values));
    }
  }

  /** p50 and p99 through {@link Histogram}, over DuckDB holding the values. */
  private static List<Long> quantiles(List<Long> values) throws SQLException {
    try (Connection c = table(values)) {
      SqlEngine db = new Jdbc(c);
      Histogram h = Histogram.of(db, "t", List.of("x")).get(0);
      List<Long> out = new ArrayList<>();
      out.add(h.quantile(0.5));
      out.add(h.quantile(0.99));
      return out;
    }
  }

  private static List<Long> duckDb(List<Long> values) throws SQLException {
    try (Connection c = table(values);
        Statement s = c.createStatement();
        ResultSet r =
            s.executeQuery("SELECT quantile_disc(x, 0.5), quantile_disc(x, 0.99) FROM t")) {
      r.next();
      return List.of(r.getLong(1), r.getLong(2));
    }
  }

  private static Connection table(List<Long> values) throws SQLException {
    Connection c = DriverManager.getConnection("jdbc:duckdb:");
    try (Statement s = c.createStatement()) {
      s.execute("CREATE TABLE t (x BIGINT)");
      if (!values.isEmpty()) {
        s.execute(
            "INSERT INTO t VALUES "
                + values.stream()
                    .map(v -> "(" + v + ")")
                    .collect(java.util.stream.Collectors.joining(", ")));
      }
    }
    return c;
  }

  /** Just enough of an engine to run the histogram's one query. */
  private record Jdbc(Connection c) implements SqlEngine {
    @Override
    public void execute(String sql) throws SQLException {
      try (Statement s = c.createStatement()) {
        s.execute(sql);
      }
    }

    @Override
    public List<Object[]> rows(String sql) throws SQLException {
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

    @Override
    public void table(String name, String select) {
      throw new UnsupportedOperationException();
    }

    @Override
    public String bytes(String text) {
      return "strlen(" + text + ")";
    }

    @Override
    public String replaceAll(String text, String regex, String replacement) {
      throw new UnsupportedOperationException();
    }

    @Override
    public String place() {
      return "0";
    }
  }
}
