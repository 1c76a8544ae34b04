package dev.keyplan.bench;

import static java.util.stream.Collectors.joining;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatFactory;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.Options;

/**
 * Runs {@link CheckBenchmark} through JMH's runner (any JMH command-line option may be passed, e.g.
 * {@code -p patterns=250,1000}, {@code -p store=dynamodb} or {@code -prof stack}), writes the
 * results as JSON and CSV to {@code OUT} (system property {@code keyplan.bench.out}, default {@code
 * bench/target}) and prints the figures bench/RESULTS.md records, per store: per size, the model's
 * size in the store's own columns ({@link BenchStore#sizeColumns}), check and parseOnly in ms, the
 * ratio check/parseOnly (parseOnly is the named baseline, measured in the same run) and
 * check(n)/check(smallest), which is n/smallest when check grows linearly; then, with several
 * stores, the stores side by side. The stores are every registered {@link BenchStore}, unless
 * {@code -p store=...} picks some.
 */
public final class BenchmarkReport {
  private BenchmarkReport() {}

  /** One store's scores at one size. */
  private record Row(
      String store,
      int patterns,
      double check,
      double checkError,
      double parse,
      double parseError,
      double checkCpu,
      double parseCpu) {}

  public static void main(String[] args) throws IOException, RunnerException {
    JmhArgs jmh = JmhArgs.of(args, "jmh-result.json", CheckBenchmark.class);
    Path out = jmh.out();
    Path json = jmh.json();
    var builder = jmh.builder();
    // CheckBenchmark's store parameter names no store: its default, EVERY_STORE, becomes every
    // registered store's id here (also when -p store= gives it), one trial each.
    Collection<String> asked =
        jmh.cmd().getParameter("store").orElse(List.of(CheckBenchmark.EVERY_STORE));
    builder.param(
        "store",
        asked.stream()
            .flatMap(
                s ->
                    s.equals(CheckBenchmark.EVERY_STORE) ? BenchStore.ids().stream() : Stream.of(s))
            .distinct()
            .toArray(String[]::new));
    Path csv = out.resolve("jmh-result.csv");
    Options options = builder.build();
    double loadBefore = JmhArgs.loadAverage();
    Collection<RunResult> results = new Runner(options).run();
    double loadAfter = JmhArgs.loadAverage();
    ResultFormatFactory.getInstance(ResultFormatType.CSV, csv.toString()).writeOut(results);

    String table = table(results);
    String header =
        "keyplan check benchmark, "
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
    System.out.println();
    System.out.print(header);
    System.out.print(table);
    Files.writeString(out.resolve("summary.md"), header + table, StandardCharsets.UTF_8);
  }

  static String table(Collection<RunResult> results) {
    // store → patterns → {check, ±, parseOnly, ±, check cpu, parseOnly cpu}
    Map<String, Map<Integer, double[]>> byStore = new TreeMap<>();
    for (RunResult r : results) {
      String bench = r.getParams().getBenchmark();
      String method = bench.substring(bench.lastIndexOf('.') + 1);
      String p = r.getParams().getParam("patterns");
      String store = r.getParams().getParam("store");
      if (p == null || store == null) {
        continue;
      }
      double[] s =
          byStore
              .computeIfAbsent(store, k -> new TreeMap<>())
              .computeIfAbsent(
                  Integer.parseInt(p),
                  k ->
                      new double[] {
                        Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN
                      });
      var score = r.getPrimaryResult();
      int at = method.equals("check") ? 0 : method.equals("parseOnly") ? 2 : -1;
      if (at < 0) {
        continue;
      }
      s[at] = score.getScore();
      s[at + 1] = score.getScoreError();
      s[4 + at / 2] = cpuMillisPerOp(r);
    }
    Map<String, List<Row>> rows = new TreeMap<>();
    byStore.forEach(
        (store, sizes) ->
            sizes.forEach(
                (n, s) ->
                    rows.computeIfAbsent(store, k -> new ArrayList<>())
                        .add(new Row(store, n, s[0], s[1], s[2], s[3], s[4], s[5]))));
    if (rows.isEmpty()) {
      return "no CheckBenchmark results\n";
    }
    StringBuilder sb = new StringBuilder();
    rows.forEach((store, list) -> store(sb, store, list));
    if (rows.size() > 1) {
      beside(sb, rows);
    }
    return sb.toString();
  }

