package dev.keyplan.dynamodb.design;

import dev.keyplan.dynamodb.design.DynamoDbPlan.Access;
import dev.keyplan.dynamodb.design.DynamoDbPlan.Touch;
import dev.keyplan.dynamodb.facts.Capacity;
import dev.keyplan.dynamodb.facts.DynamoDbLimits;
import dev.keyplan.dynamodb.model.DynamoDbDesign;
import dev.keyplan.model.AccessPattern;
import dev.keyplan.model.Entity;
import dev.keyplan.model.KeyTemplate;
import dev.keyplan.model.Operation;
import dev.keyplan.model.Operation.Comparison;
import dev.keyplan.model.Units;
import dev.keyplan.workload.Estimate;
import dev.keyplan.workload.KeyCounts;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Decides how each read runs on DynamoDB and what it costs. Every (item type, table or index)
 * holding the read's entity is a candidate:
 *
 * <ul>
 *   <li>the partition key must be given: every placeholder of its template restricted by {@code =}
 *       (or {@code IN}, one request per key); a {@code {shard:N}} suffix means N queries;
 *   <li>the sort key takes one condition ({@link SortKeyMatch}); every other restriction becomes a
 *       FilterExpression, applied after the items are read and billed;
 *   <li>{@code order by} must follow the sort key (ScanIndexForward), or every matching item is
 *       read and sorted by the application;
 *   <li>no partition key: a Scan of the whole table or index.
 * </ul>
 *
 * <p>The best candidate is kept: GetItem, BatchGetItem, Query, fanned-out Query, Scan; then the
 * requested consistency, then the fewest read units. Costs follow {@link Capacity}: Query and Scan
 * sum the items they evaluate and round once per call; GetItem and BatchGetItem round per item.
 */
final class DynamoDbReadPlanner {
  /** The bound tables' look-ups: a read visits its entity's item types, not every table's. */
  private final DynamoDbIndex index;

  private final Map<String, DynamoDbDesign.Access> pins;
  private final Set<String> transactionalEntities;

  /** The model's horizon: the time span of a partition whose items never expire. */
  private final long horizonSeconds;

  DynamoDbReadPlanner(
      DynamoDbIndex index,
      Map<String, DynamoDbDesign.Access> pins,
      Set<String> transactionalEntities,
      long horizonSeconds) {
    this.index = index;
    this.pins = pins;
    this.transactionalEntities = transactionalEntities;
    this.horizonSeconds = horizonSeconds;
  }

  DynamoDbPlan plan(AccessPattern p, Operation.Read r) {
    List<DynamoDbPlan> own = candidates(p, r, Set.of());
    if (own.isEmpty() || p.with().isEmpty()) {
      return own.isEmpty() ? notServed(p, whyNotServed(p, r)) : own.get(0);
    }
    // With related entities (with:), one Query of the item collection they share serves them all;
    // failing that, each entity is read with its own best plan.
    List<DynamoDbPlan> together = candidates(p, r, new LinkedHashSet<>(p.with()));
    return together.isEmpty() ? separately(p, r, own.get(0)) : together.get(0);
  }

  /**
   * Returns the plans that serve {@code r}, best first; with {@code wanted} entities, only the
   * Queries that return their items too.
   */
  private List<DynamoDbPlan> candidates(AccessPattern p, Operation.Read r, Set<String> wanted) {
    List<DynamoDbPlan> candidates = new ArrayList<>();
    Optional<String> via =
        Optional.ofNullable(pins.get(p.id())).flatMap(DynamoDbDesign.Access::via);
    // A pinned Scan is costed as the Scan the application makes, whatever key could serve it.
    boolean scanPinned =
        Optional.ofNullable(pins.get(p.id()))
            .flatMap(DynamoDbDesign.Access::operation)
            .filter("Scan"::equals)
            .isPresent();
    for (DynamoDbIndex.Placed at : index.itemsOf(r.entity())) {
      DynamoDbTable t = at.table();
      DynamoDbItem it = at.item();
      for (KeyPath path : t.paths()) {
        if (it.on(path) && via.map(v -> v.equals(path.name())).orElse(true)) {
          // A pinned Scan reads every item anyway: it is not a Query of an item collection.
          if (scanPinned && wanted.isEmpty() && via.map(v -> true).orElse(!path.isIndex())) {
            scan(p, r, t, it, path).ifPresent(candidates::add);
          } else if (!scanPinned) {
            candidate(p, r, t, it, path, wanted).ifPresent(candidates::add);
          }
        }
      }
    }
    // A Scan only when nothing else serves; then the requested consistency; then the cheapest;
    // then the simplest call (GetItem before Query), the table before an index.
    candidates.sort(
        Comparator.comparing((DynamoDbPlan c) -> c.access() == Access.SCAN)
            .thenComparing(
                c -> c.notes().stream().anyMatch(n -> n.startsWith("eventually consistent")))
            .thenComparingDouble(DynamoDbPlan::readUnits)
            .thenComparingInt(c -> c.access().ordinal())
            .thenComparing(c -> c.path().map(KeyPath::isIndex).orElse(true)));
    return candidates;
  }

