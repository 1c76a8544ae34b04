package dev.keyplan.cli;

import dev.keyplan.cassandra.cli.CassandraCli;
import dev.keyplan.dynamodb.cli.DynamoDbCli;
import dev.keyplan.model.StoreId;
import dev.keyplan.mongodb.cli.MongoDbCli;
import dev.keyplan.store.Stores;
import java.util.List;

/** Each store's part of the command line, one line per store, sorted: the CLI module's registry. */
public final class StoreClis {
  private static final List<StoreCli> ALL =
      List.of(
          // keep-sorted start
          new CassandraCli(), new DynamoDbCli(), new MongoDbCli()
          // keep-sorted end
          );

  private StoreClis() {}

  /** Returns every store's command-line part. */
  public static List<StoreCli> all() {
    return ALL;
  }

  /**
   * Returns the part of the store that reads section {@code id} ({@code scylladb} is Cassandra's).
   */
  public static StoreCli of(StoreId id) {
    StoreId own = Stores.builtIn().owning(id).id();
    return ALL.stream()
        .filter(c -> c.id().equals(own))
        .findFirst()
        .orElseThrow(() -> new IllegalStateException("no command-line part for " + own));
  }
}