  /** One store's two tables: wall clock and CPU time, each size against the smallest. */
  private static void store(StringBuilder sb, String store, List<Row> rows) {
    Row first = rows.get(0);
    int n0 = first.patterns();
    // The store's own columns sizing each model (tables, item types, …), after the patterns.
    BenchStore bench = BenchStore.named(store);
    List<String> columns = bench.sizeColumns();
    sb.append("## ").append(store).append("\n\n");
    sb.append("Wall clock (JMH score, ms/op, ± 99.9% interval):\n\n");
    sb.append("| patterns");
    columns.forEach(c -> sb.append(" | ").append(c));
    sb.append(" | check ms | parseOnly ms (baseline) | check / parseOnly | check(n) / check(")
        .append(n0)
        .append(") | n / ")
        .append(n0)
        .append(" | parseOnly(n) / parseOnly(")
        .append(n0)
        .append(") |\n");
    // patterns, the store's columns, then the six figures
    sb.append("|---:".repeat(1 + columns.size() + 6)).append("|\n");
    for (Row r : rows) {
      String shape =
          bench.sizes(r.patterns()).stream().map(String::valueOf).collect(joining(" | "));
      sb.append(
          String.format(
              Locale.ROOT,
              "| %d | %s | %.1f ± %.1f | %.1f ± %.1f | %.2f | %.2f | %.2f | %.2f |%n",
              r.patterns(),
              shape,
              r.check(),
              r.checkError(),
              r.parse(),
              r.parseError(),
              r.check() / r.parse(),
              r.check() / first.check(),
              r.patterns() / (double) n0,
              r.parse() / first.parse()));
    }
    sb.append(
        "\nCPU time of the benchmark thread (ms/op; insensitive to other processes' load):\n\n");
    sb.append(
            "| patterns | check cpu ms | parseOnly cpu ms | check / parseOnly | check(n) / check(")
        .append(n0)
        .append(") | n / ")
        .append(n0)
        .append(" | (check − parseOnly)(n) / (check − parseOnly)(")
        .append(n0)
        .append(") |\n");
    sb.append("|---:|---:|---:|---:|---:|---:|---:|\n");
    for (Row r : rows) {
      sb.append(
          String.format(
              Locale.ROOT,
              "| %d | %.1f | %.1f | %.2f | %.2f | %.2f | %.2f |%n",
              r.patterns(),
              r.checkCpu(),
              r.parseCpu(),
              r.checkCpu() / r.parseCpu(),
              r.checkCpu() / first.checkCpu(),
              r.patterns() / (double) n0,
              (r.checkCpu() - r.parseCpu()) / (first.checkCpu() - first.parseCpu())));
    }
    sb.append('\n');
  }

  /** The stores side by side, by CPU time: check / parseOnly, and growth against n / smallest. */
  private static void beside(StringBuilder sb, Map<String, List<Row>> rows) {
    Map<Integer, Map<String, Row>> bySize = new TreeMap<>();
    rows.forEach(
        (store, list) ->
            list.forEach(
                r -> bySize.computeIfAbsent(r.patterns(), k -> new TreeMap<>()).put(store, r)));
    int n0 = bySize.keySet().iterator().next();
    sb.append("## stores side by side (CPU time)\n\n");
    sb.append("| patterns | n / ").append(n0);
    rows.keySet().forEach(st -> sb.append(" | ").append(st).append(" check / parseOnly"));
    rows.keySet()
        .forEach(
            st -> sb.append(" | ").append(st).append(" check(n) / check(").append(n0).append(")"));
    sb.append(" |\n|---:|---:");
    rows.keySet().forEach(st -> sb.append("|---:|---:"));
    sb.append("|\n");
    bySize.forEach(
        (n, stores) -> {
          sb.append(String.format(Locale.ROOT, "| %d | %.2f", n, n / (double) n0));
          rows.keySet()
              .forEach(
                  st -> {
                    Row r = stores.get(st);
                    sb.append(
                        String.format(
                            Locale.ROOT,
                            " | %.2f",
                            r == null ? Double.NaN : r.checkCpu() / r.parseCpu()));
                  });
          rows.forEach(
              (st, list) -> {
                Row r = stores.get(st);
                Row first = list.get(0);
                sb.append(
                    String.format(
                        Locale.ROOT,
                        " | %.2f",
                        r == null || first.patterns() != n0
                            ? Double.NaN
                            : r.checkCpu() / first.checkCpu()));
              });
          sb.append(" |\n");
        });
  }

  /** Returns CheckBenchmark.CpuTime's cpuNanos / ops in ms, NaN if absent. */
  private static double cpuMillisPerOp(RunResult r) {
    var secondary = r.getSecondaryResults();
    var cpu = secondary.get("cpuNanos");
    var ops = secondary.get("ops");
    if (cpu == null || ops == null || ops.getScore() <= 0) {
      return Double.NaN;
    }
    return cpu.getScore() / ops.getScore() / 1e6;
  }
}
