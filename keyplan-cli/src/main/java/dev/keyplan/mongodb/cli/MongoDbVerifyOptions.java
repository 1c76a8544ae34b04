package dev.keyplan.mongodb.cli;

import dev.keyplan.analysis.StoreAnalysis;
import dev.keyplan.cli.verify.StoreVerifyOptions;
import dev.keyplan.mongodb.design.MongoDbAnalysis;
import dev.keyplan.mongodb.verify.MongoDbFromExplain;
import dev.keyplan.verify.VerifyOptions;
import dev.keyplan.verify.VerifyResult;
import java.nio.file.Path;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The options of {@code keyplan verify mongodb}. The deployment is named by the connection string
 * in {@code KEYPLAN_MONGODB_URI} or the credentials file, never the command line, since a URI may
 * hold a password, so picocli refuses {@code --endpoint} here. {@code --from-explain FILE} compares
 * keyplan's plans with {@code explain("executionStats")} output the user pasted, with no server
 * ({@link MongoDbFromExplain}; docs/verify-mongodb.md).
 */
@Command
public final class MongoDbVerifyOptions implements StoreVerifyOptions {
  @Option(
      names = "--from-explain",
      paramLabel = "FILE",
      description =
          "Compare keyplan's plan of each read pattern with explain(\"executionStats\") output"
              + " pasted into FILE (one document, an array, several, or {\"pattern id\": explain,"
              + " …}), with no server: no URI, database or data is used.")
  Path fromExplain;

  @Override
  public VerifyOptions apply(VerifyOptions shared) {
    return shared;
  }

  @Override
  public Optional<VerifyResult> recorded(StoreAnalysis analysis) {
    return Optional.ofNullable(fromExplain)
        .map(f -> MongoDbFromExplain.run((MongoDbAnalysis) analysis, f));
  }
}
