package dev.keyplan.mongodb.design;

import dev.keyplan.model.AccessPattern;
import dev.keyplan.model.Entity;
import dev.keyplan.model.Model;
import dev.keyplan.model.Operation;
import dev.keyplan.mongodb.model.MongoDbDesign;
import dev.keyplan.workload.KeyCounts;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Computes a {@link MongoDbAnalysis}: merges the imported indexes and shard keys ({@link
 * MongoDbImport}), binds the collections ({@link MongoDbBinder}), plans every pattern ({@link
 * MongoDbReadPlanner}, {@link MongoDbWritePlanner}), then adds up the busiest shard's load, the
 * chunk figures of each sharded collection, and the embed-or-reference advice of every parent–child
 * relationship.
 */
public final class MongoDbAnalyzer {
  /** "1-to-few (< ~20 items)": the most children seed 003 calls safe to embed. */
  static final double FEW = 20;

  private MongoDbAnalyzer() {}

  /** Analyses the model's {@code mongodb:} design. */
  public static MongoDbAnalysis analyze(Model model) {
    // The indexes_file and sharding_file complete the written design before anything is bound.
    MongoDbDesign design =
        MongoDbImport.merge(model, model.design(MongoDbDesign.class).orElseThrow());
    List<MongoDbCollection> collections = new MongoDbBinder(model, design).bind();
    MongoDbReadPlanner reads = new MongoDbReadPlanner(design, collections, model.horizonSeconds());
    MongoDbWritePlanner writes = new MongoDbWritePlanner(model, collections, reads);
    List<MongoDbPlan> plans = new ArrayList<>();
    for (AccessPattern p : model.patterns()) {
      MongoDbPlan plan =
          p.operation() instanceof Operation.Read r
              ? reads.plan(p, r)
              : computed(collections, reads, writes.plan(p, (Operation.Write) p.operation()), p);
      // A time-series collection's plan is counted in the buckets it stores.
      plans.add(MongoDbTimeSeriesPlanner.adjust(plan, collections));
    }
    List<MongoDbShard> shards = new ArrayList<>();
    for (MongoDbCollection c : collections) {
      shards.add(shard(design, c, plans, reads));
    }
    return new MongoDbAnalysis(
        model, design, collections, plans, shards, relationships(model, collections, plans));
  }

  /**
   * Adds to a write of an entity that a collection's computed attribute is kept from ({@code
   * computed: {total_revenue: Screening}}) the update of that collection's document: one {@code
   * updateOne} by its key a request, routed by the key like any other, as the Computed pattern
   * recomputes the value "with every write that changes the computed value's source data" (MongoDB
   * manual,
   * https://www.mongodb.com/docs/manual/data-modeling/design-patterns/computed-values/computed-schema-pattern/).
   */
  private static MongoDbPlan computed(
      List<MongoDbCollection> collections,
      MongoDbReadPlanner reads,
      MongoDbPlan plan,
      AccessPattern p) {
    if (!(p.operation() instanceof Operation.Write w) || !plan.access().served()) {
      return plan;
    }
    List<MongoDbPlan.Touch> touches = new ArrayList<>(plan.touches());
    List<String> notes = new ArrayList<>(plan.notes());
    List<String> operations = new ArrayList<>(List.of(plan.operation()));
    for (MongoDbCollection c : collections) {
      List<String> kept =
          c.computed().stream()
              .filter(x -> x.from().equals(w.entity()))
              .map(MongoDbDesign.Computed::attribute)
              .toList();
      if (kept.isEmpty()) {
        continue;
      }
      double share = 1;
      if (c.sharded()) {
        List<Operation.Condition> key = new ArrayList<>();
        java.util.Map<String, String> fields = new java.util.LinkedHashMap<>();
        for (String k : c.entity().key()) {
          key.add(new Operation.Condition(k, Operation.Comparison.EQ, 1, p.location()));
          fields.put(k, c.fieldOf(k));
        }
        share = reads.route(p, c, key, fields, c.typicalBytes()).share();
      }
      touches.add(new MongoDbPlan.Touch(c.name(), true, share, 1));
      operations.add("updateOne " + c.name());
      notes.add(
          "Computed: each write of "
              + w.entity()
              + " also updates "
              + String.join(", ", kept)
              + " of its "
              + c.entity().name()
              + " in "
              + c.name()
              + " (one updateOne by "
              + String.join(", ", c.entity().key())
              + ")");
    }
    if (operations.size() == 1) {
      return plan;
    }
    return plan.withOperation(String.join(" + ", operations), touches, plan.lookups(), notes);
  }

