package dev.keyplan.analyze.bench;

import dev.keyplan.analyze.bench.AnalyzeBench.Engine;
import dev.keyplan.analyze.bench.AnalyzeBench.Settings;
import dev.keyplan.analyze.bench.AnalyzeBench.Timing;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The Markdown that {@code bench/run.sh analyze} prints and writes to
 * bench/target/analyze-summary.md: one row per format and engine with wall time (min, median, max
 * over the repetitions), the ratio of its median to the faster baseline's median on the same format
 * (issue 19's target: at most 1.2), the median CPU time (user + system, which another load on a
 * shared machine inflates less than wall time) and its ratio to the faster baseline's, and the
 * largest peak RSS of its processes. The median of an even count is the mean of the middle two.
 */
final class AnalyzeSummary {
  private AnalyzeSummary() {}

  static String markdown(
      Settings s,
      List<Timing> timings,
      List<Engine> engines,
      List<String> notRun,
      List<String> checks,
      Map<String, Long> fileBytes,
      String engineVersion,
      String rssSource,
      String loadBefore,
      String loadAfter) {
    StringBuilder b = new StringBuilder();
    b.append(
        String.format(
            Locale.ROOT, "### analyze, %,d rows, %d repetition(s)%n%n", s.rows(), s.reps()));
    b.append(
        String.format(
            Locale.ROOT,
            "Keys `%s`; memory_limit %s, threads %d, -Xmx%s per JVM; %s; Java %s; CPUs %d;"
                + " load average %s before, %s after.%n%n",
            AnalyzeBenchData.KEYS,
            s.memoryLimit(),
            s.threads(),
            s.heap(),
            engineVersion,
            System.getProperty("java.version"),
            Runtime.getRuntime().availableProcessors(),
            loadBefore,
            loadAfter));
    b.append("| format | file MB | engine | runs | wall s min | median | max | median ÷ faster")
        .append(" baseline | CPU s (median) | CPU ÷ faster baseline | peak RSS MiB (max) |\n");
    b.append("|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    for (String format : s.formats()) {
      double base = Double.POSITIVE_INFINITY;
      double baseCpu = Double.POSITIVE_INFINITY;
      for (Engine e : engines) {
        if (e.baseline()) {
          base = Math.min(base, median(wall(timings, e, format)));
          baseCpu = Math.min(baseCpu, median(cpu(timings, e, format)));
        }
      }
      for (Engine e : engines) {
        double[] w = wall(timings, e, format);
        if (w.length == 0) {
          continue;
        }
        double[] cpu = cpu(timings, e, format);
        long rss =
            timings.stream()
                .filter(t -> t.engine() == e && t.format().equals(format) && t.ok())
                .mapToLong(Timing::rssKiB)
                .max()
                .orElse(0);
        b.append(
            String.format(
                Locale.ROOT,
                "| %s | %,.0f | %s | %d | %.2f | %.2f | %.2f | %.2f | %.1f | %.2f | %,d |%n",
                format,
                fileBytes.getOrDefault(format, 0L) / 1e6,
                e.label(),
                w.length,
                w[0],
                median(w),
                w[w.length - 1],
                median(w) / base,
                median(cpu),
                median(cpu) / baseCpu,
                rss / 1024));
      }
    }
    b.append('\n');
    b.append("Peak RSS: ").append(rssSource).append(".\n");
    for (Timing t : timings) {
      if (!t.ok()) {
        b.append(
            String.format(
                Locale.ROOT,
                "%nFailed: %s on %s, repetition %d, after %.1f s (CPU %.1f s, peak RSS %,d MiB): %s%n",
                t.engine().label(),
                t.format(),
                t.rep(),
                t.seconds(),
                t.cpuSeconds(),
                t.rssKiB() / 1024,
                t.failure()));
      }
    }
    for (String n : notRun) {
      b.append("\nNot run: ").append(n).append('.');
    }
    if (!notRun.isEmpty()) {
      b.append('\n');
    }
    for (String c : checks) {
      b.append("\nAgreement, ").append(c).append('.');
    }
    b.append('\n');
    return b.toString();
  }

  private static double[] wall(List<Timing> timings, Engine e, String format) {
    return timings.stream()
        .filter(t -> t.engine() == e && t.format().equals(format) && t.ok())
        .mapToDouble(Timing::seconds)
        .sorted()
        .toArray();
  }

  private static double[] cpu(List<Timing> timings, Engine e, String format) {
    return timings.stream()
        .filter(t -> t.engine() == e && t.format().equals(format) && t.ok())
        .mapToDouble(Timing::cpuSeconds)
        .sorted()
        .toArray();
  }

  static double median(double[] sorted) {
    if (sorted.length == 0) {
      return Double.NaN;
    }
    double[] a = Arrays.copyOf(sorted, sorted.length);
    Arrays.sort(a);
    int m = a.length / 2;
    return a.length % 2 == 1 ? a[m] : (a[m - 1] + a[m]) / 2;
  }
}
