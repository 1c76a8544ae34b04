package dev.keyplan.cassandra.cli;

import dev.keyplan.cli.verify.StoreVerifyOptions;
import dev.keyplan.verify.VerifyOptions;
import java.util.Optional;
import picocli.CommandLine.Option;

/** The options of {@code keyplan verify cassandra}: where the cluster listens, its local DC. */
public final class CassandraVerifyOptions implements StoreVerifyOptions {
  @Option(
      names = "--endpoint",
      paramLabel = "HOST:PORT",
      description = "A contact point of the cluster (default: 127.0.0.1:9042).")
  String endpoint;

  @Option(
      names = "--local-dc",
      paramLabel = "DC",
      description = "The driver's local datacenter (default: the contact point's).")
  String localDc;

  @Override
  public VerifyOptions apply(VerifyOptions shared) {
    return shared.withStoreOptions(
        Optional.ofNullable(endpoint), Optional.ofNullable(localDc), Optional.empty());
  }
}
