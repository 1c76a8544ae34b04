package dev.keyplan.mongodb.design;

import dev.keyplan.model.AccessPattern;
import dev.keyplan.model.Attribute;
import dev.keyplan.model.Entity;
import dev.keyplan.model.Operation;
import dev.keyplan.model.Operation.Comparison;
import dev.keyplan.mongodb.design.MongoDbPlan.Access;
import dev.keyplan.mongodb.design.MongoDbPlan.Targeting;
import dev.keyplan.mongodb.design.MongoDbPlan.Touch;
import dev.keyplan.mongodb.model.MongoDbDesign;
import dev.keyplan.workload.Estimate;
import dev.keyplan.workload.KeyCounts;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Plans each read on MongoDB as the query planner would choose an index, by the ESR guideline
 * (MongoDB manual, "The ESR (Equality, Sort, Range) Guideline"): an index serves the equality
 * fields first, then the sort (so no blocking in-memory sort), then a range. For each collection
 * that holds the read's entity — as its documents, or embedded in them — every index is scored by
 * the keys and documents it examines, and a collection scan is always a candidate:
 *
 * <ul>
 *   <li>keys and documents examined: from the bounds the server gives the scan ({@link
 *       IndexBounds}: points, a range's {@code range:} width, the key past each interval,
 *       SORT_MERGE or a blocking sort, multikey bounds), none fetched for a covered query ({@code
 *       covers});
 *   <li>a partial index serves only a read that implies its filter, a sparse one only a read that
 *       bounds its fields ({@link IndexFilter}); two indexes are never intersected;
 *   <li>a hashed key serves only equality; a case-insensitive comparison ({@code ignore_case:})
 *       uses an index only if its collation is case-insensitive;
 *   <li>routing: the shard key by equality targets one shard; a ranged key's prefix or range a few;
 *       anything else, or a range on a hashed key, every shard (scatter-gather).
 * </ul>
 */
final class MongoDbReadPlanner {
  private final MongoDbDesign design;
  private final List<MongoDbCollection> collections;
  private final long horizonSeconds;

  MongoDbReadPlanner(
      MongoDbDesign design, List<MongoDbCollection> collections, long horizonSeconds) {
    this.design = design;
    this.collections = collections;
    this.horizonSeconds = horizonSeconds;
  }

  /** How a read sees one collection: the documents' fields for its entity's attributes. */
  record View(MongoDbCollection c, Optional<MongoDbEmbed> embed, Map<String, String> fields) {}

  /**
   * A plan and how much of the ESR order its index serves: equality keys used, the sort given. It
   * ranks plans whose figures an undeclared spread leaves unknown.
   */
  private record Candidate(MongoDbPlan plan, int equalities, boolean sorted) {
    double cost() {
      return plan.docsExamined().typical() + plan.keysExamined().typical();
    }
  }

  MongoDbPlan plan(AccessPattern p, Operation.Read r) {
    MongoDbPlan own = planOwn(p, r);
    if (p.with().isEmpty() || !own.access().served()) {
      return own;
    }
    return withRelated(p, r, own);
  }

  /**
   * Adds a read's related entities ({@code with:}) to its plan. An entity embedded in the documents
   * the read returns (or their root entity, when the read is of an embedded one) comes with them:
   * no extra read, and its bytes are already in the document's size. Any other is a second {@code
   * find} by the same restrictions (no sort, no limit), planned as its own read: its keys,
   * documents and touches add to the request's, so its collection's shards receive the read's load.
   * An entity no collection serves is said plainly: only the others are planned.
   */
  private MongoDbPlan withRelated(AccessPattern p, Operation.Read r, MongoDbPlan own) {
    Optional<MongoDbCollection> read =
        own.collection()
            .flatMap(n -> collections.stream().filter(c -> c.name().equals(n)).findFirst());
    List<String> notes = new ArrayList<>(own.notes());
    List<String> operations = new ArrayList<>(List.of(own.operation()));
    double[] keys = {own.keysExamined().typical(), own.keysExamined().busiest()};
    double[] docs = {own.docsExamined().typical(), own.docsExamined().busiest()};
    if (own.covered()) {
      // The related rows are not in the index: each document is fetched, so nothing is covered.
      docs = new double[] {keys[0], keys[1]};
    }
    double returned = own.returned();
    List<Touch> touches = new ArrayList<>(own.touches());
    for (String w : p.with()) {
      // A capped array holds only some of the related rows (Subset): they are read from where
      // all of them are.
      if (read.isPresent()
          && (read.get()
                  .embedOf(w)
                  .filter(em -> !MongoDbSchemaPatterns.partial(read.get(), em) || em.overflow())
                  .isPresent()
              || read.get().entity().name().equals(w))) {
        notes.add(
            w
                + " is in the "
                + read.get().name()
                + " documents the read returns: it comes with them, no extra read (its bytes are"
                + " in the document's "
                + dev.keyplan.model.Units.bytes(read.get().typicalBytes())
                + ")");
        continue;
      }
      Operation.Read related = r.related(w);
      MongoDbPlan part = planOwn(p, related);
      if (!part.access().served()) {
        notes.add(
            "only "
                + r.entity()
                + " is planned: "
                + w
                + " is not served ("
                + String.join("; ", part.notes())
                + ")");
        continue;
      }
      operations.add(part.operation());
      keys[0] += part.keysExamined().typical();
      keys[1] += part.keysExamined().busiest();
      docs[0] += part.docsExamined().typical();
      docs[1] += part.docsExamined().busiest();
      returned += part.returned();
      touches.addAll(part.touches());
      notes.add(
          w
              + " is not in the documents the read returns: a second "
              + part.operation()
              + " on "
              + part.collection().orElse("?")
              + " ("
              + part.access().label()
              + part.index().map(i -> " " + i).orElse("")
              + "), "
              + dev.keyplan.model.Units.count(part.docsExamined().typical())
              + " documents examined");
      part.notes().forEach(n -> notes.add(w + ": " + n));
    }
    return own.withFigures(
            p,
            new Estimate(keys[0], keys[1]),
            new Estimate(docs[0], docs[1]),
            returned,
            own.blockingSort(),
            own.sortBytes(),
            false,
            notes)
        .withOperation(String.join(" + ", operations), touches, own.lookups(), notes);
  }