  private static MongoDbShard shard(
      MongoDbDesign design,
      MongoDbCollection c,
      List<MongoDbPlan> plans,
      MongoDbReadPlanner reads) {
    double r = 0;
    double w = 0;
    double inserts = 0;
    List<String> scatter = new ArrayList<>();
    for (MongoDbPlan plan : plans) {
      // Inserts of the collection's own documents; one into an embedded array updates the parent.
      boolean insertsOwn =
          plan.pattern().operation() instanceof Operation.Write x
              && x.entity().equals(c.entity().name())
              && (x.kind() == Operation.Kind.INSERT || x.kind() == Operation.Kind.UPSERT);
      for (MongoDbPlan.Touch t : plan.touches()) {
        if (t.collection().equals(c.name())) {
          double load = plan.pattern().ratePerSecond() * t.busiestShardShare() * t.operations();
          if (t.write()) {
            w += load;
            if (insertsOwn) {
              inserts += plan.pattern().ratePerSecond() * t.operations();
            }
          } else {
            r += load;
          }
          if (plan.targeting() == MongoDbPlan.Targeting.SCATTER_GATHER) {
            scatter.add(plan.pattern().id());
          }
        }
      }
    }
    int shards = c.sharded() ? design.shards() : 1;
    double indexBytes = c.indexBytes();
    if (!c.sharded()) {
      return new MongoDbShard(
          c.name(),
          false,
          1,
          1,
          r,
          w,
          inserts,
          design.shardBudget(),
          Optional.empty(),
          Double.NaN,
          Double.NaN,
          false,
          1,
          c.dataBytes(),
          indexBytes,
          0,
          Optional.empty(),
          scatter);
    }
    MongoDbDesign.ShardKey key = c.shardKey().get();
    Entity e = c.entity();
    Set<String> fields = c.attributesOf(key.fields());
    double distinct = c.keyValues(fields);
    double share = c.keyBusiestShare(fields);
    double busiestBytes = Double.isNaN(share) ? Double.NaN : c.dataBytes() * share;
    boolean jumbo = !Double.isNaN(busiestBytes) && busiestBytes > design.rangeSizeBytes();
    Optional<String> monotonic =
        key.hashed() || !c.growsWithTime(key.fields().get(0))
            ? Optional.empty()
            : Optional.of(key.fields().get(0));
    // A suffix of the entity's own key makes every value one document: refine instead of reshard.
    Optional<List<String>> refine = Optional.empty();
    if (jumbo && !key.hashed()) {
      List<String> suffix = e.key().stream().filter(k -> !fields.contains(k)).toList();
      if (!suffix.isEmpty()) {
        List<String> refined = new ArrayList<>(key.fields());
        // The refined key names document fields, as the shard key does: the entity's key is _id.
        suffix.forEach(k -> refined.add(c.fieldOf(k)));
        refine = Optional.of(refined);
      }
    }
    double reshard = (c.dataBytes() + indexBytes) * 2 / shards;
    return new MongoDbShard(
        c.name(),
        true,
        shards,
        reads.usedShards(c),
        r,
        w,
        inserts,
        design.shardBudget(),
        monotonic,
        distinct,
        busiestBytes,
        jumbo,
        key.hashed() ? shards : 1,
        c.dataBytes(),
        indexBytes,
        reshard,
        refine,
        scatter);
  }

