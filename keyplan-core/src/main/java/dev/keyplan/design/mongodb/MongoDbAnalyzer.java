package dev.keyplan.design.mongodb;

import dev.keyplan.design.dynamodb.ItemCounts;
import dev.keyplan.model.AccessPattern;
import dev.keyplan.model.Entity;
import dev.keyplan.model.Model;
import dev.keyplan.model.MongoDbDesign;
import dev.keyplan.model.Operation;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Computes a {@link MongoDbAnalysis}: merges the imported indexes and shard keys ({@link
 * MongoImport}), binds the collections ({@link MongoBinder}), plans every
 * pattern ({@link MongoReadPlanner}, {@link MongoWritePlanner}), then adds up the busiest shard's
 * load, the chunk figures of each sharded collection, and the embed-or-reference advice of every
 * parent–child relationship.
 */
public final class MongoDbAnalyzer {
  /** "1-to-few (< ~20 items)": the most children seed 003 calls safe to embed. */
  static final double FEW = 20;

  private MongoDbAnalyzer() {}

  /** Analyses the model's {@code mongodb:} design. */
  public static MongoDbAnalysis analyze(Model model) {
    // The indexes_file and sharding_file complete the written design before anything is bound.
    MongoDbDesign design = MongoImport.merge(model, model.mongodb().orElseThrow());
    List<MongoCollection> collections = new MongoBinder(model, design).bind();
    MongoReadPlanner reads = new MongoReadPlanner(design, collections);
    MongoWritePlanner writes = new MongoWritePlanner(model, collections, reads);
    List<MongoPlan> plans = new ArrayList<>();
    for (AccessPattern p : model.patterns()) {
      plans.add(p.operation() instanceof Operation.Read r ? reads.plan(p, r) : writes.plan(p, (Operation.Write) p.operation()));
    }
    List<MongoShard> shards = new ArrayList<>();
    for (MongoCollection c : collections) {
      shards.add(shard(design, c, plans, reads));
    }
    return new MongoDbAnalysis(model, design, collections, plans, shards, relationships(model, collections, plans));
  }

  private static MongoShard shard(MongoDbDesign design, MongoCollection c, List<MongoPlan> plans, MongoReadPlanner reads) {
    double r = 0;
    double w = 0;
    List<String> scatter = new ArrayList<>();
    for (MongoPlan plan : plans) {
      for (MongoPlan.Touch t : plan.touches()) {
        if (t.collection().equals(c.name())) {
          double load = plan.pattern().ratePerSecond() * t.busiestShardShare() * t.operations();
          if (t.write()) {
            w += load;
          } else {
            r += load;
          }
          if (plan.targeting() == MongoPlan.Targeting.SCATTER_GATHER) {
            scatter.add(plan.pattern().id());
          }
        }
      }
    }
    int shards = c.sharded() ? design.shards() : 1;
    double indexBytes = c.indexBytes();
    if (!c.sharded()) {
      return new MongoShard(c.name(), false, 1, 1, r, w, design.shardBudget(), Optional.empty(), Double.NaN, Double.NaN,
          false, 1, c.dataBytes(), indexBytes, 0, Optional.empty(), scatter);
    }
    MongoDbDesign.ShardKey key = c.shardKey().get();
    Entity e = c.entity();
    Set<String> fields = c.attributesOf(key.fields());
    double distinct = c.keyValues(fields);
    double share = c.keyBusiestShare(fields);
    double busiestBytes = Double.isNaN(share) ? Double.NaN : c.dataBytes() * share;
    boolean jumbo = !Double.isNaN(busiestBytes) && busiestBytes > design.rangeSizeBytes();
    Optional<String> monotonic = key.hashed() || !c.growsWithTime(key.fields().get(0)) ? Optional.empty()
        : Optional.of(key.fields().get(0));
    // A suffix of the entity's own key makes every value one document: refine instead of reshard.
    Optional<List<String>> refine = Optional.empty();
    if (jumbo && !key.hashed()) {
      List<String> suffix = e.key().stream().filter(k -> !fields.contains(k)).toList();
      if (!suffix.isEmpty()) {
        List<String> refined = new ArrayList<>(key.fields());
        refined.addAll(suffix);
        refine = Optional.of(refined);
      }
    }
    double reshard = (c.dataBytes() + indexBytes) * 2 / shards;
    return new MongoShard(c.name(), true, shards, reads.usedShards(c), r, w, design.shardBudget(), monotonic, distinct,
        busiestBytes, jumbo, key.hashed() ? shards : 1, c.dataBytes(), indexBytes, reshard, refine, scatter);
  }

