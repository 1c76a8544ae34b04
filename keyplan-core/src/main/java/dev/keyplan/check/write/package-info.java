/**
 * Rules of the write category: what writes cost or leave behind, on every store: tombstones from
 * frequent deletes and queue-like tables, time-bounded data without TTL, batches across partitions,
 * DynamoDB transactions used for batch work and MongoDB multi-document transactions on a common
 * path, and indexes every write pays for (too many, or unused).
 */
package dev.keyplan.check.write;
