package dev.keyplan.dynamodb.cli;

import dev.keyplan.cli.StoreCli;
import dev.keyplan.cli.simulate.StoreSimulateOptions;
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
  public StoreSimulateOptions simulateOptions() {
    return new DynamoDbSimulateOptions();
  }
}