  /** Plans {@code r} for its own entity alone. */
  private MongoDbPlan planOwn(AccessPattern p, Operation.Read r) {
    List<Candidate> candidates = new ArrayList<>();
    boolean stored = false;
    // Capped arrays that cannot answer the read (Subset): why, for the plan's notes.
    List<String> partial = new ArrayList<>();
    for (MongoDbCollection c : collections) {
      Optional<View> v = view(c, r.entity());
      if (v.isEmpty()) {
        continue;
      }
      stored = true;
      Optional<String> refusal =
          v.get().embed().flatMap(em -> MongoDbSchemaPatterns.refusal(r, c, em));
      if (refusal.isPresent()) {
        partial.add(refusal.get());
        continue;
      }
      candidates.addAll(plans(p, r, v.get()));
    }
    candidates.addAll(computedCounts(p, r));
    if (candidates.isEmpty()) {
      return notServed(
          p,
          !partial.isEmpty()
              ? String.join("; ", partial)
                  + ": add a collection of every "
                  + r.entity()
                  + " (the Subset pattern keeps both)"
              : stored
                  ? "no collection holds every attribute this read needs"
                  : "no MongoDB collection stores "
                      + r.entity()
                      + ": add a collection or an embed for it");
    }
    // Known figures rank by keys and documents examined; if any is unknown (a spread not declared),
    // by the ESR order itself: more equality keys, then the sort from the index.
    Comparator<Candidate> byCost = Comparator.comparingDouble(Candidate::cost);
    Comparator<Candidate> byEsr =
        Comparator.comparingInt((Candidate x) -> -x.equalities()).thenComparing(x -> !x.sorted());
    boolean known = candidates.stream().noneMatch(x -> Double.isNaN(x.cost()));
    candidates.sort(
        (known ? byCost : byEsr)
            .thenComparing(x -> x.plan().blockingSort())
            .thenComparingInt(x -> x.plan().access().ordinal()));
    MongoDbPlan best = candidates.get(0).plan();
    if (partial.isEmpty()) {
      return best;
    }
    List<String> notes = new ArrayList<>(best.notes());
    partial.forEach(
        x -> notes.add("Subset: " + x + "; read from " + best.collection().orElse("?")));
    return best.withNotes(best.pattern(), notes);
  }

  /**
   * A count the Computed pattern keeps ({@code computed: {screenings: Screening}} on movies):
   * {@code count Screening where movie_id = ?} reads the one movie document by its key instead of
   * counting the screenings ("when the application requests data, only one read operation is
   * required", MongoDB manual,
   * https://www.mongodb.com/docs/manual/data-modeling/design-patterns/computed-values/computed-schema-pattern/).
   * A candidate beside the counting plans; the cheapest wins.
   */
  private List<Candidate> computedCounts(AccessPattern p, Operation.Read r) {
    List<Candidate> out = new ArrayList<>();
    if (!r.count()) {
      return out;
    }
    Set<String> given = new LinkedHashSet<>();
    r.where().stream()
        .filter(x -> x.comparison() == Comparison.EQ)
        .forEach(x -> given.add(x.attribute()));
    for (MongoDbCollection c : collections) {
      List<String> kept =
          c.computed().stream()
              .filter(x -> x.from().equals(r.entity()))
              .map(MongoDbDesign.Computed::attribute)
              .toList();
      if (kept.isEmpty()
          || r.where().size() != given.size()
          || !given.equals(new LinkedHashSet<>(c.entity().key()))) {
        continue;
      }
      Operation.Read read =
          new Operation.Read(
              c.entity().name(),
              List.of(),
              r.where(),
              List.of(),
              java.util.OptionalInt.of(1),
              false,
              r.names(),
              r.location());
      Optional<View> v = view(c, c.entity().name());
      if (v.isEmpty()) {
        continue;
      }
      for (Candidate x : candidates(p, read, v.get())) {
        List<String> notes = new ArrayList<>(x.plan().notes());
        notes.add(
            "Computed: the count of "
                + r.entity()
                + " by "
                + String.join(", ", given)
                + " is read from "
                + c.name()
                + "."
                + String.join(", ", kept)
                + ", kept by "
                + r.entity()
                + "'s writes: one document, not the "
                + r.entity()
                + " rows");
        out.add(new Candidate(x.plan().withNotes(p, notes), x.equalities(), x.sorted()));
      }
    }
    return out;
  }

