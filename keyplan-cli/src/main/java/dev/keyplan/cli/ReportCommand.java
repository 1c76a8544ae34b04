package dev.keyplan.cli;

import dev.keyplan.analysis.StoreAnalysis;
import dev.keyplan.check.CheckResult;
import dev.keyplan.cli.simulate.Simulations;
import dev.keyplan.input.InputException;
import dev.keyplan.model.Model;
import dev.keyplan.model.yaml.ModelReader;
import dev.keyplan.report.HtmlReport;
import dev.keyplan.simulate.SimulationResult;
import dev.keyplan.simulate.SimulationSettings;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code keyplan report MODEL -o report.html [--simulate]}: the check's results, and with {@code
 * --simulate} each store's simulation, as one self-contained HTML page.
 */
@Command(
    name = "report",
    mixinStandardHelpOptions = true,
    description = {
      "Writes the results of 'keyplan check' as one self-contained HTML page for a design review:"
          + " the workload, each store's patterns, partition-size charts, findings and the schema"
          + " (docs/report.md). The page works offline.",
      "With --simulate the page also shows each store's simulation: the run 'keyplan simulate MODEL --store S'"
          + " makes with the same --seed and --duration and every store option at its default (store options such"
          + " as --nodes or --rcu are simulate's alone), drawn as charts of its time series.",
      "Exits 0 once the page is written, whatever the findings; 'keyplan check' is the gate."
    })
final class ReportCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(
      index = "0",
      paramLabel = "MODEL",
      description = "The workload model (YAML), e.g. examples/chat.yaml.")
  Path model;

  @Option(
      names = {"-o", "--output"},
      paramLabel = "FILE",
      defaultValue = "-",
      description = "Where to write the page; - for stdout (default: ${DEFAULT-VALUE}).")
  String output = "-";

  @Option(
      names = "--simulate",
      description =
          "Add a simulation section: each store of the model run as 'keyplan simulate' runs it (docs/simulate.md).")
  boolean simulate;

  @Option(
      names = "--seed",
      paramLabel = "N",
      defaultValue = Simulations.DEFAULT_SEED,
      description =
          "With --simulate: seed of every random choice, as simulate's --seed (default: ${DEFAULT-VALUE}).")
  long seed;

  @Option(
      names = "--duration",
      paramLabel = "TIME",
      defaultValue = Simulations.DEFAULT_DURATION,
      description =
          "With --simulate: simulated time, such as 90s, 10m, 2h, 1d (default: ${DEFAULT-VALUE}).")
  String duration;

  @Option(
      names = "--budget",
      paramLabel = "STEPS|TIME",
      description =
          "With --simulate: refuse a run estimated at more than STEPS steps, or TIME (such as 10m)"
              + " at the documented 6 µs a step (default: 1e9 steps, about 100 minutes; see"
              + " docs/reliability.md, Simulation budget).")
  String budget;

  @Override
  public Integer call() {
    // A run's option without the run is a mistake worth naming, not something to ignore.
    for (String option : List.of("--seed", "--duration", "--budget")) {
      if (!simulate && spec.commandLine().getParseResult().hasMatchedOption(option)) {
        throw new InputException(Cli.commandLine(), option + " needs --simulate");
      }
    }
    Model m = ModelReader.read(model);
    CheckResult result = CheckResult.of(m);
    List<SimulationResult> runs = new ArrayList<>();
    if (simulate) {
      SimulationSettings settings =
          Simulations.settings(seed, duration, null, Simulations.DEFAULT_MODE, budget);
      // the analyses check built, handed on: each store's run reads its own
      for (StoreAnalysis a : result.analyses()) {
        runs.add(Simulations.runWithDefaults(a, settings));
      }
    }
    String html = HtmlReport.render(result, runs);
    if (output.equals("-")) {
      spec.commandLine().getOut().print(html);
      spec.commandLine().getOut().flush();
      return ExitCode.OK.code();
    }
    try {
      Files.writeString(Path.of(output), html, StandardCharsets.UTF_8);
    } catch (java.nio.file.NoSuchFileException e) {
      throw new InputException(Cli.commandLine(), "cannot write " + output + ": no such directory");
    } catch (IOException e) {
      throw new InputException(Cli.commandLine(), "cannot write " + output + ": " + e.getMessage());
    }
    spec.commandLine().getErr().println("wrote " + output);
    spec.commandLine().getErr().flush();
    return ExitCode.OK.code();
  }
}
