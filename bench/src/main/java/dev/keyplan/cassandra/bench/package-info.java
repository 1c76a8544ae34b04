/**
 * The Cassandra benchmarks: its side of the check benchmark ({@link
 * dev.keyplan.cassandra.bench.CassandraBenchStore}, with its model generator and validation), and
 * tokens, replicas and the ring simulation measured against cassandra-all 5.0.6 and a ring walk.
 */
package dev.keyplan.cassandra.bench;
