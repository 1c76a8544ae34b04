package dev.keyplan.analyze.bench;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.DriverPropertyInfo;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.logging.Logger;

/**
 * A diagnostic, not the benchmark: runs the keyplan CLI ({@code dev.keyplan.cli.Main}) in this JVM
 * with DuckDB's JDBC driver wrapped, so that every SQL statement {@code analyze} sends is timed
 * where it runs, without changing keyplan-analyze. When the CLI exits, prints to stderr each
 * statement's wall time (DuckDB's JDBC result sets are materialised by {@code executeQuery}, so its
 * time is the query's), its share of the process's time, and the statement's start.
 *
 * <p>{@code java -cp keyplan-cli/target/keyplan.jar:bench/target/keyplan-bench-0.1.0-SNAPSHOT.jar
 * dev.keyplan.analyze.bench.AnalyzeSqlProfile analyze MODEL --entity E DATA…} ({@code bench/run.sh
 * analyze-profile …} does this). {@code --main CLASS} first runs another main the same way, e.g.
 * {@link AnalyzeBaseline} (with the bench jar on the class path), to set its statements beside.
 */
public final class AnalyzeSqlProfile {
  private AnalyzeSqlProfile() {}

  /**
   * One statement's time.
   *
   * @param sql the statement
   * @param nanos wall time of its execute call
   */
  record Step(String sql, long nanos) {}

  private static final List<Step> STEPS = Collections.synchronizedList(new ArrayList<>());

  public static void main(String[] args) throws Exception {
    Class.forName("org.duckdb.DuckDBDriver");
    Driver duck = DriverManager.getDriver("jdbc:duckdb:");
    DriverManager.deregisterDriver(duck);
    DriverManager.registerDriver(new TimingDriver(duck));
    long t0 = System.nanoTime();
    Runtime.getRuntime().addShutdownHook(new Thread(() -> report(System.nanoTime() - t0)));
    String main = "dev.keyplan.cli.Main";
    String[] rest = args;
    if (args.length > 1 && args[0].equals("--main")) {
      main = args[1];
      rest = java.util.Arrays.copyOfRange(args, 2, args.length);
    }
    try {
      Class.forName(main).getMethod("main", String[].class).invoke(null, (Object) rest);
    } catch (InvocationTargetException e) {
      throw (Exception) e.getCause();
    }
  }

  private static void report(long total) {
    long sql = 0;
    StringBuilder b =
        new StringBuilder("\nSQL statements, in order (wall ms, share of the run):\n");
    synchronized (STEPS) {
      for (Step s : STEPS) {
        sql += s.nanos();
        String text = s.sql().replaceAll("\\s+", " ");
        b.append(
            String.format(
                Locale.ROOT,
                "%10.1f ms %5.1f%%  %s%n",
                s.nanos() / 1e6,
                100.0 * s.nanos() / total,
                text.length() > 150 ? text.substring(0, 150) + "…" : text));
      }
    }
    b.append(
        String.format(
            Locale.ROOT,
            "%10.1f ms in %d statements; %.1f ms the whole run (JVM start excluded)%n",
            sql / 1e6,
            STEPS.size(),
            total / 1e6));
    System.err.print(b);
  }

  /** Wraps {@code target} so that each statement's execute call is timed. */
  private static Object timed(Object target, Class<?> type) {
    InvocationHandler h =
        (proxy, method, args) -> {
          try {
            if (target instanceof Connection && method.getName().equals("createStatement")) {
              return timed(method.invoke(target, args), Statement.class);
            }
            if (target instanceof Statement
                && method.getName().startsWith("execute")
                && args != null
                && args.length > 0
                && args[0] instanceof String sql) {
              long t0 = System.nanoTime();
              try {
                return method.invoke(target, args);
              } finally {
                STEPS.add(new Step(sql, System.nanoTime() - t0));
              }
            }
            return method.invoke(target, args);
          } catch (InvocationTargetException e) {
            throw e.getCause();
          }
        };
    return Proxy.newProxyInstance(
        AnalyzeSqlProfile.class.getClassLoader(), new Class<?>[] {type}, h);
  }

  /** DuckDB's driver, each connection it makes wrapped by {@link #timed}. */
  private static final class TimingDriver implements Driver {
    private final Driver target;

    TimingDriver(Driver target) {
      this.target = target;
    }

    @Override
    public Connection connect(String url, Properties info) throws SQLException {
      Connection c = target.connect(url, info);
      return c == null ? null : (Connection) timed(c, Connection.class);
    }

    @Override
    public boolean acceptsURL(String url) throws SQLException {
      return target.acceptsURL(url);
    }

    @Override
    public DriverPropertyInfo[] getPropertyInfo(String url, Properties info) throws SQLException {
      return target.getPropertyInfo(url, info);
    }

    @Override
    public int getMajorVersion() {
      return target.getMajorVersion();
    }

    @Override
    public int getMinorVersion() {
      return target.getMinorVersion();
    }

    @Override
    public boolean jdbcCompliant() {
      return target.jdbcCompliant();
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
      return target.getParentLogger();
    }
  }
}
