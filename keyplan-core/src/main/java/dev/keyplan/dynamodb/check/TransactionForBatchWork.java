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
import dev.keyplan.dynamodb.facts.Capacity;
import dev.keyplan.dynamodb.facts.DynamoDbLimits;
import dev.keyplan.model.Attribute;
import dev.keyplan.model.Entity;
import dev.keyplan.model.Operation;
import dev.keyplan.model.Units;
import dev.keyplan.workload.KeyCounts;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Flags a {@code batch: logged} write (TransactWriteItems) that is batch work rather than a small
 * invariant. Seed 000: transactions take "up to 100 distinct items and 4 MB", "each item is billed
 * twice, for prepare and commit, and the capacity is consumed even if the transaction is
 * cancelled"; "treat that as a tool for small invariants (a counter and its record), not for batch
 * jobs".
 *
 * <p>The items of one request, per item type written (as WritePlanner finds them): the entity's own
 * items, one each, or, when the {@code where} clause does not name the entity's whole key, every
 * item its equality restrictions match ({@code rows / distinct} typical, {@code rows × busiest
 * share} for the busiest value); and for an update, every item holding a {@code copy_of} a changed
 * attribute ({@code rows / source rows} typical, the busiest source key's rows when the copy holds
 * that key). A change of the table's key counts two items (delete and put). Bytes are items × item
 * size. A fan-out ({@code fan_out:}) writes N of the entity's own items, N an average over the
 * {@code per} values, so its count depends on the data.
 *
 * <ul>
 *   <li>error: the busiest request is over 100 items or 4 MB (DynamoDbLimits): DynamoDB rejects it.
 *       Example: renaming a customer copied into 10 orders on average but 10,000 for the busiest
 *       customer: 10,001 items;
 *   <li>warning: the count depends on the data (a copy fan-out or a range), so it grows with the
 *       data although it fits today.
 * </ul>
 *
 * The message gives what the second (prepare/commit) write of every item costs per month.
 */
@RuleSpec(
    category = Category.WRITE,
    summary = "Transaction writes a data-dependent or too large set of items: batch work",
    severity = Severity.ERROR)
public final class TransactionForBatchWork implements DynamoDbRule {
  /** Items of one item type in one transaction. */
  private record Part(
      DynamoDbTable table,
      DynamoDbItem item,
      String why,
      double typical,
      double busiest,
      int multiplier,
      boolean dataDependent) {}

  @Override
  public void check(DynamoDbAnalysis a, Findings out) {
    for (DynamoDbPlan plan : a.plans()) {
      if (!plan.operation().equals("TransactWriteItems")
          || !(plan.pattern().operation() instanceof Operation.Write w)) {
        continue;
      }
      List<Part> parts = parts(a, plan.pattern(), w);
      if (parts.isEmpty()) {
        continue;
      }
      double typItems = 0;
      double busItems = 0;
      double typBytes = 0;
      double busBytes = 0;
      boolean dependent = false;
      // Keyed by table name, which is unique: hashing the DynamoDbTable record itself would hash
      // every
      // item type in it, for each part.
      Map<String, Double> secondWrite = new LinkedHashMap<>();
      for (Part p : parts) {
        typItems += p.typical() * p.multiplier();
        busItems += p.busiest() * p.multiplier();
        typBytes += p.typical() * p.multiplier() * p.item().bytes();
        busBytes += p.busiest() * p.multiplier() * p.item().bytes();
        dependent |= p.dataDependent() && !(p.busiest() <= 1);
        secondWrite.merge(
            p.table().name(),
            plan.pattern().ratePerSecond()
                * p.typical()
                * p.multiplier()
                * Capacity.write(p.item().bytes(), p.item().bytes(), Capacity.Write.STANDARD),
            Double::sum);
      }
      boolean tooMany = busItems > DynamoDbLimits.MAX_TRANSACTION_ITEMS;
      boolean tooLarge = busBytes > DynamoDbLimits.MAX_TRANSACTION_BYTES;
      if (!tooMany && !tooLarge && !dependent) {
        continue;
      }
      double surcharge = 0;
      for (Map.Entry<String, Double> e : secondWrite.entrySet()) {
        surcharge += a.writesMonthly(a.table(e.getKey()).orElseThrow(), e.getValue());
      }
      List<String> what = new ArrayList<>();
      for (Part p : parts) {
        what.add(
            p.item().name()
                + " ×"
                + Units.count(p.typical() * p.multiplier())
                + " ("
                + p.why()
                + (p.busiest() > p.typical()
                    ? "; " + Units.count(p.busiest() * p.multiplier()) + " for the busiest key"
                    : "")
                + ")");
      }
      String size =
          Units.count(typItems)
              + " items ("
              + Units.bytes(typBytes)
              + ") typically"
              + (busItems > typItems
                  ? ", "
                      + Units.count(busItems)
                      + " ("
                      + Units.bytes(busBytes)
                      + ") for the busiest key"
                  : "");
      String verdict;
      Severity severity;
      if (tooMany || tooLarge) {
        severity = Severity.ERROR;
        verdict =
            "over the "
                + (tooMany ? "100 items" : "")
                + (tooMany && tooLarge ? " and " : "")
                + (tooLarge ? "4 MB" : "")
                + " a transaction may hold: DynamoDB rejects "
                + (typItems > DynamoDbLimits.MAX_TRANSACTION_ITEMS
                        || typBytes > DynamoDbLimits.MAX_TRANSACTION_BYTES
                    ? "even the typical request"
                    : "the busiest key's request")
                + " (ValidationException)";
      } else {
        severity = Severity.WARNING;
        verdict =
            "the count grows with the data (a copy fan-out or a range), which makes it batch work; it fits the"
                + " 100 items and 4 MB of a transaction today";
      }
      out.report(
          severity,
          plan.pattern().id(),
          plan.pattern().location(),
          "pattern "
              + plan.pattern().id()
              + " writes "
              + String.join(", ", what)
              + " in one TransactWriteItems: "
              + size
              + ", "
              + verdict
              + ". Every item is billed twice (prepare and commit), even when the transaction"
              + " is cancelled: "
              + a.prices().money(surcharge)
              + "/month more than the same writes made"
              + " separately; a retry with the client token is idempotent only for "
              + DynamoDbLimits.TRANSACTION_IDEMPOTENCY_WINDOW_SECONDS / 60
              + " minutes, and global tables give no"
              + " atomicity across Regions",
          "keep transactions to a small, fixed set of items (a counter and its record, seed 000); write the"
              + " copies or the range with BatchWriteItem (25 per call) or from a stream, idempotently, and let"
              + " readers tolerate a stale copy; or stop copying: store the attribute once, in an item the"
              + " reader gets in the same Query");
    }
  }

