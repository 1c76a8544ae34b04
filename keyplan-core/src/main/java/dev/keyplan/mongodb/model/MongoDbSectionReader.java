package dev.keyplan.mongodb.model;

import dev.keyplan.input.Diagnostic;
import dev.keyplan.input.Location;
import dev.keyplan.input.Suggest;
import dev.keyplan.input.YamlMap;
import dev.keyplan.model.Entity;
import dev.keyplan.model.Quantities;
import dev.keyplan.model.yaml.EntityReader;
import dev.keyplan.model.yaml.ModelReader;
import dev.keyplan.model.yaml.SectionReader;
import dev.keyplan.mongodb.facts.BsonTypes;
import dev.keyplan.mongodb.facts.MongoDbLimits;
import dev.keyplan.mongodb.model.MongoDbDesign.Collection;
import dev.keyplan.mongodb.model.MongoDbDesign.Computed;
import dev.keyplan.mongodb.model.MongoDbDesign.Embed;
import dev.keyplan.mongodb.model.MongoDbDesign.Field;
import dev.keyplan.mongodb.model.MongoDbDesign.Index;
import dev.keyplan.mongodb.model.MongoDbDesign.IndexKey;
import dev.keyplan.mongodb.model.MongoDbDesign.Kept;
import dev.keyplan.mongodb.model.MongoDbDesign.ShardKey;
import dev.keyplan.mongodb.model.MongoDbDesign.Zone;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import org.snakeyaml.engine.v2.common.ScalarStyle;
import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.ScalarNode;
import org.snakeyaml.engine.v2.nodes.SequenceNode;

/**
 * Reads the {@code mongodb:} section (docs/model.md, "The mongodb section"): collections, the
 * entities embedded in them, field types, indexes, shard keys and zones, and the cluster's shard
 * count, per-shard budget and range size. Names are checked against the entities here; what needs
 * the imported index or sharding files is checked when the design is bound.
 */
public final class MongoDbSectionReader extends SectionReader {
  public static final Set<String> SECTION =
      Set.of(
          "collections",
          "shards",
          "shard_budget",
          "range_size",
          "indexes_file",
          "sharding_file",
          "version");
  public static final Set<String> COLLECTION =
      Set.of(
          "entity",
          "fields",
          "embed",
          "indexes",
          "shard_key",
          "zones",
          "validation",
          "timeseries",
          "computed");
  public static final Set<String> EMBED =
      Set.of("entity", "array", "by", "fields", "max", "keeps", "overflow");
  public static final Set<String> FIELD = Set.of("type", "size");
  public static final Set<String> INDEX =
      Set.of("keys", "name", "unique", "sparse", "partial", "ttl", "collation");
  public static final Set<String> ZONE = Set.of("name", "min", "max", "shards");

  /** The options of {@code timeseries:}, named as {@code db.createCollection} names them. */
  public static final Set<String> TIMESERIES =
      Set.of(
          "timeField",
          "metaField",
          "granularity",
          "bucketMaxSpanSeconds",
          "bucketRoundingSeconds",
          "expireAfterSeconds");

  /** The granularities a time-series collection takes, and the bucket span of each. */
  public static final Map<String, Long> GRANULARITY_SPAN =
      Map.of("seconds", 3_600L, "minutes", 86_400L, "hours", 2_592_000L);

  /** The rounding of a new bucket's start time for each granularity. */
  public static final Map<String, Long> GRANULARITY_ROUNDING =
      Map.of("seconds", 60L, "minutes", 3_600L, "hours", 86_400L);

  /** The largest custom bucket span, 365 days (MongoDB manual, "db.createCollection()"). */
  static final long MAX_BUCKET_SPAN = 31_536_000L;

  public static final Set<String> TYPES =
      Set.of(
          "string",
          "int",
          "long",
          "double",
          "decimal",
          "bool",
          "date",
          "objectId",
          "uuid",
          "binData",
          "array",
          "object");
  public static final Set<String> COLLATIONS = Set.of("case-insensitive", "simple");

  /**
   * Default ops/s one shard is planned to serve: see {@link MongoDbLimits#DEFAULT_SHARD_BUDGET}.
   */
  static final String SHARD_BUDGET = "shard_budget";

  /*
   * MongoDB's limits the reader holds values to. They are MongoDbLimits' (the model layer does not
   * depend on store facts), and MongoDbSectionReaderTest fails if the two ever differ.
   */
  /** The default range (chunk) size: 128 MiB (MongoDB manual, "Range Size"). */
  static final long DEFAULT_RANGE_SIZE = 128L * 1024 * 1024;

