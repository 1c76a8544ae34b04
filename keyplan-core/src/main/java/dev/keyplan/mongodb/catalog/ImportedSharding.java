package dev.keyplan.mongodb.catalog;

import dev.keyplan.input.Location;
import dev.keyplan.mongodb.model.MongoDbDesign.ShardKey;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.bson.BsonBinarySubType;
import org.bson.BsonType;
import org.bson.BsonValue;
import org.bson.UuidRepresentation;

/**
 * What a {@code sharding_file} says: each sharded collection's shard key, the shards when the file
 * also holds {@code config.shards} documents, and the zone ranges of its {@code config.tags}
 * documents.
 *
 * @param shards shards that hold data: the {@code config.shards} documents not draining; empty when
 *     the file has none, and the model's {@code shards:} stays
 * @param shardsLocation the first {@code config.shards} document
 * @param shardList every {@code config.shards} document, in file order
 * @param zones every {@code config.tags} document, in file order
 */
public record ImportedSharding(
    List<Collection> collections,
    OptionalInt shards,
    Location shardsLocation,
    List<Shard> shardList,
    List<ZoneRange> zones) {
  public ImportedSharding {
    collections = List.copyOf(collections);
    shardList = List.copyOf(shardList);
    zones = List.copyOf(zones);
  }

  /**
   * One sharded collection.
   *
   * @param namespace {@code _id} as written, {@code "shop.orders"}
   * @param collection the namespace without its database, {@code orders}
   * @param key the shard key, located at the document's {@code key}
   * @param location where the document is written
   */
  public record Collection(String namespace, String collection, ShardKey key, Location location) {}

  /**
   * One {@code config.shards} document (MongoDB manual, "Config Database", config.shards).
   *
   * @param name its {@code _id}, such as {@code "shard01"}
   * @param zones its {@code tags}: the zones the shard is in ("Manage Shard Zones",
   *     sh.addShardToZone)
   * @param draining true when the shard is being removed: it holds no data once drained, and is no
   *     shard of keyplan's
   */
  public record Shard(String name, List<String> zones, boolean draining, Location location) {
    public Shard {
      zones = List.copyOf(zones);
    }
  }

  /**
   * Returns the position keyplan gives shard {@code name}: its place among the shards that are not
   * draining, in the order the file lists the {@code config.shards} documents (0 for the first).
   */
  public OptionalInt position(String name) {
    int i = 0;
    for (Shard s : shardList) {
      if (s.draining()) {
        continue;
      }
      if (s.name().equals(name)) {
        return OptionalInt.of(i);
      }
      i++;
    }
    return OptionalInt.empty();
  }

  /**
   * One {@code config.tags} document: a range of shard key values in a zone ("Config Database",
   * config.tags: {@code ns}, {@code min}, {@code max}, {@code tag}).
   *
   * @param namespace {@code ns}, {@code "chat.messages"}
   * @param collection the namespace without its database
   * @param zone {@code tag}, the zone's name
   * @param min the inclusive lower bound
   * @param max the exclusive upper bound
   * @param location where the document is written
   */
  public record ZoneRange(
      String namespace, String collection, String zone, Bound min, Bound max, Location location) {}

  /**
   * A zone range's bound over the shard key fields, {@code {country: "US", userid: MinKey}}: the
   * first field's value, and whether every later field is MaxKey (else every one is MinKey, or the
   * bound names a prefix of the key, which the server extends with MinKey).
   *
   * @param fields the bound's fields, in order
   * @param first the first field's value
   * @param laterMaxKey true when the later fields are all MaxKey
   * @param location where the bound is written
   */
  public record Bound(
      List<String> fields, BsonValue first, boolean laterMaxKey, Location location) {
    public Bound {
      fields = List.copyOf(fields);
    }

    /**
     * Returns the bound as a zone of the model writes it, a value of the first field only, whose
     * later fields are MinKey (docs/model.md, zones; {@code emit.ZoneBounds}); empty when there is
     * no such value.
     *
     * <p>{@code {c: v, …: MinKey}} is {@code v}. {@code {c: v, …: MaxKey}} comes after every
     * document of {@code v} and before any greater value: the least value above {@code v}, with
     * MinKey after it. For a string that is {@code v} followed by the character U+0000 (strings
     * compare byte by byte in UTF-8 under the simple collation, and a string sorts after its
     * prefixes: MongoDB manual, "Comparison/Sort Order",
     * https://www.mongodb.com/docs/manual/reference/bson-type-comparison-order/); for a whole
     * number {@code v + 1}. A double, a decimal or a date has no such value keyplan can write.
     * MinKey and MaxKey first fields stand for themselves whatever follows.
     */
    public Optional<String> text() {
      if (ImportedSharding.minKey(first)) {
        return Optional.of("MinKey");
      }
      if (ImportedSharding.maxKey(first)) {
        return Optional.of("MaxKey");
      }
      if (!laterMaxKey) {
        return valueText(first);
      }
      if (first.isString()) {
        return Optional.of(first.asString().getValue() + "\u0000");
      }
      if ((first.isInt32() || first.isInt64()) && first.asNumber().longValue() < Long.MAX_VALUE) {
        return Optional.of(Long.toString(first.asNumber().longValue() + 1));
      }
      return Optional.empty();
    }
  }

  static boolean minKey(BsonValue v) {
    return v.getBsonType() == BsonType.MIN_KEY;
  }

  static boolean maxKey(BsonValue v) {
    return v.getBsonType() == BsonType.MAX_KEY;
  }

  /**
   * Returns a value as a zone bound of the model writes it: a string as it is, a number in decimal,
   * a date as its instant, an ObjectId in hex, a UUID in its usual form (as emit.ZoneBounds reads
   * them back); empty for another type.
   */
  static Optional<String> valueText(BsonValue v) {
    if (v.isString()) {
      return Optional.of(v.asString().getValue());
    }
    if (v.isInt32() || v.isInt64()) {
      return Optional.of(Long.toString(v.asNumber().longValue()));
    }
    if (v.isDouble()) {
      double d = v.asDouble().getValue();
      return Optional.of(
          d == Math.rint(d) && Math.abs(d) < 1e15 ? Long.toString((long) d) : Double.toString(d));
    }
    if (v.isDecimal128()) {
      return Optional.of(v.asDecimal128().getValue().toString());
    }
    if (v.isDateTime()) {
      return Optional.of(Instant.ofEpochMilli(v.asDateTime().getValue()).toString());
    }
    if (v.isObjectId()) {
      return Optional.of(v.asObjectId().getValue().toHexString());
    }
    if (v.isBinary() && v.asBinary().getType() == BsonBinarySubType.UUID_STANDARD.getValue()) {
      return Optional.of(v.asBinary().asUuid(UuidRepresentation.STANDARD).toString());
    }
    if (v.isBoolean()) {
      return Optional.of(Boolean.toString(v.asBoolean().getValue()));
    }
    return Optional.empty();
  }
}