  /**
   * Every embed, and every pair of collections where one's documents point at the other's key (a
   * reference), with seed 003's test: read together, bounded, owned, not updated alone.
   */
  private static List<MongoDbRelationship> relationships(
      Model model, List<MongoDbCollection> collections, List<MongoDbPlan> plans) {
    List<MongoDbRelationship> out = new ArrayList<>();
    for (MongoDbCollection c : collections) {
      for (MongoDbEmbed em : c.embeds()) {
        long places =
            collections.stream().filter(x -> x.embedOf(em.entity().name()).isPresent()).count()
                + collections.stream()
                    .filter(x -> x.entity().name().equals(em.entity().name()))
                    .count();
        boolean together = readsThroughParent(model, em.entity(), em.by());
        boolean alone = updatedAlone(model, em.entity());
        // Bounded and few: a max, or a child that does not grow and stays within 1-to-few.
        boolean bounded =
            em.bounded() && (em.max().isPresent() || !em.many() || em.busiest() <= FEW);
        MongoDbRelationship r =
            relationship(
                c.name(),
                c.entity(),
                em.entity(),
                em.field(),
                true,
                together,
                bounded,
                places == 1,
                alone,
                em.typical(),
                em.busiest());
        out.add(kept(r, chosen(collections, c, em, plans)));
      }
    }
    for (MongoDbCollection parent : collections) {
      for (MongoDbCollection child : collections) {
        Entity p = parent.entity();
        Entity ch = child.entity();
        if (child == parent
            || p.key().isEmpty()
            || !p.key().stream().allMatch(k -> ch.attribute(k).isPresent())
            || ch.key().equals(p.key())) {
          continue;
        }
        Set<String> by = new LinkedHashSet<>(p.key());
        double typical = KeyCounts.typicalPerValue(ch, by, child.documents());
        double busiest = KeyCounts.busiestPerValue(ch, by, child.documents());
        // With no spread over the parent's key, the children spread evenly over the parents, as
        // an embed's elements are counted (MongoDbBinder): 60M lines over 20M orders, 3 each.
        if (Double.isNaN(typical) && parent.documents() > 0) {
          typical = Math.max(1, child.documents() / parent.documents());
        }
        if (Double.isNaN(busiest)) {
          busiest = typical;
        }
        // Bounded: the children per parent do not grow (a fixed child, or one whose new rows come
        // with new parents) and stay within 1-to-few.
        boolean bounded =
            (ch.growthPerSecond() == 0 || KeyCounts.arriveWithNewParents(ch, p, p.key()))
                && !Double.isNaN(busiest)
                && busiest <= FEW;
        boolean together = readsThroughParent(model, ch, p.key());
        MongoDbRelationship r =
            relationship(
                child.name(),
                p,
                ch,
                child.name(),
                false,
                together,
                bounded,
                true,
                updatedAlone(model, ch),
                typical,
                busiest);
        // The full collection of a Subset is the other half of the pattern: keep it too.
        Optional<String> subset = Optional.empty();
        for (MongoDbEmbed em : parent.embeds()) {
          if (em.entity().name().equals(ch.name())) {
            subset =
                chosen(collections, parent, em, plans).filter(x -> x.startsWith("Subset pattern"));
          }
        }
        out.add(kept(r, subset));
      }
    }
    return out;
  }

  /**
   * The pattern an embed takes part in that the advice must not undo, in words: Subset (two copies
   * are the point: the array's few serve some reads, the collection the rest), Bucket (the bounded
   * bucket is the point) or Outlier (the cap is). Empty for any other embed.
   */
  private static Optional<String> chosen(
      List<MongoDbCollection> collections,
      MongoDbCollection c,
      MongoDbEmbed em,
      List<MongoDbPlan> plans) {
    for (MongoDbSchemaPattern x : MongoDbSchemaPatterns.of(collections, c, em)) {
      switch (x.kind()) {
        case SUBSET -> {
          String full = MongoDbSchemaPatterns.fullCollection(collections, em).orElseThrow().name();
          return Optional.of(
              "Subset pattern: keep both; the embedded "
                  + dev.keyplan.model.Units.count(em.max().getAsInt())
                  + " serve "
                  + served(plans, em.entity().name(), c.name())
                  + ", the "
                  + full
                  + " collection serves "
                  + served(plans, em.entity().name(), full));
        }
        case BUCKET, OUTLIER -> {
          return Optional.of(
              x.kind().label()
                  + " pattern: keep it; "
                  + (x.kind() == MongoDbSchemaPattern.Kind.BUCKET
                      ? "the bounded bucket is the point"
                      : "the cap keeps the document small, the overflow documents hold the rest")
                  + " ("
                  + x.text()
                  + ")");
        }
        case ATTRIBUTE -> {
          return Optional.of(
              "Attribute pattern: keep it; the name/value pairs are found through one multikey"
                  + " index ("
                  + x.text()
                  + ")");
        }
        default -> {
          // An Extended Reference says nothing about where the child lives.
        }
      }
    }
    return Optional.empty();
  }

