package dev.keyplan.dynamodb.simulate;

import dev.keyplan.dynamodb.design.DynamoDbAnalyzer;
import dev.keyplan.model.Model;
import dev.keyplan.model.yaml.ModelReader;
import dev.keyplan.simulate.Progress;
import dev.keyplan.simulate.SimulationSettings;
import dev.keyplan.simulate.Trace;
import java.nio.file.Path;
import java.util.Optional;

/** Reads small models and runs them, for the simulator's tests. */
final class Sims {
  private Sims() {}

  static Model model(String yaml) {
    return ModelReader.read("m.yaml", yaml, Path.of("."));
  }

  static Model example(String name) {
    return ModelReader.read(Path.of("../examples", name));
  }

  static DynamoDbRun run(Model model, DynamoDbSetup setup, long seconds, long seed) {
    return DynamoDbSimulator.run(
        DynamoDbAnalyzer.analyze(model),
        setup,
        SimulationSettings.of(seed, seconds, SimulationSettings.Mode.AGGREGATE),
        Optional.empty(),
        Progress.NONE);
  }

  static DynamoDbRun run(String yaml, DynamoDbSetup setup, long seconds) {
    return run(model(yaml), setup, seconds, 1);
  }

  static DynamoDbRun replay(String yaml, DynamoDbSetup setup, String csv, long seconds) {
    return DynamoDbSimulator.run(
        DynamoDbAnalyzer.analyze(model(yaml)),
        setup,
        SimulationSettings.of(1, seconds, SimulationSettings.Mode.AGGREGATE),
        Optional.of(Trace.parse("t.csv", csv)),
        Progress.NONE);
  }

  static CopyRun only(DynamoDbRun run) {
    return run.copies().get(0);
  }
}