  /** Says why no item type serves {@code r}. */
  private String whyNotServed(AccessPattern p, Operation.Read r) {
    Optional<String> via =
        Optional.ofNullable(pins.get(p.id())).flatMap(DynamoDbDesign.Access::via);
    if (index.itemsOf(r.entity()).isEmpty()) {
      return "no DynamoDB table stores " + r.entity() + ": add an item type for it";
    }
    return via.map(
            v ->
                "pinned to "
                    + v
                    + ", which holds no "
                    + r.entity()
                    + " item with the attributes this read needs")
        .orElse("no item type of " + r.entity() + " holds every attribute this read needs");
  }

  /**
   * Plans a read and its {@code with:} entities as separate requests, when no one Query returns
   * them together: each entity's read, by the same restrictions, is its own best plan, and the
   * calls, items, bytes and units add up. The touches of each request stay apart, so the related
   * entities' keys receive the read's load. A related entity no item type can serve is said in a
   * note, and only the others are planned.
   */
  private DynamoDbPlan separately(AccessPattern p, Operation.Read r, DynamoDbPlan main) {
    List<DynamoDbPlan> parts = new ArrayList<>(List.of(main));
    List<String> notes = new ArrayList<>(main.notes());
    for (String w : p.with()) {
      Operation.Read read = r.related(w);
      List<DynamoDbPlan> found = candidates(p, read, Set.of());
      if (found.isEmpty()) {
        notes.add(
            "only "
                + r.entity()
                + " is planned: "
                + whyNotServed(p, read)
                + ", so the read of "
                + w
                + " is not counted");
        continue;
      }
      DynamoDbPlan part = found.get(0);
      parts.add(part);
      notes.add(
          w
              + " is not in "
              + r.entity()
              + "'s item collection: "
              + parts.size()
              + " requests ("
              + part.operation()
              + " "
              + part.keyCondition()
              + (part.path().map(KeyPath::isIndex).orElse(false)
                  ? " on " + part.path().get().name()
                  : "")
              + ")");
      part.notes().forEach(n -> notes.add(w + ": " + n));
    }
    if (parts.size() == 1) {
      return new DynamoDbPlan(
          p,
          main.access(),
          main.operation(),
          main.path(),
          main.items(),
          main.keyCondition(),
          main.filter(),
          main.calls(),
          main.itemsEvaluated(),
          main.bytes(),
          main.consistency(),
          main.touches(),
          notes);
    }
    List<String> items = new ArrayList<>();
    List<String> filter = new ArrayList<>();
    List<Touch> touches = new ArrayList<>();
    double calls = 0;
    double[] evaluated = {0, 0};
    double[] bytes = {0, 0};
    Access access = main.access();
    for (DynamoDbPlan part : parts) {
      items.addAll(part.items());
      part.filter().stream().filter(f -> !filter.contains(f)).forEach(filter::add);
      touches.addAll(part.touches());
      calls += part.calls();
      evaluated[0] += part.itemsEvaluated().typical();
      evaluated[1] += part.itemsEvaluated().busiest();
      bytes[0] += part.bytes().typical();
      bytes[1] += part.bytes().busiest();
      // The request is as far from a single GetItem as its widest part.
      access = part.access().ordinal() > access.ordinal() ? part.access() : access;
    }
    return new DynamoDbPlan(
        p,
        access,
        String.join(" + ", parts.stream().map(DynamoDbPlan::operation).toList()),
        main.path(),
        items,
        String.join("; ", parts.stream().map(DynamoDbPlan::keyCondition).toList()),
        filter,
        calls,
        new Estimate(evaluated[0], evaluated[1]),
        new Estimate(bytes[0], bytes[1]),
        main.consistency(),
        touches,
        notes);
  }

  static DynamoDbPlan notServed(AccessPattern p, String why) {
    return new DynamoDbPlan(
        p,
        Access.NOT_SERVED,
        "-",
        Optional.empty(),
        List.of(),
        "-",
        List.of(),
        0,
        Estimate.UNKNOWN,
        Estimate.UNKNOWN,
        Optional.empty(),
        List.of(),
        List.of(why));
  }

