/**
 * Where Cassandra places a partition key, computed as Cassandra computes it: the key serialised
 * ({@link dev.keyplan.cassandra.ring.PartitionKeyCodec}) and hashed into a Murmur3 token ({@link
 * dev.keyplan.cassandra.ring.Murmur3Token}), the token ring of nodes ({@link
 * dev.keyplan.cassandra.ring.Ring}) and the replicas a replication strategy picks ({@link
 * dev.keyplan.cassandra.ring.ReplicaPlacement}). A ring can be read from a YAML file ({@link
 * dev.keyplan.cassandra.ring.RingFile}, docs/cassandra-ring.md).
 */
package dev.keyplan.cassandra.ring;
