package dev.keyplan.cli.simulate;

import dev.keyplan.cassandra.cli.CassandraSimulateOptions;
import dev.keyplan.cassandra.simulate.CassandraSimulator;
import dev.keyplan.cli.Cli;
import dev.keyplan.dynamodb.cli.DynamoDbSimulateOptions;
import dev.keyplan.dynamodb.simulate.DynamoDbSimulator;
import dev.keyplan.input.InputException;
import dev.keyplan.model.Model;
import dev.keyplan.model.Quantities;
import dev.keyplan.mongodb.cli.MongoDbSimulateOptions;
import dev.keyplan.mongodb.simulate.MongoDbSimulator;
import dev.keyplan.simulate.Progress;
import dev.keyplan.simulate.SetupException;
import dev.keyplan.simulate.SimulationResult;
import dev.keyplan.simulate.SimulationSettings;
import dev.keyplan.simulate.Trace;
import java.util.Locale;
import java.util.Optional;

/**
 * How a command line becomes one store's run: the settings parsed and checked, and the store's
 * simulator called with its setup. {@code keyplan simulate} and {@code keyplan report --simulate}
 * both come through here, so the report's charts are the run {@code simulate} prints for the same
 * options, not a second reading of them.
 */
public final class Simulations {
  /** Defaults of the options both commands take, as picocli default values. */
  public static final String DEFAULT_SEED = "1";
  public static final String DEFAULT_DURATION = "1h";
  public static final String DEFAULT_MODE = "aggregate";

  private Simulations() {}

  /**
   * Returns the settings for {@code --seed}, {@code --duration}, {@code --interval} (null: the
   * default for the duration) and {@code --mode}; a bad value is bad input naming the option.
   */
  public static SimulationSettings settings(long seed, String duration, String interval, String mode) {
    long d = seconds("--duration", duration);
    SimulationSettings.Mode md = switch (mode.toLowerCase(Locale.ROOT)) {
      case "aggregate" -> SimulationSettings.Mode.AGGREGATE;
      case "exact" -> SimulationSettings.Mode.EXACT;
      default -> throw new InputException(Cli.commandLine(), "--mode must be aggregate or exact, not " + mode);
    };
    long i = interval == null ? SimulationSettings.defaultInterval(d) : seconds("--interval", interval);
    try {
      return new SimulationSettings(seed, d, i, md);
    } catch (IllegalArgumentException e) {
      throw new InputException(Cli.commandLine(), e.getMessage());
    }
  }

  /**
   * Runs store {@code s} of {@code m} with every store option at its default, as {@code keyplan
   * simulate MODEL --store s} does with none given.
   *
   * @throws SetupException when the model cannot be run on that store (a MongoDB design with no
   *     sharded collection)
   */
  public static SimulationResult runWithDefaults(Model m, String s, SimulationSettings settings) {
    return run(m, s, settings, Optional.empty(), Progress.NONE, new CassandraSimulateOptions(), new MongoDbSimulateOptions(),
        new DynamoDbSimulateOptions(), null);
  }

  /** Runs store {@code s} with the given store options; {@code shards} is ScyllaDB's or MongoDB's. */
  static SimulationResult run(Model m, String s, SimulationSettings settings, Optional<Trace> trace, Progress bar,
      CassandraSimulateOptions cassandra, MongoDbSimulateOptions mongodb, DynamoDbSimulateOptions dynamodb, Integer shards) {
    return switch (s) {
      case "cassandra", "scylladb" -> CassandraSimulator.run(m, cassandra.setup(s.equals("scylladb") ? shards : null),
          settings, trace, bar).result();
      case "mongodb" -> MongoDbSimulator.run(m, mongodb.setup(shards), settings, trace, bar).result();
      case "dynamodb" -> DynamoDbSimulator.run(m, dynamodb.setup(), settings, trace, bar).result();
      default -> throw new IllegalStateException("unknown store " + s);
    };
  }

  private static long seconds(String option, String text) {
    var s = Quantities.seconds(text);
    if (s.isEmpty() || s.getAsLong() < 1) {
      throw new InputException(Cli.commandLine(), option + " expects a time such as 90s, 10m, 2h or 1d, not '" + text + "'");
    }
    return s.getAsLong();
  }
}
