package dev.keyplan.mongodb.check;

import dev.keyplan.check.Findings;
import dev.keyplan.check.Severity;
import dev.keyplan.model.Operation;
import dev.keyplan.model.Units;
import dev.keyplan.mongodb.design.EsrIndex;
import dev.keyplan.mongodb.design.MongoDbAnalysis;
import dev.keyplan.mongodb.design.MongoDbCollection;
import dev.keyplan.mongodb.design.MongoDbPlan;

/**
 * ScanOnHotPath's part for MongoDB (the rule's id, summary and page are {@code ScanOnHotPath}'s): a
 * read the planner can only serve with a COLLSCAN examines every document of the collection
 * (MongoDB manual, "Query Plans"; seed 003: "No indexes on query fields — COLLSCAN on every query —
 * Add indexes, verify with explain()").
 *
 * <p>Documents examined a second = rate × the collection's documents, spread over the shards a
 * scatter-gather reaches. A find by {@code _id} examines one document and is one operation of the
 * shard's {@code shard_budget}; a scan examining more documents a second on one shard than that
 * budget allows operations does more work than the shard is planned for: an error. Worked number:
 * 1M orders scanned once a second on one replica set are 1,000,000 documents a second, 100 times a
 * 10,000/s budget ⇒ error; 50 settings scanned 10 times a second are 500 ⇒ warning.
 */
public final class MongoDbScanOnHotPath implements MongoDbRule {
  @Override
  public void check(MongoDbAnalysis a, Findings out) {
    for (MongoDbPlan plan : a.plans()) {
      if (plan.access() != MongoDbPlan.Access.COLLSCAN
          || plan.collection().isEmpty()
          || !(plan.pattern().operation() instanceof Operation.Read r)) {
        continue;
      }
      MongoDbCollection c = a.collection(plan.collection().get()).orElseThrow();
      double rate = plan.pattern().ratePerSecond();
      double perSecond = rate * plan.docsExamined().typical();
      int shards = c.sharded() ? a.design().shards() : 1;
      double perShard = perSecond / shards;
      double budget = a.design().shardBudget();
      boolean error = perShard > budget;
      String message =
          "pattern "
              + plan.pattern().id()
              + " is a COLLSCAN of "
              + c.name()
              + ": each request examines all "
              + Units.count(plan.docsExamined().typical())
              + " documents, "
              + Units.bytes(plan.docsExamined().typical() * c.typicalBytes())
              + "; at "
              + Units.rate(rate)
              + " that is "
              + Units.count(perSecond)
              + " documents examined a second"
              + (shards > 1
                  ? ", " + Units.count(perShard) + " on each of " + shards + " shards"
                  : "")
              + (error
                  ? ", "
                      + Units.percent(perShard / budget)
                      + " of the shard budget of "
                      + Units.rate(budget)
                      + " operations of one document each: more work than a shard is planned for"
                  : "; the cost grows with the collection, not with the answer");
      String fix =
          EsrIndex.keys(c, r)
              .map(
                  k ->
                      "add the index the read's equality, sort and range fields give by the ESR guideline: db."
                          + c.name()
                          + ".createIndex("
                          + k
                          + "), and check the plan with explain(\"executionStats\") (IXSCAN, not COLLSCAN)")
              .orElse(
                  "the read names no field an index could serve: keep it off the hot path (seed 000: \"Reporting goes"
                      + " to a warehouse … never a scan of production\"), cache it, or keep its answer as a document of its own");
      out.report(
          error ? Severity.ERROR : Severity.WARNING,
          plan.pattern().id(),
          plan.pattern().location(),
          message,
          fix);
    }
  }
}