  /** The smallest and largest range sizes MongoDB accepts: 1 MiB and 1024 MiB. */
  static final long MIN_RANGE_SIZE = 1024L * 1024;

  static final long MAX_RANGE_SIZE = 1024L * 1024 * 1024;

  /** A field's value cannot be larger than a document: 16 MiB. */
  static final long MAX_FIELD_BYTES = 16L * 1024 * 1024;

  /** Fields per compound index (MongoDB Limits and Thresholds). */
  static final int MAX_INDEX_FIELDS = 32;

  /** Collection and field names are identifiers, dotted for embedded fields. */
  public static final String NAME = "[A-Za-z_][A-Za-z0-9_-]*";

  public MongoDbSectionReader(SectionReader context) {
    super(context);
  }

  public Optional<MongoDbDesign> read(YamlMap m, Path baseDir, Map<String, Entity> entities) {
    var d0 =
        YamlMap.of(
            file, m.node("mongodb").get(), "the mongodb design (collections:, shards:)", problems);
    if (d0.isEmpty()) {
      return Optional.empty();
    }
    YamlMap d = d0.get().allow(SECTION, "the mongodb design");
    int shards =
        (int)
            d.scalar("shards", "the number of shards, such as 4", false)
                .map(
                    s ->
                        whole(
                            s,
                            d.valueLocation("shards"),
                            "the number of shards, such as 4",
                            1,
                            MongoDbLimits.MAX_SHARDS))
                .orElse(1L)
                .longValue();
    double budget =
        d.scalar(SHARD_BUDGET, "operations per second one shard serves, such as 10k/s", false)
            .map(
                s ->
                    rate(
                        s,
                        d.valueLocation(SHARD_BUDGET),
                        "operations per second one shard serves, such as 10k/s",
                        false))
            .orElse(MongoDbLimits.DEFAULT_SHARD_BUDGET);
    long range =
        d.scalar("range_size", "a range size from 1MiB to 1024MiB, such as 128MiB", false)
            .map(
                s -> {
                  var b = Quantities.bytes(s);
                  if (b.isEmpty()
                      || b.getAsLong() < MIN_RANGE_SIZE
                      || b.getAsLong() > MAX_RANGE_SIZE) {
                    d.error(
                        d.valueLocation("range_size"),
                        "expected a range size from 1MiB to 1024MiB (MongoDB's allowed chunk"
                            + " sizes) such as 128MiB, but found '"
                            + s
                            + "'");
                    return DEFAULT_RANGE_SIZE;
                  }
                  return b.getAsLong();
                })
            .orElse(DEFAULT_RANGE_SIZE);
    Optional<Path> indexes =
        d.scalar("indexes_file", "a file of getIndexes() output", false)
            .map(s -> baseDir.resolve(s).normalize());
    Optional<Path> sharding =
        d.scalar("sharding_file", "a file of config.collections documents", false)
            .map(s -> baseDir.resolve(s).normalize());
    MongoDbVersion version =
        d.scalar("version", "a MongoDB server version, such as 8.0", false)
            .map(s -> version(s, d.valueLocation("version"), d))
            .orElse(MongoDbVersion.DEFAULT);
    List<Collection> collections = new ArrayList<>();
    if (!d.has("collections")) {
      d.error(
          d.location(),
          "the mongodb design needs 'collections:': each collection with the entity its documents store");
    }
    d.node("collections")
        .flatMap(n -> YamlMap.of(file, n, "collections by name", problems))
        .ifPresent(
            c -> {
              for (String name : c.keys()) {
                if (!name.matches(NAME)) {
                  c.error(
                      c.keyLocation(name),
                      "expected a collection name (letters, digits, '_' or '-') but found '"
                          + name
                          + "'");
                }
                YamlMap.of(
                        file,
                        c.node(name).get(),
                        "the collection '" + name + "' (entity:, indexes:, shard_key:)",
                        problems)
                    .ifPresent(
                        x ->
                            collection(
                                    name,
                                    x.allow(COLLECTION, "collection '" + name + "'"),
                                    c.keyLocation(name),
                                    entities,
                                    shards,
                                    sharding.isPresent())
                                .ifPresent(collections::add));
              }
            });
    return Optional.of(
        new MongoDbDesign(
            shards,
            budget,
            range,
            collections,
            indexes,
            d.valueLocation("indexes_file"),
            sharding,
            d.valueLocation("sharding_file"),
            version,
            d.location()));
  }