  static MongoDbPlan notServed(AccessPattern p, String why) {
    return new MongoDbPlan(
        p,
        Access.NOT_SERVED,
        "-",
        Optional.empty(),
        Optional.empty(),
        Estimate.UNKNOWN,
        Estimate.UNKNOWN,
        Double.NaN,
        false,
        0,
        false,
        Targeting.UNSHARDED,
        0,
        List.of(),
        false,
        List.of(),
        List.of(why));
  }

  /** The fields of {@code entity}'s attributes in {@code c}: root fields, or an embed's paths. */
  static Optional<View> view(MongoDbCollection c, String entity) {
    Map<String, String> fields = new LinkedHashMap<>();
    if (c.entity().name().equals(entity)) {
      c.types().keySet().forEach(a -> fields.put(a, c.fieldOf(a)));
      c.idField().ifPresent(a -> fields.put(a, "_id"));
      return Optional.of(new View(c, Optional.empty(), fields));
    }
    Optional<MongoDbEmbed> em = c.embedOf(entity);
    if (em.isEmpty()) {
      return Optional.empty();
    }
    em.get().types().keySet().forEach(a -> fields.put(a, em.get().pathOf(a)));
    // The child's pointer to its parent is the parent's own key field.
    List<String> parentKey = c.entity().key();
    for (int i = 0; i < em.get().by().size() && i < parentKey.size(); i++) {
      fields.put(em.get().by().get(i), c.fieldOf(parentKey.get(i)));
    }
    return Optional.of(new View(c, em, fields));
  }

  private List<Candidate> plans(AccessPattern p, Operation.Read r, View v) {
    Optional<MongoDbSchemaPatterns.BucketTime> bucket =
        v.embed().flatMap(em -> MongoDbSchemaPatterns.bucketTime(v.c(), em));
    if (bucket.isPresent()) {
      Optional<AccessPattern> asked = bucketRead(p, r, v, bucket.get());
      if (asked.isPresent()) {
        Operation.Read read = (Operation.Read) asked.get().operation();
        String note = bucketNote(p, r, read, v, bucket.get());
        return candidates(asked.get(), read, v).stream()
            .map(
                x -> {
                  List<String> notes = new ArrayList<>(x.plan().notes());
                  notes.add(note);
                  return new Candidate(x.plan().withNotes(p, notes), x.equalities(), x.sorted());
                })
            .toList();
      }
    }
    List<Candidate> out = candidates(p, r, v);
    if (v.embed().filter(em -> MongoDbSchemaPatterns.partial(v.c(), em)).isPresent()
        && !r.orderBy().isEmpty()) {
      // A capped array answers only reads in the order it keeps (else refused above): its
      // elements are already in that order, so the read projects the first ones ($slice) and
      // sorts nothing in memory.
      out =
          out.stream()
              .map(x -> new Candidate(inKeptOrder(x.plan()), x.equalities(), true))
              .toList();
    }
    Optional<MongoDbEmbed> outlier =
        v.embed()
            .filter(MongoDbEmbed::overflow)
            .filter(em -> MongoDbSchemaPatterns.beyondCap(r, v.c(), em).isPresent());
    if (outlier.isEmpty()) {
      return out;
    }
    // Outlier: the busiest parent's elements past max are in overflow documents, each found by
    // the parent's key: one more key and document apiece (the manual's extra_sales lookup).
    double extra = MongoDbSchemaPatterns.overflowDocuments(outlier.get());
    return out.stream()
        .map(x -> new Candidate(withBusiest(x.plan(), extra), x.equalities(), x.sorted()))
        .toList();
  }

  /** {@code plan} without a blocking sort: the array is kept in the read's order. */
  private static MongoDbPlan inKeptOrder(MongoDbPlan plan) {
    return plan.withFigures(
        plan.pattern(),
        plan.keysExamined(),
        plan.docsExamined(),
        plan.returned(),
        false,
        0,
        plan.covered(),
        plan.notes().stream().filter(n -> !n.startsWith("blocking sort:")).toList());
  }

  /** {@code plan} with {@code extra} keys and documents examined for the busiest key. */
  private static MongoDbPlan withBusiest(MongoDbPlan plan, double extra) {
    return plan.withFigures(
        plan.pattern(),
        new Estimate(plan.keysExamined().typical(), plan.keysExamined().busiest() + extra),
        new Estimate(plan.docsExamined().typical(), plan.docsExamined().busiest() + extra),
        plan.returned(),
        plan.blockingSort(),
        plan.sortBytes(),
        plan.covered(),
        plan.notes());
  }

