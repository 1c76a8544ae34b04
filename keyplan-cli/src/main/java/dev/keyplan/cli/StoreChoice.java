package dev.keyplan.cli;

import dev.keyplan.input.InputException;
import dev.keyplan.model.Model;
import dev.keyplan.model.StoreDesign;
import dev.keyplan.model.StoreId;
import dev.keyplan.store.Stores;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Which of a model's store designs a command works on: the one {@code --store} names, which the
 * model must have, or the model's only design. Shared by the commands that run one store at a time.
 */
public final class StoreChoice {
  private StoreChoice() {}

  /**
   * Returns the store to use.
   *
   * @param option the {@code --store} value, or null
   * @param allowed the stores the command knows, in the order its messages list them
   * @param variantsAsTheirStore a variant's design counts as its store's ({@code scylladb} as
   *     {@code cassandra}: verify runs both on Cassandra)
   * @param verb what the command does, for the message when the model has no design
   */
  public static StoreId of(
      Model m, String option, List<StoreId> allowed, boolean variantsAsTheirStore, String verb) {
    List<StoreId> designs = designs(m, variantsAsTheirStore);
    if (option == null) {
      if (designs.size() != 1) {
        throw new InputException(
            Cli.commandLine(),
            designs.isEmpty()
                ? "the model has no store design to " + verb + " (" + sections() + ")"
                : "the model has designs for " + ids(designs) + ": choose one with --store");
      }
      return designs.get(0);
    }
    StoreId chosen = named(option, allowed);
    String s = chosen.id();
    if (!designs.contains(chosen)) {
      throw new InputException(
          Cli.commandLine(),
          "the model has no "
              + s
              + " design"
              + (designs.isEmpty() ? "" : " (it has: " + ids(designs) + ")"));
    }
    return chosen;
  }

  /** Returns the store {@code option} names among {@code allowed}, in any case. */
  public static StoreId named(String option, List<StoreId> allowed) {
    String s = option.toLowerCase(Locale.ROOT);
    List<String> names = allowed.stream().map(StoreId::id).toList();
    if (!names.contains(s)) {
      throw new InputException(
          Cli.commandLine(),
          "--store must be "
              + String.join(", ", names.subList(0, names.size() - 1))
              + " or "
              + names.get(names.size() - 1)
              + ", not "
              + option);
    }
    return allowed.get(names.indexOf(s));
  }

  /** Returns the stores the model has a design for, in the model's order (the registry's). */
  public static List<StoreId> designs(Model m, boolean variantsAsTheirStore) {
    List<StoreId> out = new ArrayList<>();
    for (StoreDesign d : m.designs()) {
      out.add(variantsAsTheirStore ? Stores.builtIn().of(d).id() : d.store());
    }
    return out;
  }

  /** Returns the design of store {@code id} (or of the store that has {@code id} as a variant). */
  public static StoreDesign design(Model m, StoreId id) {
    return m.designs().stream()
        .filter(d -> d.store().equals(id) || Stores.builtIn().of(d).id().equals(id))
        .findFirst()
        .orElseThrow(() -> new IllegalStateException("the model has no " + id + " design"));
  }

  private static String ids(List<StoreId> ids) {
    return String.join(", ", ids.stream().map(StoreId::id).toList());
  }

  /** {@code cassandra:, scylladb:, dynamodb: or mongodb:} */
  private static String sections() {
    List<String> keys = Stores.builtIn().ids().stream().map(id -> id.id() + ":").toList();
    return String.join(", ", keys.subList(0, keys.size() - 1)) + " or " + keys.get(keys.size() - 1);
  }
}
