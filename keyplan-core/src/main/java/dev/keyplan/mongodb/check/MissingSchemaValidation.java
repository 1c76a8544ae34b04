package dev.keyplan.mongodb.check;

import dev.keyplan.check.Category;
import dev.keyplan.check.Findings;
import dev.keyplan.check.RuleSpec;
import dev.keyplan.check.Severity;
import dev.keyplan.model.Units;
import dev.keyplan.mongodb.design.MongoDbAnalysis;
import dev.keyplan.mongodb.design.MongoDbCollection;

/**
 * Notes a collection without a {@code $jsonSchema} validator. The model says what each document
 * holds and in which BSON type, and keyplan sizes the documents from that; without a validator
 * MongoDB accepts any shape, so a date written as a string or a missing key field goes unnoticed
 * until a query or an index misses it (MongoDB manual, "Schema Validation": "When to use schema
 * validation"; seed 003 lists schema validation among MongoDB's design tools). The validator costs
 * a check per write and nothing per read.
 *
 * <p>Figures: the fields the documents hold (what the validator would check) and the documents
 * written per second that would be checked, Σ rate × documents over the patterns writing it. Info:
 * the model's shape is a plan the database does not enforce, not a defect.
 */
@RuleSpec(
    category = Category.DESIGN,
    summary = "Collection without a $jsonSchema validator",
    severity = Severity.INFO)
public final class MissingSchemaValidation implements MongoDbRule {
  @Override
  public void check(MongoDbAnalysis a, Findings out) {
    for (MongoDbCollection c : a.collections()) {
      // A time-series collection takes no validator (MongoDB manual, "Time Series Collection
      // Limitations", Unsupported Features): there is nothing to advise.
      if (c.validation() || c.timeSeries().isPresent()) {
        continue;
      }
      double writes =
          a.plans().stream()
              .mapToDouble(
                  p ->
                      p.touches().stream()
                          .filter(t -> t.write() && t.collection().equals(c.name()))
                          .mapToDouble(t -> p.pattern().ratePerSecond() * t.operations())
                          .sum())
              .sum();
      out.report(
          Severity.INFO,
          c.name(),
          c.location(),
          "collection "
              + c.name()
              + " has no validator: MongoDB accepts documents of any shape, while keyplan sized "
              + "them as "
              + c.types().size()
              + " typed fields"
              + (c.embeds().isEmpty()
                  ? ""
                  : " and "
                      + c.embeds().size()
                      + " embedded "
                      + (c.embeds().size() == 1 ? "entity" : "entities"))
              + (writes > 0
                  ? "; a validator would check every write, about " + Units.rate(writes)
                  : ""),
          "write validation: true and create the collection with the $jsonSchema validator keyplan emit mongosh writes"
              + " (validationLevel: \"strict\", validationAction: \"error\"), or validationAction: \"warn\" first"
              + " to log the documents that would fail");
    }
  }
}