  /**
   * The server version {@code text} names: one whose planner and routing rules keyplan models
   * (docs/model.md, "Server version"); anything else is an error listing them.
   */
  private static MongoDbVersion version(String text, Location at, YamlMap d) {
    Optional<MongoDbVersion> v = MongoDbVersion.of(text);
    if (v.isEmpty()) {
      d.error(
          at,
          "expected a MongoDB server version keyplan models, one of "
              + String.join(", ", MongoDbVersion.labels())
              + ", but found '"
              + text
              + "'");
    }
    return v.orElse(MongoDbVersion.DEFAULT);
  }

  /**
   * Reads one collection. With a {@code sharding_file}, a collection's zones may rest on the file's
   * shard key and shard count, which are read later (MongoDbImport): their shard key and shard
   * numbers are checked there.
   */
  private Optional<Collection> collection(
      String name,
      YamlMap x,
      Location at,
      Map<String, Entity> entities,
      int shards,
      boolean shardingFile) {
    String entityName = x.scalar("entity", "an entity name", false).orElse(name);
    Entity e = entities.get(entityName);
    if (e == null) {
      x.error(
          x.has("entity") ? x.valueLocation("entity") : at,
          "no entity named '"
              + entityName
              + "'"
              + Suggest.closest(entityName, entities.keySet())
                  .map(s -> " (did you mean '" + s + "'?)")
                  .orElse("")
              + (x.has("entity")
                  ? ""
                  : "; a collection stores the entity of its name unless it says 'entity:'"));
      return Optional.empty();
    }
    List<Field> fields = fields(x, "fields", e);
    Optional<MongoDbDesign.TimeSeries> timeSeries =
        x.has("timeseries")
            ? new MongoDbTimeSeriesReader(this).read(x, e, fields)
            : Optional.empty();
    List<Embed> embeds = new ArrayList<>();
    Set<String> fieldNames = new LinkedHashSet<>(e.attributes().keySet());
    x.node("embed")
        .flatMap(n -> YamlMap.of(file, n, "embedded entities by field name", problems))
        .ifPresent(
            m -> {
              for (String field : m.keys()) {
                if (e.attribute(field).isPresent()) {
                  m.error(
                      m.keyLocation(field),
                      "'"
                          + field
                          + "' is an attribute of "
                          + e.name()
                          + "; give the embedded field another name");
                }
                YamlMap.of(
                        file,
                        m.node(field).get(),
                        "the embedded '" + field + "' (entity:, array:, by:)",
                        problems)
                    .ifPresent(
                        y ->
                            embed(
                                    field,
                                    y.allow(EMBED, "embedded '" + field + "'"),
                                    m.keyLocation(field),
                                    e,
                                    entities)
                                .ifPresent(embeds::add));
              }
            });
    Map<String, Entity> embedded = new LinkedHashMap<>();
    for (Embed em : embeds) {
      Entity child = entities.get(em.entity());
      embedded.put(em.field(), child);
      child.attributes().keySet().forEach(a -> fieldNames.add(em.field() + "." + a));
    }
    // A sub-document metaField holds its attributes as metadata.sensorId, not at the root.
    Set<String> metaFields = new LinkedHashSet<>();
    timeSeries
        .filter(MongoDbDesign.TimeSeries::metaDocument)
        .ifPresent(
            t -> {
              fieldNames.removeAll(t.metaAttributes());
              metaFields.add(t.metaField().orElseThrow());
              t.metaAttributes().forEach(a -> metaFields.add(t.fieldOf(a)));
              fieldNames.addAll(metaFields);
            });
    List<Index> indexes = new ArrayList<>();
    for (Node n :
        x.sequence("indexes", "a list of indexes, such as - {customer_id: 1, created_at: -1}")) {
      index(n, e, fieldNames).ifPresent(indexes::add);
    }
    Optional<ShardKey> shardKey = Optional.empty();
    if (x.has("shard_key")) {
      shardKey = shardKey(x, e, metaFields);
      if (shardKey.isPresent() && shards < 2) {
        x.error(
            x.keyLocation("shard_key"),
            "collection '"
                + name
                + "' has a shard key but the cluster has "
                + shards
                + " shard; give the mongodb design 'shards: N' (at least 2)");
      }
    }
    List<Zone> zones = new ArrayList<>();
    boolean numeric = shardKey.map(k -> numeric(e, fields, k.fields().get(0))).orElse(false);
    for (Node n :
        x.sequence(
            "zones", "a list of zones, such as - {name: EU, min: DE, max: FR, shards: [0]}")) {
      zone(n, shardingFile ? MongoDbLimits.MAX_SHARDS : shards, numeric)
          .ifPresent(
              z -> {
                // sh.updateZoneKeyRange refuses a range that overlaps another zone's (MongoDB
                // manual,
                // "Manage Shard Zones").
                zones.stream()
                    .filter(
                        o -> before(z.min(), o.max(), numeric) && before(o.min(), z.max(), numeric))
                    .findFirst()
                    .ifPresent(
                        o ->
                            x.error(
                                z.location(),
                                "zone '"
                                    + z.name()
                                    + "' ["
                                    + z.min()
                                    + ", "
                                    + z.max()
                                    + ") overlaps zone '"
                                    + o.name()
                                    + "' ["
                                    + o.min()
                                    + ", "
                                    + o.max()
                                    + "); zone ranges may not overlap"));
                zones.add(z);
              });
    }
    if (!zones.isEmpty() && shardKey.isEmpty() && !shardingFile) {
      x.error(
          x.keyLocation("zones"),
          "zones pin shard key ranges to shards; collection '" + name + "' has no shard_key");
    } else if (!zones.isEmpty() && shardKey.isPresent() && shardKey.get().hashed()) {
      x.error(
          x.keyLocation("zones"),
          "zones on a hashed shard key are ranges of hashed values; keyplan reads zones on"
              + " ranged keys only");
    }
    boolean validation =
        x.scalar("validation", "true or false", false)
            .map(s -> bool(s, x.valueLocation("validation")))
            .orElse(false);
    Optional<ShardKey> key = shardKey;
    timeSeries.ifPresent(
        t -> new MongoDbTimeSeriesReader(this).limits(x, t, embeds, indexes, key, validation));
    return Optional.of(
        new Collection(
            name,
            e.name(),
            fields,
            !x.has("fields"),
            embeds,
            indexes,
            shardKey,
            zones,
            validation,
            timeSeries,
            computed(x, e, entities),
            at));
  }

