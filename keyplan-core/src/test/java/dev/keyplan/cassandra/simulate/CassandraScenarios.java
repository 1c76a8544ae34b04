package dev.keyplan.cassandra.simulate;

import dev.keyplan.cassandra.design.CassandraAnalyzer;
import dev.keyplan.model.Model;
import dev.keyplan.model.yaml.ModelReader;
import dev.keyplan.simulate.Progress;
import dev.keyplan.simulate.SimulationSettings;
import dev.keyplan.simulate.Trace;
import java.nio.file.Path;
import java.util.Optional;

/** Reads shipped examples and runs them, for the Cassandra simulator's tests. */
final class CassandraScenarios {
  private CassandraScenarios() {}

  /** The repository's examples folder (tests run in keyplan-core/). */
  static final Path EXAMPLES = Path.of("..", "examples");

  static Model example(String name) {
    return ModelReader.read(EXAMPLES.resolve(name));
  }

  static CassandraRun run(Model m, CassandraSetup setup, long seconds) {
    return CassandraSimulator.run(
        CassandraAnalyzer.analyze(m),
        setup,
        SimulationSettings.of(1, seconds, SimulationSettings.Mode.AGGREGATE),
        Optional.empty(),
        Progress.NONE);
  }

  static CassandraRun run(
      Model m, CassandraSetup setup, SimulationSettings settings, Optional<Trace> trace) {
    return CassandraSimulator.run(
        CassandraAnalyzer.analyze(m), setup, settings, trace, Progress.NONE);
  }

  /** The defaults with some fields changed. */
  static CassandraSetup setup(
      int nodes, TokenAllocation allocation, int addNodes, java.util.List<String> remove) {
    CassandraSetup d = CassandraSetup.defaults();
    return new CassandraSetup(
        nodes,
        d.datacenters(),
        Math.min(3, nodes),
        d.numTokens(),
        allocation,
        d.replication(),
        d.simpleStrategy(),
        d.consistency(),
        addNodes,
        remove,
        0);
  }
}
