package dev.keyplan.dynamodb.check;

import dev.keyplan.check.Category;
import dev.keyplan.check.Findings;
import dev.keyplan.check.RuleSpec;
import dev.keyplan.check.Severity;
import dev.keyplan.dynamodb.design.DynamoDbAnalysis;
import dev.keyplan.dynamodb.design.DynamoDbItem;
import dev.keyplan.dynamodb.design.DynamoDbPlan;
import dev.keyplan.dynamodb.design.DynamoDbTable;
import dev.keyplan.dynamodb.design.KeyPath;
import dev.keyplan.dynamodb.facts.Capacity;
import dev.keyplan.dynamodb.facts.ItemSize;
import dev.keyplan.dynamodb.model.DynamoDbDesign.Projection;
import dev.keyplan.model.Quantities;
import dev.keyplan.model.Units;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Flags a high-volume item type whose attribute names cost real money: DynamoDB stores every name
 * in every item (and in every index entry that holds the attribute), counts it in the 1 KB write
 * unit and bills it as storage. Seed 000: "Names count, so a long attribute name on a billion items
 * is real money".
 *
 * <p>Per item type, the bytes saved if every name were at most {@value #SHORT_NAME} characters:
 * {@code Σ max(0, bytes(name) − 3)} over the names of the item and of each index entry. Storage:
 * the saving × items at the horizon, priced per GB-month. Writes: for every write pattern of the
 * item, {@code rate × (⌈item / 1 KB⌉ − ⌈(item − saving) / 1 KB⌉)} write units (× 2 in a
 * transaction), priced in the table's billing mode. Reads are not counted, and index writes are not
 * either, so the saving is a lower bound.
 *
 * <p>Worked number: 31.5 billion 1,116 B readings whose names are 160 B; at most 3 characters each
 * would save 135 B per item: 4.26 TB ($991/month at $0.25 per GB-month), and at 981 B a write needs
 * 1 WCU instead of 2, 1,000 WCU/s fewer ($1,642.50/month on demand).
 *
 * <p>Reported when the saving is at least {@value #MIN_MONTHLY_SAVING} a month in the price table's
 * currency: renaming attributes touches every reader and writer and needs a data migration, and
 * below that (40 GB-months of storage at US East prices) it does not pay for itself. A warning when
 * names push writes over a 1 KB boundary (every write pays a unit for names), else advice (info).
 */
@RuleSpec(
    category = Category.COST,
    summary = "Long attribute names on a high-volume item type cost storage and write units",
    severity = Severity.WARNING)
public final class LongAttributeNames implements DynamoDbRule {
  /** The name length the saving is computed for: names of at most 3 characters. */
  static final int SHORT_NAME = 3;

  /** The smallest monthly saving reported, in the price table's currency. */
  static final int MIN_MONTHLY_SAVING = 10;

  @Override
  public void check(DynamoDbAnalysis a, Findings out) {
    for (DynamoDbTable t : a.tables()) {
      for (DynamoDbItem it : t.items()) {
        long names = 0;
        long saved = 0;
        for (String n : it.attributeNames()) {
          names += ItemSize.utf8Bytes(n);
          saved += excess(n);
        }
        if (saved == 0) {
          continue;
        }
        double savedBytes = it.rows() * saved;
        for (KeyPath p : t.paths()) {
          if (p.isIndex() && it.on(p)) {
            savedBytes +=
                it.rows()
                    * entryNames(it, t, p).stream().mapToLong(LongAttributeNames::excess).sum();
          }
        }
        double storage = a.prices().storageMonthly(savedBytes);
        long shorter = it.bytes() - saved;
        double wcu = 0;
        for (DynamoDbPlan plan : a.writesOf(it.name())) {
          if (plan.touches().stream().noneMatch(x -> x.copy().equals(t.name()))) {
            continue;
          }
          Capacity.Write mode =
              plan.operation().equals("TransactWriteItems")
                  ? Capacity.Write.TRANSACTIONAL
                  : Capacity.Write.STANDARD;
          wcu +=
              plan.pattern().ratePerSecond()
                  * (Capacity.write(it.bytes(), it.bytes(), mode)
                      - Capacity.write(shorter, shorter, mode));
        }
        double writes = a.writesMonthly(t, wcu);
        if (storage + writes < MIN_MONTHLY_SAVING) {
          continue;
        }
        String writePart =
            wcu > 0
                ? ", and at "
                    + Units.count(shorter)
                    + " B a write needs "
                    + Capacity.writeBlocks(shorter)
                    + " WCU instead of "
                    + Capacity.writeBlocks(it.bytes())
                    + ": "
                    + Units.rate(wcu, "WCU")
                    + " fewer at peak ("
                    + a.prices().money(writes)
                    + "/month)"
                : " (its writes stay at " + Capacity.writeBlocks(it.bytes()) + " WCU)";
        out.report(
            wcu > 0 ? Severity.WARNING : Severity.INFO,
            it.name(),
            it.location(),
            "item type "
                + it.name()
                + " in "
                + t.name()
                + ": attribute names are "
                + Units.count(names)
                + " B of its "
                + Units.count(it.bytes())
                + " B ("
                + Units.percent(names / (double) it.bytes())
                + "), stored in each of its "
                + Units.count(it.rows())
                + " items at "
                + Quantities.formatSeconds(a.model().horizonSeconds())
                + "; with names of at most "
                + SHORT_NAME
                + " characters an item is "
                + Units.count(saved)
                + " B smaller: "
                + Units.bytes(savedBytes)
                + " less storage, items and index entries ("
                + a.prices().money(storage)
                + "/month)"
                + writePart
                + "; "
                + a.prices().money(storage + writes)
                + "/month in all",
            "shorten the longest names ("
                + longest(it)
                + "), e.g. to a few letters mapped in the data access layer;"
                + " key attributes can be generic and short (PK, SK, GSI1PK)");
      }
    }
  }

  private static long excess(String name) {
    return Math.max(0, ItemSize.utf8Bytes(name) - SHORT_NAME);
  }

  /**
   * Returns the names an index entry holds: all for ALL, else the table's and index's keys and
   * INCLUDEd attributes.
   */
  private static Set<String> entryNames(DynamoDbItem it, DynamoDbTable t, KeyPath p) {
    if (p.projection().type() == Projection.Type.ALL) {
      return it.attributeNames();
    }
    Set<String> out = new LinkedHashSet<>(t.primaryKey());
    out.addAll(p.keyAttributes());
    if (p.projection().type() == Projection.Type.INCLUDE) {
      p.projection().include().stream()
          .filter(n -> it.attributeStoredAs(n).isPresent())
          .forEach(out::add);
    }
    return out;
  }

  /** Returns the three longest names over 3 bytes, with their bytes. */
  private static String longest(DynamoDbItem it) {
    List<String> names = new ArrayList<>(it.attributeNames());
    names.removeIf(n -> excess(n) == 0);
    names.sort(Comparator.comparingLong(ItemSize::utf8Bytes).reversed());
    List<String> out = new ArrayList<>();
    for (String n : names.subList(0, Math.min(3, names.size()))) {
      out.add(n + " " + ItemSize.utf8Bytes(n) + " B");
    }
    return String.join(", ", out);
  }
}
