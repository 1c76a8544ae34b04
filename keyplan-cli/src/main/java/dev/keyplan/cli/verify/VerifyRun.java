package dev.keyplan.cli.verify;

import dev.keyplan.analysis.StoreAnalysis;
import dev.keyplan.cli.Cli;
import dev.keyplan.cli.ExitCode;
import dev.keyplan.cli.StoreChoice;
import dev.keyplan.cli.simulate.ProgressBar;
import dev.keyplan.input.InputException;
import dev.keyplan.model.Model;
import dev.keyplan.model.StoreId;
import dev.keyplan.model.yaml.ModelReader;
import dev.keyplan.report.SimulationJson;
import dev.keyplan.report.SimulationText;
import dev.keyplan.simulate.Progress;
import dev.keyplan.store.Stores;
import dev.keyplan.verify.Credentials;
import dev.keyplan.verify.LoadBudget;
import dev.keyplan.verify.Verifiers;
import dev.keyplan.verify.VerifyException;
import dev.keyplan.verify.VerifyOptions;
import dev.keyplan.verify.VerifyResult;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The options every store's {@code keyplan verify STORE} takes (a picocli mixin), and the run they
 * set up once the store's own options are known.
 */
public final class VerifyRun {
  enum Format {
    text,
    json
  }

  @Parameters(index = "0", paramLabel = "MODEL", description = "The workload model (YAML).")
  Path model;

  @Option(
      names = "--prefix",
      paramLabel = "NAME",
      defaultValue = VerifyOptions.DEFAULT_PREFIX,
      description =
          "Prefix of every keyspace, table or database created (default: ${DEFAULT-VALUE}).")
  String prefix;

  @Option(
      names = "--reuse",
      description =
          "Work in a namespace that already exists (only what this run creates is dropped).")
  boolean reuse;

  @Option(names = "--keep", description = "Leave what this run created in place.")
  boolean keep;

  @Option(
      names = "--max-rows",
      paramLabel = "N",
      description =
          "Most rows loaded into the busiest partition; its predicted rows are scaled down to fit"
              + " (default: "
              + VerifyOptions.DEFAULT_MAX_ROWS
              + "; "
              + VerifyOptions.FAST_MAX_ROWS
              + " with --fast).")
  Integer maxRows;

  @Option(
      names = "--samples",
      paramLabel = "N",
      description =
          "Requests per pattern and key for the latency percentiles (default: "
              + VerifyOptions.DEFAULT_SAMPLES
              + "; "
              + VerifyOptions.FAST_SAMPLES
              + " with --fast).")
  Integer samples;

  @Option(
      names = "--fast",
      description =
          "A quick run, as CI uses: fewer rows and samples (--max-rows and --samples still win)."
              + " Every figure is still compared; latency percentiles of 2 samples are rough.")
  boolean fast;

  @Option(
      names = "--tls",
      description = "Connect with TLS, trusting the JVM's trust store (javax.net.ssl.trustStore).")
  boolean tls;

  @Option(
      names = "--credentials",
      paramLabel = "FILE",
      description = "A properties file with the credentials, instead of environment variables.")
  Path credentials;

  @Option(
      names = "--seed",
      paramLabel = "N",
      defaultValue = "1",
      description = "Seed of the generated data (default: ${DEFAULT-VALUE}).")
  long seed;

  @Option(
      names = "--format",
      paramLabel = "FORMAT",
      defaultValue = "text",
      description = "text or json (default: ${DEFAULT-VALUE}).")
  Format format = Format.text;

  @Option(
      names = "--load-budget",
      paramLabel = "ROWS",
      description =
          "Refuse to load more than ROWS rows, estimated before the engine is reached (default: "
              + LoadBudget.DEFAULT_ROWS
              + ", about 11 minutes at the measured load rate; see docs/reliability.md,"
              + " Verify loading).")
  Long loadBudget;

  @Option(
      names = "--progress",
      negatable = true,
      description = "Draw a progress bar on stderr (default: when stderr is a terminal).")
  Boolean progress;

  /**
   * Verifies the model's design for store {@code id} with the store's options {@code own}, prints
   * predictions beside measurements to {@code cli}'s output and returns the exit code: findings
   * when a measurement disagrees with its prediction.
   */
  int run(CommandLine cli, StoreId id, StoreVerifyOptions own) {
    Model m = ModelReader.read(model);
    StoreId s = StoreChoice.of(m, id.id(), List.of(id), true, "verify");
    StoreAnalysis analysis;
    Optional<VerifyResult> recorded;
    try {
      analysis = Stores.builtIn().of(StoreChoice.design(m, s)).analyze(m);
      recorded = own.recorded(analysis);
    } catch (IllegalArgumentException e) {
      throw new InputException(Cli.commandLine(), e.getMessage());
    }
    if (recorded.isPresent()) {
      // Measurements the user recorded (--from-explain): no engine, credentials or namespace.
      return print(cli, recorded.get());
    }
    VerifyOptions options;
    Credentials creds;
    try {
      options =
          own.apply(
              new VerifyOptions(
                  Optional.empty(),
                  prefix,
                  reuse,
                  keep,
                  maxRows != null
                      ? maxRows
                      : fast ? VerifyOptions.FAST_MAX_ROWS : VerifyOptions.DEFAULT_MAX_ROWS,
                  samples != null
                      ? samples
                      : fast ? VerifyOptions.FAST_SAMPLES : VerifyOptions.DEFAULT_SAMPLES,
                  tls,
                  Optional.ofNullable(credentials),
                  seed,
                  Optional.empty(),
                  Optional.empty()));
      creds = Credentials.load(options.credentialsFile(), System.getenv());
      // Refused before the engine is reached: the estimate needs only the analysis and options.
      if (loadBudget != null && loadBudget < 1) {
        throw new IllegalArgumentException(
            "--load-budget expects a whole number of rows of at least 1, not " + loadBudget);
      }
      LoadBudget.check(
          Verifiers.loadEstimate(analysis, options),
          loadBudget != null ? loadBudget : LoadBudget.DEFAULT_ROWS);
    } catch (IllegalArgumentException e) {
      throw new InputException(Cli.commandLine(), e.getMessage());
    }
    Progress bar =
        (progress != null ? progress : System.console() != null)
            ? new ProgressBar(cli.getErr(), "loading")
            : Progress.NONE;
    VerifyResult result;
    try {
      result = Verifiers.run(analysis, options, creds, bar);
    } catch (VerifyException | IllegalArgumentException e) {
      throw new InputException(Cli.commandLine(), e.getMessage());
    }
    return print(cli, result);
  }

  /** Prints {@code result} as --format says; findings when a measurement disagrees. */
  private int print(CommandLine cli, VerifyResult result) {
    String text =
        format == Format.json
            ? SimulationJson.render(result.asResult())
            : SimulationText.render(result.asResult(), "verification of ");
    cli.getOut().print(text);
    cli.getOut().flush();
    return result.mismatches() > 0 ? ExitCode.FINDINGS.code() : ExitCode.OK.code();
  }
}
