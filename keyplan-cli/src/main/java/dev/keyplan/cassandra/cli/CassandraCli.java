package dev.keyplan.cassandra.cli;

import dev.keyplan.cli.StoreCli;
import dev.keyplan.cli.simulate.StoreSimulateOptions;
import dev.keyplan.model.StoreId;
import java.util.Optional;

/**
 * Apache Cassandra (and ScyllaDB)'s part of the command line: {@code keyplan cassandra …} (tokens,
 * replicas, shards) and its simulate options.
 */
public final class CassandraCli implements StoreCli {
  @Override
  public StoreId id() {
    return StoreId.CASSANDRA;
  }

  @Override
  public Optional<Object> tools() {
    return Optional.of(new CassandraCommand());
  }

  @Override
  public StoreSimulateOptions simulateOptions() {
    return new CassandraSimulateOptions();
  }
}
