package dev.keyplan.mongodb.check;

import dev.keyplan.check.Category;
import dev.keyplan.check.Findings;
import dev.keyplan.check.RuleSpec;
import dev.keyplan.check.Severity;
import dev.keyplan.model.Units;
import dev.keyplan.mongodb.design.DocumentParts;
import dev.keyplan.mongodb.design.MongoDbAnalysis;
import dev.keyplan.mongodb.design.MongoDbCollection;
import dev.keyplan.mongodb.facts.MongoDbLimits;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * Flags a collection whose largest document at the horizon ({@link
 * MongoDbCollection#largestBytes()}, every bounded array at its busiest count) is over MongoDB's 16
 * MiB document limit (error: the insert or update fails, "BSON document too large"; MongoDB manual,
 * "MongoDB Limits and Thresholds") or within a quarter of it (warning).
 *
 * <p>The warning starts at {@value #WARN_PERCENT}% (12,582,912 B), as ItemNearSizeLimit does for
 * DynamoDB and for the same reason: a model's sizes are averages (docs/model.md), so at 75% the
 * larger quarter of such documents is likely over. Worked number: an order keeping up to 50,000
 * lines of a 300 B note (323 B each in the array at a 5-digit index) is 16,138,967 B at its
 * busiest: 96.2% of 16,777,216 B, a warning; with 60,000 it is 19,368,967 B, an error.
 *
 * <p>A collection with an unbounded array is left to UnboundedArray, which reports the same
 * document with its cause and the day it passes the limit.
 */
@RuleSpec(
    category = Category.SIZE,
    summary = "Document is over or near MongoDB's 16 MiB document limit",
    severity = Severity.ERROR)
public final class DocumentNearSizeLimit implements MongoDbRule {
  /** Share of the 16 MiB limit, in percent, from which a collection is a warning. */
  static final int WARN_PERCENT = 75;

  /** The fields listed as dominant make up at least this share of the document. */
  static final double DOMINANT_SHARE = 0.8;

  @Override
  public void check(MongoDbAnalysis a, Findings out) {
    for (MongoDbCollection c : a.collections()) {
      if (c.embeds().stream().anyMatch(em -> em.many() && !em.bounded())) {
        continue;
      }
      long largest = c.largestBytes();
      double share = largest / (double) MongoDbLimits.MAX_DOCUMENT_BYTES;
      if (share * 100 < WARN_PERCENT) {
        continue;
      }
      boolean over = largest > MongoDbLimits.MAX_DOCUMENT_BYTES;
      String verdict =
          over
              ? Units.count(largest - MongoDbLimits.MAX_DOCUMENT_BYTES)
                  + " B over MongoDB's 16 MiB (16,777,216 B) document"
                  + " limit: every insert or update that makes it fails with \"BSON document too large\""
              : Units.percent(share)
                  + " of MongoDB's 16 MiB (16,777,216 B) document limit, and sizes are averages";
      out.report(
          over ? Severity.ERROR : Severity.WARNING,
          c.name(),
          c.location(),
          "the largest document of "
              + c.name()
              + " at the horizon is "
              + Units.count(largest)
              + " B, "
              + verdict
              + "; mostly "
              + dominant(DocumentParts.of(a, c, true), largest),
          "lower the arrays' max: (keep the newest with $push and $slice: the subset pattern), or move the large"
              + " fields to a collection of their own referencing this one (seed 003: \"Document would exceed 16MB"
              + " limit\" → reference); files past 16 MiB belong in GridFS (MongoDB manual, \"GridFS\")");
    }
  }

  /**
   * Returns the largest fields, down to {@value #DOMINANT_SHARE} of the document, with bytes and
   * share.
   */
  private static String dominant(Map<String, Long> parts, long total) {
    List<Map.Entry<String, Long>> sorted = new ArrayList<>(parts.entrySet());
    sorted.sort(Map.Entry.<String, Long>comparingByValue(Comparator.reverseOrder()));
    List<String> out = new ArrayList<>();
    double sum = 0;
    for (var p : sorted) {
      out.add(
          p.getKey()
              + " "
              + Units.count(p.getValue())
              + " B ("
              + Units.percent(p.getValue() / (double) total)
              + ")");
      sum += p.getValue();
      if (sum >= DOMINANT_SHARE * total || out.size() == 3) {
        break;
      }
    }
    return String.join(", ", out);
  }
}
