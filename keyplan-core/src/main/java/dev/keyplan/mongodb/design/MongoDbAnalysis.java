package dev.keyplan.mongodb.design;

import dev.keyplan.analysis.DataUnit;
import dev.keyplan.analysis.Growth;
import dev.keyplan.analysis.Hotspot;
import dev.keyplan.analysis.PlanSummary;
import dev.keyplan.analysis.StoreAnalysis;
import dev.keyplan.model.AccessPattern;
import dev.keyplan.model.Model;
import dev.keyplan.model.StoreId;
import dev.keyplan.model.Units;
import dev.keyplan.mongodb.facts.MongoDbLimits;
import dev.keyplan.mongodb.model.MongoDbDesign;
import java.util.List;
import java.util.Optional;

/**
 * Everything keyplan computes about a MongoDB design before any rule runs: how each pattern runs
 * (index, sort, routing), each collection's documents and sizes, the load and chunks per shard, and
 * the embed-or-reference advice per relationship. Rules read it; renderers print it.
 */
public record MongoDbAnalysis(
    Model model,
    MongoDbDesign design,
    List<MongoDbCollection> collections,
    List<MongoDbPlan> plans,
    List<MongoDbShard> shards,
    List<MongoDbRelationship> relationships)
    implements StoreAnalysis {

  public MongoDbAnalysis {
    collections = List.copyOf(collections);
    plans = List.copyOf(plans);
    shards = List.copyOf(shards);
    relationships = List.copyOf(relationships);
  }

  /** Returns the store analysed. */
  @Override
  public StoreId store() {
    return StoreId.MONGODB;
  }

  /** Returns the plan of pattern {@code id}. */
  /**
   * Returns MongoDB's schema patterns the design uses, recognised from its structure or declared
   * (docs/model.md, "Schema patterns").
   */
  public List<MongoDbSchemaPattern> schemaPatterns() {
    return MongoDbSchemaPatterns.recognise(collections);
  }

  public Optional<MongoDbPlan> plan(String id) {
    return plans.stream().filter(p -> p.pattern().id().equals(id)).findFirst();
  }

  /** Returns the collection called {@code name}. */
  public Optional<MongoDbCollection> collection(String name) {
    return collections.stream().filter(c -> c.name().equals(name)).findFirst();
  }

  /** Returns the shard figures of collection {@code name}. */
  public Optional<MongoDbShard> shard(String name) {
    return shards.stream().filter(s -> s.collection().equals(name)).findFirst();
  }

  /**
   * Returns the design's range (chunk) size as MongoDB states it: in MiB of 1,048,576 bytes when
   * whole ({@code 128 MiB} for 134,217,728 bytes), else in bytes as {@link Units#bytes} writes
   * them.
   */
  public String rangeSize() {
    long bytes = design.rangeSizeBytes();
    return bytes % MongoDbLimits.MB == 0
        ? Units.count(bytes / (double) MongoDbLimits.MB) + " MiB"
        : Units.bytes((double) bytes);
  }

  /**
   * Returns where {@code c}'s zones put its data over the design's shards (empty without zones).
   */
  public List<MongoDbZones.Placement> zones(MongoDbCollection c) {
    return MongoDbZones.of(c, c.sharded() ? design.shards() : 1);
  }

  @Override
  public List<List<String>> partitionKeys(String entity) {
    java.util.LinkedHashSet<List<String>> out = new java.util.LinkedHashSet<>();
    for (MongoDbCollection c : collections) {
      if (!c.entity().name().equals(entity) || c.shardKey().isEmpty()) {
        continue;
      }
      List<String> key =
          c.shardKey().get().fields().stream()
              .filter(f -> c.entity().attribute(f).isPresent())
              .toList();
      if (!key.isEmpty()) {
        out.add(key);
      }
    }
    return List.copyOf(out);
  }

  @Override
  public PlanSummary summary(AccessPattern p) {
    return MongoDbSummary.summary(this, p);
  }

  @Override
  public List<Hotspot> hotspots() {
    return MongoDbSummary.hotspots(this);
  }

  @Override
  public Optional<DataUnit> largestUnit() {
    return MongoDbSummary.largestUnit(this);
  }

  @Override
  public List<Growth> growth(int samples) {
    return MongoDbSummary.growth(this, samples);
  }
}
