package dev.keyplan.dynamodb.check;

import dev.keyplan.check.Category;
import dev.keyplan.check.Findings;
import dev.keyplan.check.RuleSpec;
import dev.keyplan.check.Severity;
import dev.keyplan.dynamodb.design.DynamoDbAnalysis;
import dev.keyplan.dynamodb.design.DynamoDbItem;
import dev.keyplan.dynamodb.design.DynamoDbSizing;
import dev.keyplan.dynamodb.design.DynamoDbTable;
import dev.keyplan.dynamodb.design.KeyPath;
import dev.keyplan.dynamodb.facts.Capacity;
import dev.keyplan.dynamodb.facts.DynamoDbLimits;
import dev.keyplan.dynamodb.facts.ItemSize;
import dev.keyplan.model.Units;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * Flags an item type whose item is over DynamoDB's 400 KB (409,600 B) item limit (error: the write
 * is rejected) or within a quarter of it (warning). On a table with local secondary indexes the
 * limit counts the item plus its entries in every LSI (AWS DG, "Quotas"; notes §2.1), so an
 * ALL-projected LSI halves the room: a 250,189 B document with one such LSI counts 2 × 250,189 =
 * 500,378 B, over the limit, although the item alone is 61% of it.
 *
 * <p>The warning starts at {@value #WARN_PERCENT}% (307,200 B): a model's sizes are averages
 * (docs/model.md), so at 75% the larger quarter of the items is likely to be over; and such an item
 * already costs 300 write units per write and 75 read units per strongly consistent read. Seed 003
 * lists "Large items (&gt; 400KB): DynamoDB limit; poor performance. Store payload in S3, reference
 * in DDB".
 */
@RuleSpec(
    category = Category.SIZE,
    summary = "Item is over or near DynamoDB's 400 KB item limit",
    severity = Severity.ERROR)
public final class ItemNearSizeLimit implements DynamoDbRule {
  /** Share of the 400 KB limit, in percent, from which an item type is a warning. */
  static final int WARN_PERCENT = 75;

  /** The attributes listed as dominant make up at least this share of the counted bytes. */
  static final double DOMINANT_SHARE = 0.8;

  @Override
  public void check(DynamoDbAnalysis a, Findings out) {
    for (DynamoDbTable t : a.tables()) {
      DynamoDbSizing sizing = a.sizing().get(t.name());
      for (DynamoDbItem it : t.items()) {
        long lsi = sizing.lsiEntryBytes(it.name());
        long counted = sizing.limitBytes(it);
        double share = counted / (double) DynamoDbLimits.MAX_ITEM_BYTES;
        if (share * 100 < WARN_PERCENT) {
          continue;
        }
        boolean over = counted > DynamoDbLimits.MAX_ITEM_BYTES;
        String size =
            lsi == 0
                ? Units.count(counted) + " B"
                : Units.count(it.fullBytes())
                    + " B plus "
                    + Units.count(lsi)
                    + " B of entries in local index"
                    + (lsiCount(it, t) == 1 ? " " : "es ")
                    + String.join(", ", lsiNames(it, t))
                    + " = "
                    + Units.count(counted)
                    + " B";
        String verdict =
            over
                ? Units.count(counted - DynamoDbLimits.MAX_ITEM_BYTES)
                    + " B over DynamoDB's 409,600 B (400 KB) item limit:"
                    + " every write of it is rejected (ValidationException)"
                : Units.percent(share)
                    + " of DynamoDB's 409,600 B (400 KB) item limit, and sizes are averages";
        out.report(
            over ? Severity.ERROR : Severity.WARNING,
            it.name(),
            it.location(),
            "item type "
                + it.name()
                + " in "
                + t.name()
                + " is "
                + size
                + ", "
                + verdict
                + "; mostly "
                + dominant(it, lsi)
                + "; each write costs "
                + Capacity.writeBlocks(it.fullBytes())
                + " WCU and each strongly consistent read "
                + Capacity.readBlocks(it.fullBytes())
                + " RCU",
            "store the large attributes in S3 and keep the object key in the item (seed 003); or split the item"
                + " (vertical partitioning): move them to their own items under the same partition key, read"
                + " together with one Query"
                + (lsi > 0
                    ? "; or project fewer attributes into the local index"
                        + " (KEYS_ONLY or a list to INCLUDE)"
                    : ""));
      }
    }
  }

  /**
   * Returns the largest parts of the counted size, down to {@value #DOMINANT_SHARE} of it, with
   * bytes and share.
   */
  private static String dominant(DynamoDbItem it, long lsi) {
    List<Map.Entry<String, Long>> parts = new ArrayList<>();
    for (var k : it.keyBytes().entrySet()) {
      parts.add(Map.entry(k.getKey(), ItemSize.utf8Bytes(k.getKey()) + k.getValue()));
    }
    for (var s : it.attributes().entrySet()) {
      parts.add(Map.entry(s.getKey(), ItemSize.utf8Bytes(s.getKey()) + s.getValue().valueBytes()));
    }
    if (lsi > 0) {
      parts.add(Map.entry("the local index entries", lsi));
    }
    parts.sort(Map.Entry.<String, Long>comparingByValue(Comparator.reverseOrder()));
    double total = it.fullBytes() + lsi;
    List<String> out = new ArrayList<>();
    double sum = 0;
    for (var p : parts) {
      out.add(
          p.getKey()
              + " "
              + Units.count(p.getValue())
              + " B ("
              + Units.percent(p.getValue() / total)
              + ")");
      sum += p.getValue();
      if (sum >= DOMINANT_SHARE * total || out.size() == 3) {
        break;
      }
    }
    return String.join(", ", out);
  }

  private static long lsiCount(DynamoDbItem it, DynamoDbTable t) {
    return t.lsis().stream().filter(it::on).count();
  }

  private static List<String> lsiNames(DynamoDbItem it, DynamoDbTable t) {
    return t.lsis().stream().filter(it::on).map(KeyPath::name).toList();
  }
}
