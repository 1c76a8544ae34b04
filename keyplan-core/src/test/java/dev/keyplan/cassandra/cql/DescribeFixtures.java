package dev.keyplan.cassandra.cql;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * Schema files as cqlsh {@code DESCRIBE KEYSPACE} prints them, kept as test resources because
 * DESCRIBE writes each option map on one long line.
 *
 * <p>Both are hand-written, not captured from a running cluster; each file's header says what its
 * layout follows (for Cassandra 5.0: the expected strings in apache/cassandra {@code
 * test/unit/org/apache/cassandra/db/SchemaCQLHelperTest.java}).
 */
final class DescribeFixtures {
  static final String CASSANDRA_50_KEYSPACE = read("describe-cassandra-5.0.cql");
  static final String SCYLLA_KEYSPACE = read("describe-scylla.cql");

  private DescribeFixtures() {}

  private static String read(String name) {
    try (InputStream in = DescribeFixtures.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException("missing test resource " + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
