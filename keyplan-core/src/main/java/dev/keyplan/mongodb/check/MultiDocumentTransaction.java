package dev.keyplan.mongodb.check;

import dev.keyplan.check.Category;
import dev.keyplan.check.Findings;
import dev.keyplan.check.RuleSpec;
import dev.keyplan.check.Severity;
import dev.keyplan.model.Units;
import dev.keyplan.mongodb.design.MongoDbAnalysis;
import dev.keyplan.mongodb.design.MongoDbPlan;
import dev.keyplan.mongodb.facts.MongoDbLimits;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * Flags a write that runs as a multi-document transaction ({@code batch: logged} over two or more
 * documents) on a common write path. MongoDB writes one document atomically, embedded documents and
 * arrays included; a transaction over several must commit within 60 s ({@code
 * transactionLifetimeLimitSeconds}) and aborts when it waits 5 ms for a lock another transaction
 * holds ({@code maxTransactionLockRequestTimeoutMillis}), so concurrent writers of the same
 * documents abort and retry (MongoDB manual, "Production Considerations", "Runtime Limit" and
 * "Acquiring Locks"; seed 003: data accessed together is stored together). On a sharded collection
 * reaching several shards it is a distributed transaction, committed in two phases on each.
 *
 * <p>Figures: documents per transaction N (the documents the plan writes in every collection);
 * documents written under a transaction per second, {@code rate × N}; the shards it reaches.
 *
 * <ul>
 *   <li><b>warning</b> on a common path: the rate at 10% or more of the shard budget (1,000/s of
 *       the default 10,000/s; keyplan's hot-path line, as ScatterGatherOnHotPath's), or a
 *       transaction reaching more than one shard;
 *   <li><b>info</b> otherwise: a rare small transaction is what transactions are for.
 * </ul>
 *
 * <p>Worked number: an order kept in {@code orders} and in {@code orders_by_status}, placed at
 * 2,000/s with {@code batch: logged}: 2 documents per transaction, 4,000 documents/s under
 * transactions, 2,000/s = 20% of 10,000/s ⇒ warning.
 */
@RuleSpec(
    category = Category.WRITE,
    summary = "Multi-document transaction on a common write path",
    severity = Severity.WARNING)
public final class MultiDocumentTransaction implements MongoDbRule {
  @Override
  public void check(MongoDbAnalysis a, Findings out) {
    double budget = a.design().shardBudget();
    for (MongoDbPlan plan : a.plans()) {
      if (!plan.transaction()) {
        continue;
      }
      double rate = plan.pattern().ratePerSecond();
      double documents = plan.touches().stream().mapToDouble(MongoDbPlan.Touch::operations).sum();
      Set<String> collections = new LinkedHashSet<>();
      plan.touches().forEach(t -> collections.add(t.collection()));
      boolean distributed = plan.shards() > 1;
      boolean common = rate >= HOT_PATH_SHARE * budget;
      out.report(
          common || distributed ? Severity.WARNING : Severity.INFO,
          plan.pattern().id(),
          plan.pattern().location(),
          "pattern "
              + plan.pattern().id()
              + " runs a multi-document transaction over about "
              + Units.count(documents)
              + " documents in "
              + String.join(", ", collections)
              + " at "
              + Units.rate(rate)
              + ", "
              + Units.rate(rate * documents)
              + " documents under transactions"
              + (distributed
                  ? ", reaching "
                      + plan.shards()
                      + " shards (a distributed transaction, committed in two"
                      + " phases on each)"
                  : "")
              + ": each must commit within "
              + MongoDbLimits.TRANSACTION_LIFETIME_SECONDS
              + " s and aborts after waiting "
              + MongoDbLimits.TRANSACTION_LOCK_WAIT_MILLIS
              + " ms for a lock another holds, so concurrent writers of the"
              + " same documents retry"
              + (common
                  ? "; "
                      + Units.percent(rate / budget)
                      + " of the "
                      + Units.rate(budget)
                      + " shard budget, a common path"
                  : distributed
                      ? ""
                      : "; below "
                          + Units.percent(HOT_PATH_SHARE)
                          + " of the shard budget, off the common path"),
          "a single-document write is atomic, embedded documents and arrays included (MongoDB manual, \"Atomicity and"
              + " Transactions\"): keep what must change together in one document"
              + (collections.size() > 1
                  ? " (embed it, or keep one copy and read the other through it)"
                  : "")
              + " so one updateOne does it; or drop batch: logged where each write can be retried on its own"
              + " (idempotent by _id), and let a reader tolerate the moment between them");
    }
  }
}
