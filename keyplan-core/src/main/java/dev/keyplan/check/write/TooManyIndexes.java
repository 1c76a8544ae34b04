package dev.keyplan.check.write;

import dev.keyplan.check.Category;
import dev.keyplan.check.Rule;
import dev.keyplan.check.RuleSpec;
import dev.keyplan.check.Severity;
import dev.keyplan.store.Stores;
import java.util.List;

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
 * WCU/s on the table, 600 on the indexes, ×7; on demand 600 × 2,628,000 s × $0.625 / 10^6 = $985.50
 * a month of index writes.
 *
 * <p>On MongoDB every index of a collection, {@code _id_} included, is updated in the same write as
 * the document (multikey indexes once per array element). Atlas flags "More than 30 indexes" in a
 * collection (NUM_INDEXES, {@link MongoDbLimits#ATLAS_MANY_INDEXES}): a warning; above the 64 a
 * collection may have ({@link MongoDbLimits#MAX_INDEXES_PER_COLLECTION}, MongoDB manual "MongoDB
 * Limits and Thresholds") createIndex fails: an error. The finding gives the index entries the
 * write patterns change per second ({@link MongoDbIndexWrites}) and the indexes' estimated bytes.
 * Worked number: 100 inserts/s into a collection with 31 single-field indexes on int fields and
 * {@code _id_} write 100 × 32 = 3,200 entries/s; at 1M documents each int index is 1M × (6 + 8) B =
 * 14 MB.
 */
@RuleSpec(
    category = Category.WRITE,
    summary =
        "Table or collection has more indexes than advised (write amplification) or than the store allows",
    severity = Severity.ERROR)
public final class TooManyIndexes implements Rule.OnStores {
  /**
   * Each store's part of the rule ({@code <Store>TooManyIndexes} in the store's {@code check}
   * package).
   */
  @Override
  public List<Rule.OnStore<?>> parts() {
    return Stores.builtIn().ruleParts(TooManyIndexes.class);
  }
}