  /**
   * Every embed, and every pair of collections where one's documents point at the other's key (a
   * reference), with seed 003's test: read together, bounded, owned, not updated alone.
   */
  private static List<MongoRelationship> relationships(Model model, List<MongoCollection> collections,
      List<MongoPlan> plans) {
    List<MongoRelationship> out = new ArrayList<>();
    for (MongoCollection c : collections) {
      for (MongoEmbed em : c.embeds()) {
        long places = collections.stream().filter(x -> x.embedOf(em.entity().name()).isPresent()).count()
            + collections.stream().filter(x -> x.entity().name().equals(em.entity().name())).count();
        boolean together = readsThroughParent(model, em.entity(), em.by());
        boolean alone = updatedAlone(model, em.entity());
        // Bounded and few: a max, or a child that does not grow and stays within 1-to-few.
        boolean bounded = em.bounded() && (em.max().isPresent() || !em.many() || em.busiest() <= FEW);
        out.add(relationship(c.name(), c.entity(), em.entity(), em.field(), true, together, bounded, places == 1, alone,
            em.typical(), em.busiest()));
      }
    }
    for (MongoCollection parent : collections) {
      for (MongoCollection child : collections) {
        Entity p = parent.entity();
        Entity ch = child.entity();
        if (child == parent || p.key().isEmpty() || !p.key().stream().allMatch(k -> ch.attribute(k).isPresent())
            || ch.key().equals(p.key())) {
          continue;
        }
        Set<String> by = new LinkedHashSet<>(p.key());
        double typical = ItemCounts.typicalPerValue(ch, by, child.documents());
        double busiest = ItemCounts.busiestPerValue(ch, by, child.documents());
        boolean bounded = ch.growthPerSecond() == 0 && !Double.isNaN(busiest) && busiest <= FEW;
        boolean together = readsThroughParent(model, ch, p.key());
        out.add(relationship(child.name(), p, ch, child.name(), false, together, bounded, true,
            updatedAlone(model, ch), typical, busiest));
      }
    }
    return out;
  }

  private static MongoRelationship relationship(String collection, Entity parent, Entity child, String field,
      boolean embedded, boolean together, boolean bounded, boolean owned, boolean alone, double typical, double busiest) {
    List<String> reasons = new ArrayList<>();
    reasons.add(together ? "read through its " + parent.name() : "no pattern reads it through its " + parent.name());
    reasons.add(bounded ? "bounded: at most about " + dev.keyplan.model.Units.count(Math.ceil(busiest)) + " per "
        + parent.name() : "unbounded: " + child.name() + " grows with no limit per " + parent.name()
        + (Double.isNaN(busiest) ? "" : " (" + dev.keyplan.model.Units.count(Math.ceil(busiest)) + " for the busiest at the horizon)"));
    if (!owned) {
      reasons.add("shared: " + child.name() + " is stored in more than one place");
    }
    if (alone) {
      reasons.add("updated on its own");
    }
    boolean embed = together && bounded && owned && !alone;
    return new MongoRelationship(collection, parent.name(), child.name(), field, embedded, together, bounded, owned,
        alone, typical, busiest, embed ? "embed" : "reference", reasons);
  }

  /** Returns true if a read of {@code child} restricts its pointer to the parent by equality. */
  private static boolean readsThroughParent(Model model, Entity child, List<String> by) {
    for (AccessPattern p : model.patterns()) {
      if (p.operation() instanceof Operation.Read r && r.entity().equals(child.name())
          && r.where().stream().anyMatch(c -> by.contains(c.attribute()) && c.comparison() == Operation.Comparison.EQ)) {
        return true;
      }
    }
    return false;
  }

  private static boolean updatedAlone(Model model, Entity child) {
    return model.patterns().stream().anyMatch(p -> p.operation().entity().equals(child.name())
        && p.operation().isWriteOf(Operation.Kind.UPDATE, Operation.Kind.INCREMENT, Operation.Kind.DELETE));
  }
}
