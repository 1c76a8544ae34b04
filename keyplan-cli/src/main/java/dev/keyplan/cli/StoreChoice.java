package dev.keyplan.cli;

import dev.keyplan.cassandra.model.CassandraDesign;
import dev.keyplan.dynamodb.model.DynamoDbDesign;
import dev.keyplan.input.InputException;
import dev.keyplan.model.Model;
import dev.keyplan.mongodb.model.MongoDbDesign;
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
   * @param scyllaAsCassandra a {@code scylladb:} design counts as {@code cassandra} (verify runs
   *     both on Cassandra)
   * @param verb what the command does, for the message when the model has no design
   */
  public static String of(Model m, String option, List<String> allowed, boolean scyllaAsCassandra, String verb) {
    List<String> designs = designs(m, scyllaAsCassandra);
    if (option == null) {
      if (designs.size() != 1) {
        throw new InputException(Cli.commandLine(), designs.isEmpty()
            ? "the model has no store design to " + verb + " (cassandra:, scylladb:, dynamodb: or mongodb:)"
            : "the model has designs for " + String.join(", ", designs) + ": choose one with --store");
      }
      return designs.get(0);
    }
    String s = option.toLowerCase(Locale.ROOT);
    if (!allowed.contains(s)) {
      throw new InputException(Cli.commandLine(), "--store must be "
          + String.join(", ", allowed.subList(0, allowed.size() - 1)) + " or " + allowed.get(allowed.size() - 1)
          + ", not " + option);
    }
    if (!designs.contains(s)) {
      throw new InputException(Cli.commandLine(), "the model has no " + s + " design"
          + (designs.isEmpty() ? "" : " (it has: " + String.join(", ", designs) + ")"));
    }
    return s;
  }

  /** Returns the stores the model has a design for, in the model's fixed order (Cassandra/ScyllaDB, DynamoDB, MongoDB). */
  public static List<String> designs(Model m, boolean scyllaAsCassandra) {
    List<String> designs = new ArrayList<>();
    m.design(CassandraDesign.class).ifPresent(c -> designs.add(scyllaAsCassandra ? "cassandra" : c.engine()));
    m.design(DynamoDbDesign.class).ifPresent(d -> designs.add("dynamodb"));
    m.design(MongoDbDesign.class).ifPresent(d -> designs.add("mongodb"));
    return designs;
  }
}
