package dev.keyplan.mongodb.check;

import dev.keyplan.check.Category;
import dev.keyplan.check.Findings;
import dev.keyplan.check.RuleSpec;
import dev.keyplan.check.Severity;
import dev.keyplan.model.Operation;
import dev.keyplan.model.Units;
import dev.keyplan.mongodb.design.MongoDbAnalysis;
import dev.keyplan.mongodb.design.MongoDbCollection;
import dev.keyplan.mongodb.design.MongoDbIndex;
import dev.keyplan.mongodb.design.MongoDbIndexWrites;
import dev.keyplan.mongodb.design.MongoDbPlan;
import dev.keyplan.mongodb.model.MongoDbDesign;

/**
 * Flags a MongoDB index that no pattern's plan uses: every write still pays for it, and it takes
 * cache and disk (MongoDB manual, "Data Modeling Anti-Patterns": "Unnecessary Indexes"; Atlas
 * Performance Advisor, REMOVE_UNNECESSARY_INDEXES).
 *
 * <p>An index is used when a read's plan picks it, when an update or delete of the collection's
 * documents gives its first field by equality (the write finds its documents through it), or when
 * an update of another entity rewrites copies of it the documents hold (Extended Reference) and the
 * index starts with the field holding that entity's key. A read served by a schema pattern (the
 * Subset's full collection past the array's {@code max}) names its index in its plan. Not flagged,
 * because they do work no query plan shows: {@code _id_}; the index that supports the shard key
 * (sharding needs it, and it cannot be dropped while the key exists); a TTL index (its monitor
 * deletes expired documents); a unique index (it enforces the constraint on every write).
 *
 * <p>Worked number: an index {@code {status: 1}} on 1M orders (a 9-character string, 1 + 1 + 4 + 9
 * + 1 = 16 B a key, + 8 B record id) is 1M entries, 24 MB, and 10 inserts/s write 10 entries/s in
 * it that no read ever uses.
 */
@RuleSpec(
    category = Category.WRITE,
    summary = "Index that no access pattern uses costs every write",
    severity = Severity.WARNING)
public final class UnusedIndex implements MongoDbRule {
  @Override
  public void check(MongoDbAnalysis a, Findings out) {
    for (MongoDbCollection c : a.collections()) {
      for (MongoDbIndex ix : c.indexes()) {
        if (ix.implicitId()
            || ix.unique()
            || ix.ttlSeconds() > 0
            || supportsShardKey(c, ix)
            || used(a, c, ix)) {
          continue;
        }
        out.report(
            Severity.WARNING,
            c.name() + "." + ix.name(),
            ix.location(),
            "index "
                + ix.name()
                + " of "
                + c.name()
                + " serves no pattern: "
                + Units.count(ix.entries())
                + " entries, "
                + Units.bytes(ix.bytes())
                + ", and the write patterns change "
                + Units.rate(MongoDbIndexWrites.perSecond(a, c, ix))
                + " of its entries",
            "drop it: db."
                + c.name()
                + ".dropIndex(\""
                + ix.name()
                + "\"); to be safe, hide it first"
                + " (db."
                + c.name()
                + ".hideIndex(\""
                + ix.name()
                + "\")): the planner stops using it while it"
                + " is still maintained, and unhideIndex brings it back at once if a query you did not model"
                + " slows down");
      }
    }
  }

  private static boolean used(MongoDbAnalysis a, MongoDbCollection c, MongoDbIndex ix) {
    for (MongoDbPlan p : a.plans()) {
      if (p.collection().filter(c.name()::equals).isPresent()
          && p.index().filter(ix.name()::equals).isPresent()) {
        return true;
      }
      if (maintainsCopies(a, c, ix, p)) {
        return true;
      }
      if (p.pattern().operation() instanceof Operation.Write w
          && c.entity().name().equals(w.entity())
          && w.where().stream()
              .anyMatch(
                  x ->
                      (x.comparison() == Operation.Comparison.EQ
                              || x.comparison() == Operation.Comparison.IN)
                          && c.fieldOf(x.attribute()).equals(ix.fields().get(0)))) {
        return true;
      }
    }
    return false;
  }

  /**
   * True if {@code p} is an update of another entity whose attributes {@code c} holds as copies
   * ({@code copy_of}: the Extended Reference pattern) and {@code ix} starts with the field holding
   * that entity's key: the update finds the documents holding the copies through it ({@code
   * updateMany({"lines.product_id": …}, …)}), as a write by its own key would.
   */
  private static boolean maintainsCopies(
      MongoDbAnalysis a, MongoDbCollection c, MongoDbIndex ix, MongoDbPlan p) {
    if (!(p.pattern().operation() instanceof Operation.Write w)
        || w.kind() != Operation.Kind.UPDATE
        || c.entity().name().equals(w.entity())
        || p.touches().stream().noneMatch(t -> t.write() && t.collection().equals(c.name()))) {
      return false;
    }
    dev.keyplan.model.Entity source = a.model().entities().get(w.entity());
    if (source == null || source.key().isEmpty()) {
      return false;
    }
    String k = source.key().get(0);
    String first = ix.fields().get(0);
    if (c.holds(k) && c.fieldOf(k).equals(first)) {
      return true;
    }
    return c.embeds().stream()
        .anyMatch(em -> em.types().containsKey(k) && em.pathOf(k).equals(first));
  }

  /** The shard key's index: its keys start with the shard key's, field by field. */
  private static boolean supportsShardKey(MongoDbCollection c, MongoDbIndex ix) {
    if (c.shardKey().isEmpty()) {
      return false;
    }
    var key = c.shardKey().get().keys();
    if (ix.keys().size() < key.size()) {
      return false;
    }
    for (int i = 0; i < key.size(); i++) {
      MongoDbDesign.IndexKey k = key.get(i);
      MongoDbDesign.IndexKey x = ix.keys().get(i);
      boolean hashed = k.kind() == MongoDbDesign.IndexKey.Kind.HASHED;
      if (!x.field().equals(c.fieldOf(k.field()))
          || hashed != (x.kind() == MongoDbDesign.IndexKey.Kind.HASHED)) {
        return false;
      }
    }
    return true;
  }
}
