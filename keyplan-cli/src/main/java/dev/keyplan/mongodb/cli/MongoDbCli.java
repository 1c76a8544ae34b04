package dev.keyplan.mongodb.cli;

import dev.keyplan.cli.StoreCli;
import dev.keyplan.cli.simulate.StoreSimulateOptions;
import dev.keyplan.cli.verify.StoreVerifyOptions;
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
  public StoreSimulateOptions simulateOptions(StoreId id) {
    return new MongoDbSimulateOptions();
  }

  @Override
  public String engine(StoreId id) {
    return "MongoDB's chunks, balancer and shards";
  }

  @Override
  public Optional<StoreVerifyOptions> verifyOptions() {
    return Optional.of(new MongoDbVerifyOptions());
  }
}
