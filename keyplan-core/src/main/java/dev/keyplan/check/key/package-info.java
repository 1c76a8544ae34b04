/**
 * Rules of the key category: partition and shard keys that concentrate load or data, on every
 * store: the busiest partition or shard against what one node, partition or shard serves,
 * low-cardinality and monotonic keys, jumbo chunks, and DynamoDB's per-table throughput quotas.
 */
package dev.keyplan.check.key;
