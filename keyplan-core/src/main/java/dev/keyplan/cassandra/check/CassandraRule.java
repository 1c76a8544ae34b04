package dev.keyplan.cassandra.check;

import dev.keyplan.cassandra.design.CassandraAnalysis;
import dev.keyplan.check.Findings;
import dev.keyplan.check.Rule;

/**
 * A rule over a Cassandra or ScyllaDB design: the kind of {@link Rule} that reads that store's
 * analysis. A rule that checks several stores is a {@link Rule.OnStores} with a part per store.
 */
public interface CassandraRule extends Rule.OnStore<CassandraAnalysis> {
  @Override
  default Class<CassandraAnalysis> analysisType() {
    return CassandraAnalysis.class;
  }

  /**
   * Reports what is wrong with {@code analysis} to {@code out}; reports nothing when all is well.
   */
  @Override
  void check(CassandraAnalysis analysis, Findings out);
}
