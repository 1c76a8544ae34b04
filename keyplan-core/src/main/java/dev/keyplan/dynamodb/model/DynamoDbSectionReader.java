package dev.keyplan.dynamodb.model;

import dev.keyplan.dynamodb.model.DynamoDbDesign.Billing;
import dev.keyplan.dynamodb.model.DynamoDbDesign.Index;
import dev.keyplan.dynamodb.model.DynamoDbDesign.ItemType;
import dev.keyplan.dynamodb.model.DynamoDbDesign.Projection;
import dev.keyplan.dynamodb.model.DynamoDbDesign.StoredAttribute;
import dev.keyplan.dynamodb.model.DynamoDbDesign.Table;
import dev.keyplan.input.Diagnostic;
import dev.keyplan.input.Location;
import dev.keyplan.input.Suggest;
import dev.keyplan.input.YamlMap;
import dev.keyplan.model.AccessPattern;
import dev.keyplan.model.Entity;
import dev.keyplan.model.KeyTemplate;
import dev.keyplan.model.Quantities;
import dev.keyplan.model.yaml.EntityReader;
import dev.keyplan.model.yaml.SectionReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import org.snakeyaml.engine.v2.common.ScalarStyle;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.ScalarNode;
import org.snakeyaml.engine.v2.nodes.SequenceNode;
import org.snakeyaml.engine.v2.nodes.Tag;

/**
 * Reads the {@code dynamodb:} section (docs/model.md, "The dynamodb section"): tables with keys,
 * indexes, capacity, TTL and stream; item types with key templates; pinned access paths; the price
 * table and average load. What needs the imported {@code schema:} file (that a template fills a key
 * attribute the table has) is checked when the design is bound, not here.
 */
public final class DynamoDbSectionReader extends SectionReader {
  public static final Set<String> SECTION =
      Set.of("schema", "tables", "prices", "average_load", "access");
  public static final Set<String> TABLE =
      Set.of("partition_key", "sort_key", "capacity", "ttl", "stream", "indexes", "items");
  public static final Set<String> INDEX =
      Set.of("partition_key", "sort_key", "local", "projection", "capacity");
  public static final Set<String> ITEM = Set.of("entity", "keys", "attributes");
  public static final Set<String> STORED = Set.of("type", "size", "name");
  public static final Set<String> CAPACITY = Set.of("read", "write");
  public static final Set<String> ACCESS = Set.of("via", "operation");
  public static final Set<String> TYPES =
      Set.of("S", "N", "B", "BOOL", "NULL", "L", "M", "SS", "NS", "BS");
  public static final Set<String> STREAMS =
      Set.of("NEW_IMAGE", "OLD_IMAGE", "NEW_AND_OLD_IMAGES", "KEYS_ONLY");
  public static final Set<String> OPERATIONS = Set.of("GetItem", "Query", "Scan", "BatchGetItem");

  /** Table and index names: 3 to 255 of A-Z a-z 0-9 _ . - (AWS DG, "Quotas", naming rules). */
  public static final String NAME = "[A-Za-z0-9_.-]{3,255}";

  /**
   * A GSI key has at most four partition and four sort key attributes (AWS DG, multi-attribute
   * keys).
   */
  public static final int MAX_KEY_ATTRIBUTES = 4;

  /**
   * Local secondary indexes per table: 5, fixed (AWS DG, "Quotas"); the model cannot see store
   * facts.
   */
  static final int MAX_LOCAL_INDEXES = 5;

  public DynamoDbSectionReader(SectionReader context) {
    super(context);
  }