  private Optional<DynamoDbPlan> candidate(
      AccessPattern p,
      Operation.Read r,
      DynamoDbTable t,
      DynamoDbItem it,
      KeyPath path,
      Set<String> wanted) {
    Entity e = it.entity();
    Set<String> equal = new LinkedHashSet<>();
    Set<String> ranged = new LinkedHashSet<>();
    Map<String, Integer> in = new java.util.LinkedHashMap<>();
    for (Operation.Condition c : r.where()) {
      if (c.comparison() == Comparison.EQ) {
        equal.add(c.attribute());
      } else if (c.comparison() == Comparison.IN) {
        in.put(c.attribute(), c.values());
      } else if (c.comparison() == Comparison.RANGE) {
        ranged.add(c.attribute());
      }
    }
    // The item must hold what the read selects, restricts and orders by.
    Set<String> needed =
        new LinkedHashSet<>(r.select().isEmpty() ? e.attributes().keySet() : r.select());
    Set<String> used = new LinkedHashSet<>();
    r.where().forEach(c -> used.add(c.attribute()));
    r.orderBy().forEach(o -> used.add(o.attribute()));
    for (String a : used) {
      if (!it.holds(a)) {
        return Optional.empty();
      }
    }
    if (!r.select().isEmpty() && !needed.stream().allMatch(it::holds)) {
      return Optional.empty();
    }
    List<KeyTemplate> pkTemplates = it.partitionTemplates(path);
    Set<String> pkAttrs = KeyCounts.placeholders(pkTemplates);
    Set<String> given = new LinkedHashSet<>(equal);
    given.addAll(in.keySet());
    boolean pkGiven = given.containsAll(pkAttrs);
    int shards = KeyCounts.shards(pkTemplates);
    boolean strongWanted = p.readYourWrites();
    boolean strong = strongWanted && !path.isGlobal();
    Capacity.Read mode = strong ? Capacity.Read.STRONG : Capacity.Read.EVENTUAL;
    List<String> notes = new ArrayList<>();
    if (strongWanted && path.isGlobal()) {
      notes.add(
          "eventually consistent: "
              + path.name()
              + " is a global index, which DynamoDB reads only eventually"
              + " consistently; read-your-writes needs the table or a local index");
    } else if (strongWanted) {
      notes.add(
          "ConsistentRead: true, so a read sees every write acknowledged before it (1 unit per 4 KB, not 0.5)");
    }
    if (!pkGiven) {
      // A Scan is no item collection: related entities are then read on their own.
      return wanted.isEmpty()
          ? Optional.of(scan(p, r, t, it, path, equal, mode, notes))
          : Optional.empty();
    }
    return query(
        p,
        r,
        t,
        it,
        path,
        e,
        equal,
        ranged,
        in,
        pkTemplates,
        pkAttrs,
        shards,
        mode,
        notes,
        needed,
        wanted);
  }

  /** A pinned Scan of {@code path}, or empty when the item lacks an attribute the read uses. */
  private Optional<DynamoDbPlan> scan(
      AccessPattern p, Operation.Read r, DynamoDbTable t, DynamoDbItem it, KeyPath path) {
    for (Operation.Condition c : r.where()) {
      if (!it.holds(c.attribute())) {
        return Optional.empty();
      }
    }
    Set<String> equal = new LinkedHashSet<>();
    r.where().stream()
        .filter(c -> c.comparison() == Comparison.EQ)
        .forEach(c -> equal.add(c.attribute()));
    boolean strong = p.readYourWrites() && !path.isGlobal();
    List<String> notes = new ArrayList<>();
    notes.add(
        "pinned to a Scan by the design's access: the application scans, whatever key could serve the read");
    return Optional.of(
        scan(
            p,
            r,
            t,
            it,
            path,
            equal,
            strong ? Capacity.Read.STRONG : Capacity.Read.EVENTUAL,
            notes));
  }

