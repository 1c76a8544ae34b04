package dev.keyplan.cli.simulate;

import dev.keyplan.cli.StoreCli;
import dev.keyplan.cli.StoreClis;
import dev.keyplan.cli.StoreSubcommands;
import dev.keyplan.model.StoreId;
import dev.keyplan.store.Stores;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code keyplan simulate STORE MODEL}: runs the model's workload through a store's partitioning
 * engine. One subcommand per store id ({@link StoreSimulateCommand}), each with its own options;
 * {@code keyplan simulate MODEL [--store STORE]} is the alias that picks the subcommand.
 */
@Command(
    name = "simulate",
    mixinStandardHelpOptions = true,
    description = {
      "Runs the model's access patterns, at their rates and key spreads, through a simulated partitioning"
          + " engine, second by second: keyplan simulate STORE MODEL [OPTIONS], one subcommand per store"
          + " (keyplan simulate STORE --help lists its options). keyplan simulate MODEL [--store STORE] [OPTIONS]"
          + " runs the subcommand of --store, or of the model's only design.",
      "The same model, options and --seed give byte-identical output. See docs/simulate.md."
    })
public final class SimulateCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(
      names = "--store",
      paramLabel = "STORE",
      description = "The store's subcommand to run (default: the model's only design).")
  String store;

  @Parameters(
      paramLabel = "MODEL [OPTIONS]",
      arity = "0..*",
      description = "The workload model (YAML), e.g. examples/chat.yaml, and the store's options.")
  List<String> args = new ArrayList<>();

  /**
   * Adds one subcommand per store id to the {@code simulate} command line, each with the store's
   * own options; {@link dev.keyplan.cli.Main} does when it builds the CLI.
   */
  public static void addStores(CommandLine simulate) {
    // The alias passes a store's options through to its subcommand, which parses them; --store
    // takes a store's name although it is also a subcommand's.
    simulate.setAllowSubcommandsAsOptionParameters(true);
    simulate.setUnmatchedOptionsArePositionalParams(true);
    for (StoreId id : Stores.builtIn().ids()) {
      StoreCli c = StoreClis.of(id);
      simulate.addSubcommand(StoreSimulateCommand.of(id, c.simulateOptions(id), c.engine(id)));
    }
  }

  @Override
  public Integer call() {
    return StoreSubcommands.run(
        spec.commandLine(), store, args, Stores.builtIn().ids(), false, "simulate");
  }
}
