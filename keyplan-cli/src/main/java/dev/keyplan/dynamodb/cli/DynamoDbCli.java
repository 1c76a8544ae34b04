package dev.keyplan.dynamodb.cli;

import dev.keyplan.cli.StoreCli;
import dev.keyplan.cli.simulate.StoreSimulateOptions;
import dev.keyplan.cli.verify.StoreVerifyOptions;
import dev.keyplan.model.StoreId;
import java.util.Optional;

/** DynamoDB's part of the command line: {@code keyplan dynamodb …} and its simulate options. */
public final class DynamoDbCli implements StoreCli {
  @Override
  public StoreId id() {
    return StoreId.DYNAMODB;
  }

  @Override
  public Optional<Object> tools() {
    return Optional.of(new DynamoDbCommand());
  }

  @Override
  public StoreSimulateOptions simulateOptions(StoreId id) {
    return new DynamoDbSimulateOptions();
  }

  @Override
  public String engine(StoreId id) {
    return "DynamoDB's partition map, adaptive capacity and burst";
  }

  @Override
  public Optional<StoreVerifyOptions> verifyOptions() {
    return Optional.of(new DynamoDbVerifyOptions());
  }
}
