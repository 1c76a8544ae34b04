package dev.keyplan.cli.simulate;

import dev.keyplan.model.StoreId;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code keyplan simulate STORE MODEL}: one store's simulation, with the options every store takes
 * ({@link SimulateRun}) and the store's own ({@link StoreSimulateOptions}), and no other store's:
 * picocli refuses those as unknown options. Built by {@link SimulateCommand#addStores}, one per
 * store id.
 */
@Command(mixinStandardHelpOptions = true)
public final class StoreSimulateCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Mixin SimulateRun run;

  private final StoreId id;
  private final StoreSimulateOptions own;

  private StoreSimulateCommand(StoreId id, StoreSimulateOptions own) {
    this.id = id;
    this.own = own;
  }

  /**
   * Returns the command line of store {@code id}'s subcommand, named by the id, with the store's
   * options {@code own} and a description naming the engine simulated.
   */
  static CommandLine of(StoreId id, StoreSimulateOptions own, String engine) {
    CommandLine cli = new CommandLine(new StoreSimulateCommand(id, own));
    cli.getCommandSpec().name(id.id());
    cli.addMixin(id.id(), own);
    cli.getCommandSpec()
        .usageMessage()
        .description(
            "Runs the model's "
                + id.displayName()
                + " design through a simulation of "
                + engine
                + ", second by second, at the patterns' rates and key spreads. Prints what the run"
                + " shows and the settings used; --format json adds the time series, --format csv"
                + " is the time series alone.",
            "The same model, options and --seed give byte-identical output. See docs/simulate.md.");
    return cli;
  }

  @Override
  public Integer call() {
    return run.run(spec.commandLine(), id, own);
  }
}
