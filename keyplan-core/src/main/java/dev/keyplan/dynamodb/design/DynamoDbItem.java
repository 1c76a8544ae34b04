package dev.keyplan.dynamodb.design;

import dev.keyplan.dynamodb.facts.AttributeTypes.Stored;
import dev.keyplan.dynamodb.facts.DynamoDbLimits;
import dev.keyplan.dynamodb.facts.ItemSize;
import dev.keyplan.dynamodb.model.DynamoDbDesign.Projection;
import dev.keyplan.input.Location;
import dev.keyplan.model.Entity;
import dev.keyplan.model.KeyTemplate;
import dev.keyplan.workload.KeyCounts;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * An item type bound to its table: the entity it stores, the template of every key attribute it
 * fills (its own, or an attribute of the same name), the attributes it holds with their DynamoDB
 * types, and its size.
 *
 * <p>Size, by the rules of {@link ItemSize}: each key attribute is its name's UTF-8 bytes plus its
 * value (a template's literal text plus each placeholder written as text; a bare placeholder keeps
 * the attribute's own type), each other attribute its name plus its value. Example (seed 000):
 * {@code PK = "C#{customer_id}"} with a 36-character uuid is 2 + (2 + 36) = 40 bytes.
 *
 * @param keys every key attribute the item fills, of the table and of each index it appears in
 * @param keyBytes the value bytes of each key attribute
 * @param attributes the non-key attributes it holds, by entity attribute name, in entity order
 * @param storedNames the DynamoDB name of each attribute of {@code attributes} stored under another
 *     name than the entity's ({@code follower_count} → {@code follower#}); the others are stored
 *     under their own
 * @param bytes the average item's size, as storage, reads and writes count it: a sparse attribute
 *     ({@code present: P%}), and a key attribute built from one, count P × their bytes (rounded to
 *     the byte), since an item that lacks the value stores neither; every attribute when none is
 *     sparse. Example (DynamoDbSparseIndexTest): a 975 B complaint whose GSI key {@code GSI1PK =
 *     "E#{escalated_to}"} (6 + 18 B) only the 2% escalated ones carry is 975 − 0.98 × 24 = 951.48,
 *     951 B on average
 * @param largestBytes the size of the oldest item at the horizon holding every attribute, whose
 *     growing collections ({@code grows:}) have gained elements for the whole lifetime of the item;
 *     {@link #fullBytes()} when nothing grows
 * @param rows the items the table keeps at the model's horizon: the rows the model writes, capped
 *     at the distinct primary keys when items overwrite each other ({@link ItemOverwrites})
 * @param ttlSeconds how long each item lives (the entity's inserts' TTL on a table with TTL); 0 for
 *     ever
 * @param writtenRows the items the model writes alive at the horizon, before any overwrite: {@code
 *     rows} unless ItemOverwrites capped it
 */
public record DynamoDbItem(
    String name,
    Entity entity,
    String table,
    Map<String, KeyTemplate> keys,
    Map<String, Long> keyBytes,
    Map<String, Stored> attributes,
    Map<String, String> storedNames,
    long bytes,
    long largestBytes,
    double rows,
    long ttlSeconds,
    Location location,
    double writtenRows) {

  public DynamoDbItem {
    keys = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(keys));
    keyBytes = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(keyBytes));
    attributes = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(attributes));
    storedNames = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(storedNames));
  }

  /**
   * Returns the size of an item that holds every attribute, sparse ones included: what the 400 KB
   * limit and a write of such an item count.
   */
  public long fullBytes() {
    return Math.round(weighedBytes(keyBytes, attributes, storedNames, k -> 1, a -> 1));
  }

  /**
   * Returns the average bytes of the items that hold the entity attributes {@code given}: every
   * other sparse attribute ({@code present: P%}) counts at its share P, and so does a key attribute
   * whose template is built from one (the product of their shares); the table's own key attributes
   * ({@code primary}) are on every item.
   */
  static double averageBytes(
      Entity e,
      Map<String, KeyTemplate> keys,
      Map<String, Long> keyBytes,
      Map<String, Stored> attributes,
      Map<String, String> storedNames,
      Set<String> primary,
      Set<String> given) {
    java.util.function.ToDoubleFunction<String> share =
        a -> given.contains(a) ? 1 : e.attribute(a).map(x -> x.present()).orElse(1.0);
    return weighedBytes(
        keyBytes,
        attributes,
        storedNames,
        k ->
            primary.contains(k) || !keys.containsKey(k)
                ? 1
                : keys.get(k).attributes().stream().mapToDouble(share).reduce(1, (x, y) -> x * y),
        share);
  }

  /**
   * Returns an item's bytes by DynamoDB's rules (each attribute's name, as stored, plus its value),
   * each key attribute weighed by {@code keyShare} and each other attribute by {@code share}: the
   * share of items that hold it.
   */
  static double weighedBytes(
      Map<String, Long> keyBytes,
      Map<String, Stored> attributes,
      Map<String, String> storedNames,
      java.util.function.ToDoubleFunction<String> keyShare,
      java.util.function.ToDoubleFunction<String> share) {
    double bytes = 0;
    for (Map.Entry<String, Long> k : keyBytes.entrySet()) {
      bytes += keyShare.applyAsDouble(k.getKey()) * (ItemSize.utf8Bytes(k.getKey()) + k.getValue());
    }
    for (Map.Entry<String, Stored> a : attributes.entrySet()) {
      // An attribute name counts as stored in DynamoDB (follower#, not follower_count).
      bytes +=
          share.applyAsDouble(a.getKey())
              * (ItemSize.utf8Bytes(storedNames.getOrDefault(a.getKey(), a.getKey()))
                  + a.getValue().valueBytes());
    }
    return bytes;
  }

  /** Returns this item type keeping {@code kept} of the rows it writes (ItemOverwrites). */
  DynamoDbItem keeping(double kept) {
    return new DynamoDbItem(
        name,
        entity,
        table,
        keys,
        keyBytes,
        attributes,
        storedNames,
        bytes,
        largestBytes,
        kept,
        ttlSeconds,
        location,
        writtenRows);
  }

  /** Returns the name DynamoDB stores entity attribute {@code attribute} under. */
  public String storedName(String attribute) {
    return storedNames.getOrDefault(attribute, attribute);
  }

  /**
   * Returns the non-key attribute stored under DynamoDB name {@code stored}, as the entity names
   * it, if the item holds one.
   */
  public Optional<String> attributeStoredAs(String stored) {
    for (String a : attributes.keySet()) {
      if (storedName(a).equals(stored)) {
        return Optional.of(a);
      }
    }
    return Optional.empty();
  }

  /** Returns the template of key attribute {@code attribute}, if the item has it. */
  public Optional<KeyTemplate> template(String attribute) {
    return Optional.ofNullable(keys.get(attribute));
  }

  /** Returns true if the item has every key attribute of {@code path}: it appears in that index. */
  public boolean on(KeyPath path) {
    return keys.keySet().containsAll(path.keyAttributes());
  }

  /**
   * Returns the share of this item type's items that {@code path} holds: 0 when the item type does
   * not fill the path's key attributes, 1 on the table's own key, and on an index the product of
   * {@code present:} over the entity attributes its key templates are built from (an entity's key
   * attributes are always present, so only the others can make an index sparse). DynamoDB writes an
   * index entry only for an item that carries the index's key attributes, so an index keyed by an
   * attribute few items carry is sparse
   * (https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/bp-indexes-general-sparse-indexes.html);
   * the application can build a key template only from values the item has. Several sparse
   * attributes in one index key multiply, as if independent (the model has no statement of their
   * correlation). Example: an escalation index keyed by {@code escalated_at}, {@code present: 2%},
   * holds 0.02 of the complaints.
   */
  public double presence(KeyPath path) {
    if (!on(path)) {
      return 0;
    }
    if (!path.isIndex()) {
      return 1;
    }
    Set<String> own = new java.util.LinkedHashSet<>();
    for (String k : path.keyAttributes()) {
      own.addAll(keys.get(k).attributes());
    }
    double share = 1;
    for (String a : own) {
      share *= entity.attribute(a).map(x -> x.present()).orElse(1.0);
    }
    return share;
  }

  /** Returns the items of this type that {@code path} holds: {@code rows × presence(path)}. */
  public double rowsOn(KeyPath path) {
    return rows * presence(path);
  }

  /** Returns the templates of {@code path}'s partition key attributes, in order. */
  public List<KeyTemplate> partitionTemplates(KeyPath path) {
    return path.partitionKey().stream().map(keys::get).toList();
  }

  /** Returns the templates of {@code path}'s sort key attributes, in order. */
  public List<KeyTemplate> sortTemplates(KeyPath path) {
    return path.sortKey().stream().map(keys::get).toList();
  }

  /**
   * Returns a signature of the item's partition key on {@code path}: items of different types whose
   * signatures are equal share partition key values, so they form one item collection (the
   * customer's profile and orders under {@code C#{customer_id}}).
   */
  public String partitionSignature(KeyPath path) {
    return String.join(" | ", partitionTemplates(path).stream().map(KeyTemplate::text).toList());
  }

  /** Returns true if the index {@code path} holds a copy of {@code attribute}. */
  public boolean projects(KeyPath path, DynamoDbTable table, String attribute) {
    if (!path.isIndex() || path.projection().type() == Projection.Type.ALL) {
      return true;
    }
    var keyNames = new java.util.LinkedHashSet<String>(table.primaryKey());
    keyNames.addAll(path.keyAttributes());
    if (keyNames.contains(attribute)) {
      return true;
    }
    // An attribute written into a projected key (C#{customer_id}) can be read back from it.
    for (String k : keyNames) {
      if (template(k).map(t -> t.attributes().contains(attribute)).orElse(false)) {
        return true;
      }
    }
    return path.projection().type() == Projection.Type.INCLUDE
        && path.projection().include().contains(storedName(attribute));
  }

  /**
   * Returns the bytes of this item's entry in {@code path}, as the index's reads count it: the
   * table's and the index's key attributes plus the projected attributes (GSI.md, "Item size
   * calculation"). For the table itself, the whole item.
   */
  public long entryBytes(KeyPath path, DynamoDbTable table) {
    if (!path.isIndex()) {
      return bytes;
    }
    if (path.projection().type() == Projection.Type.ALL) {
      // The index holds the items that carry its key: those hold its key's attributes for sure.
      Set<String> given = new java.util.LinkedHashSet<>();
      path.keyAttributes().forEach(k -> template(k).ifPresent(x -> given.addAll(x.attributes())));
      return Math.round(
          averageBytes(
              entity,
              keys,
              keyBytes,
              attributes,
              storedNames,
              new java.util.LinkedHashSet<>(table.primaryKey()),
              given));
    }
    long size = 0;
    var keyNames = new java.util.LinkedHashSet<String>(table.primaryKey());
    keyNames.addAll(path.keyAttributes());
    for (String k : keyNames) {
      size += ItemSize.utf8Bytes(k) + keyBytes.getOrDefault(k, 0L);
    }
    if (path.projection().type() == Projection.Type.INCLUDE) {
      for (String a : path.projection().include()) {
        if (keyNames.contains(a)) {
          continue;
        }
        // An included attribute may be another index's key attribute, held in keyBytes. INCLUDE
        // names DynamoDB's names, which may differ from the entity's.
        Optional<String> held = attributeStoredAs(a);
        Long value =
            held.isPresent()
                ? Long.valueOf(attributes.get(held.get()).valueBytes())
                : keyBytes.get(a);
        if (value != null) {
          size += ItemSize.utf8Bytes(a) + value;
        }
      }
    }
    return size;
  }

  /** Returns the bytes the item occupies in storage: its size plus 100 bytes of overhead. */
  public long storageBytes() {
    return bytes + DynamoDbLimits.STORAGE_OVERHEAD_PER_ITEM_BYTES;
  }

  /**
   * Returns the attribute names the item holds in DynamoDB: key attributes and the others, under
   * their stored names.
   */
  public java.util.Set<String> attributeNames() {
    var all = new java.util.LinkedHashSet<String>(keys.keySet());
    attributes.keySet().forEach(a -> all.add(storedName(a)));
    return all;
  }

  /**
   * Returns true if the item holds entity attribute {@code a}, as itself or inside a key template.
   */
  public boolean holds(String a) {
    if (attributes.containsKey(a)) {
      return true;
    }
    return keys.values().stream().anyMatch(t -> t.attributes().contains(a));
  }

  /**
   * Returns the items per partition key value of a typical value (all shards together), at least 1.
   */
  public double typicalPerKey(Set<String> attributes) {
    return KeyCounts.typicalPerValue(entity, attributes, rows);
  }

  /** Returns the items under the busiest partition key value (all shards together), at least 1. */
  public double busiestPerKey(Set<String> attributes) {
    return KeyCounts.busiestPerValue(entity, attributes, rows);
  }

  /**
   * Returns what the busiest value of {@code attributes} holds when a {@code for:} window bounds
   * its busiest rate ({@link dev.keyplan.workload.CompositeKey#windows}): the assumption its
   * collection's size rests on, for outputs to state. Empty when none does or the key identifies an
   * item.
   */
  public List<String> busiestWindows(Set<String> attributes) {
    return KeyCounts.identifies(entity, attributes)
        ? List.of()
        : dev.keyplan.workload.CompositeKey.of(entity, attributes, rows).windows();
  }

  /**
   * Returns the items per typical partition key value on {@code path}, counted over the items the
   * path holds ({@link #rowsOn}): a sparse attribute's spread describes the items that carry it.
   */
  public double typicalPerKey(KeyPath path, Set<String> attributes) {
    return KeyCounts.typicalPerValue(entity, attributes, rowsOn(path));
  }

  /** Returns the items under the busiest partition key value on {@code path}, at least 1. */
  public double busiestPerKey(KeyPath path, Set<String> attributes) {
    return KeyCounts.busiestPerValue(entity, attributes, rowsOn(path));
  }
}
