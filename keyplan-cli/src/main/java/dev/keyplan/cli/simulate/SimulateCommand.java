package dev.keyplan.cli.simulate;

import dev.keyplan.analysis.StoreAnalysis;
import dev.keyplan.cli.Cli;
import dev.keyplan.cli.ExitCode;
import dev.keyplan.cli.Input;
import dev.keyplan.cli.StoreChoice;
import dev.keyplan.cli.StoreCli;
import dev.keyplan.cli.StoreClis;
import dev.keyplan.input.InputException;
import dev.keyplan.model.Model;
import dev.keyplan.model.StoreId;
import dev.keyplan.model.yaml.ModelReader;
import dev.keyplan.report.SimulationCsv;
import dev.keyplan.report.SimulationJson;
import dev.keyplan.report.SimulationText;
import dev.keyplan.simulate.Progress;
import dev.keyplan.simulate.SetupException;
import dev.keyplan.simulate.SimulationResult;
import dev.keyplan.simulate.SimulationSettings;
import dev.keyplan.simulate.Trace;
import dev.keyplan.store.Stores;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code keyplan simulate MODEL --store S}: runs the model's workload through a store's
 * partitioning engine.
 */
@Command(
    name = "simulate",
    mixinStandardHelpOptions = true,
    description = {
      "Runs the model's access patterns, at their rates and key spreads, through a simulated partitioning"
          + " engine: Cassandra's token ring, ScyllaDB's shards, DynamoDB's partition map or MongoDB's chunks"
          + " and balancer, second by second. Prints what the run shows, per node / partition / shard tables and"
          + " the settings used; --format json adds the time series, --format csv is the time series alone.",
      "The same model, options and --seed give byte-identical output. See docs/simulate.md."
    })
public final class SimulateCommand implements Callable<Integer> {
  enum Format {
    text,
    json,
    csv
  }

  @Spec CommandSpec spec;

  @Parameters(
      index = "0",
      paramLabel = "MODEL",
      description = "The workload model (YAML), e.g. examples/chat.yaml.")
  Path model;

  @Option(
      names = "--store",
      paramLabel = "STORE",
      description = "cassandra, scylladb, dynamodb or mongodb (default: the model's only design).")
  String store;

  @Option(
      names = "--seed",
      paramLabel = "N",
      defaultValue = Simulations.DEFAULT_SEED,
      description =
          "Seed of every random choice: tokens, arrivals, key draws (default: ${DEFAULT-VALUE}).")
  long seed;

  @Option(
      names = "--duration",
      paramLabel = "TIME",
      defaultValue = Simulations.DEFAULT_DURATION,
      description =
          "Simulated time, such as 90s, 10m, 2h, 1d (default: ${DEFAULT-VALUE}; a trace runs for its own length).")
  String duration;

  @Option(
      names = "--interval",
      paramLabel = "TIME",
      description = "Time series step (default: 1s up to 10 minutes of simulated time, else 60s).")
  String interval;

  @Option(
      names = "--mode",
      paramLabel = "MODE",
      defaultValue = Simulations.DEFAULT_MODE,
      description =
          "aggregate (per key value and second: fast at any rate) or exact (every operation drawn) (default: ${DEFAULT-VALUE}).")
  String mode;

  @Option(
      names = "--trace",
      paramLabel = "FILE",
      description =
          "Replay a CSV trace (time,operation,key,size) instead of generating operations from the patterns.")
  Path trace;

  @Option(
      names = "--format",
      paramLabel = "FORMAT",
      defaultValue = "text",
      description = "Output format: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
  Format format = Format.text;

  @Option(
      names = "--csv",
      paramLabel = "FILE",
      description = "Also write the time series as CSV to FILE.")
  Path csv;

  @Option(
      names = "--shards",
      paramLabel = "N",
      description =
          "ScyllaDB: shards (cores) per node (default: the design's, else 8). MongoDB: shards in the cluster (default: the model's).")
  Integer shards;

  @Option(
      names = "--progress",
      negatable = true,
      description = "Draw a progress bar on stderr (default: when stderr is a terminal).")
  Boolean progress;

  /** Each store's options, by the store's own id, as {@link #addStoreOptions} added them. */
  private final Map<StoreId, StoreSimulateOptions> storeOptions = new LinkedHashMap<>();

  /**
   * Adds every store's options ({@code --nodes}, {@code --rcu}, {@code --chunk-size}…) to the
   * {@code simulate} command line {@code simulate}; {@link Main} does when it builds the CLI.
   */
  public static void addStoreOptions(CommandLine simulate) {
    SimulateCommand command = simulate.getCommand();
    for (StoreCli c : StoreClis.all()) {
      StoreSimulateOptions options = c.simulateOptions();
      simulate.addMixin(c.id().id(), options);
      command.storeOptions.put(c.id(), options);
    }
  }

  @Override
  public Integer call() {
    Model m = ModelReader.read(model);
    StoreId s = StoreChoice.of(m, store, Stores.builtIn().ids(), false, "simulate");
    SimulationSettings settings = Simulations.settings(seed, duration, interval, mode);
    Optional<Trace> t =
        Optional.ofNullable(trace)
            .map(f -> Trace.parse(f.toString(), Input.read(f.toString(), "a trace")));
    Progress bar =
        (progress != null ? progress : System.console() != null)
            ? new ProgressBar(spec.commandLine().getErr())
            : Progress.NONE;
    StoreSimulateOptions own = storeOptions.get(StoreClis.of(s).id());
    SimulationResult result;
    try {
      reject(s, own);
      StoreAnalysis analysis = Stores.builtIn().of(StoreChoice.design(m, s)).analyze(m);
      result = own.run(analysis, settings, t, bar, shards);
    } catch (SetupException e) {
      throw new InputException(Cli.commandLine(), e.getMessage());
    }
    String text =
        switch (format) {
          case json -> SimulationJson.render(result);
          case csv -> SimulationCsv.render(result);
          default -> SimulationText.render(result);
        };
    if (csv != null) {
      try {
        Files.writeString(csv, SimulationCsv.render(result), StandardCharsets.UTF_8);
      } catch (IOException e) {
        throw new InputException(
            Cli.commandLine(), "cannot write " + csv + ": " + InputException.reason(e));
      }
    }
    spec.commandLine().getOut().print(text);
    spec.commandLine().getOut().flush();
    return ExitCode.OK.code();
  }

  /** Options meant for another store are a mistake worth naming, not something to ignore. */
  private void reject(StoreId s, StoreSimulateOptions own) {
    List<String> wrong = new ArrayList<>();
    storeOptions.values().stream().filter(o -> o != own).forEach(o -> wrong.addAll(o.given()));
    if (shards != null && !own.takesShards(s)) {
      wrong.add("--shards");
    }
    if (!wrong.isEmpty()) {
      throw new InputException(
          Cli.commandLine(),
          String.join(", ", wrong)
              + (wrong.size() == 1 ? " does" : " do")
              + " not apply to --store "
              + s.id()
              + " (see keyplan simulate --help)");
    }
  }
}
