package dev.keyplan.mongodb.check;

import dev.keyplan.check.Category;
import dev.keyplan.check.Findings;
import dev.keyplan.check.RuleSpec;
import dev.keyplan.check.Severity;
import dev.keyplan.model.Units;
import dev.keyplan.mongodb.design.MongoDbAnalysis;
import dev.keyplan.mongodb.design.MongoDbCollection;
import dev.keyplan.mongodb.design.MongoDbIndex;
import dev.keyplan.mongodb.design.MongoDbPlan;
import dev.keyplan.mongodb.model.MongoDbDesign.IndexKey;
import java.util.Optional;

/**
 * Flags a read that compares a field without regard to case ({@code ignore_case:}) when the index
 * it runs on does not have a case-insensitive collation on that field. MongoDB uses an index for a
 * comparison only under the index's collation (MongoDB manual, "Case-Insensitive Indexes": "To use
 * an index that specifies a collation, query and sort operations must specify the same collation");
 * a case-insensitive {@code $regex} ({@code /^alice@x\.com$/i}) cannot use the index efficiently
 * either, and examines every key or document.
 *
 * <p>Figures: the documents the plan examines per request (every document on a COLLSCAN) and per
 * second, {@code rate × docs examined}. Warning: the read works, at that cost.
 *
 * <p>Worked number: a sign-in by email at 50/s ignoring case over 33,536,000 customers, with only a
 * simple-collation {@code email_1}: a COLLSCAN of 33,536,000 documents a request, 1.68 billion a
 * second.
 */
@RuleSpec(
    category = Category.QUERY,
    summary = "Case-insensitive query without an index of that collation",
    severity = Severity.WARNING)
public final class CaseInsensitiveWithoutCollation implements MongoDbRule {
  @Override
  public void check(MongoDbAnalysis a, Findings out) {
    for (MongoDbPlan p : a.plans()) {
      if (p.pattern().ignoreCase().isEmpty() || p.collection().isEmpty() || !p.pattern().isRead()) {
        continue;
      }
      MongoDbCollection c = a.collection(p.collection().get()).orElseThrow();
      Optional<MongoDbIndex> used =
          p.index()
              .flatMap(n -> c.indexes().stream().filter(ix -> ix.name().equals(n)).findFirst());
      for (String attribute : p.pattern().ignoreCase()) {
        // The field as the collection's documents hold it: an embedded entity's by its path.
        String field =
            p.pattern().operation() instanceof dev.keyplan.model.Operation.Read r
                    && !c.entity().name().equals(r.entity())
                ? c.embedOf(r.entity())
                    .filter(em -> em.types().containsKey(attribute))
                    .map(em -> em.pathOf(attribute))
                    .orElse(c.fieldOf(attribute))
                : c.fieldOf(attribute);
        if (used.filter(ix -> ix.caseInsensitive() && ix.fields().contains(field)).isPresent()) {
          continue;
        }
        double examined = p.docsExamined().typical();
        String how =
            p.access() == MongoDbPlan.Access.COLLSCAN
                ? "a COLLSCAN"
                : "index "
                    + used.map(MongoDbIndex::name).orElse("?")
                    + ", which cannot compare "
                    + field
                    + " without case";
        out.report(
            Severity.WARNING,
            p.pattern().id(),
            p.pattern().location(),
            "pattern "
                + p.pattern().id()
                + " compares "
                + field
                + " of "
                + c.name()
                + " ignoring case, and no index it"
                + " runs on has a case-insensitive collation: it runs as "
                + how
                + (Double.isNaN(examined)
                    ? ""
                    : ", examining "
                        + Units.count(examined)
                        + " documents a request, "
                        + Units.rate(examined * p.pattern().ratePerSecond())
                        + " at "
                        + Units.rate(p.pattern().ratePerSecond())),
            "db."
                + c.name()
                + ".createIndex({"
                + IndexKey.shellName(field)
                + ": 1}, {collation: {locale: \"en\", strength: 2}}) (in the model:"
                + " collation: case-insensitive) and run the query with the same collation, so equality ignores case"
                + " through the index; or store the field lower-cased and query it so");
      }
    }
  }
}