  private Optional<DynamoDbPlan> query(
      AccessPattern p,
      Operation.Read r,
      DynamoDbTable t,
      DynamoDbItem it,
      KeyPath path,
      Entity e,
      Set<String> equal,
      Set<String> ranged,
      Map<String, Integer> in,
      List<KeyTemplate> pkTemplates,
      Set<String> pkAttrs,
      int shards,
      Capacity.Read mode,
      List<String> notes,
      Set<String> needed,
      Set<String> wanted) {
    int partitionKeys = 1;
    for (String a : pkAttrs) {
      partitionKeys *= in.getOrDefault(a, 1);
    }
    // An IN on a sort key placeholder is one key condition per value, in the same partition.
    Set<String> given = new LinkedHashSet<>(equal);
    given.addAll(in.keySet());
    SortKeyMatch alone = SortKeyMatch.of(it.sortTemplates(path), given, ranged);
    // The item types under the same partition key values on this path, in item order.
    List<DynamoDbItem> sharing = index.sharing(path, it.partitionSignature(path));
    // The related entities' item types this Query returns too (with:), and the sort key condition
    // that reads them all.
    List<DynamoDbItem> together = new ArrayList<>();
    Optional<SortKeyMatch> common =
        wanted.isEmpty()
            ? Optional.of(alone)
            : collection(r, it, path, alone, pkAttrs, sharing, wanted);
    if (common.isEmpty()) {
      return Optional.empty();
    }
    SortKeyMatch sk = common.get();
    if (!wanted.isEmpty()) {
      for (DynamoDbItem o : sharing) {
        if (o != it && wanted.contains(o.entity().name()) && sk.admits(o.sortTemplates(path))) {
          together.add(o);
        }
      }
    }
    int sortKeys = 1;
    for (String a : sk.consumed()) {
      // An attribute in both keys (PK "ORDER#{order_id}", SK "ORDER#{order_id}") takes one value
      // per key: its k values are k keys, counted once with the partition key.
      if (!pkAttrs.contains(a)) {
        sortKeys *= in.getOrDefault(a, 1);
      }
    }
    int keys = partitionKeys * sortKeys;
    Set<String> keyed = new LinkedHashSet<>(pkAttrs);
    keyed.addAll(sk.consumed());
    sk.range().ifPresent(keyed::add);
    List<String> filter = new ArrayList<>();
    for (Operation.Condition c : r.where()) {
      if (!keyed.contains(c.attribute()) && !filter.contains(c.attribute())) {
        filter.add(c.attribute());
      }
    }
    boolean ordered = orderFollows(r, sk, equal);
    if (!ordered) {
      notes.add(
          "order by "
              + r.orderBy().get(0).attribute()
              + " does not follow the sort key of "
              + path.name()
              + ": every matching item is read and sorted by the application");
    }
    Set<String> narrowing = new LinkedHashSet<>(pkAttrs);
    narrowing.addAll(sk.consumed());
    // The table's primary key names one item; an index key does only when it holds the entity's
    // key.
    boolean single =
        together.isEmpty()
            && (path.isIndex() ? sk.exact() && KeyCounts.identifies(e, narrowing) : sk.exact());
    // Items matched for a typical and the busiest key, with the items of other types the key
    // condition also reads.
    double[] matched = {
      perKey(it, path, pkAttrs, narrowing, false, r.count() ? null : notes),
      perKey(it, path, pkAttrs, narrowing, true, null)
    };
    double reach = 1;
    if (single) {
      matched = new double[] {1, 1};
    } else if (sk.range().isPresent()) {
      double share = rangeShare(p, r, it, sk.range().get(), notes);
      reach = share;
      matched = new double[] {Math.max(1, matched[0] * share), Math.max(1, matched[1] * share)};
    }
    // The related items are wanted: counted with the read's own, by the same per-key arithmetic
    // (each type's items per partition key value, narrowed by the sort key prefix they share).
    double entry = it.entryBytes(path, t);
    if (!together.isEmpty()) {
      double[] bytesOwn = {matched[0] * entry, matched[1] * entry};
      for (DynamoDbItem o : together) {
        Set<String> opk = KeyCounts.placeholders(o.partitionTemplates(path));
        Set<String> oNarrowing = new LinkedHashSet<>(opk);
        sk.consumed().stream().filter(o::holds).forEach(oNarrowing::add);
        double[] n = {
          perKey(o, path, opk, oNarrowing, false, null),
          perKey(o, path, opk, oNarrowing, true, null)
        };
        for (int i = 0; i < 2; i++) {
          // A sort key range they share reads the same share of their items.
          n[i] = Math.max(1, n[i] * reach);
          matched[i] += n[i];
          bytesOwn[i] += n[i] * o.entryBytes(path, t);
        }
      }
      // The typical key's average item stands for both: the busiest key's mix differs little.
      entry = bytesOwn[0] / matched[0];
      notes.add(
          "one Query returns the "
              + r.entity()
              + " and "
              + String.join(", ", together.stream().map(DynamoDbItem::name).toList())
              + " items together: they share the partition key "
              + it.partitionSignature(path)
              + " on "
              + path.name()
              + " (an item collection), "
              + Units.count(matched[0])
              + " items for a typical key");
    }
    double[] extra = {0, 0};
    long extraBytes = 0;
    List<String> others = new ArrayList<>();
    if (!single) {
      for (DynamoDbItem o : sharing) {
        if (o != it && !together.contains(o) && sk.admits(o.sortTemplates(path))) {
          Set<String> opk = KeyCounts.placeholders(o.partitionTemplates(path));
          double ot = o.typicalPerKey(path, opk);
          double ob = o.busiestPerKey(path, opk);
          extra[0] += ot;
          extra[1] += ob;
          extraBytes += o.entryBytes(path, t) * (Double.isNaN(ot) ? 0 : ot);
          others.add(o.name());
        }
      }
    }
    if (!others.isEmpty()) {
      notes.add(
          "the key condition also reads the "
              + String.join(", ", others)
              + " items of the same partition;"
              + " a filter on the item type drops them after they are billed");
      filter.add("(item type)");
    }
    double selectivity = filterSelectivity(e, filter, equal, it.rows());
    // A limit counts the read's own items; with related items every match is read, an upper bound.
    int limit =
        r.count() || !together.isEmpty() ? Integer.MAX_VALUE : r.limit().orElse(Integer.MAX_VALUE);
    double extraEntry = extra[0] > 0 ? extraBytes / extra[0] : 0;
    double[] evaluated = new double[2];
    double[] units = new double[2];
    double[] bytes = new double[2];
    double calls = 0;
    for (int i = 0; i < 2; i++) {
      double own = matched[i] / shards;
      double alien = extra[i] / shards;
      double all = own + alien;
      double eval;
      if (single) {
        eval = 1;
      } else if (limit == Integer.MAX_VALUE || !ordered) {
        eval = all;
      } else if (filter.isEmpty()) {
        eval = Math.min(own, limit);
      } else {
        double keep = Double.isNaN(selectivity) ? 0 : selectivity * own / Math.max(all, 1e-12);
        eval = keep <= 0 ? all : Math.min(all, limit / keep);
      }
      double ownShare = all <= 0 ? 1 : own / all;
      double b = eval * (ownShare * entry + (1 - ownShare) * extraEntry);
      evaluated[i] = eval * shards * keys;
      bytes[i] = b * shards * keys;
      units[i] =
          (single && !path.isIndex()
                  ? Capacity.getItem((long) Math.ceil(b), mode)
                  : Capacity.pagedQuery(b, eval > 0 ? b / eval : 0, mode))
              * shards
              * keys;
      if (i == 0) {
        calls = Capacity.pages(b, eval > 0 ? b / eval : 0) * shards * keys;
      }
    }
    List<Touch> touches = new ArrayList<>();
    // A request names `partitionKeys` keys, so the busiest one is among them about that many times
    // as often (at most once a request), and each of its sort keys is one more query there.
    double share =
        sortKeys
            * Math.min(1, partitionKeys * KeyCounts.requestShare(p, e, pkAttrs, it.rowsOn(path)));
    double perQueryBusiest = units[1] / (shards * keys);
    touches.add(
        new Touch(
            path.copy(),
            it.partitionSignature(path),
            share,
            new Estimate(units[0], perQueryBusiest),
            0,
            shards));
    // Attributes a global index does not project come from the table: one more read per item
    // returned.
    List<String> missing = needed.stream().filter(a -> !it.projects(path, t, a)).toList();
    if (!missing.isEmpty() && path.isIndex()) {
      double returned = Math.min(evaluated[0], limit);
      double each = Capacity.getItem(it.bytes(), path.local() ? mode : Capacity.Read.EVENTUAL);
      double fetch = returned * each;
      if (path.local()) {
        // A local index lives in the table's partition: its fetches load the same key.
        double busiest = Math.min(evaluated[1] / (shards * keys), limit) * each;
        touches.add(
            new Touch(
                t.name(),
                it.partitionSignature(path),
                share,
                new Estimate(fetch, busiest),
                0,
                shards));
      } else {
        touches.add(new Touch(t.name(), "", Double.NaN, Estimate.same(fetch), 0, 1));
      }
      if (path.local()) {
        notes.add(
            path.name()
                + " does not project "
                + String.join(", ", missing)
                + ": DynamoDB fetches each item from the table, at the table's read cost");
      } else {
        calls += Math.ceil(returned / DynamoDbLimits.MAX_BATCH_GET_ITEMS);
        notes.add(
            path.name()
                + " does not project "
                + String.join(", ", missing)
                + ": the application fetches each item from the table with BatchGetItem");
      }
    }
    Access access;
    String operation;
    boolean shared = sharing.stream().anyMatch(o -> o != it);
    boolean twoBounds =
        sk.range().isPresent()
            && r.where().stream()
                .anyMatch(c -> c.attribute().equals(sk.range().get()) && c.values() == 2);
    String condition = keyCondition(path, pkTemplates, sk, shared, twoBounds);
    if (single && !path.isIndex() && shards == 1) {
      access = keys > 1 ? Access.BATCH_GET : Access.GET_ITEM;
      operation = keys > 1 ? "BatchGetItem" : "GetItem";
      if (keys > 1) {
        calls = Math.ceil(keys / (double) DynamoDbLimits.MAX_BATCH_GET_ITEMS);
      }
    } else {
      access = shards * keys > 1 ? Access.QUERY_FAN_OUT : Access.QUERY;
      operation = "Query";
      if (shards > 1) {
        notes.add(
            "the key is write-sharded over "
                + shards
                + " suffixes: each read makes "
                + shards
                + " queries and merges them");
      }
      if (keys > 1) {
        notes.add("IN over " + keys + " partition keys: " + keys + " queries");
      }
    }
    if (!filter.isEmpty()) {
      List<String> named = filter.stream().filter(f -> !f.startsWith("(")).toList();
      String on =
          named.isEmpty()
              ? "the item type"
              : String.join(", ", named)
                  + (named.size() < filter.size() ? " and the item type" : "");
      notes.add(
          "FilterExpression on " + on + ": billed on every item evaluated, before the filter");
    }
    if (transactionalEntities.contains(e.name()) && (access != Access.GET_ITEM)) {
      // TransactGetItems reads items named by their full primary key, at most 100, from tables
      // only: it can replace a BatchGetItem of up to 100 keys, never a Query or an index read
      // (https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_TransactGetItems.html;
      // isolation levels: .../developerguide/transaction-apis.html#transaction-isolation).
      boolean byKeys = access == Access.BATCH_GET && keys <= DynamoDbLimits.MAX_TRANSACTION_ITEMS;
      notes.add(
          operation
              + " is read-committed: it can see some items of a TransactWriteItems in the new state and"
              + " others in the old"
              + (byKeys
                  ? "; use TransactGetItems (the same "
                      + keys
                      + " keys, at most "
                      + DynamoDbLimits.MAX_TRANSACTION_ITEMS
                      + ") for a consistent snapshot"
                  : "; TransactGetItems cannot serve it (it reads at most "
                      + DynamoDbLimits.MAX_TRANSACTION_ITEMS
                      + " items named by their full primary key, from tables), so the read can see"
                      + " a transaction half applied"));
    }
    List<String> itemNames = new ArrayList<>(List.of(it.name()));
    together.forEach(o -> itemNames.add(o.name()));
    return Optional.of(
        new DynamoDbPlan(
            p,
            access,
            operation,
            Optional.of(path),
            itemNames,
            condition,
            filter,
            calls,
            new Estimate(evaluated[0], evaluated[1]),
            new Estimate(bytes[0], bytes[1]),
            Optional.of(mode == Capacity.Read.STRONG ? "strong" : "eventual"),
            touches,
            notes));
  }

