/**
 * {@code keyplan cassandra}: the Cassandra and ScyllaDB key-placement commands, {@code token} (the
 * Murmur3 token of a partition key, and its ScyllaDB shard) and {@code replicas} (the nodes holding
 * it on a described ring), and the cluster options of {@code keyplan simulate --store
 * cassandra|scylladb} ({@link dev.keyplan.cassandra.cli.CassandraSimulateOptions}).
 */
package dev.keyplan.cassandra.cli;