  /**
   * The read a Bucket design's application sends: a range or order on the elements' time is asked
   * of the buckets' time ({@code ts > ?} becomes {@code hour >= ?}, since a bucket holds the
   * readings of its hour), with the range's width moved with it, and a limit of L elements needs ⌈L
   * / elements per bucket⌉ buckets (MongoDB manual, "Model IoT Data": the application queries the
   * buckets, https://www.mongodb.com/docs/manual/tutorial/model-iot-data/). Empty when the read
   * neither ranges, orders nor limits by the elements.
   */
  private static Optional<AccessPattern> bucketRead(
      AccessPattern p, Operation.Read r, View v, MongoDbSchemaPatterns.BucketTime t) {
    String ts = t.elementAttribute();
    String hour = t.byAttribute();
    boolean hasHour = r.where().stream().anyMatch(x -> x.attribute().equals(hour));
    boolean changed = false;
    List<Operation.Condition> where = new ArrayList<>();
    for (Operation.Condition x : r.where()) {
      if (x.attribute().equals(ts)) {
        changed = true;
        if (!hasHour) {
          where.add(new Operation.Condition(hour, x.comparison(), x.values(), x.location()));
        }
      } else {
        where.add(x);
      }
    }
    List<Operation.Order> order = new ArrayList<>();
    for (Operation.Order o : r.orderBy()) {
      if (o.attribute().equals(ts)) {
        changed = true;
        order.add(new Operation.Order(hour, o.descending(), o.ann()));
      } else {
        order.add(o);
      }
    }
    java.util.OptionalInt limit = r.limit();
    double perBucket = Math.max(1, v.embed().get().typical());
    if (limit.isPresent()) {
      changed = true;
      limit = java.util.OptionalInt.of((int) Math.ceil(limit.getAsInt() / perBucket));
    }
    if (!changed) {
      return Optional.empty();
    }
    Map<String, dev.keyplan.model.RangeWidth> ranges = new LinkedHashMap<>(p.ranges());
    if (ranges.containsKey(ts) && !ranges.containsKey(hour)) {
      ranges.put(hour, ranges.remove(ts));
    }
    Operation.Read read =
        new Operation.Read(
            r.entity(), r.select(), where, order, limit, r.count(), r.names(), r.location());
    return Optional.of(
        new AccessPattern(
            p.id(),
            p.says(),
            p.ratePerSecond(),
            read,
            p.consistency(),
            p.readYourWrites(),
            p.batch(),
            p.spread(),
            p.ignoreCase(),
            ranges,
            p.fanOut(),
            p.location(),
            p.with()));
  }

  private static String bucketNote(
      AccessPattern p,
      Operation.Read r,
      Operation.Read asked,
      View v,
      MongoDbSchemaPatterns.BucketTime t) {
    List<String> parts = new ArrayList<>();
    if (r.where().stream().anyMatch(x -> x.attribute().equals(t.elementAttribute()))
        || r.orderBy().stream().anyMatch(o -> o.attribute().equals(t.elementAttribute()))) {
      parts.add(
          "the range or order on "
              + t.elementAttribute()
              + " is asked of the buckets' "
              + t.parentAttribute()
              + (p.range(t.elementAttribute()).isPresent()
                  ? " (" + t.elementAttribute() + "'s range: width with it)"
                  : ""));
    }
    if (r.limit().isPresent()) {
      parts.add(
          "limit "
              + r.limit().getAsInt()
              + " elements = ⌈"
              + r.limit().getAsInt()
              + " / "
              + dev.keyplan.model.Units.count(v.embed().get().typical())
              + " a bucket⌉ = "
              + asked.limit().getAsInt()
              + " bucket"
              + (asked.limit().getAsInt() == 1 ? "" : "s"));
    }
    return "Bucket: "
        + v.c().name()
        + "."
        + v.embed().get().field()
        + " groups "
        + r.entity()
        + " by "
        + String.join(" and ", v.embed().get().by())
        + ": documents examined are buckets, not elements; "
        + String.join("; ", parts);
  }

  private List<Candidate> candidates(AccessPattern p, Operation.Read r, View v) {
    Set<String> used = new LinkedHashSet<>();
    r.where().forEach(x -> used.add(x.attribute()));
    r.orderBy().forEach(o -> used.add(o.attribute()));
    for (String a : used) {
      if (!v.fields().containsKey(a)) {
        return List.of();
      }
    }
    // A selected attribute the documents lack, copied from another collection's entity
    // (copy_of), is joined in with $lookup: one lookup per returned document.
    List<String> lookups = new ArrayList<>();
    for (String a : r.select()) {
      if (!v.fields().containsKey(a)) {
        Optional<String> from = lookupSource(v, r.entity(), a);
        if (from.isEmpty()) {
          return List.of();
        }
        if (!lookups.contains(from.get())) {
          lookups.add(from.get());
        }
      }
    }
    List<Candidate> out = new ArrayList<>();
    for (MongoDbIndex ix : v.c().indexes()) {
      indexPlan(p, r, v, ix)
          .map(x -> new Candidate(withLookups(x.plan(), lookups), x.equalities(), x.sorted()))
          .ifPresent(out::add);
    }
    // The planner scans the collection only when no index serves the query (MongoDB manual,
    // "Query Plans"), whatever the figures: an index on an undeclared spread still wins.
    if (out.isEmpty()) {
      out.add(new Candidate(withLookups(collscan(p, r, v), lookups), 0, false));
    }
    return out;
  }

  /** The collection holding the source of {@code attribute}'s {@code copy_of}, if any holds it. */
  private Optional<String> lookupSource(View v, String entity, String attribute) {
    Entity e = v.embed().map(MongoDbEmbed::entity).orElse(v.c().entity());
    Optional<String> copy = e.attribute(attribute).flatMap(Attribute::copyOf);
    if (copy.isEmpty()) {
      return Optional.empty();
    }
    String[] parts = copy.get().split("\\.", 2);
    return collections.stream()
        .filter(c -> c.entity().name().equals(parts[0]) && c.holds(parts[1]))
        .map(MongoDbCollection::name)
        .findFirst();
  }

