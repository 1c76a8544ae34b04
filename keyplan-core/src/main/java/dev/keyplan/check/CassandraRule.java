package dev.keyplan.check;

import dev.keyplan.cassandra.design.CassandraAnalysis;

/**
 * A rule over a Cassandra or ScyllaDB design. Rules for other stores implement their own
 * interface; the {@link Checker} runs each rule on the analyses its interface accepts.
 */
public interface CassandraRule {
  /** Reports what is wrong with {@code analysis} to {@code out}; reports nothing when all is well. */
  void check(CassandraAnalysis analysis, Findings out);
}
