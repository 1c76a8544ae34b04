package dev.keyplan.dynamodb.check;

import dev.keyplan.check.Findings;
import dev.keyplan.check.Rule;
import dev.keyplan.dynamodb.design.DynamoDbAnalysis;

/**
 * A rule over a DynamoDB design: the kind of {@link Rule} that reads that store's analysis. A rule
 * that checks several stores is a {@link Rule.OnStores} with a part per store.
 */
public interface DynamoDbRule extends Rule.OnStore<DynamoDbAnalysis> {
  @Override
  default Class<DynamoDbAnalysis> analysisType() {
    return DynamoDbAnalysis.class;
  }

  /**
   * Reports what is wrong with {@code analysis} to {@code out}; reports nothing when all is well.
   */
  @Override
  void check(DynamoDbAnalysis analysis, Findings out);
}
