package dev.keyplan.cassandra.bench;

import dev.keyplan.cassandra.design.CassandraAnalyzer;
import dev.keyplan.cassandra.ring.Node;
import dev.keyplan.cassandra.ring.ReplicaPlacement;
import dev.keyplan.cassandra.ring.Ring;
import dev.keyplan.cassandra.simulate.CassandraRun;
import dev.keyplan.cassandra.simulate.CassandraSetup;
import dev.keyplan.cassandra.simulate.CassandraSimulator;
import dev.keyplan.model.Model;
import dev.keyplan.model.yaml.ModelReader;
import dev.keyplan.simulate.Progress;
import dev.keyplan.simulate.SimulationSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Ring simulation throughput (issue 5 §7, target ≥ 20 M operations a second per core): {@code
 * keyplan simulate} on examples/chat.yaml (50,000 writes, 20,000 reads and 200 edits a second on 6
 * nodes, RF 3; a typical read walks 17 ten-minute buckets), single-threaded.
 *
 * <ul>
 *   <li>{@link #exact}: 10 simulated seconds, every request drawn and placed one by one;
 *   <li>{@link #aggregate}: one simulated day, per key value and second;
 *   <li>{@link #baselineRingWalk}, the named baseline: what a per-operation simulator without
 *       keyplan's precomputed ranges pays for one operation, {@code
 *       ReplicaPlacement.NetworkTopology.replicas(ring, token)} on the same kind of ring.
 * </ul>
 *
 * {@link SimulationReport} counts the requests of each run (the nodes' coordinator work) and turns
 * the times into operations per second. Run with {@code bench/run.sh simulate}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(
    value = 1,
    jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
public class SimulationBenchmark {
  static final long EXACT_SECONDS = 10;
  static final long AGGREGATE_SECONDS = 86_400;
  static final int WALKS = 1_000_000;

  Model chat;
  Ring ring;
  ReplicaPlacement placement;
  long[] tokens;

  @Setup
  public void setUp() throws IOException {
    chat = chat();
    Ring.Builder b = Ring.builder();
    for (int i = 1; i <= 6; i++) {
      b.randomNode("n" + i, "dc1", "r" + ((i - 1) % 3 + 1), 16);
    }
    ring = b.build(1);
    placement = new ReplicaPlacement.NetworkTopology(Map.of("dc1", 3));
    SplittableRandom r = new SplittableRandom(2);
    tokens = new long[WALKS];
    for (int i = 0; i < WALKS; i++) {
      tokens[i] = r.nextLong();
    }
  }

  static Model chat() throws IOException {
    Path p = Path.of("examples", "chat.yaml");
    return ModelReader.read(p.toString(), Files.readString(p), p.getParent());
  }

  static CassandraRun run(Model m, SimulationSettings.Mode mode, long seconds) {
    return CassandraSimulator.run(
        CassandraAnalyzer.analyze(m),
        CassandraSetup.defaults(),
        SimulationSettings.of(1, seconds, mode),
        Optional.empty(),
        Progress.NONE);
  }

  @Benchmark
  public CassandraRun exact() {
    return run(chat, SimulationSettings.Mode.EXACT, EXACT_SECONDS);
  }

  @Benchmark
  public CassandraRun aggregate() {
    return run(chat, SimulationSettings.Mode.AGGREGATE, AGGREGATE_SECONDS);
  }

  @Benchmark
  @OperationsPerInvocation(WALKS)
  public void baselineRingWalk(Blackhole bh) {
    for (long t : tokens) {
      List<Node> replicas = placement.replicas(ring, t);
      bh.consume(replicas);
    }
  }
}