  private MongoDbPlan withLookups(MongoDbPlan plan, List<String> lookups) {
    if (lookups.isEmpty()) {
      return plan;
    }
    List<MongoDbPlan.Touch> touches = new ArrayList<>(plan.touches());
    for (String l : lookups) {
      touches.add(new Touch(l, false, 1, Math.max(1, plan.returned())));
    }
    List<String> notes = new ArrayList<>(plan.notes());
    notes.add(
        "$lookup into "
            + String.join(", ", lookups)
            + ": one indexed lookup per returned document ("
            + dev.keyplan.model.Units.count(Math.ceil(plan.returned()))
            + " a request) for the attributes the documents lack");
    // A $lookup's second collection is not in the index: the read is not covered.
    return plan.withFigures(
            plan.pattern(),
            plan.keysExamined(),
            plan.docsExamined(),
            plan.returned(),
            plan.blockingSort(),
            plan.sortBytes(),
            false,
            notes)
        .withOperation("aggregate($lookup)", touches, lookups, notes);
  }

  /** The documents a read matches: the whole collection narrowed by its equalities. */
  private double matched(
      AccessPattern p, Operation.Read r, View v, Set<String> attributes, boolean busiest) {
    Entity e = v.c().entity();
    double docs = v.c().documents();
    Set<String> root = new LinkedHashSet<>();
    for (String a : attributes) {
      root.add(
          v.embed().isPresent() && v.embed().get().by().contains(a) ? parentAttribute(v, a) : a);
    }
    Set<String> own = new LinkedHashSet<>();
    root.stream().filter(a -> e.attribute(a).isPresent()).forEach(own::add);
    if (own.isEmpty()) {
      return Math.min(docs, inArray(v, attributes, busiest));
    }
    double d =
        busiest
            ? docs * KeyCounts.busiestRowShare(e, own, docs)
            : KeyCounts.typicalPerValue(e, own, docs);
    if (!KeyCounts.identifies(e, own)) {
      // A spread counts the documents holding a value; an attribute only P of them hold matches P
      // as many (docs/model.md, "Sparse attributes": P × rows / distinct).
      for (String a : own) {
        d *= e.attribute(a).map(Attribute::present).orElse(1.0);
      }
    }
    return Double.isNaN(d) ? Double.NaN : Math.max(1, Math.min(d, inArray(v, attributes, busiest)));
  }

  /**
   * The elements of an embedded array that match equalities on the elements' own attributes (not
   * the parent's key): by the child entity's spread, {@code rows / distinct} for a typical value,
   * {@code rows × busiest share} for the busiest. Each sits in one document, so it bounds the
   * documents that match (the Attribute pattern: 2M specs over 1M name/value pairs are 2 specs, in
   * at most 2 of the 100k products, not every product). Infinite when the read restricts none of
   * the elements' own attributes or their spread is not declared.
   */
  private double inArray(View v, Set<String> attributes, boolean busiest) {
    if (!restrictsElements(v, attributes)) {
      return Double.POSITIVE_INFINITY;
    }
    Entity child = v.embed().get().entity();
    double rows = child.rowsAfter(horizonSeconds, 0);
    double n =
        busiest
            ? rows * KeyCounts.busiestRowShare(child, attributes, rows)
            : KeyCounts.typicalPerValue(child, attributes, rows);
    return Double.isNaN(n) ? Double.POSITIVE_INFINITY : Math.max(1, n);
  }

  /** True if {@code attributes} include an array element's own attribute (not its parent's key). */
  private static boolean restrictsElements(View v, java.util.Collection<String> attributes) {
    return v.embed().isPresent()
        && v.embed().get().many()
        && attributes.stream().anyMatch(a -> !v.embed().get().by().contains(a));
  }

  private static String parentAttribute(View v, String childAttribute) {
    int i = v.embed().get().by().indexOf(childAttribute);
    return v.c().entity().key().get(Math.min(i, v.c().entity().key().size() - 1));
  }

  private MongoDbPlan collscan(AccessPattern p, Operation.Read r, View v) {
    double docs = v.c().documents();
    boolean sort = !r.orderBy().isEmpty();
    Set<String> eq = equalities(r);
    double matched = matched(p, r, v, eq, false);
    List<String> notes = new ArrayList<>();
    notes.add(
        "COLLSCAN: no index serves the read's equality, sort or range; every document is examined");
    for (String a : p.ignoreCase()) {
      String field = v.fields().get(a);
      v.c().indexes().stream()
          .filter(ix -> !ix.caseInsensitive() && ix.fields().indexOf(field) == 0)
          .findFirst()
          .ifPresent(
              ix ->
                  notes.add(
                      a
                          + " is compared ignoring case: "
                          + ix.name()
                          + " has the simple collation, so"
                          + " the planner cannot use it; an index with {collation: {locale: \"en\", strength: 2}} can"));
    }
    int limit = r.limit().orElse(Integer.MAX_VALUE);
    double returned = Math.min(limit, matched * (v.embed().isPresent() ? 1 : 1));
    return plan(
        p,
        r,
        v,
        Access.COLLSCAN,
        Optional.empty(),
        0,
        0,
        docs,
        docs,
        returned,
        sort,
        sort ? matched * v.c().typicalBytes() : 0,
        false,
        notes);
  }