  public Optional<DynamoDbDesign> read(
      YamlMap m, Path baseDir, Map<String, Entity> entities, List<AccessPattern> patterns) {
    var d0 =
        YamlMap.of(
            file, m.node("dynamodb").get(), "the dynamodb design (tables:, schema:)", problems);
    if (d0.isEmpty()) {
      return Optional.empty();
    }
    YamlMap d = d0.get().allow(SECTION, "the dynamodb design");
    Optional<Path> schema =
        d.scalar(
                "schema",
                "a table definition file (NoSQL Workbench model, describe-table"
                    + " output or CreateTable input)",
                false)
            .map(s -> baseDir.resolve(s).normalize());
    Optional<Path> prices =
        d.scalar("prices", "a price table file", false).map(s -> baseDir.resolve(s).normalize());
    double average =
        d.scalar("average_load", "a share of the peak rates such as 40%", false)
            .map(s -> share(s, d.valueLocation("average_load")))
            .orElse(1.0);
    List<Table> tables = new ArrayList<>();
    d.node("tables")
        .flatMap(n -> YamlMap.of(file, n, "tables by name", problems))
        .ifPresent(
            t -> {
              for (String name : t.keys()) {
                if (!name.matches(NAME)) {
                  t.error(
                      t.keyLocation(name),
                      "a table name is 3 to 255 characters of A-Z, a-z, 0-9, '_', '.' and '-';"
                          + " found '"
                          + name
                          + "'");
                }
                YamlMap.of(
                        file,
                        t.node(name).get(),
                        "the table '" + name + "' (partition_key:, items:)",
                        problems)
                    .ifPresent(
                        x ->
                            tables.add(
                                table(
                                    name,
                                    x.allow(TABLE, "table '" + name + "'"),
                                    t.keyLocation(name),
                                    schema.isPresent(),
                                    entities)));
              }
            });
    if (!d.has("tables") && schema.isEmpty()) {
      d.error(
          d.location(),
          "the dynamodb design needs 'tables:' (or 'schema:', a table definition file)");
    }
    Map<String, DynamoDbDesign.Access> access = new LinkedHashMap<>();
    d.node("access")
        .flatMap(n -> YamlMap.of(file, n, "access paths by pattern id", problems))
        .ifPresent(
            a -> {
              Set<String> ids = new java.util.LinkedHashSet<>();
              patterns.forEach(p -> ids.add(p.id()));
              // The writes' ids once: a search of every pattern per access entry made reading
              // the section access entries × patterns (a sixth of the 20,000-pattern bench
              // model's read in a profile, and growing ×4 a doubling).
              Set<String> writes = new java.util.HashSet<>();
              patterns.stream().filter(p -> !p.isRead()).forEach(p -> writes.add(p.id()));
              for (String id : a.keys()) {
                if (!ids.contains(id)) {
                  a.error(
                      a.keyLocation(id),
                      "no pattern with id '"
                          + id
                          + "'"
                          + Suggest.closest(id, ids)
                              .map(s -> " (did you mean '" + s + "'?)")
                              .orElse(""));
                } else if (writes.contains(id)) {
                  a.error(
                      a.keyLocation(id),
                      "'" + id + "' is a write: 'access' pins the table or index of a read");
                }
                YamlMap.of(file, a.node(id).get(), "{via: GSI1, operation: Query}", problems)
                    .ifPresent(
                        x -> {
                          x.allow(ACCESS, "the access of '" + id + "'");
                          Optional<String> via = x.scalar("via", "a table or index name", false);
                          Optional<String> op =
                              x.scalar("operation", "GetItem, Query, Scan or BatchGetItem", false);
                          if (op.isPresent() && !OPERATIONS.contains(op.get())) {
                            x.error(
                                x.valueLocation("operation"),
                                "expected GetItem, Query, Scan or BatchGetItem but found '"
                                    + op.get()
                                    + "'"
                                    + Suggest.closest(op.get(), OPERATIONS)
                                        .map(s -> " (did you mean '" + s + "'?)")
                                        .orElse(""));
                            op = Optional.empty();
                          }
                          access.put(id, new DynamoDbDesign.Access(id, via, op, a.keyLocation(id)));
                        });
              }
            });
    return Optional.of(
        new DynamoDbDesign(
            schema,
            d.valueLocation("schema"),
            tables,
            prices,
            d.valueLocation("prices"),
            average,
            access,
            d.location()));
  }

