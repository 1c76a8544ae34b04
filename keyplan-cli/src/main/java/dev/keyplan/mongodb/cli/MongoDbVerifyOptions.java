package dev.keyplan.mongodb.cli;

import dev.keyplan.cli.verify.StoreVerifyOptions;
import dev.keyplan.verify.VerifyOptions;
import picocli.CommandLine.Command;

/**
 * The options of {@code keyplan verify mongodb}: none of its own. The deployment is named by the
 * connection string in {@code KEYPLAN_MONGODB_URI} or the credentials file, never the command line,
 * since a URI may hold a password. An empty mixin, so picocli refuses {@code --endpoint} here.
 */
@Command
public final class MongoDbVerifyOptions implements StoreVerifyOptions {
  @Override
  public VerifyOptions apply(VerifyOptions shared) {
    return shared;
  }
}
