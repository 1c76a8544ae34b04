package dev.keyplan.dynamodb.check;

import dev.keyplan.check.Category;
import dev.keyplan.check.Findings;
import dev.keyplan.check.RuleSpec;
import dev.keyplan.check.Severity;
import dev.keyplan.dynamodb.design.DynamoDbAnalysis;
import dev.keyplan.dynamodb.design.DynamoDbItem;
import dev.keyplan.dynamodb.design.DynamoDbTable;
import dev.keyplan.dynamodb.design.KeyPath;
import dev.keyplan.dynamodb.facts.DynamoDbLimits;
import dev.keyplan.model.Entity;
import dev.keyplan.model.Quantities;
import dev.keyplan.model.Units;
import dev.keyplan.workload.KeyCounts;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Flags a table with a local secondary index whose busiest item collection (every item and LSI
 * entry of one partition key value) passes 10 GB, the cap DynamoDB enforces on such tables with
 * ItemCollectionSizeLimitExceededException (AWS DG, "Quotas"; seed 000: "one very large customer
 * can stop accepting writes"). A GSI has no such cap.
 *
 * <p>Per collection (item types sharing a partition key template), each item type adds {@code n ×
 * e} bytes at the horizon, where {@code n} is the busiest value's items (rows × the busiest share,
 * 1 if the key identifies the item) and {@code e} the item's storage bytes plus its LSI entries'
 * (each + 100 B), as DynamoSizing.collectionBytes adds them. An item type grows the collection by
 * {@code g × share × e} B/s unless it is bounded: no growth, a TTL, or a key that identifies one
 * item. From today's size {@code B0 = BH − rate × horizon} the collection reaches 10 GiB after
 * {@code (10 GiB − B0) / rate} seconds.
 *
 * <p>Worked number: 100 events/s, the busiest tenant writing 10/s, 395 B items with one ALL LSI:
 * each event adds 395 + 395 = 790 B, the tenant's collection 7,900 B/s, and it passes
 * 10,737,418,240 B after 1,359,167 s = 15.7 days.
 *
 * <p>Severity: error when the collection is over 10 GB at the horizon; warning when it grows
 * without bound and reaches 10 GB within ten horizons; advice (info) when that is further off.
 */
@RuleSpec(
    category = Category.SIZE,
    summary = "Item collection of a table with a local index passes or grows toward the 10 GB cap",
    severity = Severity.ERROR)
public final class LsiOnUnboundedCollection implements DynamoDbRule {
  /**
   * An unbounded collection reaching 10 GB within this many horizons is a warning, later advice.
   */
  static final int WARN_HORIZONS = 10;

  /** Returns a time in days, with years added when it is two years or more. */
  static String days(double seconds) {
    String d = Units.duration(seconds);
    return d.endsWith("years") ? Units.count(seconds / 86_400) + " days (" + d + ")" : d;
  }

  @Override
  public void check(DynamoDbAnalysis a, Findings out) {
    long horizon = a.model().horizonSeconds();
    double cap = DynamoDbLimits.MAX_ITEM_COLLECTION_BYTES;
    for (DynamoDbTable t : a.tables()) {
      List<KeyPath> lsis = t.lsis();
      if (lsis.isEmpty()) {
        continue;
      }
      Map<String, double[]> collections = new LinkedHashMap<>();
      for (DynamoDbItem it : t.items()) {
        Entity e = it.entity();
        Set<String> pk = KeyCounts.placeholders(it.partitionTemplates(t.table()));
        // One value of a sharded key is one suffix's share of the items: its own collection.
        int shards = KeyCounts.shards(it.partitionTemplates(t.table()));
        double perKey = KeyCounts.busiestPerValue(e, pk, it.rows()) / shards;
        double entry = it.storageBytes();
        for (KeyPath l : lsis) {
          if (it.on(l)) {
            entry += it.entryBytes(l, t) + DynamoDbLimits.STORAGE_OVERHEAD_PER_INDEX_ENTRY_BYTES;
          }
        }
        boolean grows =
            e.growthPerSecond() > 0 && it.ttlSeconds() == 0 && !KeyCounts.identifies(e, pk);
        double rate =
            grows
                ? e.growthPerSecond() * KeyCounts.busiestRowShare(e, pk, it.rows()) / shards * entry
                : 0;
        double[] c =
            collections.computeIfAbsent(it.partitionSignature(t.table()), k -> new double[2]);
        c[0] += perKey * entry;
        c[1] += rate;
      }
      String worst = null;
      double soonest = Double.POSITIVE_INFINITY;
      for (Map.Entry<String, double[]> c : collections.entrySet()) {
        double bytes = c.getValue()[0];
        double rate = c.getValue()[1];
        if (Double.isNaN(bytes) || Double.isNaN(rate) || (bytes <= cap && rate <= 0)) {
          continue;
        }
        double today = Math.max(0, bytes - rate * horizon);
        double crossing = today >= cap ? 0 : (cap - today) / rate;
        if (worst == null || crossing < soonest) {
          worst = c.getKey();
          soonest = crossing;
        }
      }
      if (worst == null) {
        continue;
      }
      double bytes = collections.get(worst)[0];
      double rate = collections.get(worst)[1];
      boolean over = bytes > cap;
      Severity severity =
          over
              ? Severity.ERROR
              : soonest <= WARN_HORIZONS * (double) horizon ? Severity.WARNING : Severity.INFO;
      String growth =
          rate > 0
              ? ", growing by " + Units.bytes(rate * 86_400) + " a day"
              : " (bounded: no growth, a TTL or one item per key, but too large)";
      String when =
          rate <= 0
              ? "over the 10 GB cap"
              : soonest == 0
                  ? "it is over the 10 GB cap already today"
                  : "it " + (over ? "passes" : "reaches") + " the 10 GB cap after " + days(soonest);
      String consequence =
          over
              ? ": writes to that key then fail with ItemCollectionSizeLimitExceededException"
              : "; nothing bounds it: no TTL, and the key does not identify one item";
      String names = String.join(", ", lsis.stream().map(KeyPath::name).toList());
      out.report(
          severity,
          t.name(),
          lsis.get(0).location(),
          "table "
              + t.name()
              + " has local index"
              + (lsis.size() == 1 ? " " : "es ")
              + names
              + ", so one partition key value's items and index entries may not exceed 10 GB;"
              + " its busiest item collection ("
              + worst
              + ") holds "
              + Units.bytes(bytes)
              + " after "
              + Quantities.formatSeconds(horizon)
              + growth
              + "; "
              + when
              + consequence,
          "replace the local index with a global one (same sort key, partition key "
              + worst
              + "): a GSI has no"
              + " per-key size cap (seed 000); or bound the collection: a TTL on its items, or a time bucket"
              + " in the partition key");
    }
  }
}