  /**
   * Returns the item types one request writes, with their counts, as WritePlanner finds its
   * targets.
   */
  private static List<Part> parts(
      DynamoDbAnalysis a, dev.keyplan.model.AccessPattern p, Operation.Write w) {
    List<Part> out = new ArrayList<>();
    Entity written = a.model().entity(w.entity()).orElse(null);
    if (written == null) {
      return out;
    }
    boolean update = w.kind() == Operation.Kind.UPDATE || w.kind() == Operation.Kind.INCREMENT;
    Set<String> equal = new LinkedHashSet<>();
    w.where().stream()
        .filter(c -> c.comparison() == Operation.Comparison.EQ)
        .forEach(c -> equal.add(c.attribute()));
    boolean range =
        w.kind() != Operation.Kind.INSERT
            && w.kind() != Operation.Kind.UPSERT
            && !written.key().isEmpty()
            && !equal.containsAll(written.key());
    double sourceRows = written.rowsAfter(a.model().horizonSeconds(), 0);
    // Only the entity's item types and, for an update, the holders of a copy of a set attribute can
    // make a part: visit those, in model order and each once, as the scan of every item did.
    Map<Integer, DynamoDbIndex.Placed> candidates = new TreeMap<>();
    for (DynamoDbIndex.Placed at : a.index().itemsOf(w.entity())) {
      candidates.put(at.position(), at);
    }
    if (w.kind() == Operation.Kind.UPDATE) {
      for (String changed : w.set()) {
        for (DynamoDbIndex.CopyHolder h : a.index().copyHolders(w.entity() + "." + changed)) {
          candidates.putIfAbsent(
              h.position(), new DynamoDbIndex.Placed(h.table(), h.item(), h.position()));
        }
      }
    }
    for (DynamoDbIndex.Placed at : candidates.values()) {
      DynamoDbTable t = at.table();
      DynamoDbItem it = at.item();
      if (it.entity().name().equals(w.entity())
          && !(update && w.set().stream().noneMatch(it::holds))) {
        int mult = update && keyChange(it, t, w.set()) ? 2 : 1;
        if (range) {
          String by =
              equal.isEmpty()
                  ? "every item: the write names no key"
                  : "every item with the same " + String.join(", ", equal);
          out.add(
              new Part(
                  t,
                  it,
                  by,
                  KeyCounts.typicalPerValue(it.entity(), equal, it.rows()),
                  KeyCounts.busiestPerValue(it.entity(), equal, it.rows()),
                  mult,
                  true));
        } else if (p.fanOut().isPresent()) {
          // A fan-out writes N of them, N the average per value: a busier value writes more.
          double n = p.rowsPerRequest();
          out.add(new Part(t, it, p.fanOut().get().describe(), n, n, mult, true));
        } else {
          out.add(new Part(t, it, "its own item", 1, 1, mult, false));
        }
      }
      if (w.kind() != Operation.Kind.UPDATE) {
        continue; // WritePlanner rewrites copies on updates only
      }
      for (String changed : w.set()) {
        String source = w.entity() + "." + changed;
        for (Attribute copy : it.entity().attributes().values()) {
          if (copy.copyOf().filter(source::equals).isPresent() && it.holds(copy.name())) {
            double typical = Math.max(1, it.rows() / Math.max(1, sourceRows));
            Set<String> link = new LinkedHashSet<>(written.key());
            double busiest =
                !link.isEmpty() && it.entity().attributes().keySet().containsAll(link)
                    ? KeyCounts.busiestPerValue(it.entity(), link, it.rows())
                    : typical;
            out.add(
                new Part(
                    t,
                    it,
                    "copy_of " + source + " in " + copy.name(),
                    typical,
                    Double.isNaN(busiest) ? typical : Math.max(typical, busiest),
                    1,
                    true));
          }
        }
      }
    }
    return out;
  }

  private static boolean keyChange(DynamoDbItem it, DynamoDbTable t, List<String> set) {
    for (String k : t.table().keyAttributes()) {
      if (it.template(k).map(x -> x.attributes().stream().anyMatch(set::contains)).orElse(false)) {
        return true;
      }
    }
    return false;
  }
}
