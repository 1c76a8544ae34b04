package dev.keyplan.mongodb.model;

import dev.keyplan.input.Location;
import dev.keyplan.model.StoreDesign;
import dev.keyplan.model.StoreId;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * The {@code mongodb:} section of a model: collections with the entity their documents store, the
 * entities embedded in them (arrays or single sub-documents), their fields' BSON types where the
 * user overrides keyplan's conventions, indexes, and the shard key and zones of sharded ones.
 * Grammar and defaults: docs/model.md, "The mongodb section".
 *
 * @param shards shards of the cluster, for sharded collections
 * @param shardBudget operations per second one shard is planned to serve, for the heat check
 * @param rangeSizeBytes the chunk (range) size, 128 MB unless written
 * @param indexesFile indexes as {@code db.collection.getIndexes()} prints them, per collection
 * @param shardingFile collection sharding as {@code config.collections} holds it
 * @param version the server the design is planned for, where planner or routing rules differ
 *     ({@code version:}, default 8.0)
 */
public record MongoDbDesign(
    int shards,
    double shardBudget,
    long rangeSizeBytes,
    List<Collection> collections,
    Optional<Path> indexesFile,
    Location indexesFileLocation,
    Optional<Path> shardingFile,
    Location shardingFileLocation,
    MongoDbVersion version,
    Location location)
    implements StoreDesign {
  /** Returns the store this design is for. */
  @Override
  public StoreId store() {
    return StoreId.MONGODB;
  }

  public MongoDbDesign {
    collections = List.copyOf(collections);
  }

  /**
   * One collection.
   *
   * @param entity the entity each document stores (the collection's name unless written)
   * @param fields the entity attributes the documents hold, with BSON type overrides; empty with
   *     {@code allFields} means every attribute
   * @param embeds entities stored inside each document
   * @param validation the collection has a {@code $jsonSchema} validator
   * @param timeSeries the collection's time-series options, when it is a native time-series
   *     collection (docs/model.md, "Time-series collections")
   * @param computed attributes the application maintains from another entity's rows (the Computed
   *     pattern, docs/model.md "Schema patterns")
   */
  public record Collection(
      String name,
      String entity,
      List<Field> fields,
      boolean allFields,
      List<Embed> embeds,
      List<Index> indexes,
      Optional<ShardKey> shardKey,
      List<Zone> zones,
      boolean validation,
      Optional<TimeSeries> timeSeries,
      List<Computed> computed,
      Location location) {

    public Collection {
      fields = List.copyOf(fields);
      embeds = List.copyOf(embeds);
      indexes = List.copyOf(indexes);
      zones = List.copyOf(zones);
      computed = List.copyOf(computed);
    }
  }

  /**
   * An attribute of a collection's entity that the application keeps up to date from the rows of
   * another entity, so that a read which would aggregate those rows reads it instead (MongoDB's
   * Computed pattern: a movie's total revenue kept from its screenings,
   * https://www.mongodb.com/docs/manual/data-modeling/design-patterns/computed-values/computed-schema-pattern/).
   *
   * @param attribute the computed attribute of the collection's entity ({@code total_revenue})
   * @param from the entity whose writes change it ({@code Screening}); its rows carry the
   *     collection's key
   */
  public record Computed(String attribute, String from, Location location) {}

  /**
   * Which elements a capped array keeps: the first {@code max} in this order (the {@code $push}
   * with {@code $sort} and {@code $slice} the application writes).
   *
   * @param attribute the child attribute the array is sorted by
   * @param descending newest (largest) first
   * @param declared written as {@code keeps:}; false when keyplan assumed it (docs/model.md,
   *     "Schema patterns")
   */
  public record Kept(String attribute, boolean descending, boolean declared) {
    /** Returns the order as an operation writes it: {@code date desc}. */
    public String text() {
      return attribute + (descending ? " desc" : " asc");
    }
  }

  /**
   * A native time-series collection's options, as {@code db.createCollection(name, {timeseries:
   * {timeField, metaField, granularity}, expireAfterSeconds})} takes them (MongoDB manual,
   * "db.createCollection()",
   * https://www.mongodb.com/docs/manual/reference/method/db.createCollection/, and "Set Granularity
   * for Time Series Data",
   * https://www.mongodb.com/docs/manual/core/timeseries/timeseries-granularity/), resolved as the
   * server resolves them: a granularity gives the bucket span and rounding of {@code
   * getMaxSpanSecondsFromGranularity} and {@code getBucketRoundingSecondsFromGranularity}
   * (mongodb/mongo, src/mongo/db/timeseries/timeseries_options.cpp): seconds 3,600 s and 60 s,
   * minutes 86,400 s and 3,600 s, hours 2,592,000 s and 86,400 s; custom bucketing (6.3+) gives
   * both, equal.
   *
   * @param timeField the attribute holding each measurement's date
   * @param metaField the document field holding the series' metadata, if any
   * @param metaAttributes the attributes the metaField holds: the one it names, or those of the
   *     sub-document form {@code metaField: {metadata: [sensorId, type]}}
   * @param metaDocument the metaField is a sub-document of {@code metaAttributes} ({@code
   *     metadata.sensorId}), not one attribute
   * @param granularity {@code seconds}, {@code minutes} or {@code hours}; empty with custom
   *     bucketing
   * @param bucketMaxSpanSeconds the most seconds one bucket's measurements span
   * @param bucketRoundingSeconds what a new bucket's start time is rounded down to
   * @param expireAfterSeconds the collection's {@code expireAfterSeconds}, 0 when none
   */
  public record TimeSeries(
      String timeField,
      Optional<String> metaField,
      List<String> metaAttributes,
      boolean metaDocument,
      Optional<String> granularity,
      long bucketMaxSpanSeconds,
      long bucketRoundingSeconds,
      long expireAfterSeconds,
      Location location) {
    public TimeSeries {
      metaAttributes = List.copyOf(metaAttributes);
    }

    /**
     * Returns the document field of attribute {@code attribute}: {@code metadata.sensorId} for an
     * attribute of a sub-document metaField, else the attribute's own name.
     */
    public String fieldOf(String attribute) {
      return metaDocument && metaAttributes.contains(attribute)
          ? metaField.orElseThrow() + "." + attribute
          : attribute;
    }

    /**
     * Returns the attributes document field {@code field} stands for: the metaField's attributes
     * for the metaField itself, {@code sensorId} for {@code metadata.sensorId}, else the field.
     */
    public List<String> attributesOf(String field) {
      if (metaDocument && metaField.orElseThrow().equals(field)) {
        return metaAttributes;
      }
      if (metaDocument && field.startsWith(metaField.orElseThrow() + ".")) {
        return List.of(field.substring(metaField.orElseThrow().length() + 1));
      }
      return List.of(field);
    }

    /** Returns true if document field {@code field} is the metaField or one of its subfields. */
    public boolean isMeta(String field) {
      return metaField.isPresent()
          && (field.equals(metaField.get()) || field.startsWith(metaField.get() + "."));
    }
  }

  /**
   * An entity embedded in each document of a collection: an array of sub-documents ({@code many})
   * or one sub-document.
   *
   * @param field the field that holds it ({@code lines})
   * @param by the embedded entity's attributes that point at its parent (an order line's {@code
   *     order_id}); empty means the parent entity's key attributes the child has
   * @param max the largest number of elements the application keeps, if it bounds the array
   * @param keeps which elements a capped array keeps ({@code keeps:}), if written
   * @param overflow the elements past {@code max} live in overflow documents (the Outlier pattern)
   */
  public record Embed(
      String field,
      String entity,
      boolean many,
      List<String> by,
      List<Field> fields,
      boolean allFields,
      OptionalInt max,
      Optional<Kept> keeps,
      boolean overflow,
      Location location) {

    public Embed {
      by = List.copyOf(by);
      fields = List.copyOf(fields);
    }
  }

  /**
   * An entity attribute as a document holds it, with a BSON type overriding keyplan's convention
   * ({@code string}, {@code int}, {@code long}, {@code double}, {@code decimal}, {@code bool},
   * {@code date}, {@code objectId}, {@code uuid}, {@code binData}) and a size for strings and
   * binary data.
   */
  public record Field(String name, Optional<String> type, OptionalLong size, Location location) {}

  /**
   * An index: its keys in order, and its options.
   *
   * @param name the index name, when written (else MongoDB's {@code field_1_field_-1})
   * @param partial the {@code partialFilterExpression} as text, when the index is partial
   * @param ttlSeconds {@code expireAfterSeconds}, 0 when not a TTL index
   * @param caseInsensitive a collation of strength 1 or 2: equality ignores case
   */
  public record Index(
      Optional<String> name,
      List<IndexKey> keys,
      boolean unique,
      boolean sparse,
      Optional<String> partial,
      long ttlSeconds,
      boolean caseInsensitive,
      Location location) {

    public Index {
      keys = List.copyOf(keys);
    }

    /** Returns the name MongoDB gives the index: written, or {@link #defaultName} of its keys. */
    public String effectiveName() {
      return name.orElseGet(() -> defaultName(keys));
    }

    /**
     * Returns the name {@code createIndex} gives an index of {@code keys} when none is written
     * (MongoDB manual, "Index Names"): each field and its kind joined by {@code _}, so {@code
     * {region_code: 1, _id: 1}} is {@code region_code_1__id_1}.
     */
    public static String defaultName(List<IndexKey> keys) {
      return String.join("_", keys.stream().map(k -> k.field() + "_" + k.kind().text()).toList());
    }
  }

  /** One key of an index or shard key: a field and how it is indexed. */
  public record IndexKey(String field, Kind kind) {
    /**
     * Returns {@code field} as a key of a mongosh object literal: bare when it is a JavaScript
     * identifier ({@code user_id}), else double-quoted ({@code "reviews.user_id"}), since a dotted
     * path is not an identifier and mongosh rejects {@code {reviews.user_id: 1}} as a syntax error
     * (MongoDB manual, "Documents", Dot Notation: a dotted field is enclosed in quotes,
     * https://www.mongodb.com/docs/manual/core/document/#dot-notation).
     */
    public static String shellName(String field) {
      return field.matches("[A-Za-z_$][A-Za-z0-9_$]*")
          ? field
          : "\"" + field.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    /** How a field is indexed. */
    public enum Kind {
      ASCENDING("1"),
      DESCENDING("-1"),
      HASHED("hashed"),
      TEXT("text"),
      GEO_2DSPHERE("2dsphere");

      private final String text;

      Kind(String text) {
        this.text = text;
      }

      /** Returns the value as MongoDB writes it in a key pattern. */
      public String text() {
        return text;
      }
    }
  }

  /** A shard key: ranged fields, or one hashed field (possibly with ranged ones, as 4.4 allows). */
  public record ShardKey(List<IndexKey> keys, Location location) {
    public ShardKey {
      keys = List.copyOf(keys);
    }

    /** Returns true if a field of the key is hashed. */
    public boolean hashed() {
      return keys.stream().anyMatch(k -> k.kind() == IndexKey.Kind.HASHED);
    }

    /** Returns the fields, in order. */
    public List<String> fields() {
      return keys.stream().map(IndexKey::field).toList();
    }

    /**
     * Returns the key pattern as {@code sh.shardCollection} takes it: {@code {country_code: 1,
     * tenant_id: 1}}, {@code {customer_id: "hashed"}}.
     */
    public String pattern() {
      List<String> parts = new java.util.ArrayList<>();
      for (IndexKey k : keys) {
        parts.add(
            k.field() + ": " + (k.kind() == IndexKey.Kind.HASHED ? "\"hashed\"" : k.kind().text()));
      }
      return "{" + String.join(", ", parts) + "}";
    }

    /**
     * Returns the pattern of a ranged key over {@code fields}, as a refined or new key is proposed:
     * {@code {country_code: 1, tenant_id: 1}}.
     */
    public static String rangedPattern(List<String> fields) {
      return "{"
          + String.join(", ", fields.stream().map(f -> IndexKey.shellName(f) + ": 1").toList())
          + "}";
    }
  }

  /**
   * A zone: a range of shard key values pinned to some shards (data residency, seed 004).
   *
   * @param min the lower bound of the first shard key field, inclusive, as written
   * @param max the upper bound, exclusive
   * @param shards the shards of the zone, by position (0 … shards − 1) or name
   */
  public record Zone(String name, String min, String max, List<String> shards, Location location) {
    public Zone {
      shards = List.copyOf(shards);
    }
  }
}
