package dev.keyplan.cli;

import dev.keyplan.input.InputException;
import dev.keyplan.model.Model;
import dev.keyplan.model.StoreId;
import dev.keyplan.model.yaml.ModelReader;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine;

/**
 * The {@code --store} alias of a command whose real work is done by one subcommand per store:
 * {@code keyplan simulate MODEL --store dynamodb --rcu 500} runs {@code keyplan simulate dynamodb
 * MODEL --rcu 500}, and without {@code --store} the subcommand of the model's only design. The
 * store's subcommand then parses every option itself, so an option of another store is refused by
 * picocli as unknown, as it is when the subcommand is named.
 */
public final class StoreSubcommands {
  private StoreSubcommands() {}

  /**
   * Runs the subcommand of the chosen store on {@code args} and returns its exit code.
   *
   * @param command the command whose subcommands are the stores ({@code simulate}, {@code verify})
   * @param store the {@code --store} value, or null for the model's only design
   * @param args every other argument, in the order given
   * @param allowed the stores that have a subcommand, in the order messages list them
   * @param variantsAsTheirStore a variant's design counts as its store's (see {@link StoreChoice})
   * @param verb what the command does, for the message when the model has no design
   */
  public static int run(
      CommandLine command,
      String store,
      List<String> args,
      List<StoreId> allowed,
      boolean variantsAsTheirStore,
      String verb) {
    Path model =
        modelArgument(command, args)
            .orElseThrow(
                () ->
                    new InputException(
                        Cli.commandLine(),
                        "expected the model: keyplan "
                            + command.getCommandName()
                            + " STORE MODEL [OPTIONS] or keyplan "
                            + command.getCommandName()
                            + " MODEL --store STORE [OPTIONS]"));
    StoreId chosen;
    if (store == null) {
      Model m = ModelReader.read(model);
      chosen = StoreChoice.of(m, null, allowed, variantsAsTheirStore, verb);
    } else {
      chosen = StoreChoice.named(store, allowed);
    }
    CommandLine sub = command.getSubcommands().get(chosen.id());
    return sub.execute(args.toArray(String[]::new));
  }

  /**
   * Returns the first argument that is neither an option nor an option's value: the model. An
   * option's arity is read from the store subcommands, which hold every option the command takes.
   */
  static Optional<Path> modelArgument(CommandLine command, List<String> args) {
    for (int i = 0; i < args.size(); i++) {
      String a = args.get(i);
      if (a.equals("--")) {
        return i + 1 < args.size() ? Optional.of(Path.of(args.get(i + 1))) : Optional.empty();
      }
      if (!a.startsWith("-") || a.equals("-")) {
        return Optional.of(Path.of(a));
      }
      if (!a.contains("=") && takesValue(command, a)) {
        i++;
      }
    }
    return Optional.empty();
  }

  private static boolean takesValue(CommandLine command, String name) {
    return command.getSubcommands().values().stream()
        .map(sub -> sub.getCommandSpec().findOption(name))
        .anyMatch(o -> o != null && o.arity().max() > 0);
  }
}
