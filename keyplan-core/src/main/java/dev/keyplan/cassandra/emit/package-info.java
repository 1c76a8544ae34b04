/**
 * Writes an analysed Cassandra or ScyllaDB design as CQL for {@code keyplan emit cql} ({@link
 * dev.keyplan.cassandra.emit.CqlEmitter}): the keyspace, each table with its keys and options,
 * indexes and views, each table preceded by comments naming the patterns it serves and the writes
 * that update it.
 */
package dev.keyplan.cassandra.emit;
