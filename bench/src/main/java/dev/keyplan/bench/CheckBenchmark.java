package dev.keyplan.bench;

import dev.keyplan.analysis.StoreAnalysis;
import dev.keyplan.check.Checker;
import dev.keyplan.check.Finding;
import dev.keyplan.model.Model;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * {@code keyplan check} in-process on generated models of P patterns and 0.1 P entities, for each
 * store ({@link #store}) that has a {@link BenchStore}: its generator sizes the rest (Cassandra:
 * 0.3 P tables and their CQL schema, 1,000 patterns giving 300 tables and 100 entities; DynamoDB: a
 * single-table design of one item type per entity plus 0.01 P archive tables, 1,000 patterns giving
 * 11 tables and 110 item types).
 *
 * <p>Two benchmarks per store and size:
 *
 * <ul>
 *   <li>{@link #parseOnly}, the named baseline: read the model YAML, and parse the store's schema
 *       files (the CQL for Cassandra), from text already in memory (no disk); DynamoDB's Workbench
 *       model is read from its file, as the analysis reads it ({@link BenchModel#onDisk});
 *   <li>{@link #check}: the same parsing, then the store's analysis ({@link BenchStore#analyze}:
 *       binding tables (and item types), sizing, planning every pattern, heat, and consistency or
 *       cost), then every built-in rule ({@link Checker}), which runs the store's own.
 * </ul>
 *
 * Targets (bench/RESULTS.md): check at 1,000 patterns under 1 s; check(500)/check(250) ≈ 2 and
 * check(1000)/check(250) ≈ 4 (linear growth). Run with bench/run.sh.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
// Two stores × three sizes make 12 trials; at 12 × 1 s warm-up and 6 × 1 s measurement the full
// run (bench/run.sh) takes about 4 minutes. 12 s is where, on the idle 2-core machine of
// bench/RESULTS.md, the slowest trials (1,000 patterns, either store) stopped getting faster; with
// other builds running (load average 4 to 12) a fresh JVM still sped up after 13 s, so use -wi 20
// on a busy machine.
@Warmup(iterations = 12, time = 1)
@Measurement(iterations = 6, time = 1)
@Fork(
    value = 1,
    jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
public class CheckBenchmark {

  /**
   * The value of {@link #store} that stands for every registered {@link BenchStore}: JMH allows no
   * parameter without a default, and a default naming the stores would make this class name them.
   * {@link BenchmarkReport} (bench/run.sh) expands it to {@link BenchStore#ids}, one trial per
   * store; JMH's own main cannot, so there {@code -p store=...} must name the stores.
   */
  public static final String EVERY_STORE = "every";

  /** The store's id, or {@link #EVERY_STORE}. */
  @Param({EVERY_STORE})
  public String store;

  @Param({"250", "500", "1000"})
  public int patterns;

  /** The store's side of the benchmark, found by {@link #store}. */
  private BenchStore bench;

  /** The generated model, validated. */
  private BenchModel model;

  @Setup(Level.Trial)
  public void generate() {
    if (store.equals(EVERY_STORE)) {
      throw new IllegalArgumentException(
          "store="
              + EVERY_STORE
              + " is expanded by BenchmarkReport (bench/run.sh); with JMH's own main, give -p store="
              + String.join(",", BenchStore.ids()));
    }
    bench = BenchStore.named(store);
    // Fails the trial loudly if the model does not parse, bind or exercise every path and rule.
    model = bench.model(patterns);
  }

  /**
   * The benchmark thread's CPU time, beside JMH's wall-clock score: the machine is shared, and
   * other processes' load stretches wall time but not CPU time. JMH reports both fields as
   * secondary results ("cpuNanos", "ops"); BenchmarkReport divides them. Reading the clock costs
   * about a microsecond per operation, the same in both benchmarks.
   */
  @State(Scope.Thread)
  @AuxCounters(AuxCounters.Type.EVENTS)
  public static class CpuTime {
    private static final ThreadMXBean MX = ManagementFactory.getThreadMXBean();

    public long cpuNanos;
    public long ops;
    private long start;

    @Setup(Level.Iteration)
    public void reset() {
      cpuNanos = 0;
      ops = 0;
    }

    void start() {
      start = MX.getCurrentThreadCpuTime();
    }

    void stop() {
      cpuNanos += MX.getCurrentThreadCpuTime() - start;
      ops++;
    }
  }

  /** Baseline: model YAML parsing, and the store's schema files; nothing else. */
  @Benchmark
  public void parseOnly(Blackhole bh, CpuTime cpu) {
    cpu.start();
    bh.consume(model.read());
    bench.parseSchemas(model, bh);
    cpu.stop();
  }

  /** Parse, analyse and run every built-in rule: what {@code keyplan check} computes. */
  @Benchmark
  public void check(Blackhole bh, CpuTime cpu) {
    cpu.start();
    Model m = model.read();
    StoreAnalysis analysis = bench.analyze(m, model);
    List<Finding> findings = Checker.builtIn().check(analysis);
    bh.consume(findings);
    cpu.stop();
  }
}
