package dev.keyplan.cassandra.bench;

import org.apache.cassandra.config.DatabaseDescriptor;
import org.apache.cassandra.dht.Murmur3Partitioner;

/**
 * cassandra-all 5.0.6 set up as a client tool: {@code DatabaseDescriptor.clientInitialization()}
 * loads what the partitioner and the replication strategies read, without a cassandra.yaml or a
 * running node (shared/notes/cassandra.md §4.4).
 */
final class CassandraClient {
  static {
    DatabaseDescriptor.clientInitialization();
    DatabaseDescriptor.setPartitionerUnsafe(Murmur3Partitioner.instance);
  }

  private CassandraClient() {}

  /** Runs the initialisation above once per JVM; every benchmark's setup calls it first. */
  static void init() {
    // The static block does the work.
  }
}