  /**
   * Plans {@code r} on {@code ix}: the bounds the server gives the scan ({@link IndexBounds}), the
   * keys and documents examined, and whether the index may serve the read at all (a partial index
   * only when the read implies its filter, a sparse one only when the read bounds its fields:
   * {@link IndexFilter}).
   */
  private Optional<Candidate> indexPlan(
      AccessPattern p, Operation.Read r, View v, MongoDbIndex ix) {
    Set<String> ci = new LinkedHashSet<>();
    p.ignoreCase().forEach(a -> ci.add(v.fields().get(a)));
    IndexBounds b =
        IndexBounds.of(
            ix, new IndexBounds.Read(r.where(), r.orderBy(), v.fields(), ci, arrays(v.c())));
    if (!b.bounded() || (ix.sparse() && !b.narrowed())) {
      return Optional.empty();
    }
    List<String> notes = new ArrayList<>();
    double filterShare = 1;
    if (ix.partial().isPresent()) {
      Map<String, Operation.Condition> byField = new LinkedHashMap<>();
      r.where().forEach(c -> byField.putIfAbsent(v.fields().get(c.attribute()), c));
      List<String> assumed = new ArrayList<>();
      if (IndexFilter.unmet(ix.partial().get(), byField, assumed).isPresent()) {
        return Optional.empty();
      }
      notes.add(
          "partial index "
              + ix.name()
              + ": the read's "
              + String.join(", ", assumed)
              + " taken to satisfy its filter "
              + ix.partial().get());
      // Under the scan's points the index holds only the documents its filter matches; a filter
      // field the points fix is already counted by them.
      Set<String> bound = new LinkedHashSet<>();
      b.pointAttributes().forEach(a -> bound.add(v.fields().get(a)));
      MongoDbCollection c = v.c();
      filterShare =
          IndexFilter.share(
              ix.partial().get(),
              c.entity(),
              f ->
                  bound.contains(f)
                      ? Optional.empty()
                      : f.equals("_id") ? c.idField() : Optional.of(f));
    }
    long limit = r.count() || r.limit().isEmpty() ? Long.MAX_VALUE : (long) r.limit().getAsInt();
    Set<String> points = new LinkedHashSet<>(b.pointAttributes());
    // Equalities on the parent's fields read every element's key of the matched documents;
    // equalities on the elements' own fields (with $elemMatch) read the matching elements' keys,
    // already counted by matched() (the Attribute pattern).
    double perDoc =
        ix.multikey() && !restrictsElements(v, points)
            ? Math.max(1, ix.entries() / Math.max(1, v.c().documents()))
            : 1;
    double share = rangeShare(p, r, v, b, limit, notes);
    double[] keys = new double[2];
    double[] fetched = new double[2];
    for (int i = 0; i < 2; i++) {
      double first =
          b.points() == 0 ? ix.entries() : matched(p, r, v, points, i == 1) * perDoc * filterShare;
      double other = b.points() == 0 ? 0 : matched(p, r, v, points, false) * perDoc * filterShare;
      double inBounds = b.keysInBounds(first, other, share);
      keys[i] = b.keysExamined(inBounds, limit);
      fetched[i] = b.keysFetched(inBounds, limit);
      if (ix.multikey()) {
        // A document with several entries inside the bounds is fetched once (the scan
        // deduplicates record ids): at most the documents under the points.
        fetched[i] = Math.min(fetched[i], (first + (b.scans() - 1) * other) / perDoc);
      }
    }
    Set<String> indexed = new LinkedHashSet<>(ix.fields());
    Set<String> read = new LinkedHashSet<>();
    (r.select().isEmpty() ? v.fields().keySet() : r.select())
        .forEach(a -> read.add(v.fields().getOrDefault(a, a)));
    r.where().forEach(c -> read.add(v.fields().get(c.attribute())));
    r.orderBy().forEach(o -> read.add(v.fields().get(o.attribute())));
    boolean covered = !r.select().isEmpty() && covers(ix, v, read);
    if (covered) {
      notes.add(
          "covered by " + ix.name() + ": every field read is in the index, no document is fetched");
    }
    double matchedDocs = Math.max(1, fetched[0]);
    switch (b.sort()) {
      case MERGE ->
          notes.add(
              "SORT_MERGE: "
                  + b.scans()
                  + " scans of "
                  + ix.name()
                  + ", one per in value, each in "
                  + r.orderBy().get(0).attribute()
                  + " order, merged: no blocking sort");
      case BLOCKING ->
          notes.add(
              "blocking sort: "
                  + (b.explodeLimitReached()
                      ? "the in gives "
                          + b.scans()
                          + " scans, more than the "
                          + IndexBounds.MAX_SCANS_TO_EXPLODE
                          + " the planner merges for a sort (internalQueryMaxScansToExplode)"
                      : ix.name() + " does not give the order by " + r.orderBy().get(0).attribute())
                  + "; the matching documents are sorted in memory (100 MB unless allowDiskUse)");
      default -> {}
    }
    if (b.oneBoundKept()) {
      notes.add(
          b.rangedAttribute().orElseThrow()
              + " is inside an array ("
              + ix.name()
              + " is multikey): its two bounds are not intersected without $elemMatch, so the scan"
              + " keeps one; every key under the rest of the bounds is counted");
    }
    for (String a : p.ignoreCase()) {
      if (!ix.caseInsensitive() && indexed.contains(v.fields().get(a))) {
        notes.add(
            a
                + " is compared ignoring case, which "
                + ix.name()
                + " (simple collation) cannot serve: the"
                + " comparison is a filter");
      }
    }
    if (!b.residual().isEmpty()) {
      notes.add("filtered after the index: " + String.join(", ", b.residual()));
    }
    boolean blocking = b.sort() == IndexBounds.Sort.BLOCKING;
    double returned = Math.min(r.limit().orElse(Integer.MAX_VALUE), matchedDocs);
    return Optional.of(
        new Candidate(
            plan(
                p,
                r,
                v,
                Access.IXSCAN,
                Optional.of(ix.name()),
                keys[0],
                keys[1],
                covered ? 0 : fetched[0],
                covered ? 0 : fetched[1],
                returned,
                blocking,
                blocking ? matchedDocs * v.c().typicalBytes() : 0,
                covered,
                notes),
            b.points(),
            b.sort() == IndexBounds.Sort.INDEX || b.sort() == IndexBounds.Sort.MERGE));
  }

