package dev.keyplan.dynamodb.cli;

import dev.keyplan.cli.verify.StoreVerifyOptions;
import dev.keyplan.verify.VerifyOptions;
import java.util.Optional;
import picocli.CommandLine.Option;

/** The options of {@code keyplan verify dynamodb}: the endpoint's URL and the signing region. */
public final class DynamoDbVerifyOptions implements StoreVerifyOptions {
  @Option(
      names = "--endpoint",
      paramLabel = "URL",
      description = "The service's URL (default: http://127.0.0.1:8000).")
  String endpoint;

  @Option(
      names = "--region",
      paramLabel = "REGION",
      description = "The signing region (default: us-east-1).")
  String region;

  @Override
  public VerifyOptions apply(VerifyOptions shared) {
    return shared.withStoreOptions(
        Optional.ofNullable(endpoint), Optional.empty(), Optional.ofNullable(region));
  }
}
