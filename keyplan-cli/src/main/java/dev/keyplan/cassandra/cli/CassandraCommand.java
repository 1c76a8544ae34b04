package dev.keyplan.cassandra.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code keyplan cassandra}: Cassandra and ScyllaDB key placement, the tokens, replicas and shards
 * a partition key lands on.
 */
@Command(
    name = "cassandra",
    mixinStandardHelpOptions = true,
    description =
        "Cassandra and ScyllaDB key placement: the token, replicas and shard of a"
            + " partition key, computed as the Murmur3Partitioner does.",
    subcommands = {TokenCommand.class, ReplicasCommand.class})
public final class CassandraCommand implements Runnable {
  @Spec CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getErr());
  }
}