  private Table table(
      String name, YamlMap t, Location at, boolean imported, Map<String, Entity> entities) {
    Optional<String> pk =
        name(t, "partition_key", "the partition key attribute's name, such as PK", !imported);
    Optional<String> sk = name(t, "sort_key", "the sort key attribute's name, such as SK", false);
    Optional<Billing> capacity =
        t.node("capacity").map(n -> capacity(n, "capacity of table '" + name + "'", true));
    Optional<String> ttl = name(t, "ttl", "the TTL attribute's name (epoch seconds)", false);
    Optional<String> stream = t.scalar("stream", "a stream view type", false);
    if (stream.isPresent() && !STREAMS.contains(stream.get())) {
      t.error(
          t.valueLocation("stream"),
          "expected a stream view type (NEW_IMAGE, OLD_IMAGE, NEW_AND_OLD_IMAGES,"
              + " KEYS_ONLY) but found '"
              + stream.get()
              + "'");
      stream = Optional.empty();
    }
    List<Index> indexes = new ArrayList<>();
    t.node("indexes")
        .flatMap(n -> YamlMap.of(file, n, "indexes by name", problems))
        .ifPresent(
            ix -> {
              for (String index : ix.keys()) {
                if (!index.matches(NAME)) {
                  ix.error(
                      ix.keyLocation(index),
                      "an index name is 3 to 255 characters of A-Z, a-z, 0-9, '_', '.' and '-';"
                          + " found '"
                          + index
                          + "'");
                }
                YamlMap.of(
                        file,
                        ix.node(index).get(),
                        "the index '" + index + "' (partition_key:, sort_key:, projection:)",
                        problems)
                    .ifPresent(
                        x ->
                            indexes.add(
                                index(
                                    index,
                                    x.allow(INDEX, "index '" + index + "'"),
                                    ix.keyLocation(index),
                                    imported)));
              }
            });
    boolean onDemand = capacity.map(Billing::onDemand).orElse(!imported);
    for (Index ix : indexes) {
      if (onDemand && ix.capacity().isPresent()) {
        t.error(
            ix.capacity().get().location(),
            "index '"
                + ix.name()
                + "' sets capacity on an on-demand table;"
                + " give the table {read: N, write: N} to provision it, or remove the index's capacity");
      }
    }
    long locals = indexes.stream().filter(Index::local).count();
    if (locals > MAX_LOCAL_INDEXES) {
      t.error(
          t.keyLocation("indexes"),
          "a table has at most 5 local secondary indexes; '" + name + "' has " + locals);
    }
    List<ItemType> items = new ArrayList<>();
    t.node("items")
        .flatMap(n -> YamlMap.of(file, n, "item types by name", problems))
        .ifPresent(
            it -> {
              for (String item : it.keys()) {
                YamlMap.of(
                        file,
                        it.node(item).get(),
                        "the item type '" + item + "' (entity:, keys:, attributes:)",
                        problems)
                    .ifPresent(
                        x ->
                            item(
                                    item,
                                    x.allow(ITEM, "item type '" + item + "'"),
                                    it.keyLocation(item),
                                    entities)
                                .ifPresent(items::add));
              }
            });
    if (!t.has("items")) {
      t.error(
          at,
          "table '"
              + name
              + "' has no 'items': say which entities it stores and their key templates");
    }
    return new Table(name, pk, sk, indexes, capacity, ttl, stream, items, at);
  }

