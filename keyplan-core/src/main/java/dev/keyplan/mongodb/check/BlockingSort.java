package dev.keyplan.mongodb.check;

import dev.keyplan.check.Category;
import dev.keyplan.check.Findings;
import dev.keyplan.check.RuleSpec;
import dev.keyplan.check.Severity;
import dev.keyplan.model.Operation;
import dev.keyplan.model.Units;
import dev.keyplan.mongodb.design.EsrIndex;
import dev.keyplan.mongodb.design.MongoDbAnalysis;
import dev.keyplan.mongodb.design.MongoDbCollection;
import dev.keyplan.mongodb.design.MongoDbPlan;
import dev.keyplan.mongodb.facts.MongoDbLimits;

/**
 * Flags a read whose sort its index does not give: MongoDB then sorts the matching documents in
 * memory (a blocking SORT stage) before returning the first one, and fails the query once the sort
 * holds more than {@link MongoDbLimits#MAX_BLOCKING_SORT_BYTES} (100 MB) without {@code
 * allowDiskUse} (MongoDB manual, "MongoDB Limits and Thresholds"; "The ESR (Equality, Sort, Range)
 * Guideline": sort fields after the equality fields "avoid a blocking sort").
 *
 * <p>Documents sorted = the documents the plan matches ({@link MongoDbPlan#sortBytes()} / the
 * typical document). With a {@code limit} the server keeps only the best {@code limit} documents as
 * it goes (a top-k sort; MongoDB manual, "cursor.sort()", "Limit Results"), so the memory held is
 * {@code min(limit, sorted) × document bytes}. Error when that is over 100 MB, warning otherwise:
 * the query still reads and compares every match before answering. Worked number: 200,000 orders of
 * a status, 983 B each, sorted by date with no limit hold 196,600,000 B: an error; with {@code
 * limit 50}, 49,150 B: a warning.
 *
 * <p>A read of an embedded entity (the newest elements of an array) is not reported: it orders one
 * document's elements, which no index can give.
 */
@RuleSpec(
    category = Category.QUERY,
    summary = "Read sorts its documents in memory because no index gives the order",
    severity = Severity.ERROR)
public final class BlockingSort implements MongoDbRule {
  @Override
  public void check(MongoDbAnalysis a, Findings out) {
    for (MongoDbPlan plan : a.plans()) {
      if (!plan.blockingSort()
          || plan.collection().isEmpty()
          || !(plan.pattern().operation() instanceof Operation.Read r)) {
        continue;
      }
      MongoDbCollection c = a.collection(plan.collection().get()).orElseThrow();
      // A read of an embedded entity orders the elements of one array, not documents: no index
      // orders them, and the array's size is UnboundedArray's and DocumentNearSizeLimit's concern.
      if (!r.entity().equals(c.entity().name())) {
        continue;
      }
      double sorted = plan.sortBytes() / c.typicalBytes();
      double held =
          Math.min(sorted, r.limit().isPresent() ? r.limit().getAsInt() : Double.POSITIVE_INFINITY)
              * c.typicalBytes();
      boolean over = held > MongoDbLimits.MAX_BLOCKING_SORT_BYTES;
      String order =
          String.join(
              ", ",
              r.orderBy().stream()
                  .map(o -> o.attribute() + (o.descending() ? " desc" : ""))
                  .toList());
      out.report(
          over ? Severity.ERROR : Severity.WARNING,
          plan.pattern().id(),
          plan.pattern().location(),
          "pattern "
              + plan.pattern().id()
              + " sorts by "
              + order
              + " in memory: "
              + plan.index()
                  .map(ix -> "index " + ix + " of " + c.name())
                  .orElse("the collection scan of " + c.name())
              + " does not give the order, so each request sorts "
              + Units.count(sorted)
              + " documents, "
              + Units.count(plan.sortBytes())
              + " B"
              + (r.limit().isPresent()
                  ? ", keeping the best " + r.limit().getAsInt() + " (" + Units.count(held) + " B)"
                  : "")
              + (over
                  ? ": over the 100 MB (104,857,600 B) a blocking sort may hold, so the query fails unless it"
                      + " runs with allowDiskUse (and then spills to disk)"
                  : ", "
                      + Units.percent(held / MongoDbLimits.MAX_BLOCKING_SORT_BYTES)
                      + " of the 100 MB (104,857,600 B)"
                      + " a blocking sort may hold; every match is still read and compared before the first is returned"),
          EsrIndex.keys(c, r)
              .map(
                  k ->
                      "add the index that gives the order after the equality fields (ESR): db."
                          + c.name()
                          + ".createIndex("
                          + k
                          + "); the documents then come in index order and a limit stops the scan early")
              .orElse("add an index on the sort fields"));
    }
  }
}
