package dev.keyplan.check.write;

import dev.keyplan.check.DynamoDbFigures;
import dev.keyplan.check.Findings;
import dev.keyplan.check.Rule;
import dev.keyplan.check.RuleSpec;
import dev.keyplan.check.Severity;
import dev.keyplan.dynamodb.design.DynamoDbCost;
import dev.keyplan.dynamodb.design.DynamoDbAnalysis;
import dev.keyplan.dynamodb.design.DynamoDbTable;
import dev.keyplan.dynamodb.design.KeyPath;
import dev.keyplan.mongodb.design.MongoDbCollection;
import dev.keyplan.mongodb.design.MongoDbAnalysis;
import dev.keyplan.mongodb.design.MongoDbIndexWrites;
import dev.keyplan.model.Units;
import dev.keyplan.dynamodb.facts.DynamoDbLimits;
import dev.keyplan.mongodb.facts.MongoDbLimits;
import java.util.List;
import java.util.Optional;

/**
 * Flags a table with more global secondary indexes than seed 003 advises: "Too many GSIs (&gt; 5):
 * write amplification; cost — redesign access patterns; composite SK". Every GSI that holds an item
 * takes its own write for each put or delete of it (two for a change of its key), billed and
 * throttled on the index's own capacity, and a GSI short of capacity throttles the table's writes
 * (GSI.md). Above the default quota of 20 GSIs per table (DynamoDbLimits), CreateTable and
 * UpdateTable fail unless the quota is raised: an error.
 *
 * <p>The amplification is {@code (table WCU + Σ GSI WCU) / table WCU} at the patterns' peaks
 * (DynamoDbCost), the index writes' monthly cost in the table's billing mode plus the indexes'
 * storage. Worked number: 100 puts/s of a 164 B item into a table with 6 ALL-projected GSIs: 100
 * WCU/s on the table, 600 on the indexes, ×7; on demand 600 × 2,628,000 s × $0.625 / 10^6 =
 * $985.50 a month of index writes.
 *
 * <p>On MongoDB every index of a collection, {@code _id_} included, is updated in the same write
 * as the document (multikey indexes once per array element). Atlas flags "More than 30 indexes"
 * in a collection (NUM_INDEXES, {@link MongoDbLimits#ATLAS_MANY_INDEXES}): a warning; above the 64
 * a collection may have ({@link MongoDbLimits#MAX_INDEXES_PER_COLLECTION}, MongoDB manual "MongoDB
 * Limits and Thresholds") createIndex fails: an error. The finding gives the index entries the
 * write patterns change per second ({@link MongoDbIndexWrites}) and the indexes' estimated bytes.
 * Worked number: 100 inserts/s into a collection with 31 single-field indexes on int fields and
 * {@code _id_} write 100 × 32 = 3,200 entries/s; at 1M documents each int index is 1M × (6 + 8) B =
 * 14 MB.
 */
@RuleSpec(summary = "Table or collection has more indexes than advised (write amplification) or than the store allows",
    severity = Severity.ERROR)
public final class TooManyIndexes implements Rule.OnStores {
  @Override
  public List<Rule.OnStore<?>> parts() {
    return List.of(
        Rule.part(DynamoDbAnalysis.class, this::check),
        Rule.part(MongoDbAnalysis.class, this::check));
  }

  /** Seed 003's line: more GSIs than this is the anti-pattern. */
  static final int ADVISED_MAX_GSIS = 5;

  public void check(DynamoDbAnalysis a, Findings out) {
    for (DynamoDbTable t : a.tables()) {
      List<KeyPath> gsis = t.gsis();
      if (gsis.size() <= ADVISED_MAX_GSIS) {
        continue;
      }
      double tableWcu = cost(a, t.name()).map(DynamoDbCost::writeUnits).orElse(0.0);
      double indexWcu = 0;
      double writes = 0;
      double storage = 0;
      for (KeyPath g : gsis) {
        Optional<DynamoDbCost> c = cost(a, g.copy());
        if (c.isPresent()) {
          indexWcu += c.get().writeUnits();
          writes += DynamoDbFigures.writeMonthly(a, t, c.get().writeUnits());
          storage += c.get().storageMonthly();
        }
      }
      boolean overQuota = gsis.size() > DynamoDbLimits.DEFAULT_MAX_GLOBAL_SECONDARY_INDEXES;
      String amplification = tableWcu > 0
          ? "its writes of " + DynamoDbFigures.units(tableWcu, "WCU") + " add " + DynamoDbFigures.units(indexWcu, "WCU")
              + " on the indexes (×"
              + Units.count((tableWcu + indexWcu) / tableWcu) + " in all)"
          : "the patterns write nothing to it, so the amplification is not yet visible";
      out.report(overQuota ? Severity.ERROR : Severity.WARNING, t.name(), t.location(),
          "table " + t.name() + " has " + gsis.size() + " global secondary indexes, "
              + (overQuota ? "over the default quota of 20 per table: creating them fails unless the quota is raised"
                  : "more than the 5 seed 003 advises")
              + "; " + amplification + ": " + DynamoDbFigures.money(a, writes) + "/month of index writes and "
              + DynamoDbFigures.money(a, storage) + "/month of index storage",
          "serve several patterns with one overloaded index (generic GSI1PK/GSI1SK whose values each item type"
              + " fills its own way, seed 000), composite sort keys, or sparse indexes that only the items that"
              + " need them enter; drop indexes no pattern reads");
    }
  }

  private static Optional<DynamoDbCost> cost(DynamoDbAnalysis a, String copy) {
    return a.cost(copy);
  }

  public void check(MongoDbAnalysis a, Findings out) {
    for (MongoDbCollection c : a.collections()) {
      int n = c.indexes().size();
      if (n <= MongoDbLimits.ATLAS_MANY_INDEXES) {
        continue;
      }
      boolean overLimit = n > MongoDbLimits.MAX_INDEXES_PER_COLLECTION;
      double writes = MongoDbIndexWrites.perSecond(a, c);
      out.report(overLimit ? Severity.ERROR : Severity.WARNING, c.name(), c.location(),
          "collection " + c.name() + " has " + n + " indexes (_id_ included), "
              + (overLimit ? "over the " + MongoDbLimits.MAX_INDEXES_PER_COLLECTION
                  + " a collection may have: createIndex fails for every index past it"
                  : "more than the " + MongoDbLimits.ATLAS_MANY_INDEXES + " Atlas flags (NUM_INDEXES)")
              + "; every insert writes an entry in each of them (one per element in a multikey index): "
              + Units.count(writes) + " index entries written per second by the write patterns, "
              + Units.bytes(c.indexBytes()) + " of indexes for " + Units.bytes(c.dataBytes()) + " of documents",
          "serve several patterns with one compound index (equality fields first, then sort, then range: the ESR"
              + " guideline), so its prefixes answer the shorter queries; drop indexes no pattern uses (UnusedIndex),"
              + " hiding each first with db." + c.name() + ".hideIndex(\"name\")");
    }
  }
}
