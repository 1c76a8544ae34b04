/**
 * The Apache Cassandra and ScyllaDB plug-in: {@link dev.keyplan.cassandra.CassandraStore}, the one
 * {@code Store} that reads a model's {@code cassandra:} or {@code scylladb:} section and analyses
 * it. The store's code lies in the subpackages (model, cql, facts, scylla, ring, design, emit,
 * simulate here; verify, report and cli in their modules).
 */
package dev.keyplan.cassandra;