  /**
   * Returns the sort key condition one Query of {@code it}'s partition needs to return the items of
   * every {@code wanted} entity too, or empty when no such Query exists: each wanted entity needs
   * an item type under the same partition key templates on {@code path} that holds every attribute
   * the read restricts, and the condition every type's sort key satisfies ({@link
   * SortKeyMatch#within}) must keep each sort key restriction the partition key does not already
   * fix. {@code Order where order_id = ?} with {@code SK = "O#{order_id}"} and lines under {@code
   * "L#{line_id}"} lose only {@code order_id}, which {@code PK = "O#{order_id}"} fixes; a range on
   * {@code created_at} the lines' sort key lacks would be lost, so the lines are read apart.
   */
  private static Optional<SortKeyMatch> collection(
      Operation.Read r,
      DynamoDbItem it,
      KeyPath path,
      SortKeyMatch sk,
      Set<String> pkAttrs,
      List<DynamoDbItem> sharing,
      Set<String> wanted) {
    List<List<KeyTemplate>> sorts = new ArrayList<>();
    for (String w : wanted) {
      List<DynamoDbItem> types =
          sharing.stream()
              .filter(o -> o != it && o.entity().name().equals(w))
              .filter(o -> r.where().stream().allMatch(c -> o.holds(c.attribute())))
              .toList();
      if (types.isEmpty()) {
        return Optional.empty();
      }
      types.forEach(o -> sorts.add(o.sortTemplates(path)));
    }
    SortKeyMatch common = sk.within(sorts);
    Set<String> kept = new LinkedHashSet<>(pkAttrs);
    kept.addAll(common.consumed());
    common.range().ifPresent(kept::add);
    Set<String> needed = new LinkedHashSet<>(sk.consumed());
    sk.range().ifPresent(needed::add);
    return kept.containsAll(needed) ? Optional.of(common) : Optional.empty();
  }