  /**
   * Reads an index. With a {@code schema:} file, an index that says only {@code capacity:} is an
   * overlay on the file's index of that name (NoSQL Workbench files have no per-index units); it is
   * read with no keys, and the binder checks that the file has it.
   */
  private Index index(String name, YamlMap x, Location at, boolean imported) {
    boolean overlay = imported && x.has("capacity") && x.keys().size() == 1;
    boolean local =
        x.scalar("local", "true or false", false)
            .map(s -> bool(s, x.valueLocation("local")))
            .orElse(false);
    List<String> pk = names(x, "partition_key", "an attribute name or a list of up to 4");
    List<String> sk = names(x, "sort_key", "an attribute name or a list of up to 4");
    if (local) {
      if (x.has("partition_key")) {
        x.error(
            x.keyLocation("partition_key"),
            "a local index shares the table's partition key; remove 'partition_key'");
      }
      if (sk.size() != 1) {
        x.error(
            x.has("sort_key") ? x.keyLocation("sort_key") : at,
            "a local index has exactly one sort key attribute");
      }
      if (x.has("capacity")) {
        x.error(
            x.keyLocation("capacity"),
            "a local index shares the table's capacity; remove 'capacity'");
      }
    } else {
      if (pk.isEmpty() && !overlay) {
        x.error(at, "missing 'partition_key': expected the index's partition key attribute(s)");
      }
      if (pk.size() > MAX_KEY_ATTRIBUTES || sk.size() > MAX_KEY_ATTRIBUTES) {
        x.error(
            x.keyLocation(pk.size() > MAX_KEY_ATTRIBUTES ? "partition_key" : "sort_key"),
            "a global index key has at most 4 partition and 4 sort key attributes");
      }
    }
    Projection projection = Projection.ALL;
    if (x.has("projection")) {
      Node n = x.node("projection").get();
      if (n instanceof SequenceNode) {
        List<String> include =
            names(x, "projection", "ALL, KEYS_ONLY or a list of attributes to INCLUDE");
        projection = new Projection(Projection.Type.INCLUDE, include);
        if (include.isEmpty()) {
          x.error(
              x.valueLocation("projection"), "an INCLUDE projection lists at least one attribute");
        }
      } else {
        String p =
            x.scalar("projection", "ALL, KEYS_ONLY or a list of attributes", false).orElse("ALL");
        if (p.equals("KEYS_ONLY")) {
          projection = new Projection(Projection.Type.KEYS_ONLY, List.of());
        } else if (!p.equals("ALL")) {
          x.error(
              x.valueLocation("projection"),
              "expected ALL, KEYS_ONLY or a list of attributes to INCLUDE but found '" + p + "'");
        }
      }
    }
    Optional<Billing> capacity =
        x.node("capacity").map(n -> capacity(n, "capacity of index '" + name + "'", false));
    return new Index(name, local, pk, sk, projection, capacity, at);
  }

  /**
   * The most provisioned read or write capacity units keyplan reads for a table or index: a sanity
   * check on a typo, far above the default table quota of 40,000 (which AWS raises on request).
   * Rules that propose capacity stay within it (ProvisionedBelowNeed).
   */
  public static final long MAX_CAPACITY_UNITS = 40_000_000L;

  /**
   * Reads {@code on-demand} or {@code {read: 500, write: 200}} (provisioned), each from 1 to {@link
   * #MAX_CAPACITY_UNITS}.
   */
  private Billing capacity(Node n, String what, boolean onDemandAllowed) {
    Location at = YamlMap.location(file, n);
    if (n instanceof ScalarNode s) {
      if (onDemandAllowed && s.getValue().equals("on-demand")) {
        return Billing.onDemand(at);
      }
      error(
          at,
          "expected "
              + (onDemandAllowed ? "on-demand or " : "")
              + "{read: N, write: N} (provisioned capacity"
              + " units) for the "
              + what
              + " but found '"
              + s.getValue()
              + "'");
      return Billing.onDemand(at);
    }
    var c = YamlMap.of(file, n, "{read: N, write: N}", problems);
    if (c.isEmpty()) {
      return Billing.onDemand(at);
    }
    YamlMap m = c.get().allow(CAPACITY, what);
    long read =
        m.scalar("read", "provisioned read capacity units, such as 500", true)
            .map(
                v ->
                    whole(v, m.valueLocation("read"), "read capacity units", 1, MAX_CAPACITY_UNITS))
            .orElse(1L);
    long write =
        m.scalar("write", "provisioned write capacity units, such as 200", true)
            .map(
                v ->
                    whole(
                        v, m.valueLocation("write"), "write capacity units", 1, MAX_CAPACITY_UNITS))
            .orElse(1L);
    return new Billing(false, read, write, at);
  }

