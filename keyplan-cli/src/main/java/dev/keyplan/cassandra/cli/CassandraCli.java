package dev.keyplan.cassandra.cli;

import dev.keyplan.cli.StoreCli;
import dev.keyplan.cli.simulate.StoreSimulateOptions;
import dev.keyplan.cli.verify.StoreVerifyOptions;
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
  public StoreSimulateOptions simulateOptions(StoreId id) {
    return id.equals(StoreId.SCYLLADB)
        ? new ScyllaSimulateOptions()
        : new CassandraSimulateOptions();
  }

  @Override
  public String engine(StoreId id) {
    return id.equals(StoreId.SCYLLADB)
        ? "ScyllaDB's token ring and shards"
        : "Cassandra's token ring";
  }

  @Override
  public Optional<StoreVerifyOptions> verifyOptions() {
    return Optional.of(new CassandraVerifyOptions());
  }
}
