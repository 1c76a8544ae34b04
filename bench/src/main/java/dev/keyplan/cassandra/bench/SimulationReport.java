package dev.keyplan.cassandra.bench;

import dev.keyplan.bench.JmhArgs;
import dev.keyplan.cassandra.simulate.CassandraRun;
import dev.keyplan.simulate.SimulationSettings;
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
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;

/**
 * Runs {@link SimulationBenchmark} and prints requests (and partition operations) simulated per
 * second of one core, against the 20 M target and against the baseline's ring walks per second.
 */
public final class SimulationReport {
  private SimulationReport() {}

  public static void main(String[] args) throws IOException, RunnerException {
    JmhArgs jmh = JmhArgs.of(args, "simulation.json", SimulationBenchmark.class);
    Path out = jmh.out();
    Path json = jmh.json();
    var builder = jmh.builder();
    Collection<RunResult> results = new Runner(builder.build()).run();
    Map<String, Double> ms = new TreeMap<>();
    for (RunResult r : results) {
      String name = r.getParams().getBenchmark();
      ms.put(name.substring(name.lastIndexOf('.') + 1), r.getPrimaryResult().getScore());
    }
    var chat = SimulationBenchmark.chat();
    double[] exact =
        counts(
            SimulationBenchmark.run(
                chat, SimulationSettings.Mode.EXACT, SimulationBenchmark.EXACT_SECONDS));
    double[] aggregate =
        counts(
            SimulationBenchmark.run(
                chat, SimulationSettings.Mode.AGGREGATE, SimulationBenchmark.AGGREGATE_SECONDS));
    StringBuilder t = new StringBuilder();
    t.append("ring simulation, examples/chat.yaml on 6 nodes (RF 3), one thread, ")
        .append(ZonedDateTime.now().format(DateTimeFormatter.ISO_OFFSET_DATE_TIME))
        .append('\n')
        .append("JMH ")
        .append(JmhArgs.jmhVersion())
        .append(", ")
        .append(System.getProperty("java.vm.version"))
        .append(", ")
        .append(Runtime.getRuntime().availableProcessors())
        .append(" cores\n\n")
        .append(
            "| run | simulated | ms | requests/s | partition ops/s | vs baseline walks/s |\n|---|---|---:|---:|---:|---:|\n");
    double walksPerSecond =
        ms.containsKey("baselineRingWalk") ? 1000 / ms.get("baselineRingWalk") : Double.NaN;
    row(t, "exact", SimulationBenchmark.EXACT_SECONDS, ms.get("exact"), exact, walksPerSecond);
    row(
        t,
        "aggregate",
        SimulationBenchmark.AGGREGATE_SECONDS,
        ms.get("aggregate"),
        aggregate,
        walksPerSecond);
    t.append(
        String.format(
            Locale.ROOT,
            "| baseline ring walk | %,d walks | | | %,.0f walks/s | 1.00 |%n",
            SimulationBenchmark.WALKS,
            walksPerSecond));
    System.out.println();
    System.out.print(t);
    Files.writeString(out.resolve("simulation.md"), t.toString(), StandardCharsets.UTF_8);
  }

  /**
   * {requests, partition operations} of a run: coordinator requests, and replica reads + writes ÷
   * RF 3.
   */
  static double[] counts(CassandraRun run) {
    long seconds =
        Long.parseLong(
            run.result().settings().stream()
                .filter(s -> s.name().equals("duration"))
                .findFirst()
                .orElseThrow()
                .value()
                .replace(" s", ""));
    double requests =
        run.nodes().stream().mapToDouble(CassandraRun.NodeStats::coordinatorOps).sum() * seconds;
    double partitions =
        run.nodes().stream().mapToDouble(n -> n.replicaWrites() / 3 + n.replicaReads() / 2).sum()
            * seconds;
    return new double[] {requests, partitions};
  }

  private static void row(
      StringBuilder t, String name, long seconds, Double ms, double[] counts, double walks) {
    if (ms == null) {
      return;
    }
    double perSecond = counts[0] / (ms / 1000);
    double partitions = counts[1] / (ms / 1000);
    t.append(
        String.format(
            Locale.ROOT,
            "| %s | %,d s, %,.0f requests | %,.1f | %,.0f | %,.0f | %.2f |%n",
            name,
            seconds,
            counts[0],
            ms,
            perSecond,
            partitions,
            partitions / walks));
  }
}
