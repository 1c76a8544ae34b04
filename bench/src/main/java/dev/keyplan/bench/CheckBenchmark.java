package dev.keyplan.bench;

import dev.keyplan.check.Checker;
import dev.keyplan.check.Finding;
import dev.keyplan.design.cassandra.CassandraAnalysis;
import dev.keyplan.design.cassandra.CassandraAnalyzer;
import dev.keyplan.model.Model;
import dev.keyplan.model.yaml.ModelReader;
import dev.keyplan.store.cassandra.cql.CqlParser;
import dev.keyplan.store.cassandra.cql.CqlSchema;
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
 * {@code keyplan check} in-process on generated models of P patterns, 0.3 P tables and 0.1 P
 * entities (1,000 patterns: 300 tables, 100 entities).
 *
 * <ul>
 *   <li>{@link #parseOnly}, the named baseline: read the model YAML and parse the CQL, from text
 *       already in memory (no disk);
 *   <li>{@link #check}: the same parsing, then bind tables, size, plan every pattern, heat and
 *       consistency ({@link CassandraAnalyzer}), then every built-in rule ({@link Checker}).
 * </ul>
 *
 * Targets (bench/RESULTS.md): check at 1,000 patterns under 1 s; check(500)/check(250) ≈ 2 and
 * check(1000)/check(250) ≈ 4 (linear growth). Run with bench/run.sh.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
// Warm-up is long on purpose: on the shared 2-core machine of bench/RESULTS.md (load average 4 to 12
// from other builds) a fresh JVM still sped up after 13 s; an 8-second warm-up measured the JIT.
@Warmup(iterations = 20, time = 1)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
public class CheckBenchmark {

  @Param({"250", "500", "1000"})
  public int patterns;

  private ModelGenerator.Generated model;

  @Setup(Level.Trial)
  public void generate() {
    model = ModelGenerator.forPatterns(patterns);
    // Fails the trial loudly if the model does not parse, bind or exercise every path.
    Validation.validate(model);
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

  /** Baseline: model YAML and CQL schema parsing only. */
  @Benchmark
  public void parseOnly(Blackhole bh, CpuTime cpu) {
    cpu.start();
    bh.consume(ModelReader.read(model.yamlFile(), model.yaml(), Validation.BASE_DIR));
    bh.consume(CqlParser.parse(model.cqlFile(), model.cql()));
    cpu.stop();
  }

  /** Parse, analyse and run every built-in rule: what {@code keyplan check} computes. */
  @Benchmark
  public void check(Blackhole bh, CpuTime cpu) {
    cpu.start();
    Model m = ModelReader.read(model.yamlFile(), model.yaml(), Validation.BASE_DIR);
    CqlSchema schema = CqlParser.parse(model.cqlFile(), model.cql());
    CassandraAnalysis analysis = CassandraAnalyzer.analyze(m, m.cassandra().orElseThrow(), schema);
    List<Finding> findings = Checker.builtIn().check(analysis);
    bh.consume(findings);
    cpu.stop();
  }
}
