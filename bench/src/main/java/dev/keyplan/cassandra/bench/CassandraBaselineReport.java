package dev.keyplan.cassandra.bench;

import dev.keyplan.bench.JmhArgs;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Collection;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatFactory;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.CommandLineOptions;

/**
 * Runs {@link TokenBenchmark} and {@link ReplicaBenchmark} (keyplan against cassandra-all 5.0.6)
 * with JMH's GC profiler, writes the results as JSON and CSV to {@code OUT} (system property {@code
 * keyplan.bench.out}, default {@code bench/target}) and prints the figures bench/RESULTS.md
 * records: per benchmark and parameter, keyplan's and Cassandra's ns/op, the speed ratio keyplan /
 * Cassandra (Cassandra's time over keyplan's; above 1 means keyplan is faster) and each side's
 * {@code gc.alloc.rate.norm}. Any JMH option may be passed, e.g. {@code -p keyType=text} or {@code
 * TokenBenchmark} to run one class.
 */
public final class CassandraBaselineReport {
  private CassandraBaselineReport() {}

  public static void main(String[] args) throws IOException, RunnerException {
    JmhArgs jmh =
        JmhArgs.of(args, "cassandra-baseline.json", TokenBenchmark.class, ReplicaBenchmark.class);
    CommandLineOptions cmd = jmh.cmd();
    Path out = jmh.out();
    Path json = jmh.json();
    var builder = jmh.builder();
    Path csv = out.resolve("cassandra-baseline.csv");
    // The token target is about allocation as much as speed, so allocation is always measured.
    if (cmd.getProfilers().isEmpty()) {
      builder.addProfiler(GCProfiler.class);
    }
    double loadBefore = JmhArgs.loadAverage();
    Collection<RunResult> results = new Runner(builder.build()).run();
    double loadAfter = JmhArgs.loadAverage();
    ResultFormatFactory.getInstance(ResultFormatType.CSV, csv.toString()).writeOut(results);

    String header =
        "keyplan against cassandra-all 5.0.6, "
            + ZonedDateTime.now().format(DateTimeFormatter.ISO_OFFSET_DATE_TIME)
            + "\nJMH "
            + JmhArgs.jmhVersion()
            + ", "
            + System.getProperty("java.vm.name")
            + " "
            + System.getProperty("java.vm.version")
            + ", "
            + Runtime.getRuntime().availableProcessors()
            + " cores, "
            + System.getProperty("os.name")
            + " "
            + System.getProperty("os.arch")
            + String.format(
                Locale.ROOT,
                "; 1-minute load average %.1f before the run, %.1f after",
                loadBefore,
                loadAfter)
            + "\nresults: "
            + json
            + ", "
            + csv
            + "\n\n";
    String table = table(results);
    System.out.println();
    System.out.print(header);
    System.out.print(table);
    Files.writeString(out.resolve("cassandra-baseline.md"), header + table, StandardCharsets.UTF_8);
  }

  /** One benchmark class and parameter value: keyplan's and Cassandra's results. */
  private static final class Pair {
    RunResult keyplan;
    RunResult cassandra;
  }

  static String table(Collection<RunResult> results) {
    Map<String, Pair> pairs = new TreeMap<>();
    for (RunResult r : results) {
      String bench = r.getParams().getBenchmark();
      int dot = bench.lastIndexOf('.');
      String clazz = bench.substring(bench.lastIndexOf('.', dot - 1) + 1, dot);
      String keyType = r.getParams().getParam("keyType");
      String row = clazz + (keyType == null ? "" : " " + keyType);
      Pair pair = pairs.computeIfAbsent(row, k -> new Pair());
      switch (bench.substring(dot + 1)) {
        case "keyplan" -> pair.keyplan = r;
        case "cassandra" -> pair.cassandra = r;
        default -> {}
      }
    }
    if (pairs.isEmpty()) {
      return "no TokenBenchmark or ReplicaBenchmark results\n";
    }
    var sb = new StringBuilder();
    sb.append(
        "| benchmark | keyplan ns/op | Cassandra ns/op (baseline) | speed keyplan / Cassandra"
            + " | keyplan B/op | Cassandra B/op |\n");
    sb.append("|---|---:|---:|---:|---:|---:|\n");
    pairs.forEach(
        (row, p) ->
            sb.append(
                String.format(
                    Locale.ROOT,
                    "| %s | %s | %s | %s | %s | %s |%n",
                    row,
                    score(p.keyplan),
                    score(p.cassandra),
                    p.keyplan == null || p.cassandra == null
                        ? "-"
                        : String.format(
                            Locale.ROOT,
                            "%.2f",
                            p.cassandra.getPrimaryResult().getScore()
                                / p.keyplan.getPrimaryResult().getScore()),
                    allocation(p.keyplan),
                    allocation(p.cassandra))));
    sb.append("\nB/op is gc.alloc.rate.norm, bytes allocated per operation (-prof gc).\n");
    return sb.toString();
  }

  private static String score(RunResult r) {
    if (r == null) {
      return "-";
    }
    Result<?> s = r.getPrimaryResult();
    return String.format(Locale.ROOT, "%.1f ± %.1f", s.getScore(), s.getScoreError());
  }

  private static String allocation(RunResult r) {
    Result<?> a = r == null ? null : r.getSecondaryResults().get("gc.alloc.rate.norm");
    return a == null ? "-" : String.format(Locale.ROOT, "%.1f", a.getScore());
  }
}
