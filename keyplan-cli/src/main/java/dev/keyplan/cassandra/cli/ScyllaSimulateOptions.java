package dev.keyplan.cassandra.cli;

import picocli.CommandLine.Option;

/**
 * The options of {@code keyplan simulate scylladb}: Cassandra's cluster options and the shards
 * (cores) of each node, which ScyllaDB's shard-per-core engine adds; null means not given.
 */
public final class ScyllaSimulateOptions extends CassandraSimulateOptions {
  @Option(
      names = "--shards",
      paramLabel = "N",
      description = "Shards (cores) per node (default: the design's, else 8).")
  Integer shards;

  @Override
  Integer shardsPerNode() {
    return shards;
  }
}
