package dev.keyplan.cli.simulate;

import dev.keyplan.analysis.StoreAnalysis;
import dev.keyplan.cli.Cli;
import dev.keyplan.cli.ExitCode;
import dev.keyplan.cli.Input;
import dev.keyplan.cli.StoreChoice;
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
import dev.keyplan.simulate.WorkBudget;
import dev.keyplan.store.Stores;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The options every store's {@code keyplan simulate STORE} takes (a picocli mixin): the model, the
 * seed, the simulated time, the output; and the run they set up once the store's own options are
 * known.
 */
public final class SimulateRun {
  enum Format {
    text,
    json,
    csv
  }

  @Parameters(
      index = "0",
      paramLabel = "MODEL",
      description = "The workload model (YAML), e.g. examples/chat.yaml.")
  Path model;

  @Option(
      names = "--seed",
      paramLabel = "N",
      defaultValue = Simulations.DEFAULT_SEED,
      description =
          "Seed of every random choice: tokens, arrivals, key draws (default: ${DEFAULT-VALUE}).")
  long seed;

  // No picocli default: whether --duration was given decides a trace's run length.
  @Option(
      names = "--duration",
      paramLabel = "TIME",
      description =
          "Simulated time, such as 90s, 10m, 2h, 1d (default: "
              + Simulations.DEFAULT_DURATION
              + "; with --trace, the trace's own span, which --duration overrides).")
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
      names = "--budget",
      paramLabel = "STEPS|TIME",
      description =
          "Refuse a run estimated at more than STEPS steps, or TIME (such as 10m) at the documented"
              + " 6 µs a step (default: 1e9 steps, about 100 minutes; see docs/reliability.md,"
              + " Simulation budget).")
  String budget;

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
      names = "--progress",
      negatable = true,
      description = "Draw a progress bar on stderr (default: when stderr is a terminal).")
  Boolean progress;

  /**
   * Runs the model's design for store {@code id} with the store's options {@code own}, prints the
   * result to {@code cli}'s output and returns the exit code.
   */
  int run(CommandLine cli, StoreId id, StoreSimulateOptions own) {
    Model m = ModelReader.read(model);
    StoreId s = StoreChoice.of(m, id.id(), List.of(id), false, "simulate");
    Optional<Trace> t =
        Optional.ofNullable(trace).map(f -> Trace.parse(f.toString(), Input.read(f.toString())));
    // A trace runs for its own span (its last second, rounded up) unless --duration says
    // otherwise; either way the output says which, so a run never silently differs in length.
    String runFor =
        duration != null
            ? duration
            : t.map(x -> Math.max(1, x.durationSeconds()) + "s")
                .orElse(Simulations.DEFAULT_DURATION);
    SimulationSettings settings = Simulations.settings(seed, runFor, interval, mode, budget);
    long asked = Simulations.askedInterval(settings.durationSeconds(), interval);
    Progress bar =
        (progress != null ? progress : System.console() != null)
            ? new ProgressBar(cli.getErr())
            : Progress.NONE;
    SimulationResult result;
    try {
      StoreAnalysis analysis = Stores.builtIn().of(StoreChoice.design(m, s)).analyze(m);
      result = own.run(analysis, settings, t, bar);
    } catch (SetupException | WorkBudget.OverBudgetException e) {
      throw new InputException(Cli.commandLine(), e.getMessage());
    }
    result = Simulations.noteThinning(result, settings, asked);
    if (t.isPresent()) {
      result = Simulations.noteTraceSpan(result, t.get(), settings, duration != null);
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
    cli.getOut().print(text);
    cli.getOut().flush();
    return ExitCode.OK.code();
  }
}
