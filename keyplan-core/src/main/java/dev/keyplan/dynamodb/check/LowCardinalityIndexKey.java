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
import dev.keyplan.model.Attribute;
import dev.keyplan.model.Entity;
import dev.keyplan.model.KeyTemplate;
import dev.keyplan.model.Operation;
import dev.keyplan.model.Spread;
import dev.keyplan.model.Units;
import dev.keyplan.workload.CompositeKey;
import dev.keyplan.workload.KeySpread;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * Flags a DynamoDB partition key, of a table or a global index, whose values for an item type are
 * few or dominated by one: built only from low-cardinality attributes, or a constant. Seed 000: "Do
 * not index by a low-cardinality value like status = open alone. All open orders then share one
 * key, which is a hot partition … Combine it with a date or a shard suffix." Thresholds:
 *
 * <ul>
 *   <li>fewer than 100 distinct values: "A partition key with fewer than 100 distinct values will
 *       produce dangerously skewed distribution" (seed 004, "Lessons learned");
 *   <li>a busiest value with more than 2% of the items: "no single value represents more than 1-2%
 *       of total traffic" (seed 002, "Cardinality target"); writes follow the items. With 100
 *       values or more this is reported as info (a skew; its heat is
 *       PartitionThroughputExceeded's), and not at all once the key has a shard suffix;
 *   <li>a constant key (a template without a placeholder): one value, every item of the type.
 * </ul>
 *
 * <p>Values: the template's attributes combined by {@link CompositeKey} (a declared {@code
 * distinct}, an enumeration's or boolean's value count; {@code belongs_to} and {@code per:} where
 * the model says them, else the product as if independent, which the message then states) times the
 * {@code {shard:N}} values. A key holding the entity's whole key has a value per item and is never
 * flagged; a key whose spread is unknown is left to KeySpreadUndeclared. Not flagged either: a key
 * whose busiest value holds at most 1 MB of items at the horizon, which one Query page returns
 * whole (a lookup list such as 50 settings under {@code SETTINGS}); its heat, if any, is
 * PartitionThroughputExceeded's.
 *
 * <p>Worked number: 1,000,000 orders on GSI1 under {@code STATUS#{status}}, status an enumeration
 * of 5: 5 values, the busiest with 1/5 = 20% of the items, 200,000 × 2,250 B = 450 MB ⇒ warning;
 * {@code {shard:20}} gives 100 values of 1% each.
 */
@RuleSpec(
    category = Category.KEY,
    summary = "DynamoDB partition key with too few values, a dominant value, or a constant",
    severity = Severity.WARNING)
public final class LowCardinalityIndexKey implements DynamoDbRule {
  /** Fewer distinct partition-key values than this is low cardinality (seed 004). */
  static final double MIN_VALUES = 100;

  /** A busiest value above this share of the items is a hot spot (seed 002). */
  static final double MAX_SHARE = 0.02;

  @Override
  public void check(DynamoDbAnalysis a, Findings out) {
    for (DynamoDbTable t : a.tables()) {
      for (KeyPath path : t.paths()) {
        if (path.local()) {
          continue; // a local index shares the table's partition key, checked once on the table
        }
        for (DynamoDbItem it : t.items()) {
          if (it.on(path)) {
            check(a, t, path, it, out);
          }
        }
      }
    }
  }

  private static void check(
      DynamoDbAnalysis a, DynamoDbTable t, KeyPath path, DynamoDbItem it, Findings out) {
    // The reads served by this path for this item type: what a fix must keep serving.
    List<Operation.Read> reads =
        a.touchesOn(path.copy(), it.partitionSignature(path)).stream()
            .map(DynamoDbAnalysis.PlanTouch::plan)
            .distinct()
            .filter(
                pl ->
                    pl.pattern().isRead()
                        && pl.path().filter(path::equals).isPresent()
                        && pl.items().contains(it.name()))
            .map(pl -> (Operation.Read) pl.pattern().operation())
            .toList();
    Entity e = it.entity();
    List<KeyTemplate> templates = it.partitionTemplates(path);
    Set<String> attrs = new LinkedHashSet<>();
    templates.forEach(k -> attrs.addAll(k.attributes()));
    int shards = 1;
    for (KeyTemplate k : templates) {
      shards *= k.shards();
    }
    if (!e.key().isEmpty() && attrs.containsAll(e.key())) {
      return;
    }
    // A sparse index holds only the items carrying its key (present:), and a sparse attribute's
    // spread describes those items.
    double rows = it.rowsOn(path);
    List<String> sources = new ArrayList<>();
    for (String attr : attrs) {
      OptionalDouble d = KeySpread.distinct(e, attr, rows);
      if (d.isEmpty()) {
        return;
      }
      sources.add(source(e, attr, d.getAsDouble()));
    }
    // Several attributes combine as the model's belongs_to and per: say, else as if independent
    // (CompositeKey, the arithmetic every store shares).
    CompositeKey combined = CompositeKey.of(e, attrs, rows);
    if (!combined.known()
        || Double.isNaN(combined.distinct())
        || Double.isNaN(combined.busiestShare())) {
      return;
    }
    String assumed =
        combined.assumption() == CompositeKey.Assumption.ONE_ATTRIBUTE
            ? ""
            : "; " + combined.text();
    double distinct = shards * combined.distinct();
    double share = combined.busiestShare() / shards;
    double busiestItems = Math.max(1, rows * share);
    double busiestBytes =
        busiestItems
            * (it.entryBytes(path, t)
                + (path.isIndex()
                    ? DynamoDbLimits.STORAGE_OVERHEAD_PER_INDEX_ENTRY_BYTES
                    : DynamoDbLimits.STORAGE_OVERHEAD_PER_ITEM_BYTES));
    if (distinct >= MIN_VALUES && share <= MAX_SHARE
        || busiestBytes <= DynamoDbLimits.MAX_QUERY_PAGE_BYTES) {
      return;
    }
    // Enough values but one dominant: a skew to know about (info); whether it is hot is
    // PartitionThroughputExceeded's question. A key already given a shard suffix was spread on
    // purpose, and its heat is judged there too.
    boolean skewOnly = distinct >= MIN_VALUES;
    if (skewOnly && shards > 1) {
      return;
    }
    String keyText =
        String.join(" | ", templates.stream().map(k -> "\"" + k.text() + "\"").toList());
    String key = String.join(", ", path.partitionKey());
    String where = path.isIndex() ? path.label() : "table " + path.table();
    String busiest = Units.count(busiestItems) + " items, " + Units.bytes(busiestBytes);
    String message;
    if (attrs.isEmpty() && shards == 1) {
      message =
          "partition key "
              + key
              + " of "
              + where
              + " is the constant "
              + keyText
              + " for item type "
              + it.name()
              + ": all its "
              + Units.count(rows)
              + " items share one value ("
              + busiest
              + ")";
    } else if (attrs.isEmpty()) {
      message =
          "partition key "
              + key
              + " of "
              + where
              + " is "
              + keyText
              + " for item type "
              + it.name()
              + ", a constant with "
              + shards
              + " shard suffixes: its "
              + Units.count(rows)
              + " items share "
              + shards
              + " values, the busiest with "
              + Units.share(share)
              + " ("
              + busiest
              + ")";
    } else {
      message =
          "partition key "
              + key
              + " of "
              + where
              + " is "
              + keyText
              + " for item type "
              + it.name()
              + ": "
              + Units.count(distinct)
              + " values ("
              + String.join("; ", sources)
              + (shards > 1 ? "; × " + shards + " shards" : "")
              + "), the busiest with "
              + Units.share(share)
              + " of its "
              + Units.count(rows)
              + " items ("
              + busiest
              + ")";
    }
    out.report(
        skewOnly ? Severity.INFO : Severity.WARNING,
        path.label() + " " + it.name(),
        path.location(),
        message
            + assumed
            + "; keep above "
            + Units.count(MIN_VALUES)
            + " values and below "
            + Units.percent(MAX_SHARE)
            + " for the busiest (seeds 004 and 002)",
        fix(it, templates, attrs, distinct, share, reads));
  }

  /** Returns true if there are reads and each restricts {@code attribute} by {@code =}. */
  private static boolean givenByEveryRead(List<Operation.Read> reads, String attribute) {
    return !reads.isEmpty()
        && reads.stream()
            .allMatch(
                r ->
                    r.where().stream()
                        .anyMatch(
                            c ->
                                c.attribute().equals(attribute)
                                    && c.comparison() == Operation.Comparison.EQ));
  }

  /** Where the count of an attribute's values comes from: {@code status: 5 enumerated values}. */
  private static String source(Entity e, String attr, double distinct) {
    Spread s = e.spread().get(attr);
    Optional<Attribute> a = e.attribute(attr);
    String n = Units.count(distinct);
    if (s != null && s.distinct().isPresent()) {
      return attr + ": " + n + " declared values";
    }
    if (a.isPresent() && a.get().type().equalsIgnoreCase("boolean")) {
      return attr + ": a boolean, 2 values";
    }
    if (a.isPresent() && !a.get().values().isEmpty()) {
      return attr + ": " + n + " enumerated values";
    }
    return attr + ": at least " + n + " values, from the busiest value's share";
  }

  /**
   * Combine the key with a date, or append {@code {shard:N}} with N large enough for both targets:
   * {@code N ≥ 100 / values} and {@code N ≥ share / 2%}; every read of one value then queries N
   * partitions.
   */
  private static String fix(
      DynamoDbItem it,
      List<KeyTemplate> templates,
      Set<String> attrs,
      double distinct,
      double share,
      List<Operation.Read> reads) {
    int n =
        (int) Math.max(2, Math.max(Math.ceil(MIN_VALUES / distinct), Math.ceil(share / MAX_SHARE)));
    KeyTemplate last = templates.get(templates.size() - 1);
    int had = last.shards();
    n *= had;
    String sharded =
        had > 1
            ? last.text().replaceAll("\\{shard:\\s*\\d+\\}", "{shard:" + n + "}")
            : last.text() + "#{shard:" + n + "}";
    StringBuilder fix = new StringBuilder();
    // Only a date the reads give by '=' can join the key: one a read orders or ranges by would turn
    // that read into a scan of every value.
    Optional<String> date =
        it.entity().attributes().values().stream()
            .filter(
                x ->
                    !attrs.contains(x.name())
                        && (x.timeOrdered()
                            || x.type().equalsIgnoreCase("date")
                            || x.type().equalsIgnoreCase("timestamp"))
                        && givenByEveryRead(reads, x.name()))
            .map(Attribute::name)
            .findFirst();
    date.ifPresent(
        d ->
            fix.append("combine it with a date the reads give (\"")
                .append(last.text())
                .append("#{")
                .append(d)
                .append("}\", seed 000), or "));
    fix.append(date.isPresent() ? "a" : "combine it with a")
        .append(" shard suffix: \"")
        .append(sharded)
        .append("\" gives ")
        .append(Units.count(distinct / had * n))
        .append(" values, the busiest with ")
        .append(Units.share(share * had / n))
        .append(", and each read of one value then queries ")
        .append(n)
        .append(" partitions and merges them");
    if (attrs.isEmpty()) {
      fix.append("; or key the items by an attribute of their own");
    }
    return fix.toString();
  }
}