  private DynamoDbPlan scan(
      AccessPattern p,
      Operation.Read r,
      DynamoDbTable t,
      DynamoDbItem it,
      KeyPath path,
      Set<String> equal,
      Capacity.Read mode,
      List<String> notes) {
    // Every item on the path, whatever its type: the same for each read, so summed once per path.
    double items = index.scanRows(path);
    double bytes = index.scanBytes(path);
    List<String> filter = new ArrayList<>();
    r.where().forEach(c -> filter.add(c.attribute()));
    double own = it.rowsOn(path);
    double selectivity = filterSelectivity(it.entity(), filter, equal, it.rows());
    double keep = Double.isNaN(selectivity) ? 0 : selectivity * own / Math.max(items, 1e-12);
    int limit = r.count() ? Integer.MAX_VALUE : r.limit().orElse(Integer.MAX_VALUE);
    double eval =
        limit == Integer.MAX_VALUE || !r.orderBy().isEmpty() || keep <= 0
            ? items
            : Math.min(items, limit / (filter.isEmpty() && own == items ? 1 : keep));
    double evalBytes = items <= 0 ? 0 : bytes * eval / items;
    double itemBytes = items <= 0 ? 0 : bytes / items;
    double units = Capacity.pagedQuery(evalBytes, itemBytes, mode);
    double calls = Capacity.pages(evalBytes, itemBytes);
    notes.add(
        "no "
            + path.name()
            + " key can be built from the read's restrictions: a Scan reads "
            + (eval >= items ? "every item" : "items until the limit is met")
            + " and bills them all");
    List<Touch> touches =
        List.of(new Touch(path.copy(), "", Double.NaN, Estimate.same(units), 0, 1));
    return new DynamoDbPlan(
        p,
        Access.SCAN,
        "Scan",
        Optional.of(path),
        List.of(it.name()),
        "-",
        filter,
        calls,
        Estimate.same(eval),
        Estimate.same(evalBytes),
        Optional.of(mode == Capacity.Read.STRONG ? "strong" : "eventual"),
        touches,
        notes);
  }