  /**
   * Returns true if {@code ix} covers a read of document fields {@code read} (MongoDB manual,
   * "Covered Query", https://www.mongodb.com/docs/manual/core/query-optimization/#covered-query):
   * every field read is in the index, none inside an array (a multikey index covers nothing), the
   * projection leaves {@code _id} out unless the index holds it (keyplan's projection names the
   * selected attributes and excludes {@code _id} otherwise, so {@code _id} is read only when the id
   * attribute is selected), on a sharded collection the index holds the shard key (each shard
   * filters orphaned documents by it; planner_analysis.cpp fetches when an index lacks it), and no
   * string field is read through an index with a non-simple collation (its keys are collation keys,
   * not the strings).
   */
  private static boolean covers(MongoDbIndex ix, View v, Set<String> read) {
    MongoDbCollection c = v.c();
    Set<String> indexed = new LinkedHashSet<>(ix.fields());
    if (ix.multikey() || !indexed.containsAll(read)) {
      return false;
    }
    if (c.sharded()) {
      for (String a : c.shardKey().orElseThrow().fields()) {
        if (!indexed.contains(c.fieldOf(a))) {
          return false;
        }
      }
    }
    if (ix.caseInsensitive()) {
      for (Map.Entry<String, String> e : v.fields().entrySet()) {
        if (read.contains(e.getValue()) && "string".equals(c.types().get(e.getKey()))) {
          return false;
        }
      }
    }
    return true;
  }

  /** The collection's fields inside an embedded array, each with its array's field. */
  private static Map<String, String> arrays(MongoDbCollection c) {
    Map<String, String> out = new LinkedHashMap<>();
    for (MongoDbEmbed em : c.embeds()) {
      if (em.many()) {
        em.types().keySet().forEach(a -> out.put(em.pathOf(a), em.field()));
      }
    }
    return out;
  }

  /**
   * Returns the share of the keys under the points that the read's range covers, from the pattern's
   * {@code range:} (docs/model.md, "Range width"): a share, or a width of time over the documents'
   * lifetime (the collection's TTL, else the horizon); 1 without it, an upper bound said in a note
   * when the limit does not stop the scan first.
   */
  private double rangeShare(
      AccessPattern p, Operation.Read r, View v, IndexBounds b, long limit, List<String> notes) {
    if (b.rangedAttribute().isEmpty() || b.oneBoundKept()) {
      return 1;
    }
    String on = b.rangedAttribute().get();
    long ttl =
        v.c().indexes().stream()
            .mapToLong(MongoDbIndex::ttlSeconds)
            .filter(x -> x > 0)
            .min()
            .orElse(0);
    long span = ttl > 0 ? Math.min(ttl, horizonSeconds) : horizonSeconds;
    Optional<dev.keyplan.model.RangeWidth> width = p.range(on);
    double share = width.map(w -> w.shareOf(span)).orElse(1.0);
    boolean stopped =
        limit != Long.MAX_VALUE
            && b.residual().isEmpty()
            && (b.sort() == IndexBounds.Sort.INDEX || b.sort() == IndexBounds.Sort.NONE);
    if (stopped) {
      return share;
    }
    if (width.isPresent()) {
      notes.add(
          "the range on "
              + on
              + " reads "
              + dev.keyplan.model.Units.percent(share)
              + " of the keys under the rest of the bounds ("
              + width.get().sourceOver(span)
              + ")");
    } else {
      notes.add(
          "the range on "
              + on
              + " is counted as every key under the rest of the bounds, an upper bound: give its"
              + " width with range: {"
              + on
              + ": 30d} (or a share, 5%)");
    }
    return share;
  }

  private static Set<String> equalities(Operation.Read r) {
    Set<String> eq = new LinkedHashSet<>();
    r.where().stream()
        .filter(c -> c.comparison() == Comparison.EQ)
        .forEach(c -> eq.add(c.attribute()));
    return eq;
  }

