package dev.keyplan.mongodb.check;

import dev.keyplan.check.Category;
import dev.keyplan.check.Findings;
import dev.keyplan.check.RuleSpec;
import dev.keyplan.check.Severity;
import dev.keyplan.model.Units;
import dev.keyplan.mongodb.design.MongoDbAnalysis;
import dev.keyplan.mongodb.design.MongoDbCollection;
import dev.keyplan.mongodb.design.MongoDbIndex;
import dev.keyplan.mongodb.design.MongoDbIndexWrites;
import dev.keyplan.mongodb.model.MongoDbDesign.IndexKey;
import java.util.List;
import java.util.Optional;

/**
 * Flags an index whose keys are a prefix of another index's keys of the same collection, in the
 * same directions: {@code {country: 1, userid: 1}} beside {@code {country: 1, userid: 1, sent_at:
 * -1}}. A compound index supports queries on any prefix of its keys, and sorts on that prefix
 * (MongoDB manual, "Compound Indexes", Prefixes:
 * https://www.mongodb.com/docs/manual/core/indexes/index-types/index-compound/), so the longer
 * index serves every read the shorter one does, and the shorter one only costs writes and storage
 * (the Atlas Performance Advisor lists such "redundant indexes" to drop).
 *
 * <p>The shorter index is redundant only when the longer can do everything it does (issue 17,
 * Decisions). Not flagged, because the shorter one does work the longer cannot: a unique index (it
 * enforces uniqueness of its own fields, which the longer does not); a partial or sparse one (it
 * holds fewer entries, and a query must imply its filter); a TTL one (its monitor deletes); a
 * hashed, text or 2dsphere one (no prefix rule); the index of the shard key (sharding needs it); a
 * longer index that is partial or sparse (it cannot serve every query the shorter does), of another
 * collation (a query uses an index only with the index's collation), or multikey where the shorter
 * is not (a multikey index cannot cover a query the shorter covers).
 *
 * <p>Figures, from the analysis: the index entries the write patterns change in it each second
 * ({@link MongoDbIndexWrites}: one per inserted or deleted document, two per update of one of its
 * fields) and its entries and bytes at the horizon (the analysis' index sizing). Worked number: 1M
 * messages growing by 10 inserts/s, with {@code country_1_userid_1} beside {@code
 * country_1_userid_1_sent_at_-1}: the shorter index is written 10 entries/s it needs not be.
 */
@RuleSpec(
    category = Category.WRITE,
    summary = "Index whose keys are a prefix of another index costs every write for nothing",
    severity = Severity.WARNING)
public final class RedundantPrefixIndex implements MongoDbRule {
  @Override
  public void check(MongoDbAnalysis a, Findings out) {
    for (MongoDbCollection c : a.collections()) {
      for (MongoDbIndex shorter : c.indexes()) {
        if (!candidate(c, shorter)) {
          continue;
        }
        Optional<MongoDbIndex> longer =
            c.indexes().stream().filter(l -> covers(l, shorter)).findFirst();
        if (longer.isEmpty()) {
          continue;
        }
        out.report(
            Severity.WARNING,
            c.name() + "." + shorter.name(),
            shorter.location(),
            "index "
                + shorter.name()
                + " of "
                + c.name()
                + " is a prefix of "
                + longer.get().name()
                + ", which serves every query and sort it does: every insert and delete writes"
                + " one more key, and every update of "
                + String.join(" or ", shorter.fields())
                + " too; the write patterns change "
                + Units.rate(MongoDbIndexWrites.perSecond(a, c, shorter))
                + " of its entries, and it holds "
                + Units.count(shorter.entries())
                + " entries, "
                + Units.bytes(shorter.bytes())
                + ", at the horizon",
            "drop it: db."
                + c.name()
                + ".dropIndex(\""
                + shorter.name()
                + "\"); to be safe, hide it first (db."
                + c.name()
                + ".hideIndex(\""
                + shorter.name()
                + "\")) and check with explain(\"executionStats\") that its queries use "
                + longer.get().name());
      }
    }
  }

  /** The shorter index does nothing but serve reads: no constraint, filter, expiry or sharding. */
  private static boolean candidate(MongoDbCollection c, MongoDbIndex ix) {
    return !ix.implicitId()
        && !ix.unique()
        && !ix.sparse()
        && ix.partial().isEmpty()
        && ix.ttlSeconds() == 0
        && ranged(ix.keys())
        && !shardKeyIndex(c, ix);
  }

  /** {@code longer} serves every read {@code shorter} does: a proper prefix, nothing narrower. */
  private static boolean covers(MongoDbIndex longer, MongoDbIndex shorter) {
    if (longer == shorter
        || longer.keys().size() <= shorter.keys().size()
        || longer.sparse()
        || longer.partial().isPresent()
        || longer.caseInsensitive() != shorter.caseInsensitive()
        || (longer.multikey() && !shorter.multikey())
        || !ranged(longer.keys())) {
      return false;
    }
    return longer.keys().subList(0, shorter.keys().size()).equals(shorter.keys());
  }

  /** Every key ascending or descending: the only keys the prefix rule holds for. */
  private static boolean ranged(List<IndexKey> keys) {
    return keys.stream()
        .allMatch(k -> k.kind() == IndexKey.Kind.ASCENDING || k.kind() == IndexKey.Kind.DESCENDING);
  }

  /** The index backing the shard key: its keys are the shard key's, field by field. */
  private static boolean shardKeyIndex(MongoDbCollection c, MongoDbIndex ix) {
    if (c.shardKey().isEmpty()) {
      return false;
    }
    List<IndexKey> key = c.shardKey().get().keys();
    if (key.size() != ix.keys().size()) {
      return false;
    }
    for (int i = 0; i < key.size(); i++) {
      if (!ix.keys().get(i).field().equals(c.fieldOf(key.get(i).field()))) {
        return false;
      }
    }
    return true;
  }
}