  /**
   * Items of {@code it} on {@code path} matched by the partition key and the consumed sort key
   * placeholders. Each sort key placeholder {@code c} given by equality keeps, of the partition's
   * items:
   *
   * <ul>
   *   <li>{@code 1 / N} when {@code c}'s spread says {@code per: {K: N}} for an attribute K fixed
   *       before it (a partition key placeholder or an earlier sort key equality): ten albums per
   *       artist, so one album is a tenth of the artist's partition (docs/model.md, "Values per
   *       value"); the narrowest such statement counts;
   *   <li>else {@code 1 / distinct(c)}, the attribute's global count, which assumes its values are
   *       independent of the partition key: a lower bound when they nest in it, since a partition
   *       then holds fewer of them. The note says so with the syntax that replaces it, and
   *       KeySpreadUndeclared flags the case where the two bounds differ by orders of magnitude.
   * </ul>
   *
   * <p>{@code notes} receives the statement used, or null when no note is wanted.
   */
  private static double perKey(
      DynamoDbItem it,
      KeyPath path,
      Set<String> pkAttrs,
      Set<String> narrowing,
      boolean busiest,
      List<String> notes) {
    if (KeyCounts.identifies(it.entity(), narrowing)) {
      return 1;
    }
    double n = busiest ? it.busiestPerKey(path, pkAttrs) : it.typicalPerKey(path, pkAttrs);
    Set<String> fixed = new LinkedHashSet<>(pkAttrs);
    for (String c : narrowing) {
      if (fixed.contains(c)) {
        continue;
      }
      java.util.OptionalDouble per = perPartition(it.entity(), c, fixed);
      fixed.add(c);
      if (per.isPresent()) {
        n /= Math.max(1, per.getAsDouble());
        if (notes != null) {
          notes.add(
              "the equality on "
                  + c
                  + " keeps 1 / "
                  + dev.keyplan.model.Units.count(per.getAsDouble())
                  + " of a partition's items ("
                  + c
                  + "'s values per partition, from its spread's per:)");
        }
        continue;
      }
      double d = KeyCounts.distinct(it.entity(), Set.of(c), it.rowsOn(path));
      n = Double.isNaN(d) ? n : n / Math.max(1, d);
    }
    return Math.max(1, n);
  }

  /**
   * Returns how many values of {@code c} one value of an attribute of {@code fixed} holds, from
   * {@code c}'s spread {@code per: {K: N}}: the smallest N over the fixed attributes K it names.
   */
  static java.util.OptionalDouble perPartition(Entity e, String c, Set<String> fixed) {
    var spread = e.spread().get(c);
    if (spread == null) {
      return java.util.OptionalDouble.empty();
    }
    return fixed.stream().filter(spread.per()::containsKey).mapToDouble(spread.per()::get).min();
  }

