/**
 * The {@code cassandra:} (or {@code scylladb:}) section of a model: {@link
 * dev.keyplan.cassandra.model.CassandraDesign}, where the CQL schema is and the facts a schema
 * cannot say (default consistency levels, derived columns, the table-to-entity map, planning
 * settings), and {@link dev.keyplan.cassandra.model.CassandraSectionReader}, which reads it.
 */
package dev.keyplan.cassandra.model;
