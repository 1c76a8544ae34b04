package dev.keyplan.mongodb.check;

import dev.keyplan.check.Category;
import dev.keyplan.check.Findings;
import dev.keyplan.check.RuleSpec;
import dev.keyplan.check.Severity;
import dev.keyplan.model.Operation;
import dev.keyplan.model.Units;
import dev.keyplan.mongodb.design.MongoDbAnalysis;
import dev.keyplan.mongodb.design.MongoDbCollection;
import dev.keyplan.mongodb.design.MongoDbPlan;
import dev.keyplan.mongodb.facts.MongoDbLimits;
import java.util.ArrayList;
import java.util.List;

/**
 * Flags a read that needs {@code $lookup}: the documents lack a field the read selects, which the
 * model says is a copy of another collection's ({@code copy_of}), so the aggregation looks each
 * returned document up in that collection. Seed 000 and 003: duplicate data to match the reads,
 * embed what is read together; MongoDB's "extended reference" pattern keeps the few fields a read
 * needs in the document that points at their source. Atlas flags a "High percentage of queries
 * (>50%)" using $lookup (PERCENT_QUERIES_USE_LOOKUP).
 *
 * <p>Figures: lookups per request = max(1, returned) × collections looked up; lookups per second =
 * rate × that, served by the looked-up collection; this pattern's share of all read rate, and the
 * share of the reads that use $lookup.
 *
 * <ul>
 *   <li><b>error</b> when the lookups per second exceed the shard budget: one shard's primary of
 *       the looked-up collection cannot serve them;
 *   <li><b>warning</b> on the hot path (the rate at 10% or more of the shard budget, as
 *       ScatterGatherOnHotPath's), or when more than 50% of the read rate uses $lookup (Atlas);
 *   <li><b>info</b> otherwise.
 * </ul>
 *
 * <p>Worked number: order lines with the product name looked up, 20 lines returned at 300/s: 6,000
 * lookups/s into products, 60% of 10,000/s; 300/s is 3% of the budget; if it is half of all reads,
 * below Atlas's more-than-50% ⇒ info, above it ⇒ warning.
 */
@RuleSpec(
    category = Category.QUERY,
    summary = "Read that joins another collection with $lookup on a hot path",
    severity = Severity.ERROR)
public final class LookupOnHotPath implements MongoDbRule {
  @Override
  public void check(MongoDbAnalysis a, Findings out) {
    double reads = 0;
    double lookupReads = 0;
    for (MongoDbPlan p : a.plans()) {
      if (p.pattern().operation() instanceof Operation.Read) {
        reads += p.pattern().ratePerSecond();
        lookupReads += p.lookups().isEmpty() ? 0 : p.pattern().ratePerSecond();
      }
    }
    double share = reads > 0 ? lookupReads / reads : 0;
    double budget = a.design().shardBudget();
    for (MongoDbPlan p : a.plans()) {
      if (p.lookups().isEmpty() || !(p.pattern().operation() instanceof Operation.Read r)) {
        continue;
      }
      double rate = p.pattern().ratePerSecond();
      double perRequest = Math.max(1, Math.ceil(p.returned())) * p.lookups().size();
      double perSecond = rate * perRequest;
      boolean atlas = share > MongoDbLimits.ATLAS_LOOKUP_QUERY_SHARE;
      Severity severity =
          perSecond > budget
              ? Severity.ERROR
              : rate >= HOT_PATH_SHARE * budget || atlas ? Severity.WARNING : Severity.INFO;
      List<String> copied = new ArrayList<>();
      MongoDbCollection c = a.collection(p.collection().orElseThrow()).orElseThrow();
      for (String s : r.select()) {
        c.entity()
            .attribute(s)
            .flatMap(x -> x.copyOf())
            .filter(x -> !c.holds(s))
            .ifPresent(x -> copied.add(s));
      }
      out.report(
          severity,
          p.pattern().id(),
          p.pattern().location(),
          "pattern "
              + p.pattern().id()
              + " joins "
              + String.join(", ", p.lookups())
              + " with $lookup: "
              + Units.count(perRequest)
              + (perRequest == 1 ? " lookup" : " lookups")
              + " a request at "
              + Units.rate(rate)
              + ", "
              + Units.rate(perSecond)
              + " into "
              + String.join(", ", p.lookups())
              + " ("
              + Units.percent(perSecond / budget)
              + " of the "
              + Units.rate(budget)
              + " shard budget); $lookup reads are "
              + Units.percent(share)
              + " of all reads"
              + (atlas
                  ? ", over Atlas's " + Units.percent(MongoDbLimits.ATLAS_LOOKUP_QUERY_SHARE)
                  : ""),
          "keep "
              + (copied.isEmpty() ? "the looked-up fields" : String.join(", ", copied))
              + " in the "
              + c.name()
              + " documents (the extended reference pattern: the model's copy_of already names the source), so the"
              + " read is one find; the copies are then rewritten when the source changes, which the report counts");
    }
  }
}
