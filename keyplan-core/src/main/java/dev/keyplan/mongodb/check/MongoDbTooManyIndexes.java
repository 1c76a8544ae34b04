package dev.keyplan.mongodb.check;

import dev.keyplan.check.Findings;
import dev.keyplan.check.Severity;
import dev.keyplan.model.Units;
import dev.keyplan.mongodb.design.MongoDbAnalysis;
import dev.keyplan.mongodb.design.MongoDbCollection;
import dev.keyplan.mongodb.design.MongoDbIndexWrites;
import dev.keyplan.mongodb.facts.MongoDbLimits;

/**
 * TooManyIndexes's part for MongoDb: the rule's id, summary and page are {@code TooManyIndexes}'s,
 * which runs this part on the store's analyses.
 */
public final class MongoDbTooManyIndexes implements MongoDbRule {
  @Override
  public void check(MongoDbAnalysis a, Findings out) {
    for (MongoDbCollection c : a.collections()) {
      int n = c.indexes().size();
      if (n <= MongoDbLimits.ATLAS_MANY_INDEXES) {
        continue;
      }
      boolean overLimit = n > MongoDbLimits.MAX_INDEXES_PER_COLLECTION;
      double writes = MongoDbIndexWrites.perSecond(a, c);
      out.report(
          overLimit ? Severity.ERROR : Severity.WARNING,
          c.name(),
          c.location(),
          "collection "
              + c.name()
              + " has "
              + n
              + " indexes (_id_ included), "
              + (overLimit
                  ? "over the "
                      + MongoDbLimits.MAX_INDEXES_PER_COLLECTION
                      + " a collection may have: createIndex fails for every index past it"
                  : "more than the "
                      + MongoDbLimits.ATLAS_MANY_INDEXES
                      + " Atlas flags (NUM_INDEXES)")
              + "; every insert writes an entry in each of them (one per element in a multikey index): "
              + Units.count(writes)
              + " index entries written per second by the write patterns, "
              + Units.bytes(c.indexBytes())
              + " of indexes for "
              + Units.bytes(c.dataBytes())
              + " of documents",
          "serve several patterns with one compound index (equality fields first, then sort, then range: the ESR"
              + " guideline), so its prefixes answer the shorter queries; drop indexes no pattern uses (UnusedIndex),"
              + " hiding each first with db."
              + c.name()
              + ".hideIndex(\"name\")");
    }
  }
}
