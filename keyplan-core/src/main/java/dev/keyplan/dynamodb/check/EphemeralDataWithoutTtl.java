package dev.keyplan.dynamodb.check;

import dev.keyplan.check.Category;
import dev.keyplan.check.Findings;
import dev.keyplan.check.RuleSpec;
import dev.keyplan.check.Severity;
import dev.keyplan.dynamodb.design.DynamoDbAnalysis;
import dev.keyplan.dynamodb.design.DynamoDbIndex;
import dev.keyplan.dynamodb.design.DynamoDbItem;
import dev.keyplan.dynamodb.design.DynamoDbPlan;
import dev.keyplan.dynamodb.design.DynamoDbTable;
import dev.keyplan.dynamodb.design.KeyPath;
import dev.keyplan.dynamodb.facts.AttributeTypes.Stored;
import dev.keyplan.dynamodb.facts.DynamoDbLimits;
import dev.keyplan.model.AccessPattern;
import dev.keyplan.model.Attribute;
import dev.keyplan.model.Entity;
import dev.keyplan.model.Operation;
import dev.keyplan.model.Quantities;
import dev.keyplan.model.Units;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Flags time-bounded data on a DynamoDB table that does not expire it. Seeds 002 and 003: "No TTL
 * on ephemeral data: data grows unbounded; storage cost. Set TTL from day one on time-bounded
 * data"; TTL deletes are free: they use no write capacity (notes §2.6; AWS DG, "Time to Live").
 *
 * <ul>
 *   <li>warning: an insert {@code using ttl} into a table with no {@code ttl:} attribute. Its items
 *       never expire: at the horizon the table holds {@code rows} of them instead of {@code growth
 *       × (ttl + 48 h)} (TTL deletes within about 48 hours), each its storage bytes plus its index
 *       entries'. Example: 100 sessions/s with a 12 h TTL: 3,153,600,000 items at 1 year instead of
 *       21,600,000;
 *   <li>warning: a table's TTL attribute held as a type other than Number (an ISO timestamp is a
 *       String): TTL ignores it, so no item of that type ever expires;
 *   <li>a delete pattern whose rate is at least {@value #DELETE_SHARE_PERCENT}% of the entity's
 *       inserts, on a table without TTL: most items are removed by the application, and each delete
 *       costs write units a TTL delete would not. Warning when the delete restricts a time
 *       attribute by a range (an age-based purge, exactly what TTL does), else advice (info): the
 *       model cannot tell whether the deletes follow age.
 * </ul>
 */
@RuleSpec(
    category = Category.WRITE,
    summary = "Time-bounded data on a table that does not expire it with TTL",
    severity = Severity.WARNING)
public final class EphemeralDataWithoutTtl implements DynamoDbRule {
  /** Deletes at this share of the inserts, in percent, or more make the data transient. */
  static final int DELETE_SHARE_PERCENT = 50;

  /** Types whose range restriction in a delete means an age-based purge. */
  private static final Set<String> TIME_TYPES = Set.of("timestamp", "date", "timeuuid");

  @Override
  public void check(DynamoDbAnalysis a, Findings out) {
    // Each part asks for an entity's inserts, per pattern or item type: grouped once, in model
    // order.
    Map<String, List<AccessPattern>> inserts = new HashMap<>();
    for (AccessPattern p : a.model().patterns()) {
      if (p.operation().isWriteOf(Operation.Kind.INSERT, Operation.Kind.UPSERT)) {
        inserts.computeIfAbsent(p.operation().entity(), k -> new ArrayList<>()).add(p);
      }
    }
    insertsWithTtl(a, inserts, out);
    ttlAttributesNotNumbers(a, inserts, out);
    deletesInsteadOfTtl(a, inserts, out);
  }

  private static void insertsWithTtl(
      DynamoDbAnalysis a, Map<String, List<AccessPattern>> inserts, Findings out) {
    long horizon = a.model().horizonSeconds();
    for (AccessPattern p : a.model().patterns()) {
      if (!(p.operation() instanceof Operation.Write w)
          || w.ttlSeconds() <= 0
          || !w.isWriteOf(Operation.Kind.INSERT, Operation.Kind.UPSERT)) {
        continue;
      }
      Entity e = a.model().entity(w.entity()).orElse(null);
      if (e == null) {
        continue;
      }
      double share = p.ratePerSecond() / Math.max(p.ratePerSecond(), insertRate(inserts, e.name()));
      double expiring =
          e.rowsAfter(horizon, w.ttlSeconds() + DynamoDbLimits.TTL_TYPICAL_DELETION_DELAY_SECONDS);
      // The tables holding the entity, in model order, each with its item types of the entity in
      // order (a table holding none would sum no rows and be skipped).
      Map<String, List<DynamoDbIndex.Placed>> byTable = new LinkedHashMap<>();
      for (DynamoDbIndex.Placed at : a.index().itemsOf(e.name())) {
        byTable.computeIfAbsent(at.table().name(), k -> new ArrayList<>()).add(at);
      }
      for (List<DynamoDbIndex.Placed> held : byTable.values()) {
        DynamoDbTable t = held.get(0).table();
        if (t.ttl().isPresent()) {
          continue;
        }
        double rows = 0;
        double extra = 0;
        for (DynamoDbIndex.Placed at : held) {
          DynamoDbItem it = at.item();
          rows += it.rows();
          extra += Math.max(0, it.rows() - expiring) * share * storedBytes(it, t);
        }
        if (rows == 0) {
          continue;
        }
        out.report(
            Severity.WARNING,
            p.id(),
            p.location(),
            "pattern "
                + p.id()
                + " inserts "
                + e.name()
                + " with a TTL of "
                + Quantities.formatSeconds(w.ttlSeconds())
                + ", but table "
                + t.name()
                + " has no TTL attribute: its items never expire. "
                + (extra > 0
                    ? "After "
                        + Quantities.formatSeconds(horizon)
                        + " the table holds "
                        + Units.count(rows)
                        + " of them instead of about "
                        + Units.count(expiring)
                        + " (the TTL plus the 48 hours TTL may take to delete): "
                        + Units.bytes(extra)
                        + " more storage, "
                        + a.prices().money(a.prices().storageMonthly(extra))
                        + "/month, and growing"
                    : "Within the horizon of "
                        + Quantities.formatSeconds(horizon)
                        + " none would have expired yet, but from then on the table keeps every one of them"),
            "enable TTL on "
                + t.name()
                + " (ttl: expires_at) and write the expiry time into that attribute as a Number"
                + " in epoch seconds; milliseconds never expire");
      }
    }
  }

  private static void ttlAttributesNotNumbers(
      DynamoDbAnalysis a, Map<String, List<AccessPattern>> inserts, Findings out) {
    long horizon = a.model().horizonSeconds();
    Map<String, Long> insertTtls = a.model().insertTtls();
    for (DynamoDbTable t : a.tables()) {
      if (t.ttl().isEmpty()) {
        continue;
      }
      String ttl = t.ttl().get();
      for (DynamoDbItem it : t.items()) {
        Stored s = it.attributes().get(ttl);
        if (s == null || s.descriptor().equals("N")) {
          continue;
        }
        // The design's sizing already keeps these items for ever; a working TTL would keep one
        // TTL's worth.
        long insertTtl = insertTtls.getOrDefault(it.entity().name(), 0L);
        double forever = it.rows();
        double kept = insertTtl > 0 ? it.entity().rowsAfter(horizon, insertTtl) : forever;
        double extra = Math.max(0, forever - kept) * storedBytes(it, t);
        String type = it.entity().attribute(ttl).map(Attribute::type).orElse("?");
        out.report(
            Severity.WARNING,
            it.name(),
            it.location(),
            "table "
                + t.name()
                + " expires items by "
                + ttl
                + ", but item type "
                + it.name()
                + " stores it as "
                + s.descriptor()
                + " (the entity's "
                + type
                + "): TTL reads only a Number of epoch seconds, so these"
                + " items never expire"
                + (extra > 0
                    ? "; after "
                        + Quantities.formatSeconds(horizon)
                        + " they are "
                        + Units.count(forever)
                        + " items, not the "
                        + Units.count(kept)
                        + " a working TTL would keep: "
                        + Units.bytes(extra)
                        + " more storage, "
                        + a.prices().money(a.prices().storageMonthly(extra))
                        + "/month"
                    : ""),
            "store "
                + ttl
                + " as a Number of epoch seconds (attributes: {"
                + ttl
                + ": N}); not milliseconds, which"
                + " never expire either");
      }
    }
  }

  private static void deletesInsteadOfTtl(
      DynamoDbAnalysis a, Map<String, List<AccessPattern>> inserts, Findings out) {
    for (DynamoDbPlan plan : a.plans()) {
      AccessPattern p = plan.pattern();
      if (!(p.operation() instanceof Operation.Write w) || w.kind() != Operation.Kind.DELETE) {
        continue;
      }
      double inserted = insertRate(inserts, w.entity());
      if (inserted <= 0 || p.ratePerSecond() * 100 < DELETE_SHARE_PERCENT * inserted) {
        continue;
      }
      Entity e = a.model().entity(w.entity()).orElseThrow();
      boolean byAge =
          w.where().stream()
              .anyMatch(
                  c ->
                      c.comparison() == Operation.Comparison.RANGE
                          && e.attribute(c.attribute())
                              .map(EphemeralDataWithoutTtl::isTime)
                              .orElse(false));
      // The tables the delete touches, in model order: any other has no units and is skipped.
      for (DynamoDbTable t : a.index().tablesIn(plan.copies())) {
        if (t.ttl().isPresent()) {
          continue;
        }
        double units =
            plan.touches().stream()
                .filter(x -> x.copy().equals(t.name()))
                .mapToDouble(DynamoDbPlan.Touch::writeUnits)
                .sum();
        if (units <= 0) {
          continue;
        }
        double wcu = p.ratePerSecond() * units;
        out.report(
            byAge ? Severity.WARNING : Severity.INFO,
            p.id(),
            p.location(),
            "pattern "
                + p.id()
                + " deletes "
                + Units.rate(p.ratePerSecond())
                + " "
                + e.name()
                + " items, "
                + Units.percent(p.ratePerSecond() / inserted)
                + " of the "
                + Units.rate(inserted)
                + " inserted, from "
                + t.name()
                + ", which has no TTL"
                + (byAge ? ", by age (a range on a time attribute)" : "")
                + ": "
                + Units.rate(wcu, "WCU")
                + " at peak ("
                + a.prices().money(a.writesMonthly(t, wcu))
                + "/month) that TTL deletes would not consume",
            byAge
                ? "set the expiry time when the item is written and enable TTL (ttl: expires_at, epoch seconds):"
                    + " DynamoDB deletes expired items within about 48 hours, free; filter expired items in reads"
                    + " until then"
                : "if items are deleted because they are old (sessions, carts, codes), expire them with TTL instead"
                    + " (ttl: expires_at, epoch seconds); deletes the user asks for stay deletes");
      }
    }
  }

  /** Returns the storage of one item with its index entries: item + 100 B, each entry + 100 B. */
  private static double storedBytes(DynamoDbItem it, DynamoDbTable t) {
    double bytes = it.storageBytes();
    for (KeyPath p : t.paths()) {
      if (p.isIndex() && it.on(p)) {
        bytes += it.entryBytes(p, t) + DynamoDbLimits.STORAGE_OVERHEAD_PER_INDEX_ENTRY_BYTES;
      }
    }
    return bytes;
  }

  /** Returns the entity's insert rate: its inserts' and upserts' rates, summed in model order. */
  private static double insertRate(Map<String, List<AccessPattern>> inserts, String entity) {
    return inserts.getOrDefault(entity, List.of()).stream()
        .mapToDouble(AccessPattern::ratePerSecond)
        .sum();
  }

  private static boolean isTime(Attribute a) {
    return a.timeOrdered() || TIME_TYPES.contains(a.type().toLowerCase(Locale.ROOT).trim());
  }
}
