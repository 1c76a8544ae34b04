package dev.keyplan.check;

import dev.keyplan.cassandra.design.CassandraAnalysis;
import dev.keyplan.cassandra.design.CassandraAnalyzer;
import dev.keyplan.dynamodb.design.DynamoDbAnalysis;
import dev.keyplan.dynamodb.design.DynamoDbAnalyzer;
import dev.keyplan.mongodb.design.MongoDbAnalysis;
import dev.keyplan.mongodb.design.MongoDbAnalyzer;
import dev.keyplan.input.InputException;
import dev.keyplan.model.Model;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The outcome of {@code keyplan check}: each store's analysis and every finding, in a stable
 * order. Renderers print it; nothing here prints.
 */
public record CheckResult(
    Model model,
    Optional<CassandraAnalysis> cassandra,
    Optional<DynamoDbAnalysis> dynamodb,
    Optional<MongoDbAnalysis> mongodb,
    List<Finding> findings) {

  public CheckResult {
    findings = List.copyOf(findings);
  }

  /** Analyses every store design in {@code model} and runs the built-in rules on each. */
  public static CheckResult of(Model model) {
    return of(model, Checker.builtIn());
  }

  /** Analyses every store design in {@code model} and runs {@code checker}'s rules on each. */
  public static CheckResult of(Model model, Checker checker) {
    if (model.cassandra().isEmpty() && model.dynamodb().isEmpty() && model.mongodb().isEmpty()) {
      throw new InputException(model.location(), "nothing to check: the model has no store design;"
          + " add a 'cassandra:', 'scylladb:', 'dynamodb:' or 'mongodb:' section");
    }
    Optional<CassandraAnalysis> cassandra = model.cassandra().map(d -> CassandraAnalyzer.analyze(model));
    Optional<DynamoDbAnalysis> dynamodb = model.dynamodb().map(d -> DynamoDbAnalyzer.analyze(model));
    Optional<MongoDbAnalysis> mongodb = model.mongodb().map(d -> MongoDbAnalyzer.analyze(model));
    List<Finding> findings = new ArrayList<>();
    cassandra.ifPresent(a -> findings.addAll(checker.check(a)));
    dynamodb.ifPresent(a -> findings.addAll(checker.check(a)));
    mongodb.ifPresent(a -> findings.addAll(checker.check(a)));
    findings.sort(Checker.ORDER);
    return new CheckResult(model, cassandra, dynamodb, mongodb, findings);
  }

  /** Returns the number of findings of exactly {@code severity}. */
  public long count(Severity severity) {
    return findings.stream().filter(f -> f.severity() == severity).count();
  }

  /** Returns true if a finding is at or above {@code threshold}. */
  public boolean fails(Severity threshold) {
    return findings.stream().anyMatch(f -> f.severity().atLeast(threshold));
  }
}