  private Optional<Embed> embed(
      String field, YamlMap y, Location at, Entity parent, Map<String, Entity> entities) {
    String entityName = y.scalar("entity", "the embedded entity's name", true).orElse("");
    Entity child = entities.get(entityName);
    if (child == null) {
      if (!entityName.isEmpty()) {
        y.error(
            y.valueLocation("entity"),
            "no entity named '"
                + entityName
                + "'"
                + Suggest.closest(entityName, entities.keySet())
                    .map(s -> " (did you mean '" + s + "'?)")
                    .orElse(""));
      }
      return Optional.empty();
    }
    boolean many =
        y.scalar("array", "true or false", false)
            .map(s -> bool(s, y.valueLocation("array")))
            .orElse(true);
    List<String> by = new ArrayList<>();
    Optional<Node> byNode = y.node("by");
    if (byNode.isPresent()) {
      List<Node> items =
          byNode.get() instanceof SequenceNode
              ? y.sequence("by", "attribute names")
              : List.of(byNode.get());
      for (Node n : items) {
        y.scalarOf(n, "an attribute name")
            .ifPresent(
                a -> {
                  if (child.attribute(a).isEmpty()) {
                    y.error(
                        YamlMap.location(file, n),
                        EntityReader.unknownAttribute(
                            child.name(), a, child.attributes().keySet()));
                  }
                  by.add(a);
                });
      }
    } else {
      parent.key().stream().filter(k -> child.attribute(k).isPresent()).forEach(by::add);
      if (by.isEmpty() && parent.key().isEmpty()) {
        y.error(
            at,
            "say which attributes of "
                + child.name()
                + " point at its "
                + parent.name()
                + " with 'by: [...]': "
                + parent.name()
                + " has no key to match them by");
      } else if (by.isEmpty()) {
        y.error(
            at,
            "say which attributes of "
                + child.name()
                + " point at its "
                + parent.name()
                + ": 'by: ["
                + parent.key().stream().findFirst().orElse("parent_id")
                + "]' ("
                + child.name()
                + " has none of "
                + parent.name()
                + "'s key "
                + parent.key()
                + ")");
      }
    }
    OptionalInt max =
        y.scalar("max", "the most elements the application keeps, such as 100", false)
            .map(
                s ->
                    OptionalInt.of(
                        (int)
                            whole(
                                s,
                                y.valueLocation("max"),
                                "the most elements the array holds",
                                1,
                                10_000_000)))
            .orElse(OptionalInt.empty());
    if (max.isPresent() && !many) {
      y.error(
          y.keyLocation("max"),
          "'max' bounds an array; '" + field + "' is one sub-document (array: false)");
    }
    Optional<Kept> keeps = Optional.empty();
    if (y.has("keeps")) {
      keeps = kept(y, child);
      if (max.isEmpty()) {
        y.error(
            y.keyLocation("keeps"),
            "'keeps' says which elements a capped array keeps; give '" + field + "' a 'max: N'");
      }
    }
    boolean overflow =
        y.scalar("overflow", "true or false", false)
            .map(s -> bool(s, y.valueLocation("overflow")))
            .orElse(false);
    if (overflow && max.isEmpty()) {
      y.error(
          y.keyLocation("overflow"),
          "'overflow' says the elements past 'max' live in overflow documents (the Outlier"
              + " pattern); give '"
              + field
              + "' a 'max: N'");
    }
    return Optional.of(
        new Embed(
            field,
            child.name(),
            many,
            by,
            fields(y, "fields", child),
            !y.has("fields"),
            max,
            keeps,
            overflow,
            at));
  }

