package dev.keyplan.design.mongodb;

import dev.keyplan.model.Entity;
import dev.keyplan.model.Location;
import dev.keyplan.model.MongoDbDesign;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.Map;
import java.util.Optional;

/**
 * A collection with everything resolved: the entity its documents store, how each attribute is
 * held (BSON type), the embedded entities with their element counts, the indexes (the implicit
 * {@code _id} index first), the shard key, and the documents' sizes measured by the BSON library.
 *
 * @param idField the attribute stored as {@code _id} (a sole key attribute), or empty when
 *     {@code _id} is an ObjectId
 * @param types each held root attribute's BSON type name ({@code string}, {@code long}, …)
 * @param documents documents alive at the horizon
 * @param typicalBytes a typical document's BSON size: typical element counts in every array
 * @param largestBytes the largest document's at the horizon: the busiest parent's arrays, grown for
 *     the whole horizon and capped by {@code max}
 * @param dataBytes the documents' total BSON size at the horizon (documents × typical)
 */
public record MongoCollection(
    String name,
    Entity entity,
    Optional<String> idField,
    Map<String, String> types,
    List<MongoEmbed> embeds,
    List<MongoIndex> indexes,
    Optional<MongoDbDesign.ShardKey> shardKey,
    List<MongoDbDesign.Zone> zones,
    boolean validation,
    double documents,
    long typicalBytes,
    long largestBytes,
    double dataBytes,
    Location location) {

  public MongoCollection {
    types = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(types));
    embeds = List.copyOf(embeds);
    indexes = List.copyOf(indexes);
    zones = List.copyOf(zones);
  }

  /** Returns the document field that holds root attribute {@code attribute}: {@code _id} for the id. */
  public String fieldOf(String attribute) {
    return idField.filter(attribute::equals).map(x -> "_id").orElse(attribute);
  }

  /**
   * Returns the entity attributes that document fields {@code fields} stand for, for counting their
   * distinct values: {@code _id} is the id attribute, or, when {@code _id} is an ObjectId, the
   * entity's key, which is as unique per document (or {@code _id} itself for an entity without a key).
   */
  public Set<String> attributesOf(List<String> fields) {
    Set<String> out = new LinkedHashSet<>();
    for (String f : fields) {
      if (!f.equals("_id")) {
        out.add(f);
      } else if (idField.isPresent()) {
        out.add(idField.get());
      } else if (!entity.key().isEmpty()) {
        out.addAll(entity.key());
      } else {
        out.add(f);
      }
    }
    return out;
  }

  /**
   * Returns true if values of document field {@code field} grow with time: a {@code time_ordered}
   * attribute, or an ObjectId {@code _id}, whose first 4 bytes are its creation time in seconds
   * (MongoDB manual, "ObjectId"), so new documents sort after every existing one.
   */
  public boolean growsWithTime(String field) {
    if (field.equals("_id") && idField.isEmpty()) {
      return true;
    }
    String attribute = field.equals("_id") ? idField.get() : field;
    return entity.attribute(attribute).map(a -> a.timeOrdered()).orElse(false);
  }

  /** Returns true if the documents hold root attribute {@code attribute}. */
  public boolean holds(String attribute) {
    return types.containsKey(attribute);
  }

  /** Returns the embed holding entity {@code entity}, if any. */
  public Optional<MongoEmbed> embedOf(String entity) {
    return embeds.stream().filter(e -> e.entity().name().equals(entity)).findFirst();
  }

  /** Returns true if the collection is sharded. */
  public boolean sharded() {
    return shardKey.isPresent();
  }

  /** Returns the indexes' total estimated size. */
  public double indexBytes() {
    return indexes.stream().mapToDouble(MongoIndex::bytes).sum();
  }
}