  private Optional<ItemType> item(
      String name, YamlMap x, Location at, Map<String, Entity> entities) {
    String entityName = x.scalar("entity", "an entity name", false).orElse(name);
    Entity e = entities.get(entityName);
    if (e == null) {
      Location where = x.has("entity") ? x.valueLocation("entity") : at;
      x.error(
          where,
          "no entity named '"
              + entityName
              + "'"
              + Suggest.closest(entityName, entities.keySet())
                  .map(s -> " (did you mean '" + s + "'?)")
                  .orElse("")
              + (x.has("entity")
                  ? ""
                  : "; an item type stores the entity of its name unless it says 'entity:'"));
      return Optional.empty();
    }
    Map<String, KeyTemplate> keys = new LinkedHashMap<>();
    Map<String, Location> withoutAt = new LinkedHashMap<>();
    if (!x.has("keys")) {
      x.error(
          at,
          "item type '"
              + name
              + "' has no 'keys': give each key attribute's template, such as"
              + " {PK: \"C#{customer_id}\", SK: PROFILE}");
    }
    x.node("keys")
        .flatMap(n -> YamlMap.of(file, n, "key templates by attribute", problems))
        .ifPresent(
            k -> {
              for (String attr : k.keys()) {
                Node v = k.node(attr).get();
                if (v instanceof ScalarNode sn
                    && (sn.getTag().equals(Tag.NULL)
                        || sn.getScalarStyle() == ScalarStyle.PLAIN && sn.getValue().equals("~"))) {
                  // `GSI1PK: ~` (or null): the item type does not carry this key attribute, so it
                  // is in no index keyed by it, though its entity has an attribute of that name.
                  // The reader's YAML 1.2 JSON schema reads a plain ~ as text; "~" quoted stays
                  // a literal template.
                  withoutAt.put(attr, k.keyLocation(attr));
                  continue;
                }
                k.scalarOf(v, "a key template such as \"C#{customer_id}\"")
                    .ifPresent(
                        text -> {
                          KeyTemplate tpl =
                              KeyTemplate.parse(attr, text, source.of(v, text), problems);
                          for (KeyTemplate.Part p : tpl.parts()) {
                            if (p instanceof KeyTemplate.Placeholder ph
                                && e.attribute(ph.attribute()).isEmpty()) {
                              problems.add(
                                  new Diagnostic(
                                      ph.location(),
                                      EntityReader.unknownAttribute(
                                          e.name(), ph.attribute(), e.attributes().keySet())));
                            }
                          }
                          keys.put(attr, tpl);
                        });
              }
            });
    List<StoredAttribute> stored = new ArrayList<>();
    boolean all = !x.has("attributes");
    if (x.has("attributes")) {
      Node n = x.node("attributes").get();
      if (n instanceof SequenceNode) {
        for (Node a : ((SequenceNode) n).getValue()) {
          x.scalarOf(a, "an attribute name")
              .ifPresent(
                  s -> {
                    checkAttribute(e, s, YamlMap.location(file, a));
                    stored.add(
                        new StoredAttribute(
                            s, Optional.empty(), OptionalLong.empty(), YamlMap.location(file, a)));
                  });
        }
      } else {
        YamlMap.of(file, n, "a list of attributes or a mapping attribute: DynamoDB type", problems)
            .ifPresent(
                am -> {
                  for (String s : am.keys()) {
                    checkAttribute(e, s, am.keyLocation(s));
                    stored.add(stored(s, am.node(s).get(), am.keyLocation(s)));
                  }
                });
      }
    }
    return Optional.of(new ItemType(name, entityName, keys, stored, all, withoutAt, at));
  }