  /**
   * Reads {@code keeps: date desc}: a child attribute and a direction ({@code asc} unless {@code
   * desc}), as an operation's {@code order by} writes them.
   */
  private Optional<Kept> kept(YamlMap y, Entity child) {
    Optional<String> text =
        y.scalar("keeps", "an attribute and a direction, such as 'date desc'", false);
    if (text.isEmpty()) {
      return Optional.empty();
    }
    String[] words = text.get().trim().split("\\s+");
    String a = words[0];
    boolean ok = words.length == 1 || words.length == 2;
    boolean descending = words.length == 2 && words[1].equalsIgnoreCase("desc");
    if (words.length == 2 && !descending && !words[1].equalsIgnoreCase("asc")) {
      ok = false;
    }
    if (!ok) {
      y.error(
          y.valueLocation("keeps"),
          "expected an attribute and a direction, such as 'date desc', but found '"
              + text.get()
              + "'");
      return Optional.empty();
    }
    if (child.attribute(a).isEmpty()) {
      y.error(
          y.valueLocation("keeps"),
          EntityReader.unknownAttribute(child.name(), a, child.attributes().keySet()));
      return Optional.empty();
    }
    return Optional.of(new Kept(a, descending, true));
  }

  /**
   * Reads {@code computed: {total_revenue: Screening}}: attributes of the collection's entity the
   * application maintains from another entity's rows, which must carry the entity's key.
   */
  private List<Computed> computed(YamlMap x, Entity e, Map<String, Entity> entities) {
    List<Computed> out = new ArrayList<>();
    Optional<YamlMap> m =
        x.node("computed")
            .flatMap(
                n ->
                    YamlMap.of(
                        file,
                        n,
                        "computed attributes and the entity they are kept from, such as"
                            + " {total_revenue: Screening}",
                        problems));
    if (m.isEmpty()) {
      return out;
    }
    for (String a : m.get().keys()) {
      if (e.attribute(a).isEmpty()) {
        m.get()
            .error(
                m.get().keyLocation(a),
                EntityReader.unknownAttribute(e.name(), a, e.attributes().keySet()));
        continue;
      }
      Optional<String> from = m.get().scalar(a, "the entity it is computed from", true);
      if (from.isEmpty()) {
        continue;
      }
      Entity source = entities.get(from.get());
      if (source == null) {
        m.get()
            .error(
                m.get().valueLocation(a),
                "no entity named '"
                    + from.get()
                    + "'"
                    + Suggest.closest(from.get(), entities.keySet())
                        .map(s -> " (did you mean '" + s + "'?)")
                        .orElse(""));
        continue;
      }
      if (e.key().isEmpty() || !e.key().stream().allMatch(k -> source.attribute(k).isPresent())) {
        m.get()
            .error(
                m.get().valueLocation(a),
                from.get()
                    + " does not carry "
                    + e.name()
                    + "'s key "
                    + e.key()
                    + ": keyplan cannot tell which "
                    + e.name()
                    + " each of its writes changes");
        continue;
      }
      out.add(new Computed(a, source.name(), m.get().keyLocation(a)));
    }
    return out;
  }

