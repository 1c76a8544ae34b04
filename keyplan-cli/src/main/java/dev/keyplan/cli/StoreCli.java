package dev.keyplan.cli;

import dev.keyplan.cli.simulate.StoreSimulateOptions;
import dev.keyplan.cli.verify.StoreVerifyOptions;
import dev.keyplan.model.StoreId;
import java.util.Optional;

/**
 * A store's part of the command line: its own tools ({@code keyplan cassandra token}) and its
 * options of {@code keyplan simulate}. Listed once in {@link StoreClis}; the commands of the spine
 * iterate the list and name no store.
 */
public interface StoreCli {
  /** The store's own id ({@code cassandra}, which also runs {@code scylladb} designs). */
  StoreId id();

  /** A new instance of the store's tool command, a picocli {@code @Command}, if it has one. */
  Optional<Object> tools();

  /**
   * New options of {@code keyplan simulate ID} for store id {@code id} (the store's own id or a
   * variant's), each at its default until the command line sets it.
   */
  StoreSimulateOptions simulateOptions(StoreId id);

  /**
   * The engine {@code keyplan simulate ID} simulates, in words: {@code DynamoDB's partition map}.
   */
  String engine(StoreId id);

  /** New options of {@code keyplan verify ID}, when the store has a verifier. */
  Optional<StoreVerifyOptions> verifyOptions();
}
