package dev.keyplan.cassandra.verify;

import static org.junit.jupiter.api.Assertions.fail;

import com.datastax.oss.driver.api.core.CqlSession;
import dev.keyplan.model.Model;
import dev.keyplan.model.yaml.ModelReader;
import dev.keyplan.verify.Credentials;
import dev.keyplan.verify.VerifyOptions;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;

/**
 * The real Cassandra the integration tests use: {@code KEYPLAN_CASSANDRA_ENDPOINT} (host:port),
 * started by scripts/engines/cassandra.sh in .ci/run. Without it the tests are skipped — except
 * under CI, where a missing engine is a failure, so they can never be skipped unnoticed.
 */
final class LiveCassandra {
  private LiveCassandra() {}

  static String endpoint() {
    String e = System.getenv("KEYPLAN_CASSANDRA_ENDPOINT");
    if (e == null || e.isBlank()) {
      if (System.getenv("CI") != null) {
        fail(
            "CI is set but KEYPLAN_CASSANDRA_ENDPOINT is not: .ci/run must start Cassandra for these tests");
      }
      Assumptions.abort("KEYPLAN_CASSANDRA_ENDPOINT is not set: no Cassandra to verify against");
    }
    return e;
  }

  static VerifyOptions options() {
    return VerifyOptions.defaults()
        .withEndpoint(endpoint())
        .withScale(500, 3)
        .withPrefix(prefix(VerifyOptions.DEFAULT_PREFIX));
  }

  /**
   * The keyspace prefix a test uses: {@code KEYPLAN_TEST_PREFIX} when set, so that people sharing
   * one Cassandra can run these tests at once without dropping each other's keyspaces; else {@code
   * fallback}.
   */
  static String prefix(String fallback) {
    String p = System.getenv("KEYPLAN_TEST_PREFIX");
    return p == null || p.isBlank() ? fallback : p;
  }

  static CqlSession session() {
    return CqlConnection.open(options(), Credentials.none());
  }

  static Model example(String name) {
    return ModelReader.read(Path.of("examples", name));
  }
}