  /**
   * Reads {@code fields:} as a list of names or a mapping of names to a BSON type or {type, size}.
   */
  private List<Field> fields(YamlMap x, String key, Entity e) {
    List<Field> out = new ArrayList<>();
    Optional<Node> n = x.node(key);
    if (n.isEmpty()) {
      return out;
    }
    if (n.get() instanceof SequenceNode) {
      for (Node a : x.sequence(key, "attribute names")) {
        x.scalarOf(a, "an attribute name")
            .ifPresent(
                s -> {
                  checkAttribute(e, s, YamlMap.location(file, a));
                  out.add(
                      new Field(
                          s, Optional.empty(), OptionalLong.empty(), YamlMap.location(file, a)));
                });
      }
      return out;
    }
    YamlMap.of(file, n.get(), "a list of attributes or a mapping attribute: BSON type", problems)
        .ifPresent(
            m -> {
              for (String s : m.keys()) {
                checkAttribute(e, s, m.keyLocation(s));
                Node v = m.node(s).get();
                if (v instanceof ScalarNode sc) {
                  out.add(
                      new Field(
                          s,
                          bsonType(sc.getValue(), YamlMap.location(file, v)),
                          OptionalLong.empty(),
                          m.keyLocation(s)));
                  continue;
                }
                YamlMap.of(
                        file,
                        v,
                        "a BSON type (string, long, …) or {type: string, size: 40B}",
                        problems)
                    .ifPresent(
                        f -> {
                          f.allow(FIELD, "field '" + s + "'");
                          Optional<String> type =
                              f.scalar("type", "a BSON type", false)
                                  .flatMap(t -> bsonType(t, f.valueLocation("type")));
                          OptionalLong size =
                              f.scalar("size", "a size such as 40B", false)
                                  .map(
                                      z -> {
                                        var b = Quantities.bytes(z);
                                        if (b.isEmpty()
                                            || b.getAsLong() <= 0
                                            || b.getAsLong() > MAX_FIELD_BYTES) {
                                          f.error(
                                              f.valueLocation("size"),
                                              "expected a size from 1B to 16MiB such as 40B but found '"
                                                  + z
                                                  + "'");
                                          return OptionalLong.empty();
                                        }
                                        return b;
                                      })
                                  .orElse(OptionalLong.empty());
                          out.add(new Field(s, type, size, m.keyLocation(s)));
                        });
              }
            });
    return out;
  }

  private Optional<String> bsonType(String t, Location at) {
    if (TYPES.contains(t)) {
      return Optional.of(t);
    }
    problems.add(
        new Diagnostic(
            at,
            "unknown BSON type '"
                + t
                + "'"
                + Suggest.closest(t, TYPES).map(s -> " (did you mean '" + s + "'?)").orElse("")
                + "; expected one of "
                + String.join(", ", new java.util.TreeSet<>(TYPES))));
    return Optional.empty();
  }

  private void checkAttribute(Entity e, String a, Location at) {
    if (e.attribute(a).isEmpty()) {
      problems.add(
          new Diagnostic(at, EntityReader.unknownAttribute(e.name(), a, e.attributes().keySet())));
    }
  }

  /**
   * Reads an index: {@code {a: 1, b: -1}}, or {@code {keys: {a: 1}, unique: true, ttl: 30d, …}}.
   */
  private Optional<Index> index(Node n, Entity e, Set<String> fieldNames) {
    var m0 =
        YamlMap.of(
            file,
            n,
            "an index such as {customer_id: 1, created_at: -1} or {keys: {email: 1}, unique: true}",
            problems);
    if (m0.isEmpty()) {
      return Optional.empty();
    }
    YamlMap m = m0.get();
    Location at = YamlMap.location(file, n);
    if (!m.has("keys")) {
      return Optional.of(
          new Index(
              Optional.empty(),
              keys(m, fieldNames, e, "index"),
              false,
              false,
              Optional.empty(),
              0,
              false,
              at));
    }
    m.allow(INDEX, "an index");
    List<IndexKey> keys =
        m.node("keys")
            .flatMap(k -> YamlMap.of(file, k, "the index keys, such as {email: 1}", problems))
            .map(k -> keys(k, fieldNames, e, "index"))
            .orElse(List.of());
    Optional<String> name = m.scalar("name", "an index name", false);
    boolean unique =
        m.scalar("unique", "true or false", false)
            .map(s -> bool(s, m.valueLocation("unique")))
            .orElse(false);
    boolean sparse =
        m.scalar("sparse", "true or false", false)
            .map(s -> bool(s, m.valueLocation("sparse")))
            .orElse(false);
    Optional<String> partial = Optional.empty();
    if (m.has("partial")) {
      Node p = m.node("partial").get();
      partial =
          p instanceof MappingNode
              ? Optional.of(flow(p))
              : m.scalar("partial", "a filter such as {status: open}", false);
    }
    long ttl =
        m.scalar("ttl", "a lifetime such as 30d", false)
            .map(
                s ->
                    duration(
                        s,
                        m.valueLocation("ttl"),
                        "an expireAfterSeconds lifetime such as 30d",
                        ModelReader.MAX_HORIZON))
            .orElse(0L);
    if (ttl > 0 && keys.size() != 1) {
      m.error(
          m.keyLocation("ttl"),
          "a TTL index has one key, a date field (MongoDB manual, \"TTL Indexes\")");
    }
    boolean ci = false;
    Optional<String> collation = m.scalar("collation", "case-insensitive or simple", false);
    if (collation.isPresent()) {
      if (!COLLATIONS.contains(collation.get())) {
        m.error(
            m.valueLocation("collation"),
            "expected 'case-insensitive' (strength 2) or 'simple' but found '"
                + collation.get()
                + "'");
      } else {
        ci = collation.get().equals("case-insensitive");
      }
    }
    return Optional.of(new Index(name, keys, unique, sparse, partial, ttl, ci, at));
  }

