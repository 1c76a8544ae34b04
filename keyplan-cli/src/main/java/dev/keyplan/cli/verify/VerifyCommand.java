package dev.keyplan.cli.verify;

import dev.keyplan.analysis.StoreAnalysis;
import dev.keyplan.cli.Cli;
import dev.keyplan.cli.ExitCode;
import dev.keyplan.cli.StoreChoice;
import dev.keyplan.input.InputException;
import dev.keyplan.model.Model;
import dev.keyplan.model.StoreId;
import dev.keyplan.model.yaml.ModelReader;
import dev.keyplan.report.SimulationJson;
import dev.keyplan.report.SimulationText;
import dev.keyplan.simulate.Progress;
import dev.keyplan.store.Store;
import dev.keyplan.store.Stores;
import dev.keyplan.verify.Credentials;
import dev.keyplan.verify.Verifiers;
import dev.keyplan.verify.VerifyException;
import dev.keyplan.verify.VerifyOptions;
import dev.keyplan.verify.VerifyResult;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code keyplan verify MODEL --store S}: the design on a real engine, predictions against
 * measurements.
 */
@Command(
    name = "verify",
    mixinStandardHelpOptions = true,
    description = {
      "Applies the model's design to a real engine in a namespace of its own (a keyspace, table prefix or"
          + " database it creates; default prefix keyplan_verify_), loads data shaped by the model's spreads,"
          + " runs every access pattern through the official driver, and prints keyplan's predictions beside"
          + " what the engine measured, with the ratio. It refuses to touch anything that exists unless"
          + " --reuse, and drops what it created unless --keep.",
      "Credentials come from environment variables or --credentials FILE, never the command line:"
          + " KEYPLAN_CASSANDRA_USERNAME/PASSWORD, AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, KEYPLAN_MONGODB_URI."
          + " See docs/verify.md."
    })
public final class VerifyCommand implements Callable<Integer> {
  enum Format {
    text,
    json
  }

  @Spec CommandSpec spec;

  @Parameters(index = "0", paramLabel = "MODEL", description = "The workload model (YAML).")
  Path model;

  @Option(
      names = "--store",
      paramLabel = "STORE",
      description = "cassandra, dynamodb or mongodb (default: the model's only design).")
  String store;

  @Option(
      names = "--endpoint",
      paramLabel = "ADDRESS",
      description =
          "Cassandra host:port (default 127.0.0.1:9042), DynamoDB URL (default http://127.0.0.1:8000). MongoDB takes KEYPLAN_MONGODB_URI.")
  String endpoint;

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
      defaultValue = "" + VerifyOptions.DEFAULT_MAX_ROWS,
      description =
          "Most rows loaded into the busiest partition; its predicted rows are scaled down to fit (default: ${DEFAULT-VALUE}).")
  int maxRows;

  @Option(
      names = "--samples",
      paramLabel = "N",
      defaultValue = "" + VerifyOptions.DEFAULT_SAMPLES,
      description =
          "Requests per pattern and key for the latency percentiles (default: ${DEFAULT-VALUE}).")
  int samples;

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
      names = "--local-dc",
      paramLabel = "DC",
      description = "Cassandra: the driver's local datacenter (default: the contact point's).")
  String localDc;

  @Option(
      names = "--region",
      paramLabel = "REGION",
      description = "DynamoDB: the signing region (default: us-east-1).")
  String region;

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
      names = "--progress",
      negatable = true,
      description = "Draw a progress bar on stderr (default: when stderr is a terminal).")
  Boolean progress;

  @Override
  public Integer call() {
    Model m = ModelReader.read(model);
    StoreId s = StoreChoice.of(m, store, verifiable(), true, "verify");
    VerifyOptions options;
    Credentials creds;
    try {
      options =
          new VerifyOptions(
              Optional.ofNullable(endpoint),
              prefix,
              reuse,
              keep,
              maxRows,
              samples,
              tls,
              Optional.ofNullable(credentials),
              seed,
              Optional.ofNullable(localDc),
              Optional.ofNullable(region));
      creds = Credentials.load(options.credentialsFile(), System.getenv());
    } catch (IllegalArgumentException e) {
      throw new InputException(Cli.commandLine(), e.getMessage());
    }
    Progress bar =
        (progress != null ? progress : System.console() != null)
            ? new dev.keyplan.cli.simulate.ProgressBar(spec.commandLine().getErr(), "loading")
            : Progress.NONE;
    VerifyResult result;
    try {
      StoreAnalysis analysis = Stores.builtIn().of(StoreChoice.design(m, s)).analyze(m);
      result = Verifiers.run(analysis, options, creds, bar);
    } catch (VerifyException | IllegalArgumentException e) {
      throw new InputException(Cli.commandLine(), e.getMessage());
    }
    String text =
        format == Format.json
            ? SimulationJson.render(result.asResult())
            : SimulationText.render(result.asResult(), "verification of ");
    spec.commandLine().getOut().print(text);
    spec.commandLine().getOut().flush();
    return result.mismatches() > 0 ? ExitCode.FINDINGS.code() : ExitCode.OK.code();
  }

  /** The stores keyplan verifies, by their own ids: those whose analysis has a verifier. */
  private static List<StoreId> verifiable() {
    return Stores.builtIn().all().stream()
        .filter(
            st ->
                Verifiers.all().stream().anyMatch(v -> v.analysisType().equals(st.analysisType())))
        .map(Store::id)
        .toList();
  }
}
