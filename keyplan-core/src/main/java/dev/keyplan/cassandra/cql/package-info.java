/**
 * Reads a user's CQL schema file (hand-written, or cqlsh {@code DESCRIBE KEYSPACE} / {@code
 * DESCRIBE SCHEMA} output of Apache Cassandra 4.x / 5.0 or ScyllaDB) to learn each table's keys.
 *
 * <p>{@link dev.keyplan.cassandra.cql.CqlParser#parse} is the entry point; it returns an immutable
 * {@link dev.keyplan.cassandra.cql.CqlSchema} or throws one {@link
 * dev.keyplan.input.InputException} listing every problem of the file. The lexer, parser, the
 * statement checks and the records live in separate files; no parser generator is used.
 *
 * <p>Reference: the CQL pages of the Apache Cassandra documentation,
 * https://cassandra.apache.org/doc/latest/cassandra/developing/cql/ (definitions, types, ddl,
 * indexes, mvs).
 */
package dev.keyplan.cassandra.cql;
