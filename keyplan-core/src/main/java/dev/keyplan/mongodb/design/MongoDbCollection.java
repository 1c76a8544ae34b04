package dev.keyplan.mongodb.design;

import dev.keyplan.input.Location;
import dev.keyplan.model.Entity;
import dev.keyplan.mongodb.model.MongoDbDesign;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A collection with everything resolved: the entity its documents store, how each attribute is held
 * (BSON type), the embedded entities with their element counts, the indexes (the implicit {@code
 * _id} index first), the shard key, and the documents' sizes measured by the BSON library.
 *
 * @param idField the attribute stored as {@code _id} (a sole key attribute), or empty when {@code
 *     _id} is an ObjectId
 * @param types each held root attribute's BSON type name ({@code string}, {@code long}, …)
 * @param documents documents alive at the horizon
 * @param typicalBytes a typical document's BSON size: typical element counts in every array
 * @param largestBytes the largest document's at the horizon: the busiest parent's arrays, grown for
 *     the whole horizon and capped by {@code max}
 * @param dataBytes the documents' total BSON size at the horizon (documents × typical)
 * @param timeSeries how the server buckets a time-series collection, whose documents (and {@code
 *     documents}, sizes and index entries) are then its buckets ({@link MongoDbTimeSeries})
 * @param computed attributes kept from another entity's writes (the Computed pattern)
 */