  /** Adds routing, touches and the view's notes to a candidate. */
  private MongoDbPlan plan(
      AccessPattern p,
      Operation.Read r,
      View v,
      Access access,
      Optional<String> index,
      double keys,
      double keysBusiest,
      double docs,
      double docsBusiest,
      double returned,
      boolean blocking,
      double sortBytes,
      boolean covered,
      List<String> notes) {
    MongoDbCollection c = v.c();
    Routing route = route(p, r, v, returned);
    List<String> all = new ArrayList<>(notes);
    v.embed()
        .ifPresent(
            em ->
                all.add(
                    r.entity()
                        + " is embedded in "
                        + c.name()
                        + "."
                        + em.field()
                        + ": the read fetches"
                        + " the parent documents and projects the "
                        + (em.many() ? "array" : "sub-document")));
    // The Attribute and Extended Reference patterns of the embed read, said where they serve it.
    v.embed()
        .ifPresent(
            em ->
                MongoDbSchemaPatterns.of(collections, c, em).stream()
                    .filter(
                        x ->
                            (x.kind() == MongoDbSchemaPattern.Kind.ATTRIBUTE
                                    && index.filter(x.text()::contains).isPresent())
                                || x.kind() == MongoDbSchemaPattern.Kind.EXTENDED_REFERENCE)
                    .forEach(x -> all.add(x.text())));
    v.embed()
        .filter(em -> MongoDbSchemaPatterns.partial(c, em))
        .ifPresent(
            em ->
                all.add(
                    em.overflow()
                        ? "Outlier: "
                            + c.name()
                            + "."
                            + em.field()
                            + " keeps "
                            + dev.keyplan.model.Units.count(em.max().getAsInt())
                            + " in the document and the rest in overflow documents: the busiest "
                            + c.entity().name()
                            + " reads "
                            + dev.keyplan.model.Units.count(
                                MongoDbSchemaPatterns.overflowDocuments(em))
                            + " more"
                        : "served by the "
                            + c.name()
                            + "."
                            + em.field()
                            + " array, which keeps "
                            + MongoDbSchemaPatterns.kept(em)
                            + ": the read needs no more than it keeps"));
    if (route.targeting() == Targeting.SCATTER_GATHER) {
      all.add(
          "scatter-gather: the read gives no shard key "
              + (c.shardKey().get().hashed()
                  ? "equality (a hashed key" + " routes equalities only)"
                  : "prefix")
              + ", so mongos asks all "
              + design.shards()
              + " shards and waits"
              + " for the slowest");
    }
    List<Touch> touches = List.of(new Touch(c.name(), false, route.share(), 1));
    String operation = r.count() ? "countDocuments" : "find";
    return new MongoDbPlan(
        p,
        access,
        operation,
        Optional.of(c.name()),
        index,
        new Estimate(keys, keysBusiest),
        new Estimate(docs, docsBusiest),
        returned,
        blocking,
        sortBytes,
        covered,
        route.targeting(),
        route.shards(),
        List.of(),
        false,
        touches,
        all);
  }

  /** Where mongos sends a request, and the share of requests the busiest shard sees. */
  record Routing(Targeting targeting, int shards, double share) {}

  Routing route(AccessPattern p, Operation.Read r, View v, double returned) {
    MongoDbCollection c = v.c();
    if (!c.sharded()) {
      return new Routing(Targeting.UNSHARDED, 1, 1);
    }
    return route(p, c, r.where(), v.fields(), returned * c.typicalBytes());
  }

  /**
   * Routing of a filter over {@code where} on collection {@code c} ({@code fields}: attribute →
   * field).
   */
  Routing route(
      AccessPattern p,
      MongoDbCollection c,
      List<Operation.Condition> where,
      Map<String, String> fields,
      double bytes) {
    int shardCount = design.shards();
    MongoDbDesign.ShardKey key = c.shardKey().orElseThrow();
    Map<String, Operation.Condition> byField = new LinkedHashMap<>();
    where.forEach(x -> byField.putIfAbsent(fields.getOrDefault(x.attribute(), x.attribute()), x));
    List<String> keyAttrs = new ArrayList<>();
    int given = 0;
    int inKeys = 1;
    for (String attribute : key.fields()) {
      Operation.Condition x = byField.get(c.fieldOf(attribute));
      if (x == null || (x.comparison() != Comparison.EQ && x.comparison() != Comparison.IN)) {
        break;
      }
      given++;
      keyAttrs.add(x.attribute());
      if (x.comparison() == Comparison.IN) {
        inKeys *= x.values();
      }
    }
    Entity e = c.entity();
    if (given == key.fields().size()) {
      double b = c.keyRequestShare(p, new LinkedHashSet<>(keyAttrs));
      int used = usedShards(c);
      double share =
          Double.isNaN(b)
              ? Double.NaN
              : Math.min(
                  1, inKeys * (b + (1 - b) * MongoDbZones.busiestShardShare(c, shardCount, used)));
      return inKeys > 1
          ? new Routing(Targeting.MULTI_SHARD, Math.min(shardCount, inKeys), share)
          : new Routing(Targeting.SINGLE_SHARD, 1, share);
    }
    String first = c.fieldOf(key.fields().get(0));
    boolean prefix =
        given > 0
            || (byField.containsKey(first) && byField.get(first).comparison() == Comparison.RANGE);
    if (key.hashed() || !prefix) {
      return new Routing(Targeting.SCATTER_GATHER, shardCount, 1);
    }
    // A ranged prefix reads the chunks that hold its values: about bytes / range size, at least 1.
    int shards =
        (int) Math.min(shardCount, Math.max(1, Math.ceil(bytes / design.rangeSizeBytes()) + 1));
    return new Routing(
        Targeting.MULTI_SHARD,
        shards,
        Math.min(
            1,
            shards / (double) shardCount
                + (given > 0 ? c.keyRequestShare(p, new LinkedHashSet<>(keyAttrs)) : 0)));
  }

  int shardCount() {
    return design.shards();
  }

  /** The shards a collection's data can spread over: at most one per distinct shard key value. */
  int usedShards(MongoDbCollection c) {
    Set<String> attrs = c.attributesOf(c.shardKey().orElseThrow().fields());
    double distinct = c.keyValues(attrs);
    return (int)
        Math.max(1, Math.min(design.shards(), Double.isNaN(distinct) ? design.shards() : distinct));
  }

  static Optional<Attribute> attribute(Entity e, String a) {
    return e.attribute(a);
  }
}
