/**
 * What ScyllaDB adds to Cassandra's arithmetic: the shard (CPU core) that owns a token on a node
 * ({@link dev.keyplan.cassandra.scylla.ShardMapper}, the biased-token-round-robin algorithm) and
 * ScyllaDB's large-data warning thresholds ({@link dev.keyplan.cassandra.scylla.ScyllaLimits}).
 */
package dev.keyplan.cassandra.scylla;
