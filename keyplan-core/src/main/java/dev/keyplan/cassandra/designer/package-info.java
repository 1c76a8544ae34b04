/**
 * Cassandra's designer for {@code keyplan design} (issue 20): one table per query shape, sized and
 * bucketed by the store's own analysis ({@link dev.keyplan.cassandra.designer.CassandraDesigner}).
 */
package dev.keyplan.cassandra.designer;