  private void checkAttribute(Entity e, String attr, Location at) {
    if (e.attribute(attr).isEmpty()) {
      error(at, EntityReader.unknownAttribute(e.name(), attr, e.attributes().keySet()));
    }
  }

  private StoredAttribute stored(String name, Node n, Location at) {
    if (n instanceof ScalarNode s) {
      return new StoredAttribute(
          name, dynamoType(s.getValue(), YamlMap.location(file, n)), OptionalLong.empty(), at);
    }
    var m0 = YamlMap.of(file, n, "a DynamoDB type (S, N, …) or {type: N, size: 8B}", problems);
    if (m0.isEmpty()) {
      return new StoredAttribute(name, Optional.empty(), OptionalLong.empty(), at);
    }
    YamlMap m = m0.get().allow(STORED, "attribute '" + name + "'");
    Optional<String> type =
        m.scalar("type", "a DynamoDB type", false)
            .flatMap(t -> dynamoType(t, m.valueLocation("type")));
    OptionalLong size =
        m.scalar("size", "a size such as 8B", false)
            .map(
                s -> {
                  var b = Quantities.bytes(s);
                  if (b.isEmpty() || b.getAsLong() <= 0 || b.getAsLong() > 409_600) {
                    m.error(
                        m.valueLocation("size"),
                        "expected a value size from 1B to 400KiB such as 8B but found '" + s + "'");
                    return OptionalLong.empty();
                  }
                  return b;
                })
            .orElse(OptionalLong.empty());
    // DynamoDB takes any attribute name of 1 to 64 KB of UTF-8 (AWS DG, "Quotas", attribute
    // names); one that is no identifier (follower#) is stored under it while the model keeps an
    // identifier for queries and templates.
    Optional<String> storedName = m.scalar("name", "the attribute's name in DynamoDB", false);
    if (storedName.isPresent() && storedName.get().isEmpty()) {
      m.error(m.valueLocation("name"), "an attribute's name in DynamoDB cannot be empty");
      storedName = Optional.empty();
    }
    return new StoredAttribute(name, type, size, storedName, at);
  }

  private Optional<String> dynamoType(String t, Location at) {
    if (TYPES.contains(t)) {
      return Optional.of(t);
    }
    error(
        at,
        "unknown DynamoDB type '"
            + t
            + "'"
            + Suggest.closest(t, TYPES).map(s -> " (did you mean '" + s + "'?)").orElse("")
            + "; expected one of S, N, B, BOOL, NULL, L, M, SS, NS, BS");
    return Optional.empty();
  }

  /** Reads an attribute name, reporting an empty one. */
  private Optional<String> name(YamlMap x, String key, String expected, boolean required) {
    Optional<String> n = x.scalar(key, expected, required);
    if (n.isPresent() && n.get().isBlank()) {
      x.error(x.valueLocation(key), "expected " + expected + " but found an empty value");
      return Optional.empty();
    }
    return n;
  }

  /** Reads one name or a list of names. */
  private List<String> names(YamlMap x, String key, String expected) {
    List<String> out = new ArrayList<>();
    Optional<Node> n = x.node(key);
    if (n.isEmpty()) {
      return out;
    }
    if (n.get() instanceof SequenceNode) {
      for (Node a : x.sequence(key, expected)) {
        x.scalarOf(a, "an attribute name").ifPresent(out::add);
      }
    } else {
      x.scalar(key, expected, false).ifPresent(out::add);
    }
    return out;
  }

  private double share(String s, Location at) {
    var v = Quantities.share(s);
    if (v.isEmpty() || v.getAsDouble() <= 0 || v.getAsDouble() > 1) {
      error(
          at,
          "expected a share of the peak rates between 0% and 100%, such as 40%, but found '"
              + s
              + "'");
      return 1.0;
    }
    return v.getAsDouble();
  }

  private void error(Location at, String message) {
    problems.add(new Diagnostic(at, message));
  }
}