  /** The reads of {@code entity} planned on {@code collection}, by id; "no pattern" if none. */
  private static String served(List<MongoDbPlan> plans, String entity, String collection) {
    List<String> ids =
        plans.stream()
            .filter(
                x ->
                    x.pattern().operation() instanceof Operation.Read r
                        && r.entity().equals(entity)
                        && x.collection().filter(collection::equals).isPresent())
            .map(x -> x.pattern().id())
            .toList();
    return ids.isEmpty() ? "no pattern" : String.join(", ", ids);
  }

  /** {@code r} with the advice "keep" and the pattern first among its reasons, if one holds. */
  private static MongoDbRelationship kept(MongoDbRelationship r, Optional<String> pattern) {
    if (pattern.isEmpty()) {
      return r;
    }
    List<String> reasons = new ArrayList<>(List.of(pattern.get()));
    reasons.addAll(r.reasons());
    return new MongoDbRelationship(
        r.collection(),
        r.parent(),
        r.child(),
        r.field(),
        r.embedded(),
        r.readTogether(),
        r.bounded(),
        r.owned(),
        r.updatedAlone(),
        r.typicalElements(),
        r.busiestElements(),
        "keep",
        reasons);
  }

  private static MongoDbRelationship relationship(
      String collection,
      Entity parent,
      Entity child,
      String field,
      boolean embedded,
      boolean together,
      boolean bounded,
      boolean owned,
      boolean alone,
      double typical,
      double busiest) {
    List<String> reasons = new ArrayList<>();
    reasons.add(
        together
            ? "read through its " + parent.name()
            : "no pattern reads it through its " + parent.name());
    reasons.add(
        bounded
            ? "bounded: at most about "
                + dev.keyplan.model.Units.count(Math.ceil(busiest))
                + " per "
                + parent.name()
            : "unbounded: "
                + child.name()
                + " grows with no limit per "
                + parent.name()
                + (Double.isNaN(busiest)
                    ? ""
                    : " ("
                        + dev.keyplan.model.Units.count(Math.ceil(busiest))
                        + " for the busiest at the horizon)"));
    if (!owned) {
      reasons.add("shared: " + child.name() + " is stored in more than one place");
    }
    if (alone) {
      reasons.add("updated on its own");
    }
    boolean embed = together && bounded && owned && !alone;
    return new MongoDbRelationship(
        collection,
        parent.name(),
        child.name(),
        field,
        embedded,
        together,
        bounded,
        owned,
        alone,
        typical,
        busiest,
        embed ? "embed" : "reference",
        reasons);
  }

  /** Returns true if a read of {@code child} restricts its pointer to the parent by equality. */
  private static boolean readsThroughParent(Model model, Entity child, List<String> by) {
    for (AccessPattern p : model.patterns()) {
      if (p.operation() instanceof Operation.Read r
          && r.entity().equals(child.name())
          && r.where().stream()
              .anyMatch(
                  c -> by.contains(c.attribute()) && c.comparison() == Operation.Comparison.EQ)) {
        return true;
      }
    }
    return false;
  }

  private static boolean updatedAlone(Model model, Entity child) {
    return model.patterns().stream()
        .anyMatch(
            p ->
                p.operation().entity().equals(child.name())
                    && p.operation()
                        .isWriteOf(
                            Operation.Kind.UPDATE,
                            Operation.Kind.INCREMENT,
                            Operation.Kind.DELETE));
  }
}
