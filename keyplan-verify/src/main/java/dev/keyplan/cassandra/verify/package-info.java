/**
 * {@code keyplan verify --store cassandra}: the design applied to a real Cassandra in a keyspace of
 * its own through the Apache Cassandra Java driver, each table's busiest and typical partitions
 * loaded, the read and write patterns run, and keyplan's predictions set beside what Cassandra
 * reports: tokens, partition bytes (JMX, compression off), partitions and rows each read touches
 * (query tracing), and latency. The entry point is {@link
 * dev.keyplan.cassandra.verify.CassandraVerifier#run}; docs/verify.md says what is compared.
 */
package dev.keyplan.cassandra.verify;
