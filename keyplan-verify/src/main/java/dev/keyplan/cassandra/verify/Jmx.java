package dev.keyplan.cassandra.verify;

import java.io.IOException;
import java.util.Optional;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;

/**
 * Cassandra's JMX, for what CQL does not say: flushing a table's memtable, and the bytes each flush
 * wrote. {@code BytesFlushed} (org.apache.cassandra.metrics:type=Table, a counter) grows by the
 * Data.db bytes of every sstable a flush writes — with compression off, the partitions' serialised
 * size on disk, which is what keyplan's S_t estimates. Measured here: a 1,010-row table flushed to
 * a 222,240-byte Data.db and {@code BytesFlushed} 222,240. The histogram gauges ({@code
 * MaxPartitionSize}, {@code MeanPartitionSize}) come from buckets 20% apart, too coarse for a ±10%
 * comparison, so keyplan does not use them.
 */
final class Jmx implements AutoCloseable {
  private final JMXConnector connector;
  private final MBeanServerConnection server;
  final String address;

  private Jmx(JMXConnector connector, String address) throws IOException {
    this.connector = connector;
    this.server = connector.getMBeanServerConnection();
    this.address = address;
  }

  /**
   * Connects to {@code host:port}, or returns empty (with the reason in {@code why[0]}). The JNDI
   * lookup is JMX's own RMI URL form, to the node the user named with the JMX endpoint (nodetool
   * connects the same way); no name from input data is ever looked up.
   */
  @SuppressWarnings("BanJNDI")
  static Optional<Jmx> open(String address, String[] why) {
    try {
      JMXServiceURL url = new JMXServiceURL("service:jmx:rmi:///jndi/rmi://" + address + "/jmxrmi");
      return Optional.of(new Jmx(JMXConnectorFactory.connect(url), address));
    } catch (IOException | RuntimeException e) {
      why[0] = "JMX at " + address + " does not answer (" + e.getClass().getSimpleName() + ")";
      return Optional.empty();
    }
  }

  /** Flushes {@code table}'s memtable to an sstable and returns the bytes that flush wrote. */
  long flush(String keyspace, String table) {
    try {
      long before = bytesFlushed(keyspace, table);
      server.invoke(
          new ObjectName("org.apache.cassandra.db:type=StorageService"),
          "forceKeyspaceFlush",
          new Object[] {keyspace, new String[] {table}},
          new String[] {"java.lang.String", "[Ljava.lang.String;"});
      return bytesFlushed(keyspace, table) - before;
    } catch (Exception e) {
      throw new IllegalStateException(
          "JMX flush of " + keyspace + "." + table + " failed: " + e.getMessage(), e);
    }
  }

  /**
   * Flushes {@code table}'s memtable and returns the bytes flushed since the counter read {@code
   * before}: the server's own flushes of a filling memtable during a load count too (on a shared
   * server a group's rows can be flushed in several sstables, and {@link #flush} alone would see
   * only the last: inbox's busiest partition measured ×0.22).
   */
  long flushSince(String keyspace, String table, long before) {
    flush(keyspace, table);
    return flushedSoFar(keyspace, table) - before;
  }

  /** Returns the table's BytesFlushed counter, a failure to read it as an unchecked exception. */
  long flushedSoFar(String keyspace, String table) {
    try {
      return bytesFlushed(keyspace, table);
    } catch (Exception e) {
      throw new IllegalStateException(
          "JMX BytesFlushed of " + keyspace + "." + table + " failed: " + e.getMessage(), e);
    }
  }

  /** Returns the table's BytesFlushed counter: the Data.db bytes of every flush so far. */
  long bytesFlushed(String keyspace, String table) throws Exception {
    ObjectName n =
        new ObjectName(
            "org.apache.cassandra.metrics:type=Table,keyspace="
                + keyspace
                + ",scope="
                + table
                + ",name=BytesFlushed");
    return ((Number) server.getAttribute(n, "Count")).longValue();
  }

  @Override
  public void close() {
    try {
      connector.close();
    } catch (IOException e) {
      // Closing a JMX connection that is already gone is not worth a failure.
    }
  }
}
