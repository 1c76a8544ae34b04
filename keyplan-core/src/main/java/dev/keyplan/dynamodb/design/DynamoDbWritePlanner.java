package dev.keyplan.dynamodb.design;

import dev.keyplan.dynamodb.design.DynamoDbPlan.Access;
import dev.keyplan.dynamodb.design.DynamoDbPlan.Touch;
import dev.keyplan.dynamodb.facts.Capacity;
import dev.keyplan.dynamodb.facts.Capacity.IndexChange;
import dev.keyplan.model.AccessPattern;
import dev.keyplan.model.Entity;
import dev.keyplan.model.Model;
import dev.keyplan.model.Operation;
import dev.keyplan.workload.Estimate;
import dev.keyplan.workload.KeyCounts;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * What each write costs on DynamoDB: every item type of the written entity is put, updated or
 * deleted, and every index that holds the item writes its entry.
 *
 * <ul>
 *   <li>Base item: ⌈size / 1 KB⌉ write units, the larger of before and after for updates (the item
 *       size does not change in the model, so it is the item's size); a change of an attribute in
 *       the table's own key is a delete and a put;
 *   <li>Indexes (GSI.md): a new or removed entry 1 write, a changed index key 2 (delete the old
 *       entry, put the new one), a changed projected attribute 1, otherwise 0 — each ⌈entry / 1
 *       KB⌉; global indexes consume their own capacity, local ones the table's;
 *   <li>{@code batch: logged} runs as TransactWriteItems: every item twice (prepare and commit);
 *       the indexes are charged as standard writes: a transaction's changes propagate to global
 *       secondary indexes after it completes (transaction-apis.md), and keyplan charges local
 *       indexes the same way (an assumption: the guide does not say); {@code batch: unlogged} as
 *       BatchWriteItem, which takes puts and deletes only;
 *   <li>an update or delete that does not give the item's full primary key must first find it;
 *   <li>a fan-out ({@code fan_out:}, docs/model.md) writes N items of each of the entity's item
 *       types a request, each its own write as a write matching several items already is: units and
 *       calls × N, ⌈N × item types / 25⌉ BatchWriteItem calls, and a TransactWriteItems of more
 *       than 100 items is refused (DynamoDbLimits, from
 *       https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/ServiceQuotas.html).
 * </ul>
 *
 * <p>Example (seed 000): a 3 KB order put into a table with one ALL-projected GSI costs 3 + 3 = 6
 * WCU; an update of its status, which GSI2's key holds, costs 3 + 2 × 3 = 9.
 */
final class DynamoDbWritePlanner {
  private final Model model;

  /**
   * The bound tables' look-ups: a write visits its entity's item types and the copies, not every
   * table's.
   */
  private final DynamoDbIndex index;

  private final DynamoDbReadPlanner reads;

  DynamoDbWritePlanner(Model model, DynamoDbIndex index, DynamoDbReadPlanner reads) {
    this.model = model;
    this.index = index;
    this.reads = reads;
  }

  DynamoDbPlan plan(AccessPattern p, Operation.Write w) {
    Set<String> changed = new LinkedHashSet<>(w.set());
    List<Touch> touches = new ArrayList<>();
    List<String> notes = new ArrayList<>();
    List<String> items = new ArrayList<>();
    double calls = 0;
    double findCalls = 0;
    long transactionItems = 0;
    boolean update = w.kind() == Operation.Kind.UPDATE || w.kind() == Operation.Kind.INCREMENT;
    Set<String> equal = new LinkedHashSet<>();
    w.where().stream()
        .filter(c -> c.comparison() == Operation.Comparison.EQ)
        .forEach(c -> equal.add(c.attribute()));
    List<Target> targets = new ArrayList<>();
    for (Target x : targets(w)) {
      if (update && x.copyOf().map(Set::of).orElse(changed).stream().noneMatch(x.item()::holds)) {
        continue;
      }
      targets.add(fannedOut(p, rangeOf(w, x, equal)));
    }
    p.fanOut().ifPresent(f -> notes.add(f.describe()));
    double written = targets.stream().mapToDouble(x -> Math.ceil(x.fanOut())).sum();
    // One item's write is atomic on its own, its index entries included: a logged batch of one
    // item needs no transaction.
    boolean transaction = p.batch() == AccessPattern.Batch.LOGGED && written >= 2;
    if (p.batch() == AccessPattern.Batch.LOGGED && !transaction && !targets.isEmpty()) {
      notes.add(
          "batch: logged writes one item here: a single write of it is atomic already (its index entries"
              + " follow), so no TransactWriteItems is needed");
    }
    boolean batchWrite = p.batch() == AccessPattern.Batch.UNLOGGED;
    Capacity.Write mode = transaction ? Capacity.Write.TRANSACTIONAL : Capacity.Write.STANDARD;
    for (Target target : targets) {
      DynamoDbTable t = target.table();
      DynamoDbItem it = target.item();
      Set<String> writes = target.copyOf().map(Set::of).orElse(changed);
      items.add(it.name());
      KeyPath table = t.table();
      double fanOut = target.fanOut();
      // Updates and deletes name the item by its primary key, or must find it first.
      if (w.kind() != Operation.Kind.INSERT && w.kind() != Operation.Kind.UPSERT) {
        Set<String> keyAttrs = KeyCounts.placeholders(it.partitionTemplates(table));
        keyAttrs.addAll(KeyCounts.placeholders(it.sortTemplates(table)));
        boolean shardedKey = KeyCounts.shards(it.partitionTemplates(table)) > 1;
        if (target.copyOf().isPresent() || !equal.containsAll(keyAttrs) || shardedKey) {
          DynamoDbPlan find = findFirst(p, w, it.entity(), target);
          for (Touch tc : find.touches()) {
            touches.add(
                new Touch(
                    tc.copy(),
                    tc.signature(),
                    tc.busiestShare(),
                    new Estimate(tc.readUnits().typical(), tc.readUnits().busiest()),
                    0,
                    tc.shards()));
          }
          findCalls += find.calls();
          notes.add(
              it.name()
                  + ": the write does not give the item's full primary key ("
                  + String.join(", ", table.keyAttributes())
                  + "); it is found first with "
                  + find.operation()
                  + find.path().map(x -> " on " + x.name()).orElse("")
                  + ", then written");
        }
      }
      boolean keyChange =
          update && writes.stream().anyMatch(a -> keyPlaceholders(it, table).contains(a));
      long base = Capacity.write(it.bytes(), it.bytes(), mode) * (keyChange ? 2 : 1);
      if (keyChange) {
        notes.add(
            it.name()
                + ": the update changes an attribute of the table's key: DynamoDB cannot change a key,"
                + " so the item is deleted and put again (two writes)");
      }
      double lsiUnits = 0;
      for (KeyPath path : t.paths()) {
        if (!path.isIndex() || !it.on(path)) {
          continue;
        }
        long entry = it.entryBytes(path, t);
        // A changed table key is a delete and a put of the item: every index entry goes and comes.
        IndexChange change =
            keyChange ? IndexChange.keyValueChange() : change(w.kind(), writes, it, path, t);
        // A sparse index: an item without its key attributes writes nothing there, so the write
        // costs the index's units on the share of items that carry them.
        double u = change.units(entry, entry) * carried(it, path, update ? writes : Set.of());
        if (path.local()) {
          lsiUnits += u;
        } else if (u > 0) {
          Set<String> pk = KeyCounts.placeholders(it.partitionTemplates(path));
          double share =
              KeyCounts.requestShare(p, it.entity(), pk, it.rowsOn(path))
                  / KeyCounts.shards(it.partitionTemplates(path));
          touches.add(
              new Touch(
                  path.label(),
                  it.partitionSignature(path),
                  share,
                  new Estimate(0, 0),
                  u * fanOut,
                  KeyCounts.shards(it.partitionTemplates(path))));
          if (p.fanOut().isPresent() && target.copyOf().isEmpty()) {
            notes.add(it.name() + " in " + path.label() + ": " + fanOutHeat(p.fanOut().get(), pk));
          }
        }
      }
      Set<String> pk = KeyCounts.placeholders(it.partitionTemplates(table));
      int shards = KeyCounts.shards(it.partitionTemplates(table));
      double share = KeyCounts.requestShare(p, it.entity(), pk, it.rows()) / shards;
      touches.add(
          0,
          new Touch(
              t.name(),
              it.partitionSignature(table),
              share,
              new Estimate(0, 0),
              (base + lsiUnits) * fanOut,
              shards));
      calls += fanOut * (keyChange ? 2 : 1);
      transactionItems += Math.ceil(fanOut) * (keyChange ? 2 : 1);
      if (target.copyOf().isPresent()) {
        notes.add(
            it.name()
                + " holds "
                + target.copyOf().get()
                + " as a copy of "
                + target.source()
                + ": each change rewrites about "
                + dev.keyplan.model.Units.count(fanOut)
                + " of its items");
      } else if (p.fanOut().isPresent()) {
        notes.add(it.name() + " in " + t.name() + ": " + fanOutHeat(p.fanOut().get(), pk));
      } else if (fanOut > 1) {
        notes.add(
            it.name()
                + ": the write's restrictions match about "
                + dev.keyplan.model.Units.count(fanOut)
                + " items for a typical key, each written on its own");
      }
    }
    if (items.isEmpty()) {
      return DynamoDbReadPlanner.notServed(
          p,
          "no DynamoDB item holds "
              + (w.set().isEmpty() ? w.entity() : String.join(", ", w.set()))
              + ": nothing to write");
    }
    String operation = operation(w, transaction, batchWrite, items.size());
    if (transaction
        && transactionItems > dev.keyplan.dynamodb.facts.DynamoDbLimits.MAX_TRANSACTION_ITEMS) {
      notes.add(
          "TransactWriteItems takes at most "
              + dev.keyplan.dynamodb.facts.DynamoDbLimits.MAX_TRANSACTION_ITEMS
              + " items: DynamoDB refuses these "
              + transactionItems
              + " (ValidationException)");
    }
    if (transaction) {
      calls = 1;
      notes.add(
          "TransactWriteItems of "
              + transactionItems
              + " item"
              + (transactionItems == 1 ? "" : "s")
              + ": every item is billed twice (prepare and commit), even when the transaction is cancelled");
    } else if (batchWrite) {
      if (update || w.condition().isPresent()) {
        notes.add(
            "BatchWriteItem takes only unconditional puts and deletes: these writes go as separate "
                + (update ? "UpdateItem" : "conditional")
                + " calls");
      } else {
        calls =
            Math.ceil(calls / dev.keyplan.dynamodb.facts.DynamoDbLimits.MAX_BATCH_WRITE_REQUESTS);
      }
    }
    calls += findCalls;
    w.condition()
        .ifPresent(
            c ->
                notes.add(
                    "ConditionExpression ("
                        + c
                        + "): a failed condition still consumes the write units"));
    if (w.ttlSeconds() > 0) {
      // An item expires only where its table has TTL and the item holds the attribute as a Number.
      Optional<DynamoDbTable> never =
          index.itemsOf(w.entity()).stream()
              .filter(x -> x.item().ttlSeconds() == 0)
              .map(DynamoDbIndex.Placed::table)
              .findFirst();
      notes.add(
          never
              .map(
                  t ->
                      "the insert sets a TTL but its items in "
                          + t.name()
                          + " never expire: "
                          + (t.ttl().isEmpty()
                              ? "the table has no TTL attribute"
                              : "the item does not hold "
                                  + t.ttl().get()
                                  + " as a Number of epoch seconds"))
              .orElse(
                  "items expire through the table's TTL attribute; TTL deletes consume no write units"));
    }
    return new DynamoDbPlan(
        p,
        Access.WRITE,
        operation,
        Optional.empty(),
        items,
        "-",
        List.of(),
        calls,
        Estimate.UNKNOWN,
        Estimate.UNKNOWN,
        Optional.empty(),
        touches,
        notes);
  }

  /**
   * An item written by the pattern; {@code copyOf} names the attribute holding a copy of the
   * changed one.
   */
  private record Target(
      DynamoDbTable table,
      DynamoDbItem item,
      Optional<String> copyOf,
      String source,
      double fanOut) {}

  /**
   * Every item type of the entity, and for updates every item holding a {@code copy_of} a changed
   * attribute.
   */
  private List<Target> targets(Operation.Write w) {
    List<Target> out = new ArrayList<>();
    Entity written = model.entities().get(w.entity());
    for (DynamoDbIndex.Placed at : index.itemsOf(w.entity())) {
      out.add(new Target(at.table(), at.item(), Optional.empty(), "", 1));
    }
    if (w.kind() != Operation.Kind.UPDATE || written == null) {
      return out;
    }
    for (String a : w.set()) {
      String source = w.entity() + "." + a;
      for (DynamoDbIndex.CopyHolder h : index.copyHolders(source)) {
        DynamoDbItem it = h.item();
        if (it.holds(h.attribute())) {
          double fan =
              Math.max(1, it.rows() / Math.max(1, written.rowsAfter(model.horizonSeconds(), 0)));
          out.add(new Target(h.table(), it, Optional.of(h.attribute()), source, fan));
        }
      }
    }
    return out;
  }

  /**
   * Returns {@code x} with the number of its items one write touches: one for an insert or a write
   * that names the item by its key or by an attribute that identifies it; otherwise the items
   * sharing the restricted values, {@code rows / distinct} (a delete of every session of a user).
   */
  private static Target rangeOf(Operation.Write w, Target x, Set<String> equal) {
    if (x.copyOf().isPresent()
        || w.kind() == Operation.Kind.INSERT
        || w.kind() == Operation.Kind.UPSERT) {
      return x;
    }
    Entity e = x.item().entity();
    Set<String> given = new LinkedHashSet<>();
    equal.stream().filter(a -> e.attribute(a).isPresent()).forEach(given::add);
    if (KeyCounts.identifies(e, given) || given.isEmpty()) {
      return x;
    }
    double n = x.item().typicalPerKey(given);
    return Double.isNaN(n) ? x : new Target(x.table(), x.item(), x.copyOf(), x.source(), n);
  }

  /**
   * Returns {@code x} writing the fan-out's items when the pattern fans out ({@code fan_out:}): N
   * items of the entity's own item type a request, each its own write, as a write that matches
   * several items already is. Copies of a changed attribute keep their own count.
   */
  private static Target fannedOut(AccessPattern p, Target x) {
    if (p.fanOut().isEmpty() || x.copyOf().isPresent()) {
      return x;
    }
    return new Target(x.table(), x.item(), x.copyOf(), x.source(), p.rowsPerRequest());
  }

  /**
   * Says where a fan-out's items land in a table keyed by {@code partitionKey}: when the key holds
   * {@code each} (follower_id) the N items go to N key values and spread as its spread says; else
   * they share the request's key value (author_id), so one key value takes all N items of a request
   * and its heat is N × rate × that value's share.
   */
  static String fanOutHeat(dev.keyplan.model.WriteFanOut f, Set<String> partitionKey) {
    String n = dev.keyplan.model.Units.count(f.rows());
    if (partitionKey.contains(f.each())) {
      return "keyed by "
          + f.each()
          + ": the "
          + n
          + " items of a request go to "
          + n
          + " key values, spread as "
          + f.each()
          + "'s spread says";
    }
    return "keyed by "
        + String.join(", ", partitionKey)
        + ", not "
        + f.each()
        + ": all "
        + n
        + " items of a request go to one key value";
  }

  /**
   * The read that finds the items to write, with the write's restrictions: it needs only what the
   * item's primary key is built from, so a KEYS_ONLY index can answer it.
   */
  private DynamoDbPlan findFirst(AccessPattern p, Operation.Write w, Entity e, Target target) {
    KeyPath table = target.table().table();
    Set<String> key = KeyCounts.placeholders(target.item().partitionTemplates(table));
    key.addAll(KeyCounts.placeholders(target.item().sortTemplates(table)));
    // A copy holder is found by the write's restrictions it can answer (orders by the customer_id
    // a customer rename gives); with none, only a Scan finds it.
    List<Operation.Condition> where =
        w.where().stream().filter(c -> e.attribute(c.attribute()).isPresent()).toList();
    var find =
        new Operation.Read(
            e.name(),
            List.copyOf(key),
            where,
            List.of(),
            java.util.OptionalInt.empty(),
            false,
            w.names(),
            w.location());
    return reads.plan(p, find);
  }

  /**
   * Returns the share of written items that carry {@code path}'s key attributes: the item's {@link
   * DynamoDbItem#presence} on the path, except that an update setting an attribute carries it
   * afterwards (escalating a complaint puts it into the escalation index), so that attribute's
   * {@code present:} does not apply. Example: a put of a complaint, 2% of which carry {@code
   * escalated_at}, writes the escalation index for 0.02 of its calls: 0.02 × 1 WCU on average.
   */
  private static double carried(DynamoDbItem it, KeyPath path, Set<String> set) {
    double share = it.presence(path);
    if (share <= 0 || share >= 1) {
      return share;
    }
    for (String a : keyPlaceholders(it, path)) {
      if (set.contains(a)) {
        share /= it.entity().attribute(a).map(x -> x.present()).orElse(1.0);
      }
    }
    return Math.min(1, share);
  }

  private static Set<String> keyPlaceholders(DynamoDbItem it, KeyPath path) {
    Set<String> out = new LinkedHashSet<>();
    for (String k : path.keyAttributes()) {
      it.template(k).ifPresent(t -> out.addAll(t.attributes()));
    }
    return out;
  }

  private static IndexChange change(
      Operation.Kind kind, Set<String> changed, DynamoDbItem it, KeyPath path, DynamoDbTable t) {
    switch (kind) {
      case INSERT:
      case UPSERT:
        return IndexChange.newEntry();
      case DELETE:
        return IndexChange.entryRemoved();
      default:
        if (changed.stream().anyMatch(a -> keyPlaceholders(it, path).contains(a))) {
          return IndexChange.keyValueChange();
        }
        boolean projected = changed.stream().anyMatch(a -> it.projects(path, t, a) && it.holds(a));
        return projected
            ? IndexChange.projectedOnlyChange()
            : new IndexChange(true, true, false, false);
    }
  }

  private static String operation(
      Operation.Write w, boolean transaction, boolean batch, int items) {
    if (transaction) {
      return "TransactWriteItems";
    }
    if (batch
        && w.condition().isEmpty()
        && (w.kind() == Operation.Kind.INSERT
            || w.kind() == Operation.Kind.UPSERT
            || w.kind() == Operation.Kind.DELETE)) {
      return "BatchWriteItem";
    }
    String one =
        switch (w.kind()) {
          case INSERT, UPSERT -> "PutItem";
          case DELETE -> "DeleteItem";
          default -> "UpdateItem";
        };
    return items > 1 ? one + " ×" + items : one;
  }
}
