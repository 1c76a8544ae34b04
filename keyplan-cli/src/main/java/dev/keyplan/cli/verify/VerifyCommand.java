package dev.keyplan.cli.verify;

import dev.keyplan.cli.StoreCli;
import dev.keyplan.cli.StoreClis;
import dev.keyplan.cli.StoreSubcommands;
import dev.keyplan.model.StoreId;
import dev.keyplan.store.Stores;
import dev.keyplan.verify.StoreVerifier;
import dev.keyplan.verify.Verifiers;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code keyplan verify STORE MODEL}: the design on a real engine, predictions against
 * measurements. One subcommand per store with a verifier ({@link StoreVerifyCommand}); {@code
 * keyplan verify MODEL [--store STORE]} is the alias that picks the subcommand.
 */
@Command(
    name = "verify",
    mixinStandardHelpOptions = true,
    description = {
      "Applies the model's design to a real engine, loads data shaped by the model's spreads, runs every"
          + " access pattern through the official driver, and prints keyplan's predictions beside what the"
          + " engine measured: keyplan verify STORE MODEL [OPTIONS], one subcommand per store (keyplan verify"
          + " STORE --help lists its options and credentials). keyplan verify MODEL [--store STORE] [OPTIONS]"
          + " runs the subcommand of --store, or of the model's only design.",
      "Credentials come from environment variables or --credentials FILE, never the command line."
          + " See docs/verify.md."
    })
public final class VerifyCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(
      names = "--store",
      paramLabel = "STORE",
      description = "The store's subcommand to run (default: the model's only design).")
  String store;

  @Parameters(
      paramLabel = "MODEL [OPTIONS]",
      arity = "0..*",
      description = "The workload model (YAML) and the store's options.")
  List<String> args = new ArrayList<>();

  /** The stores with a subcommand, in the registry's order. */
  private final List<StoreId> stores = new ArrayList<>();

  /**
   * Adds one subcommand per store with a verifier to the {@code verify} command line; {@link
   * dev.keyplan.cli.Main} does when it builds the CLI.
   */
  public static void addStores(CommandLine verify) {
    VerifyCommand command = verify.getCommand();
    // The alias passes a store's options through to its subcommand, which parses them; --store
    // takes a store's name although it is also a subcommand's.
    verify.setAllowSubcommandsAsOptionParameters(true);
    verify.setUnmatchedOptionsArePositionalParams(true);
    for (StoreCli c : StoreClis.all()) {
      Class<?> analysis = Stores.builtIn().owning(c.id()).analysisType();
      Optional<StoreVerifier<?>> verifier =
          Verifiers.all().stream().filter(v -> v.analysisType().equals(analysis)).findFirst();
      if (verifier.isEmpty()) {
        continue;
      }
      StoreVerifyOptions options =
          c.verifyOptions()
              .orElseThrow(
                  () ->
                      new IllegalStateException(c.id() + " has a verifier but no verify options"));
      String credentials = String.join(", ", verifier.get().credentialKeys());
      verify.addSubcommand(
          StoreVerifyCommand.of(c.id(), options, credentials.isEmpty() ? "none" : credentials));
      command.stores.add(c.id());
    }
  }

  @Override
  public Integer call() {
    return StoreSubcommands.run(spec.commandLine(), store, args, stores, true, "verify");
  }
}