  /** Reads key patterns in order: {@code field: 1 | -1 | hashed | text | 2dsphere}. */
  private List<IndexKey> keys(YamlMap k, Set<String> fieldNames, Entity e, String what) {
    List<IndexKey> out = new ArrayList<>();
    for (String field : k.keys()) {
      boolean wildcard = field.equals("$**") || field.endsWith(".$**");
      if (!wildcard && !field.equals("_id") && !fieldNames.contains(field)) {
        k.error(
            k.keyLocation(field),
            "no field '"
                + field
                + "' in documents of "
                + e.name()
                + Suggest.closest(field, fieldNames)
                    .map(s -> " (did you mean '" + s + "'?)")
                    .orElse(""));
      }
      String v = k.scalar(field, "1, -1, hashed, text or 2dsphere", true).orElse("1");
      IndexKey.Kind kind =
          switch (v) {
            case "1" -> IndexKey.Kind.ASCENDING;
            case "-1" -> IndexKey.Kind.DESCENDING;
            case "hashed" -> IndexKey.Kind.HASHED;
            case "text" -> IndexKey.Kind.TEXT;
            case "2dsphere" -> IndexKey.Kind.GEO_2DSPHERE;
            default -> {
              k.error(
                  k.valueLocation(field),
                  "expected 1, -1, hashed, text or 2dsphere for '"
                      + field
                      + "' but found '"
                      + v
                      + "'");
              yield IndexKey.Kind.ASCENDING;
            }
          };
      out.add(new IndexKey(field, kind));
    }
    if (out.isEmpty()) {
      k.error(k.location(), "an " + what + " needs at least one key");
    }
    if (out.size() > MAX_INDEX_FIELDS) {
      k.error(
          k.location(),
          "a compound index has at most 32 fields (MongoDB manual, \"MongoDB Limits and Thresholds\")");
    }
    if (out.stream().filter(x -> x.kind() == IndexKey.Kind.HASHED).count() > 1) {
      k.error(k.location(), "an " + what + " has at most one hashed field");
    }
    return out;
  }

  private Optional<ShardKey> shardKey(YamlMap x, Entity e, Set<String> metaFields) {
    var k =
        YamlMap.of(
            file,
            x.node("shard_key").get(),
            "a shard key such as {customer_id: hashed} or {tenant_id: 1," + " order_id: 1}",
            problems);
    if (k.isEmpty()) {
      return Optional.empty();
    }
    Set<String> names = new LinkedHashSet<>(e.attributes().keySet());
    names.addAll(metaFields);
    List<IndexKey> keys = keys(k.get(), names, e, "shard key");
    for (IndexKey key : keys) {
      if (key.kind() != IndexKey.Kind.ASCENDING && key.kind() != IndexKey.Kind.HASHED) {
        k.get()
            .error(
                k.get().valueLocation(key.field()),
                "a shard key field is 1 (ranged) or hashed, not " + key.kind().text());
      }
    }
    return Optional.of(new ShardKey(keys, x.keyLocation("shard_key")));
  }

  /** Returns a zone bound as a number, when it is one ({@code 5}, {@code -2.5}). */
  private static java.util.OptionalDouble zoneNumber(String v) {
    try {
      return java.util.OptionalDouble.of(Double.parseDouble(v.trim()));
    } catch (NumberFormatException e) {
      return java.util.OptionalDouble.empty();
    }
  }

  /**
   * Returns true if attribute {@code field} is stored as a number: by its {@code fields:} type,
   * else its own.
   */
  private static boolean numeric(Entity e, List<Field> fields, String field) {
    return fields.stream()
        .filter(f -> f.name().equals(field))
        .findFirst()
        .flatMap(Field::type)
        .or(() -> e.attribute(field).map(a -> a.type()))
        .map(BsonTypes::isNumber)
        .orElse(false);
  }

