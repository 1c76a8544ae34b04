package dev.keyplan.mongodb.emit;

import dev.keyplan.mongodb.design.MongoDbCollection;
import dev.keyplan.mongodb.design.MongoDbIndex;
import dev.keyplan.mongodb.model.MongoDbDesign.IndexKey;
import dev.keyplan.mongodb.model.MongoDbDesign.Zone;
import java.util.List;
import java.util.Optional;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.bson.BsonString;

/**
 * The database commands the mongosh script's helpers send, as documents a driver runs with {@code
 * runCommand}: the script and a driver then create the same collections, validators, indexes, shard
 * keys and zone ranges from the same pieces. Each helper and its command (MongoDB manual, "Database
 * Commands"): {@code db.createCollection(name, options)} is {@code {create: name, …options}};
 * {@code createIndex(keys, options)} is {@code {createIndexes: name, indexes: [{key: keys,
 * …options}]}}; {@code sh.shardCollection(ns, key, unique)} is {@code {shardCollection: ns, key:
 * key, unique: unique}}; {@code sh.updateZoneKeyRange(ns, min, max, zone)} is {@code
 * {updateZoneKeyRange: ns, min: min, max: max, zone: zone}}.
 */
public final class MongoCommands {
  private MongoCommands() {}

  /**
   * Returns {@code {create: name}}, with the {@code $jsonSchema} validator when the model asks for
   * one.
   */
  public static BsonDocument create(MongoDbCollection c) {
    BsonDocument command = new BsonDocument("create", new BsonString(c.name()));
    if (c.validation()) {
      command.putAll(validatorOptions(c));
    }
    if (c.timeSeries().isPresent()) {
      command.putAll(timeSeriesOptions(c));
    }
    return command;
  }

  /**
   * The time-series options of {@code db.createCollection} (MongoDB manual,
   * "db.createCollection()"): {@code {timeseries: {timeField, metaField, granularity}}}, or the
   * custom {@code bucketMaxSpanSeconds} and {@code bucketRoundingSeconds} in place of a
   * granularity, and {@code expireAfterSeconds} beside, as the server takes them.
   */
  static BsonDocument timeSeriesOptions(MongoDbCollection c) {
    var t = c.timeSeries().orElseThrow().options();
    BsonDocument ts = new BsonDocument("timeField", new BsonString(t.timeField()));
    t.metaField().ifPresent(m -> ts.append("metaField", new BsonString(m)));
    if (t.granularity().isPresent()) {
      ts.append("granularity", new BsonString(t.granularity().get()));
    } else {
      ts.append("bucketMaxSpanSeconds", number(t.bucketMaxSpanSeconds()))
          .append("bucketRoundingSeconds", number(t.bucketRoundingSeconds()));
    }
    BsonDocument options = new BsonDocument("timeseries", ts);
    if (t.expireAfterSeconds() > 0) {
      options.append("expireAfterSeconds", number(t.expireAfterSeconds()));
    }
    return options;
  }

  /** A whole number as mongosh writes it: an int where it fits, else a long. */
  private static org.bson.BsonValue number(long n) {
    return n <= Integer.MAX_VALUE ? new org.bson.BsonInt32((int) n) : new BsonInt64(n);
  }

  /**
   * Returns the {@code createIndexes} command for every declared index, or empty when there is
   * none.
   */
  public static Optional<BsonDocument> createIndexes(MongoDbCollection c) {
    BsonArray specs = new BsonArray();
    for (MongoDbIndex ix : c.indexes()) {
      if (!ix.implicitId()) {
        BsonDocument spec = new BsonDocument("key", MongoshScript.keys(ix.keys()));
        spec.putAll(MongoshScript.options(ix));
        specs.add(spec);
      }
    }
    return specs.isEmpty()
        ? Optional.empty()
        : Optional.of(
            new BsonDocument("createIndexes", new BsonString(c.name())).append("indexes", specs));
  }

  /**
   * Returns {@code shardCollection} for {@code c} in {@code namespace} ({@code
   * database.collection}).
   */
  public static BsonDocument shardCollection(String namespace, MongoDbCollection c) {
    BsonDocument command =
        new BsonDocument("shardCollection", new BsonString(namespace))
            .append("key", MongoshScript.keys(shardKeyFields(c)));
    if (uniqueShardKeyIndex(c).isPresent()) {
      command.append("unique", BsonBoolean.TRUE);
    }
    return command;
  }

  /**
   * Returns {@code updateZoneKeyRange} putting zone {@code z}'s range of {@code c} in zone {@code
   * zoneName}.
   */
  public static BsonDocument zoneRange(
      String namespace, MongoDbCollection c, Zone z, String zoneName) {
    return new BsonDocument("updateZoneKeyRange", new BsonString(namespace))
        .append("min", ZoneBounds.min(c, z))
        .append("max", ZoneBounds.max(c, z))
        .append("zone", new BsonString(zoneName));
  }

  /** The validator options of {@code db.createCollection}: the schema, strict, erroring. */
  static BsonDocument validatorOptions(MongoDbCollection c) {
    return new BsonDocument("validator", new BsonDocument("$jsonSchema", JsonSchemaValidator.of(c)))
        .append("validationLevel", new BsonString("strict"))
        .append("validationAction", new BsonString("error"));
  }

  /** The shard key's fields as the documents hold them: the id attribute is {@code _id}. */
  static List<IndexKey> shardKeyFields(MongoDbCollection c) {
    return c.shardKey().orElseThrow().keys().stream()
        .map(k -> new IndexKey(c.fieldOf(k.field()), k.kind()))
        .toList();
  }

  /**
   * The unique index on exactly the shard key, which makes {@code shardCollection} unique; never
   * for a hashed key, which cannot be unique (MongoDB manual, "sh.shardCollection()").
   */
  static Optional<MongoDbIndex> uniqueShardKeyIndex(MongoDbCollection c) {
    List<IndexKey> fields = shardKeyFields(c);
    return c.shardKey().orElseThrow().hashed()
        ? Optional.empty()
        : c.indexes().stream().filter(ix -> ix.unique() && ix.keys().equals(fields)).findFirst();
  }
}
