package dev.keyplan.cassandra.verify;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.CqlSessionBuilder;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import dev.keyplan.verify.Credentials;
import dev.keyplan.verify.VerifyException;
import dev.keyplan.verify.VerifyOptions;
import java.net.InetSocketAddress;
import java.time.Duration;

/**
 * Opens the driver session (Apache Cassandra Java driver 4.19): contact point from the endpoint,
 * local datacenter from the options or inferred from the contact point ({@code
 * DcInferringLoadBalancingPolicy}), user and password from the credentials, TLS with the JVM's
 * default trust store. A failure names the endpoint, never a credential.
 */
final class CqlConnection {
  private CqlConnection() {}

  static final String DEFAULT_ENDPOINT = "127.0.0.1:9042";

  static InetSocketAddress address(String endpoint) {
    int colon = endpoint.lastIndexOf(':');
    String host = colon >= 0 ? endpoint.substring(0, colon) : endpoint;
    int port = 9042;
    if (colon >= 0) {
      try {
        port = Integer.parseInt(endpoint.substring(colon + 1));
      } catch (NumberFormatException e) {
        port = -1;
      }
    }
    // No host (":9042") or a port outside TCP's 1–65535 is refused here: the driver would spend
    // seconds resolving a host named ":9042" before "cannot connect".
    if (host.isBlank() || port < 1 || port > 65_535) {
      throw new IllegalArgumentException(
          "--endpoint expects host:port such as 127.0.0.1:9042, not '" + endpoint + "'");
    }
    return InetSocketAddress.createUnresolved(host, port);
  }

  static CqlSession open(VerifyOptions options, Credentials credentials) {
    String endpoint = options.endpoint().orElse(DEFAULT_ENDPOINT);
    InetSocketAddress a = address(endpoint);
    var config =
        DriverConfigLoader.programmaticBuilder()
            // Every timeout explicit (docs/verify.md, "Timeouts"): a peer that accepts and never
            // answers fails the connection's first query after CONNECTION_INIT_QUERY_TIMEOUT, so
            // verify stops within about 10 s with "cannot connect", not a hang. Option names and
            // defaults: the driver's reference.conf,
            // https://github.com/apache/cassandra-java-driver
            // (core/src/main/resources/reference.conf: connect-timeout, init-query-timeout).
            .withDuration(DefaultDriverOption.CONNECTION_CONNECT_TIMEOUT, Duration.ofSeconds(5))
            .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, Duration.ofSeconds(20))
            .withDuration(DefaultDriverOption.CONNECTION_INIT_QUERY_TIMEOUT, Duration.ofSeconds(10))
            .withDuration(DefaultDriverOption.CONTROL_CONNECTION_TIMEOUT, Duration.ofSeconds(10))
            .withDuration(
                DefaultDriverOption.METADATA_SCHEMA_REQUEST_TIMEOUT, Duration.ofSeconds(20))
            .withDuration(
                DefaultDriverOption.CONTROL_CONNECTION_AGREEMENT_TIMEOUT, Duration.ofSeconds(20))
            // Cassandra writes a trace's events asynchronously; on a busy 2-core machine the
            // driver's
            // default of 5 attempts 3 ms apart gave up on finished reads. Wait up to 10 s instead.
            .withInt(DefaultDriverOption.REQUEST_TRACE_ATTEMPTS, 100)
            .withDuration(DefaultDriverOption.REQUEST_TRACE_INTERVAL, Duration.ofMillis(100));
    if (options.localDatacenter().isEmpty()) {
      config =
          config.withString(
              DefaultDriverOption.LOAD_BALANCING_POLICY_CLASS, "DcInferringLoadBalancingPolicy");
    }
    CqlSessionBuilder b =
        CqlSession.builder()
            .withConfigLoader(config.build())
            .addContactPoint(new InetSocketAddress(a.getHostString(), a.getPort()));
    options.localDatacenter().ifPresent(b::withLocalDatacenter);
    var user = credentials.get(CassandraVerifier.USERNAME);
    var password = credentials.get(CassandraVerifier.PASSWORD);
    if (user.isPresent() != password.isPresent()) {
      throw new VerifyException(
          "give both "
              + CassandraVerifier.USERNAME
              + " and "
              + CassandraVerifier.PASSWORD
              + ", or neither");
    }
    if (user.isPresent()) {
      b.withAuthCredentials(user.get(), password.get());
    }
    if (options.tls()) {
      try {
        b.withSslContext(javax.net.ssl.SSLContext.getDefault());
      } catch (java.security.NoSuchAlgorithmException e) {
        throw new VerifyException("TLS is not available in this JVM: " + e.getMessage());
      }
    }
    try {
      return b.build();
    } catch (RuntimeException e) {
      // The driver's messages name hosts and errors, not credentials; keep only the first line.
      String why =
          String.valueOf(e.getMessage()).lines().findFirst().orElse(e.getClass().getSimpleName());
      throw new VerifyException("cannot connect to Cassandra at " + endpoint + ": " + why);
    }
  }
}
