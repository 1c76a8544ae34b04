package dev.keyplan.bench;

import dev.keyplan.cassandra.cql.CqlParser;
import dev.keyplan.cassandra.cql.CqlSchema;
import dev.keyplan.cassandra.design.CassandraAnalysis;
import dev.keyplan.cassandra.design.CassandraAnalyzer;
import dev.keyplan.cassandra.model.CassandraDesign;
import dev.keyplan.check.Checker;
import dev.keyplan.check.Finding;
import dev.keyplan.dynamodb.design.DynamoDbAnalysis;
import dev.keyplan.dynamodb.design.DynamoDbAnalyzer;
import dev.keyplan.model.Model;
import dev.keyplan.model.yaml.ModelReader;
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
 * store ({@link #store}):
 *
 * <ul>
 *   <li>{@code cassandra}: {@link ModelGenerator}, with 0.3 P tables (1,000 patterns: 300 tables,
 *       100 entities) and their CQL schema;
 *   <li>{@code dynamodb}: {@link DynamoDbModelGenerator}, a single-table design of one item type
 *       per entity plus 0.01 P archive tables (1,000 patterns: 11 tables, 110 item types).
 * </ul>
 *
 * Two benchmarks per store and size:
 *
 * <ul>
 *   <li>{@link #parseOnly}, the named baseline: read the model YAML, and parse the CQL for
 *       Cassandra, from text already in memory (no disk);
 *   <li>{@link #check}: the same parsing, then the store's analysis ({@link CassandraAnalyzer}:
 *       bind tables, size, plan every pattern, heat and consistency; {@link DynamoDbAnalyzer}: bind
 *       tables and item types, plan every pattern, heat, sizing and cost), then every built-in rule
 *       of the store ({@link Checker}).
 * </ul>
 *
 * Targets (bench/RESULTS.md): check at 1,000 patterns under 1 s; check(500)/check(250) ≈ 2 and
 * check(1000)/check(250) ≈ 4 (linear growth). Run with bench/run.sh.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
// Two stores × three sizes make 12 trials; at 12 × 1 s warm-up and 6 × 1 s measurement the full run
// (bench/run.sh) takes about 4 minutes. 12 s is where, on the idle 2-core machine of
// bench/RESULTS.md,
// the slowest trials (1,000 patterns, either store) stopped getting faster; with other builds
// running
// (load average 4 to 12) a fresh JVM still sped up after 13 s, so use -wi 20 on a busy machine.
@Warmup(iterations = 12, time = 1)
@Measurement(iterations = 6, time = 1)
@Fork(
    value = 1,
    jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
public class CheckBenchmark {

  @Param({"cassandra", "dynamodb"})
  public String store;

  @Param({"250", "500", "1000"})
  public int patterns;

  /** The Cassandra model, when {@link #store} is {@code cassandra}. */
  private ModelGenerator.Generated model;

  /** The DynamoDB model, when {@link #store} is {@code dynamodb}. */
  private DynamoDbModelGenerator.Generated dynamodb;

  @Setup(Level.Trial)
  public void generate() {
    // Each fails the trial loudly if the model does not parse, bind or exercise every path and
    // rule.
    switch (store) {
      case "cassandra":
        model = ModelGenerator.forPatterns(patterns);
        Validation.validate(model);
        break;
      case "dynamodb":
        dynamodb = DynamoDbModelGenerator.forPatterns(patterns);
        Validation.validate(dynamodb);
        break;
      default:
        throw new IllegalArgumentException("store is cassandra or dynamodb, not " + store);
    }
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

  /** Baseline: model YAML parsing, and the CQL schema's for Cassandra; nothing else. */
  @Benchmark
  public void parseOnly(Blackhole bh, CpuTime cpu) {
    cpu.start();
    if (dynamodb != null) {
      bh.consume(ModelReader.read(dynamodb.yamlFile(), dynamodb.yaml(), Validation.BASE_DIR));
    } else {
      bh.consume(ModelReader.read(model.yamlFile(), model.yaml(), Validation.BASE_DIR));
      bh.consume(CqlParser.parse(model.cqlFile(), model.cql()));
    }
    cpu.stop();
  }

  /** Parse, analyse and run every built-in rule: what {@code keyplan check} computes. */
  @Benchmark
  public void check(Blackhole bh, CpuTime cpu) {
    cpu.start();
    if (dynamodb != null) {
      Model m = ModelReader.read(dynamodb.yamlFile(), dynamodb.yaml(), Validation.BASE_DIR);
      DynamoDbAnalysis analysis = DynamoDbAnalyzer.analyze(m);
      List<Finding> findings = Checker.builtIn().check(analysis);
      bh.consume(findings);
    } else {
      Model m = ModelReader.read(model.yamlFile(), model.yaml(), Validation.BASE_DIR);
      CqlSchema schema = CqlParser.parse(model.cqlFile(), model.cql());
      CassandraAnalysis analysis =
          CassandraAnalyzer.analyze(m, m.design(CassandraDesign.class).orElseThrow(), schema);
      List<Finding> findings = Checker.builtIn().check(analysis);
      bh.consume(findings);
    }
    cpu.stop();
  }
}