public record MongoDbCollection(
    String name,
    Entity entity,
    Optional<String> idField,
    Map<String, String> types,
    List<MongoDbEmbed> embeds,
    List<MongoDbIndex> indexes,
    Optional<MongoDbDesign.ShardKey> shardKey,
    List<MongoDbDesign.Zone> zones,
    boolean validation,
    double documents,
    long typicalBytes,
    long largestBytes,
    double dataBytes,
    Optional<MongoDbTimeSeries> timeSeries,
    List<MongoDbDesign.Computed> computed,
    Location location) {

  public MongoDbCollection {
    types = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(types));
    embeds = List.copyOf(embeds);
    indexes = List.copyOf(indexes);
    zones = List.copyOf(zones);
    computed = List.copyOf(computed);
  }

  /**
   * Returns the document field that holds root attribute {@code attribute}: {@code _id} for the id.
   */
  public String fieldOf(String attribute) {
    return idField
        .filter(attribute::equals)
        .map(x -> "_id")
        .orElseGet(() -> timeSeries.map(t -> t.options().fieldOf(attribute)).orElse(attribute));
  }

  /**
   * Returns the entity attributes that document fields {@code fields} stand for, for counting their
   * distinct values: {@code _id} is the id attribute, or, when {@code _id} is an ObjectId, the
   * entity's key, which is as unique per document (or {@code _id} itself for an entity without a
   * key).
   */
  public Set<String> attributesOf(List<String> fields) {
    Set<String> out = new LinkedHashSet<>();
    for (String f : fields) {
      if (timeSeries.isPresent() && timeSeries.get().options().isMeta(f)) {
        out.addAll(timeSeries.get().options().attributesOf(f));
      } else if (!f.equals("_id")) {
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
    // A time-series collection's timeField is the measurement's time: it grows with time.
    if (timeSeries.map(t -> t.options().timeField().equals(field)).orElse(false)) {
      return true;
    }
    String attribute = field.equals("_id") ? idField.get() : field;
    return entity.attribute(attribute).map(a -> a.timeOrdered()).orElse(false);
  }

  /**
   * Returns the distinct values of shard key attributes {@code attributes} (from {@link
   * #attributesOf}) at the horizon. An ObjectId {@code _id}, and a {@code time_ordered} attribute
   * whose spread is not declared, count as unique per document: each new document takes the clock's
   * next value. That is exact for an ObjectId or a timeuuid, and for a BSON date (whole
   * milliseconds, MongoDB manual, "BSON Types") a slight overcount: 12,000 inserts a second put
   * about 12 documents on one millisecond, 12 × 415 B = 5 kB under a value, nothing next to a 128
   * MiB range. Worked number: events at 12,000/s for 90 days are 12,000 × 7,776,000 s = 93.3
   * billion documents, so as many values. Else the declared spreads (NaN if one is missing).
   */
  public double keyValues(Set<String> attributes) {
    return clockUnique(attributes)
        ? Math.max(1, documents)
        : dev.keyplan.workload.KeyCounts.distinct(entity, attributes, documents);
  }

  /**
   * Returns the busiest shard key value's share of the documents: 1 / documents for a clock-unique
   * key.
   */
  public double keyBusiestShare(Set<String> attributes) {
    return clockUnique(attributes)
        ? 1 / Math.max(1, documents)
        : dev.keyplan.workload.KeyCounts.busiestRowShare(entity, attributes, documents);
  }

  /**
   * Returns what the busiest value of shard key {@code attributes} holds when a {@code for:} window
   * bounds its busiest rate ({@code busiest post_id: 300/s for 1d = 25,920,000 rows}): the
   * assumption {@link #keyBusiestShare} rests on, for outputs to state (docs/model.md, "Hot for a
   * window"). Empty when none does or the key is clock-unique.
   */
  public java.util.List<String> busiestWindows(Set<String> attributes) {
    return clockUnique(attributes) || dev.keyplan.workload.KeyCounts.identifies(entity, attributes)
        ? java.util.List.of()
        : dev.keyplan.workload.CompositeKey.of(entity, attributes, documents).windows();
  }

  /**
   * Returns what the distinct values and busiest value of compound shard key {@code attributes}
   * rest on, in words ({@link dev.keyplan.workload.CompositeKey#text}), for outputs to state where
   * they print the busiest value: "assumes country and userid independent …" when two or more
   * fields multiply as if independent, or the {@code belongs_to} and {@code per:} statements used
   * ("userid belongs_to country"). Empty for a key of one field, a clock-unique key (one document
   * per value) and a key holding the entity's whole key or a unique attribute (one document per
   * value): nothing is assumed there. The busiest value of {@code {country: 1, userid: 1}} with a
   * user in one country is the busiest user; multiplied as independent it is shrunk by the busiest
   * country's share (docs/model.md, "Keys of several attributes").
   */
  public Optional<String> keyAssumption(Set<String> attributes) {
    if (attributes.size() < 2
        || clockUnique(attributes)
        || dev.keyplan.workload.KeyCounts.identifies(entity, attributes)) {
      return Optional.empty();
    }
    dev.keyplan.workload.CompositeKey k =
        dev.keyplan.workload.CompositeKey.of(entity, attributes, documents);
    return k.assumption() == dev.keyplan.workload.CompositeKey.Assumption.ONE_ATTRIBUTE
        ? Optional.empty()
        : Optional.of(k.text());
  }

  /**
   * Returns the share of {@code p}'s requests that reach the busiest shard key value: the pattern's
   * own spread when it declares one for these attributes, else 1 / documents for a clock-unique key
   * (every insert a new value), else the entity's spread.
   */
  public double keyRequestShare(dev.keyplan.model.AccessPattern p, Set<String> attributes) {
    if (clockUnique(attributes) && attributes.stream().noneMatch(p.spread()::containsKey)) {
      return 1 / Math.max(1, documents);
    }
    return dev.keyplan.workload.KeyCounts.requestShare(p, entity, attributes, documents);
  }

  /**
   * True if one of the attributes is an ObjectId {@code _id} or a time-ordered one with no declared
   * spread.
   */
  private boolean clockUnique(Set<String> attributes) {
    for (String a : attributes) {
      if (a.equals("_id")) {
        return true;
      }
      boolean timed =
          entity.attribute(a).map(x -> x.timeOrdered()).orElse(false)
              || timeSeries.map(t -> t.options().timeField().equals(a)).orElse(false);
      if (timed && dev.keyplan.workload.KeySpread.distinct(entity, a, documents).isEmpty()) {
        return true;
      }
    }
    return false;
  }

  /** Returns true if the documents hold root attribute {@code attribute}. */
  public boolean holds(String attribute) {
    return types.containsKey(attribute);
  }

  /** Returns the embed holding entity {@code entity}, if any. */
  public Optional<MongoDbEmbed> embedOf(String entity) {
    return embeds.stream().filter(e -> e.entity().name().equals(entity)).findFirst();
  }

  /** Returns true if the collection is sharded. */
  public boolean sharded() {
    return shardKey.isPresent();
  }

  /** Returns the indexes' total estimated size. */
  public double indexBytes() {
    return indexes.stream().mapToDouble(MongoDbIndex::bytes).sum();
  }
}
