/**
 * The rules over Cassandra and ScyllaDB designs: {@link dev.keyplan.cassandra.check.CassandraRule},
 * the kind of rule that reads a {@code CassandraAnalysis}, each rule over this store alone (listed
 * in {@link dev.keyplan.cassandra.check.CassandraRules}), and this store's parts of the rules over
 * several stores (listed in {@link dev.keyplan.cassandra.check.CassandraRuleParts}).
 */
package dev.keyplan.cassandra.check;
