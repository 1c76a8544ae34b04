package dev.keyplan.mongodb.check;

import dev.keyplan.check.Findings;
import dev.keyplan.check.Severity;
import dev.keyplan.model.Operation;
import dev.keyplan.mongodb.design.MongoDbAnalysis;
import dev.keyplan.mongodb.design.MongoDbPlan;

/**
 * PatternNotServed's part for MongoDb: the rule's id, summary and page are {@code
 * PatternNotServed}'s, which runs this part on the store's analyses.
 */
public final class MongoDbPatternNotServed implements MongoDbRule {
  @Override
  public void check(MongoDbAnalysis a, Findings out) {
    for (MongoDbPlan p : a.plans()) {
      if (p.access() != MongoDbPlan.Access.NOT_SERVED) {
        continue;
      }
      Operation op = p.pattern().operation();
      out.report(
          Severity.ERROR,
          p.pattern().id(),
          p.pattern().location(),
          "pattern "
              + p.pattern().id()
              + " is not served on MongoDB: "
              + String.join("; ", p.notes()),
          !p.pattern().isRead() && p.collection().isPresent()
              // A collection holds it, but the server named by version: refuses the write.
              ? "give the full shard key in the filter of "
                  + p.operation()
                  + ", or plan for version: \"8.0\" once the cluster runs MongoDB 7.1 or later,"
                  + " which runs it as a write without shard key (docs/model.md, \"Server version\")"
              : "add a collection for "
                  + op.entity()
                  + " (mongodb: collections: {…: {entity: "
                  + op.entity()
                  + "}}), or embed it"
                  + " in the collection its reads go through, holding "
                  + String.join(", ", op.attributesNeeded()));
    }
  }
}
