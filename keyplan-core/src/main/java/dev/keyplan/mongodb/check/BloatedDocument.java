package dev.keyplan.mongodb.check;

import dev.keyplan.check.Category;
import dev.keyplan.check.Findings;
import dev.keyplan.check.RuleSpec;
import dev.keyplan.check.Severity;
import dev.keyplan.model.Operation;
import dev.keyplan.model.Units;
import dev.keyplan.mongodb.design.DocumentParts;
import dev.keyplan.mongodb.design.MongoDbAnalysis;
import dev.keyplan.mongodb.design.MongoDbCollection;
import dev.keyplan.mongodb.design.MongoDbPlan;
import dev.keyplan.mongodb.facts.MongoDbLimits;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Flags a collection whose documents carry more than its reads use (the "bloated documents"
 * anti-pattern, MongoDB manual, "Schema Design Anti-Patterns"): a typical document over {@link
 * MongoDbLimits#ATLAS_LARGE_DOCUMENT_BYTES} (2 MiB, Atlas's {@code DOC_SIZE_TOO_LARGE}), or one
 * field holding at least half of it that most reads of the collection do not use. The server reads
 * whole documents into its cache whatever the projection, so a field a read does not use still
 * costs cache and disk on every document it fetches.
 *
 * <p>The 2 MiB line is Atlas's rather than seed 003's "Document stays &lt; 4MB total": that one is
 * a test for embedding, Atlas's is the size MongoDB's own tooling flags as too large.
 *
 * <p>Wasted bytes a second = Σ over the reads not using the field of rate × documents fetched × the
 * field's bytes. Worked number: articles of 48 B plus a 20,000 B {@code body}; a listing at 100/s
 * fetching 20 articles without the body wastes 100 × 20 × 20,011 B = 40.0 MB/s. It is reported when
 * such reads fetch at least as many documents a second as the reads using it.
 */
@RuleSpec(
    category = Category.SIZE,
    summary = "Documents are large, or carry a large field most reads do not use",
    severity = Severity.WARNING)
public final class BloatedDocument implements MongoDbRule {
  /** A field holding at least this share of the typical document is large. */
  static final double LARGE_SHARE = 0.5;

  @Override
  public void check(MongoDbAnalysis a, Findings out) {
    for (MongoDbCollection c : a.collections()) {
      long typical = c.typicalBytes();
      List<String> found = new ArrayList<>();
      if (typical > MongoDbLimits.ATLAS_LARGE_DOCUMENT_BYTES) {
        found.add(
            "a typical document of "
                + c.name()
                + " is "
                + Units.count(typical)
                + " B, over the 2 MiB"
                + " (2,097,152 B) Atlas flags as too large (DOC_SIZE_TOO_LARGE)");
      }
      for (Map.Entry<String, Long> part : DocumentParts.of(a, c, false).entrySet()) {
        if (part.getValue() < LARGE_SHARE * typical) {
          continue;
        }
        List<String> unused = new ArrayList<>();
        double unusedDocs = 0;
        double usedDocs = 0;
        for (MongoDbPlan p : a.plans()) {
          double docs = p.pattern().ratePerSecond() * p.docsExamined().typical();
          if (!(p.pattern().operation() instanceof Operation.Read r)
              || !p.collection().map(c.name()::equals).orElse(false)
              || Double.isNaN(docs)
              || docs == 0) {
            continue;
          }
          if (uses(c, r, part.getKey())) {
            usedDocs += docs;
          } else {
            unusedDocs += docs;
            unused.add(
                p.pattern().id()
                    + " ("
                    + Units.rate(p.pattern().ratePerSecond())
                    + " × "
                    + Units.count(p.docsExamined().typical())
                    + " documents)");
          }
        }
        if (!unused.isEmpty() && unusedDocs >= usedDocs) {
          found.add(
              "field "
                  + part.getKey()
                  + " is "
                  + Units.count(part.getValue())
                  + " B, "
                  + Units.percent(part.getValue() / (double) typical)
                  + " of the typical "
                  + Units.count(typical)
                  + " B document, and "
                  + String.join(", ", unused)
                  + " fetch it without using it: "
                  + Units.count(unusedDocs)
                  + " documents a second against "
                  + Units.count(usedDocs)
                  + " by reads that use"
                  + " it, "
                  + Units.bytes(unusedDocs * part.getValue())
                  + "/s read for nothing");
        }
      }
      if (!found.isEmpty()) {
        out.report(
            Severity.WARNING,
            c.name(),
            c.location(),
            String.join("; ", found),
            "move the large field to a collection of its own, read by the patterns that need it (seed 003: reference"
                + " when sub-documents are not \"always accessed together\"); or keep a small subset in this document"
                + " (the subset pattern); a projection saves the network, not the cache");
      }
    }
  }

  /** Returns true if read {@code r} uses top-level field {@code field} of {@code c}'s documents. */
  private static boolean uses(MongoDbCollection c, Operation.Read r, String field) {
    if (!r.entity().equals(c.entity().name())) {
      return c.embedOf(r.entity()).map(em -> em.field().equals(field)).orElse(false);
    }
    if (r.select().isEmpty()) {
      return true;
    }
    Set<String> used = new LinkedHashSet<>(r.select());
    r.where().forEach(x -> used.add(x.attribute()));
    r.orderBy().forEach(o -> used.add(o.attribute()));
    return used.stream().map(c::fieldOf).anyMatch(field::equals);
  }
}
