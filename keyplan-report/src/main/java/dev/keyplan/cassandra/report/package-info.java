/**
 * How a Cassandra or ScyllaDB analysis reads in each format of {@code keyplan check}: {@link
 * dev.keyplan.cassandra.report.CassandraSections}, the store's {@code StoreReport}, and its text,
 * JSON and Markdown parts ({@link dev.keyplan.cassandra.report.CassandraText}, {@link
 * dev.keyplan.cassandra.report.CassandraJson}, {@link
 * dev.keyplan.cassandra.report.CassandraMarkdown}): patterns, partition sizing and bucket advice,
 * heat, and consistency.
 */
package dev.keyplan.cassandra.report;
