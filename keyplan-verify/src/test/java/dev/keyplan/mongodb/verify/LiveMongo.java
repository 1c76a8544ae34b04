package dev.keyplan.mongodb.verify;

import static org.junit.jupiter.api.Assertions.fail;

import dev.keyplan.verify.Credentials;
import dev.keyplan.verify.VerifyOptions;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;

/**
 * The real MongoDB the integration tests use: {@code KEYPLAN_MONGODB_URI} (a mongod, or a mongos
 * for the sharding tests). Without it the tests are skipped, except under CI, where a missing
 * server fails them, so they are never skipped unnoticed; a CI that has no MongoDB at all (these
 * machines cannot install one) says so by setting {@code KEYPLAN_NO_MONGODB} to its reason, which
 * the skip then shows.
 */
final class LiveMongo {
  private LiveMongo() {}

  static String uri() {
    String uri = System.getenv(MongoDbVerifier.URI);
    if (uri == null || uri.isBlank()) {
      String none = System.getenv("KEYPLAN_NO_MONGODB");
      if (System.getenv("CI") != null && (none == null || none.isBlank())) {
        fail(
            "CI is set but "
                + MongoDbVerifier.URI
                + " is not: point it at a MongoDB server, or set KEYPLAN_NO_MONGODB"
                + " to the reason this CI has none");
      }
      Assumptions.abort(
          MongoDbVerifier.URI
              + " is not set: no MongoDB to verify against"
              + (none == null || none.isBlank() ? "" : " (" + none + ")"));
    }
    return uri;
  }

  static Credentials credentials() {
    return Credentials.load(Optional.empty(), Map.of(MongoDbVerifier.URI, uri()));
  }

  static VerifyOptions options() {
    return VerifyOptions.defaults().withScale(500, 3);
  }

  static DriverGateway gateway() {
    return DriverGateway.open(options(), credentials());
  }

  static boolean mongos(MongoGateway g) {
    return MongoDbVerifier.mongos(g);
  }
}
