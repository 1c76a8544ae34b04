package dev.keyplan.analyze.duckdb;

import dev.keyplan.analyze.EngineSettings;
import dev.keyplan.analyze.sql.SqlEngine;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.DoubleConsumer;
import java.util.stream.Stream;
import org.duckdb.DuckDBPreparedStatement;
import org.duckdb.QueryProgress;

/**
 * One in-memory DuckDB database (https://duckdb.org/docs/stable/clients/java), set up so that
 * nothing is fetched at run time and the machine is shared politely: extension autoinstall and
 * autoload off (the JDBC build has CSV, JSON, Parquet and ICU built in), {@code memory_limit} and
 * {@code threads} from {@link EngineSettings}, spilling to a temporary directory, times in UTC.
 */
final class DuckDbSession implements AutoCloseable, SqlEngine {
  /** Milliseconds between two looks at a watched statement's progress. */
  static final int WATCH_MILLIS = 250;

  private final Connection connection;
  private final Path temp;
  private final boolean ownTemp;

  DuckDbSession(EngineSettings settings) throws SQLException, IOException {
    ownTemp = settings.tempDirectory().isEmpty();
    temp =
        settings.tempDirectory().isPresent()
            ? settings.tempDirectory().get()
            : Files.createTempDirectory("keyplan-analyze-");
    connection = DriverManager.getConnection("jdbc:duckdb:");
    try (Statement s = connection.createStatement()) {
      // https://duckdb.org/docs/stable/configuration/overview: each a documented setting.
      s.execute("SET autoinstall_known_extensions = false");
      s.execute("SET autoload_known_extensions = false");
      s.execute("SET memory_limit = " + Sql.string(settings.memoryLimit()));
      s.execute("SET threads = " + settings.threads());
      s.execute("SET temp_directory = " + Sql.string(temp.toString()));
      s.execute("SET preserve_insertion_order = true");
      s.execute("SET TimeZone = 'UTC'");
    }
  }

  @Override
  public void execute(String sql) throws SQLException {
    try (Statement s = connection.createStatement()) {
      s.execute(sql);
    }
  }

  /**
   * Runs a statement while telling {@code share} how far DuckDB says it is, every {@value
   * #WATCH_MILLIS} ms from a watching thread: the query progress DuckDB tracks once {@code
   * enable_progress_bar} is set, with its printing off ({@code enable_progress_bar_print}), read
   * through the JDBC driver's {@code DuckDBPreparedStatement.getQueryProgress()}
   * (https://duckdb.org/docs/stable/configuration/overview). For a CSV scan the percentage is the
   * share of the file's bytes read. DuckDB tracks a query from {@code progress_bar_time} on (2 s by
   * default; 0 here, since nothing is printed); a negative percentage (nothing tracked yet) is not
   * passed on.
   */
  void execute(String sql, DoubleConsumer share) throws SQLException {
    execute("SET enable_progress_bar = true");
    execute("SET enable_progress_bar_print = false");
    execute("SET progress_bar_time = 0");
    try (Statement s = connection.createStatement()) {
      DuckDBPreparedStatement watched = s.unwrap(DuckDBPreparedStatement.class);
      ScheduledExecutorService watch =
          Executors.newSingleThreadScheduledExecutor(
              r -> {
                Thread t = new Thread(r, "keyplan-duckdb-progress");
                t.setDaemon(true);
                return t;
              });
      watch.scheduleAtFixedRate(
          () -> {
            try {
              QueryProgress q = watched.getQueryProgress();
              if (q.getPercentage() >= 0) {
                share.accept(Math.min(1, q.getPercentage() / 100));
              }
            } catch (SQLException e) {
              // The statement finished between two looks: nothing more to tell.
            }
          },
          WATCH_MILLIS,
          WATCH_MILLIS,
          TimeUnit.MILLISECONDS);
      try {
        s.execute(sql);
      } finally {
        watch.shutdownNow();
        try {
          // The statement closes after this: no look may still be asking it.
          watch.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
    }
  }

  /** Rows of a query, each as its column values (Java objects as JDBC gives them). */
  @Override
  public List<Object[]> rows(String sql) throws SQLException {
    List<Object[]> out = new ArrayList<>();
    try (Statement s = connection.createStatement();
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
  public void table(String name, String select) throws SQLException {
    execute("CREATE OR REPLACE TEMP TABLE " + name + " AS " + select);
  }

  /** {@code strlen} counts bytes (https://duckdb.org/docs/stable/sql/functions/text). */
  @Override
  public String bytes(String text) {
    return "strlen(" + text + ")";
  }

  /** {@code regexp_replace} with the {@code 'g'} option replaces every match (RE2 syntax). */
  @Override
  public String replaceAll(String text, String regex, String replacement) {
    return "regexp_replace("
        + text
        + ", "
        + Sql.string(regex)
        + ", "
        + Sql.string(replacement)
        + ", 'g')";
  }

  /** The table is loaded in file order and DuckDB keeps it, so {@code rowid} is the row's place. */
  @Override
  public String place() {
    return "CAST(rowid AS DOUBLE)";
  }

  @Override
  public void close() throws SQLException {
    try {
      connection.close();
    } finally {
      if (ownTemp) {
        try (Stream<Path> walk = Files.walk(temp)) {
          walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
          // A temporary directory left behind is not worth failing a finished run for.
        }
      }
    }
  }
}
