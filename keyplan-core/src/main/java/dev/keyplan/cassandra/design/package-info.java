/**
 * The analysis of a Cassandra or ScyllaDB design: {@link
 * dev.keyplan.cassandra.design.CassandraAnalyzer} reads the CQL schema, binds each table to the
 * entity it stores, plans every pattern's reads and writes, sizes every table's partitions at the
 * horizon by the Apache Cassandra docs' formulas, and works out the heat of the busiest partition
 * and the consistency arithmetic, into one {@link dev.keyplan.cassandra.design.CassandraAnalysis}
 * that rules read and renderers print. Pure computation; nothing is printed.
 */
package dev.keyplan.cassandra.design;
