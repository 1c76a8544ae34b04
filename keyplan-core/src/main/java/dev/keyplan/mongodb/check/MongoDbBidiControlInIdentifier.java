package dev.keyplan.mongodb.check;

import dev.keyplan.check.Findings;
import dev.keyplan.check.design.BidiControlInIdentifier;
import dev.keyplan.mongodb.design.MongoDbAnalysis;
import dev.keyplan.mongodb.design.MongoDbCollection;
import dev.keyplan.mongodb.design.MongoDbIndex;

/**
 * BidiControlInIdentifier's part for MongoDB: the index names the {@code mongodb:} section or an
 * imported getIndexes() file gives (an index name may be any string; collection names are refused
 * by the section reader already). The rule's id, summary and page are {@code
 * BidiControlInIdentifier}'s.
 */
public final class MongoDbBidiControlInIdentifier implements MongoDbRule {
  @Override
  public void check(MongoDbAnalysis a, Findings out) {
    for (MongoDbCollection c : a.collections()) {
      for (MongoDbIndex ix : c.indexes()) {
        BidiControlInIdentifier.report(
            "index", c.name() + "." + ix.name(), ix.name(), ix.location(), out);
      }
    }
  }
}
