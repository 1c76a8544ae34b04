package dev.keyplan.cli.verify;

import dev.keyplan.model.StoreId;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code keyplan verify STORE MODEL}: one store's verification on its real engine, with the options
 * every store takes ({@link VerifyRun}) and the store's own ({@link StoreVerifyOptions}), and no
 * other store's. Built by {@link VerifyCommand#addStores}, one per store with a verifier.
 */
@Command(mixinStandardHelpOptions = true)
public final class StoreVerifyCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Mixin VerifyRun run;

  private final StoreId id;
  private final StoreVerifyOptions own;

  private StoreVerifyCommand(StoreId id, StoreVerifyOptions own) {
    this.id = id;
    this.own = own;
  }

  /**
   * Returns the command line of store {@code id}'s subcommand, named by the id, with the store's
   * options {@code own}; {@code credentials} names the environment variables the verifier reads.
   */
  static CommandLine of(StoreId id, StoreVerifyOptions own, String credentials) {
    CommandLine cli = new CommandLine(new StoreVerifyCommand(id, own));
    cli.getCommandSpec().name(id.id());
    cli.addMixin(id.id(), own);
    cli.getCommandSpec()
        .usageMessage()
        .description(
            "Applies the model's "
                + id.displayName()
                + " design to a real engine in a namespace of its own (default prefix"
                + " keyplan_verify_), loads data shaped by the model's spreads, runs every access"
                + " pattern through the official driver, and prints keyplan's predictions beside"
                + " what the engine measured, with the ratio. It refuses to touch anything that"
                + " exists unless --reuse, and drops what it created unless --keep.",
            "Credentials come from environment variables or --credentials FILE, never the command"
                + " line: "
                + credentials
                + ". See docs/verify.md.");
    return cli;
  }

  @Override
  public Integer call() {
    return run.run(spec.commandLine(), id, own);
  }
}
