/**
 * Apache Cassandra store facts: the limits, guidelines and defaults keyplan checks against, each
 * with its source ({@link dev.keyplan.cassandra.facts.CassandraLimits}), and how many replicas each
 * consistency level waits for ({@link dev.keyplan.cassandra.facts.ConsistencyLevels}).
 */
package dev.keyplan.cassandra.facts;
