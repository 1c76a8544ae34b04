package dev.keyplan.mongodb.check;

import dev.keyplan.check.Findings;
import dev.keyplan.check.Rule;
import dev.keyplan.mongodb.design.MongoDbAnalysis;

/**
 * A rule over a MongoDB design: the kind of {@link Rule} that reads that store's analysis. A rule
 * that checks several stores is a {@link Rule.OnStores} with a part per store.
 */
public interface MongoDbRule extends Rule.OnStore<MongoDbAnalysis> {
  @Override
  default Class<MongoDbAnalysis> analysisType() {
    return MongoDbAnalysis.class;
  }

  /**
   * The share of the per-shard budget ({@code shard_budget}) from which a pattern is on the hot
   * path: a tenth of every shard spent on one pattern, 1,000/s of the default 10,000/s. keyplan's
   * planning line, as LwtOnHotPath's 10% for Cassandra, not a MongoDB figure; the rules that weigh
   * a pattern's rate against it say so on their pages.
   */
  double HOT_PATH_SHARE = 0.10;

  /**
   * Reports what is wrong with {@code analysis} to {@code out}; reports nothing when all is well.
   */
  @Override
  void check(MongoDbAnalysis analysis, Findings out);
}
