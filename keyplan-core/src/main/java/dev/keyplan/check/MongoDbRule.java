package dev.keyplan.check;

import dev.keyplan.design.mongodb.MongoDbAnalysis;

/**
 * A rule over a MongoDB design. A rule that applies to several stores implements the interface of
 * each; the {@link Checker} runs it on every analysis its interfaces accept.
 */
public interface MongoDbRule {
  /** Reports what is wrong with {@code analysis} to {@code out}; reports nothing when all is well. */
  void check(MongoDbAnalysis analysis, Findings out);
}
