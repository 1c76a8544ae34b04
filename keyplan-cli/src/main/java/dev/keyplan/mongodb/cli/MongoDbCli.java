package dev.keyplan.mongodb.cli;

import dev.keyplan.cli.StoreCli;
import dev.keyplan.cli.simulate.StoreSimulateOptions;
import dev.keyplan.model.StoreId;
import java.util.Optional;

/** MongoDB's part of the command line: {@code keyplan mongodb …} and its simulate options. */
public final class MongoDbCli implements StoreCli {
  @Override
  public StoreId id() {
    return StoreId.MONGODB;
  }

  @Override
  public Optional<Object> tools() {
    return Optional.of(new MongoDbCommand());
  }

  @Override
  public StoreSimulateOptions simulateOptions() {
    return new MongoDbSimulateOptions();
  }
}