  /**
   * Returns the share of a partition's items a sort key range reads, from the pattern's {@code
   * range:} (docs/model.md, "Range width"): a share directly, or a duration over the partition's
   * time span, which is the items' lifetime (their TTL, else the model's horizon): 30 days of a
   * 730-day horizon are 30 / 730 ≈ 4.1%. Without {@code range:}, 1: every item of the key, an upper
   * bound, said in a note with the syntax to give it.
   */
  private double rangeShare(
      AccessPattern p, Operation.Read r, DynamoDbItem it, String on, List<String> notes) {
    long span = it.ttlSeconds() > 0 ? Math.min(it.ttlSeconds(), horizonSeconds) : horizonSeconds;
    Optional<dev.keyplan.model.RangeWidth> width = p.range(on);
    double share = width.map(w -> w.shareOf(span)).orElse(1.0);
    if (r.count()) {
      return share;
    }
    if (width.isPresent()) {
      notes.add(
          "the range on "
              + on
              + " reads "
              + dev.keyplan.model.Units.percent(share)
              + " of a partition's items ("
              + width.get().sourceOver(span)
              + ")");
    } else {
      notes.add(
          "the range on "
              + on
              + " is counted as every item of the key, an upper bound: give its width with range: {"
              + on
              + ": 30d} (or a share, 5%)");
    }
    return share;
  }

  /**
   * The share of items a filter keeps: 1 / distinct for each filtered equality, NaN if one is
   * unknown.
   */
  private static double filterSelectivity(
      Entity e, List<String> filter, Set<String> equal, double rows) {
    double s = 1;
    for (String f : filter) {
      if (f.startsWith("(")) {
        continue;
      }
      if (!equal.contains(f)) {
        return Double.NaN;
      }
      double d = KeyCounts.distinct(e, Set.of(f), rows);
      if (Double.isNaN(d)) {
        return Double.NaN;
      }
      s /= Math.max(1, d);
    }
    return s;
  }

  private static boolean orderFollows(Operation.Read r, SortKeyMatch sk, Set<String> equal) {
    List<Operation.Order> order =
        r.orderBy().stream().filter(o -> !equal.contains(o.attribute())).toList();
    if (order.isEmpty()) {
      return true;
    }
    boolean descending = order.get(0).descending();
    for (int i = 0; i < order.size(); i++) {
      if (i >= sk.rest().size()
          || !sk.rest().get(i).equals(order.get(i).attribute())
          || order.get(i).descending() != descending) {
        return false;
      }
    }
    return true;
  }

  /**
   * Writes the key condition as a request would: {@code PK = "C#<customer_id>" AND begins_with(SK,
   * "ORDER#")}; the begins_with appears when it narrows something (other item types in the same
   * partition, or a placeholder given by the read).
   */
  private static String keyCondition(
      KeyPath path, List<KeyTemplate> pk, SortKeyMatch sk, boolean shared, boolean twoBounds) {
    List<String> terms = new ArrayList<>();
    for (int i = 0; i < pk.size(); i++) {
      terms.add(path.partitionKey().get(i) + " = \"" + render(pk.get(i)) + "\"");
    }
    if (sk.hasSortKey()) {
      String name = String.join("+", path.sortKey());
      if (sk.exact()) {
        terms.add(name + " = \"" + sk.prefixText() + "\"");
      } else if (sk.range().isPresent() && twoBounds) {
        // The upper bound ends with the highest character, so it keeps the items of the last value.
        terms.add(
            name
                + " BETWEEN \""
                + sk.prefixText()
                + "<"
                + sk.range().get()
                + " from>\" AND \""
                + sk.prefixText()
                + "<"
                + sk.range().get()
                + " to>\\uffff\"");
      } else if (sk.range().isPresent()) {
        terms.add(
            name
                + " < or > \""
                + sk.prefixText()
                + "<"
                + sk.range().get()
                + ">\""
                + (sk.prefix().isEmpty()
                    ? ""
                    : " (written as a BETWEEN with the prefix's end as the other bound)"));
      } else if (!sk.prefix().isEmpty() && (shared || !sk.consumed().isEmpty())) {
        // A literal prefix alone narrows nothing unless other item types share the partition.
        terms.add("begins_with(" + name + ", \"" + sk.prefixText() + "\")");
      }
    }
    return String.join(" AND ", terms);
  }

  /** Renders a template with {@code <attr>} placeholders and {@code <0..N-1>} for a shard. */
  static String render(KeyTemplate t) {
    StringBuilder s = new StringBuilder();
    for (KeyTemplate.Part p : t.parts()) {
      if (p instanceof KeyTemplate.Literal l) {
        s.append(l.text());
      } else if (p instanceof KeyTemplate.Placeholder ph) {
        s.append('<').append(ph.attribute()).append('>');
      } else if (p instanceof KeyTemplate.Shard sh) {
        s.append("<0..").append(sh.count() - 1).append('>');
      }
    }
    return s.toString();
  }
}