  /**
   * Returns true if zone bound {@code a} sorts before {@code b}: MinKey first, MaxKey last, numbers
   * as numbers on a numeric field, strings byte by byte in UTF-8 as MongoDB's simple collation
   * compares them.
   */
  private static boolean before(String a, String b, boolean numeric) {
    if (a.equals(b) || a.equals("MaxKey") || b.equals("MinKey")) {
      return false;
    }
    if (a.equals("MinKey") || b.equals("MaxKey")) {
      return true;
    }
    if (numeric && zoneNumber(a).isPresent() && zoneNumber(b).isPresent()) {
      return zoneNumber(a).getAsDouble() < zoneNumber(b).getAsDouble();
    }
    return java.util.Arrays.compareUnsigned(
            a.getBytes(java.nio.charset.StandardCharsets.UTF_8),
            b.getBytes(java.nio.charset.StandardCharsets.UTF_8))
        < 0;
  }

  /**
   * Reads a zone bound: a value, {@code MinKey}, {@code MaxKey}, or {@code {after: v}}, the least
   * string above {@code v} (v followed by U+0000, which a model may not hold as a character): the
   * bound a config.tags range {@code {country: "US", userid: MaxKey}} gives, so {@code [US, {after:
   * US})} holds every document of US and nothing else (docs/mongodb-import.md, "Zones").
   */
  private String bound(YamlMap z, String key, String expected) {
    Optional<Node> node = z.node(key);
    if (node.isPresent() && node.get() instanceof org.snakeyaml.engine.v2.nodes.MappingNode) {
      Optional<YamlMap> after =
          YamlMap.of(file, node.get(), "a bound {after: US}", problems)
              .map(m -> m.allow(Set.of("after"), "a zone bound"));
      return after
          .flatMap(m -> m.scalar("after", "the value the bound comes just after", true))
          .map(v -> v + "\u0000")
          .orElse("");
    }
    return z.scalar(key, expected + ", or {after: VALUE}", true).orElse("");
  }

  private Optional<Zone> zone(Node n, int shards, boolean numeric) {
    var z0 = YamlMap.of(file, n, "a zone {name: EU, min: DE, max: FR, shards: [0]}", problems);
    if (z0.isEmpty()) {
      return Optional.empty();
    }
    YamlMap z = z0.get().allow(ZONE, "a zone");
    String name = z.scalar("name", "the zone's name", true).orElse("");
    String min = bound(z, "min", "the zone's lower bound (inclusive) of the first shard key field");
    String max = bound(z, "max", "the zone's upper bound (exclusive)");
    for (String bound : List.of("min", "max")) {
      String v = bound.equals("min") ? min : max;
      if (numeric
          && !v.isEmpty()
          && !v.equals("MinKey")
          && !v.equals("MaxKey")
          && zoneNumber(v).isEmpty()) {
        z.error(
            z.valueLocation(bound),
            "the shard key's first field is a number; expected a number, MinKey or MaxKey"
                + " but found '"
                + v
                + "'");
      }
    }
    if (!min.isEmpty() && !max.isEmpty() && !before(min, max, numeric)) {
      z.error(
          z.valueLocation("max"),
          "a zone's max must sort after its min ('" + min + "' … '" + max + "')");
    }
    List<String> on = new ArrayList<>();
    for (Node s : z.sequence("shards", "shard numbers, such as [0, 1]")) {
      z.scalarOf(s, "a shard number")
          .ifPresent(
              v -> {
                whole(
                    v,
                    YamlMap.location(file, s),
                    "a shard number from 0 to shards − 1",
                    0,
                    Math.max(0, shards - 1));
                on.add(v);
              });
    }
    if (on.isEmpty()) {
      z.error(z.location(), "a zone needs 'shards:', the shards it pins its range to");
    }
    return Optional.of(new Zone(name, min, max, on, YamlMap.location(file, n)));
  }

  /**
   * Writes a mapping node back as YAML flow text, for partial filters. A quoted scalar stays
   * quoted, so {@code code: "123"} filters on the string, not the number 123.
   */
  private static String flow(Node n) {
    if (n instanceof ScalarNode s) {
      return s.getScalarStyle() == ScalarStyle.PLAIN
          ? s.getValue()
          : "\""
              + s.getValue().replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n")
              + "\"";
    }
    if (n instanceof SequenceNode q) {
      return "["
          + String.join(", ", q.getValue().stream().map(MongoDbSectionReader::flow).toList())
          + "]";
    }
    StringBuilder b = new StringBuilder("{");
    String sep = "";
    for (var t : ((MappingNode) n).getValue()) {
      b.append(sep).append(flow(t.getKeyNode())).append(": ").append(flow(t.getValueNode()));
      sep = ", ";
    }
    return b.append('}').toString();
  }
}
