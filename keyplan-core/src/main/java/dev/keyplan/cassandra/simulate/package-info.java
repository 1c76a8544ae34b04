/**
 * The Cassandra and ScyllaDB simulator: a model's workload run second by second over a simulated
 * token ring, with the load and bytes of every node (and, on ScyllaDB, of the busiest shard), the
 * hottest partitions, and the data that streams when nodes join or leave. {@link
 * dev.keyplan.cassandra.simulate.CassandraSimulator#run} is the entry point, {@link
 * dev.keyplan.cassandra.simulate.CassandraSetup} its cluster options, {@link
 * dev.keyplan.cassandra.simulate.CassandraRun} what it returns; docs/simulate.md explains the
 * mechanics.
 */
package dev.keyplan.cassandra.simulate;
