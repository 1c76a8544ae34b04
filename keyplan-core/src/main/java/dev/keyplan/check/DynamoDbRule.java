package dev.keyplan.check;

import dev.keyplan.dynamodb.design.DynamoDbAnalysis;

/**
 * A rule over a DynamoDB design. A rule that applies to several stores implements the interface of
 * each; the {@link Checker} runs it on every analysis its interfaces accept.
 */
public interface DynamoDbRule {
  /** Reports what is wrong with {@code analysis} to {@code out}; reports nothing when all is well. */
  void check(DynamoDbAnalysis analysis, Findings out);
}
