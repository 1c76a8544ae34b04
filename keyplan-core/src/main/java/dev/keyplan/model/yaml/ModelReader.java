package dev.keyplan.model.yaml;

import dev.keyplan.model.AccessPattern;
import dev.keyplan.model.Attribute;
import dev.keyplan.model.CassandraDesign;
import dev.keyplan.model.Diagnostic;
import dev.keyplan.model.Entity;
import dev.keyplan.model.InputException;
import dev.keyplan.model.Location;
import dev.keyplan.model.Model;
import dev.keyplan.model.Operation;
import dev.keyplan.model.OperationParser;
import dev.keyplan.model.Quantities;
import dev.keyplan.model.Spread;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.Set;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.composer.Composer;
import org.snakeyaml.engine.v2.exceptions.MarkedYamlEngineException;
import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.NodeTuple;
import org.snakeyaml.engine.v2.nodes.ScalarNode;
import org.snakeyaml.engine.v2.parser.ParserImpl;
import org.snakeyaml.engine.v2.scanner.StreamReader;

/**
 * Reads a workload model file (format: docs/model.md) into a {@link Model}.
 *
 * <p>Every problem in the file is collected with its line and column and thrown at the end as one
 * {@link InputException}: unknown keys (with a did-you-mean), wrong types, numbers out of range,
 * and references to entities or attributes that do not exist. Nothing is defaulted silently: a value
 * that is present but wrong is an error, and each documented default is listed in docs/model.md.
 */
public final class ModelReader {
  /** Largest rate accepted: a billion requests per second is beyond any single system. */
  static final double MAX_RATE = 1e9;
  /** Largest attribute size accepted: Cassandra's cell limit is 2 GB (CQL reference, "blob"). */
  static final long MAX_SIZE = 2_000_000_000L;
  /** Most elements a collection attribute may average: Cassandra caps a collection at 2 billion, a
   * million is beyond any collection that reads well. */
  static final long MAX_ITEMS = 1_000_000;
  /** Longest horizon accepted. */
  static final long MAX_HORIZON = 100L * 365 * 86_400;

  static final Set<String> TOP = Set.of("model", "horizon", "entities", "patterns", "cassandra",
      "scylladb", "dynamodb", "mongodb");
  static final Set<String> ENTITY = Set.of("attributes", "count", "growth", "key", "spread", "says");
  static final Set<String> ATTRIBUTE = Set.of("type", "size", "items", "time_ordered", "values", "copy_of");
  static final Set<String> SPREAD = Set.of("distinct", "busiest", "distribution");
  static final Set<String> OPERATIONS = Set.of("query", "insert", "upsert", "update", "delete", "increment");
  static final Set<String> PATTERN;
  static final Set<String> CASSANDRA = Set.of("schema", "keyspace", "consistency", "derived", "tables",
      "node_budget", "round_trip", "shards");
  static final Set<String> CONSISTENCY_LEVELS = Set.of("ANY", "ONE", "TWO", "THREE", "QUORUM",
      "LOCAL_QUORUM", "EACH_QUORUM", "ALL", "LOCAL_ONE", "SERIAL", "LOCAL_SERIAL");
  static final Set<String> TYPES = Set.of("ascii", "bigint", "blob", "boolean", "counter", "date",
      "decimal", "double", "duration", "float", "inet", "int", "smallint", "text", "time",
      "timestamp", "timeuuid", "tinyint", "uuid", "varchar", "varint", "list", "set", "map",
      "frozen", "tuple", "vector");
  static final Set<String> FIXED_TYPES = Set.of("bigint", "boolean", "counter", "date", "double",
      "float", "int", "smallint", "time", "timestamp", "timeuuid", "tinyint", "uuid", "inet");

  static {
    var p = new java.util.HashSet<>(Set.of("id", "says", "rate", "consistency", "expects", "batch", "spread"));
    p.addAll(OPERATIONS);
    PATTERN = Set.copyOf(p);
  }

  /**
   * Planning default for {@code node_budget}: 20,000 operations/s per node, the low end of the
   * 20,000–100,000 ops/s per node that cassandra-stress write tests are expected to reach (AxonOps,
   * "Cassandra Benchmarking", docs.axonops.com, read 2026-12). A planning figure, not a limit: set
   * your own from a cassandra-stress run on your hardware.
   */
  public static final double DEFAULT_NODE_BUDGET = 20_000;
  /** Default coordinator–replica round trip in one datacenter, for Paxos cost: 1 ms. */
  public static final double DEFAULT_ROUND_TRIP_MILLIS = 1.0;

  private final String file;
  private final SourceSpan source;
  private final List<Diagnostic> problems = new ArrayList<>();

  private ModelReader(String file, String source) {
    this.file = file;
    this.source = new SourceSpan(file, source);
  }

  /** Reads the model at {@code path}; a missing or unreadable file is an input error. */
  public static Model read(Path path) {
    String text;
    try {
      text = Files.readString(path, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new InputException(new Location(path.toString(), 0, 0),
          "cannot read the model file: " + (e instanceof java.nio.file.NoSuchFileException ? "no such file" : e.getMessage()));
    }
    // Paths in the model are relative to its folder, and printed as the user would write them.
    return read(path.toString(), text, Optional.ofNullable(path.getParent()).orElse(Path.of("")));
  }

  /** Reads model text; {@code baseDir} resolves the relative paths it names (the CQL schema). */
  public static Model read(String file, String text, Path baseDir) {
    return new ModelReader(file, text).parse(text, baseDir);
  }

  private Model parse(String text, Path baseDir) {
    Node root;
    try {
      var settings = LoadSettings.builder().setLabel(file).build();
      var composer = new Composer(settings, new ParserImpl(settings, new StreamReader(settings, text)));
      if (!composer.hasNext()) {
        throw new InputException(new Location(file, 1, 1), "the model file is empty; expected 'model:', 'entities:' and 'patterns:'");
      }
      root = composer.next();
    } catch (MarkedYamlEngineException e) {
      Location at = e.getProblemMark()
          .map(m -> new Location(file, m.getLine() + 1, m.getColumn() + 1))
          .orElse(new Location(file, 0, 0));
      throw new InputException(at, "not valid YAML: " + e.getProblem());
    }
    var top = YamlMap.of(file, root, "a model (model:, horizon:, entities:, patterns:)", problems);
    if (top.isEmpty()) {
      throw new InputException(problems);
    }
    YamlMap m = top.get().allow(TOP, "the model");
    String name = m.scalar("model", "the model's name (model: chat)", true).orElse("");
    if (m.has("model") && name.isBlank()) {
      m.error(m.valueLocation("model"), "expected the model's name (model: chat)");
    }
    long horizon = m.scalar("horizon", "a sizing horizon such as 1y or 90d", true)
        .map(s -> duration(s, m.valueLocation("horizon"), "a sizing horizon such as 1y or 90d", MAX_HORIZON))
        .orElse(0L);
    Map<String, Entity> entities = entities(m);
    List<AccessPattern> patterns = patterns(m, entities);
    for (String store : List.of("dynamodb", "mongodb")) {
      if (m.has(store)) {
        m.error(m.keyLocation(store), "the " + store + " design is not supported by this version of keyplan yet;"
            + " remove the '" + store + ":' section to check the other stores");
      }
    }
    if (m.has("cassandra") && m.has("scylladb")) {
      m.error(m.keyLocation("scylladb"), "a model has one of 'cassandra:' or 'scylladb:', not both");
    }
    Optional<CassandraDesign> cassandra = Optional.empty();
    for (String engine : List.of("cassandra", "scylladb")) {
      if (m.has(engine)) {
        cassandra = cassandra(m, engine, baseDir, entities);
      }
    }
    if (!problems.isEmpty()) {
      throw new InputException(sorted());
    }
    return new Model(name, file, horizon, entities, patterns, cassandra, m.location());
  }

  private List<Diagnostic> sorted() {
    var list = new ArrayList<>(problems);
    list.sort(java.util.Comparator.comparingInt((Diagnostic d) -> d.location().line())
        .thenComparingInt(d -> d.location().column()));
    return list;
  }

  // ---------------------------------------------------------------- entities

  private Map<String, Entity> entities(YamlMap m) {
    Map<String, Entity> out = new LinkedHashMap<>();
    if (!m.has("entities")) {
      m.error(m.location(), "missing 'entities': expected the entities the patterns read and write");
      return out;
    }
    var entities = YamlMap.of(file, m.node("entities").get(), "entities by name", problems);
    if (entities.isEmpty()) {
      return out;
    }
    for (String name : entities.get().keys()) {
      Node n = entities.get().node(name).get();
      YamlMap.of(file, n, "the entity '" + name + "' (attributes:, count:, growth:, spread:)", problems)
          .ifPresent(e -> out.put(name, entity(name, e.allow(ENTITY, "entity '" + name + "'"), entities.get().keyLocation(name))));
    }
    return out;
  }

  private Entity entity(String name, YamlMap e, Location at) {
    Map<String, Attribute> attributes = new LinkedHashMap<>();
    if (!e.has("attributes")) {
      e.error(at, "entity '" + name + "' has no 'attributes'");
    } else {
      YamlMap.of(file, e.node("attributes").get(), "attributes by name", problems).ifPresent(a -> {
        for (String attr : a.keys()) {
          attribute(attr, a.node(attr).get(), a.keyLocation(attr)).ifPresent(x -> attributes.put(attr, x));
        }
      });
    }
    double count = e.scalar("count", "a row count such as 10M", false)
        .map(s -> count(s, e.valueLocation("count"), "a row count such as 10M or 0"))
        .orElse(0.0);
    double growth = e.scalar("growth", "a rate such as 50k/s or 1M/day", false)
        .map(s -> rate(s, e.valueLocation("growth"), "a growth rate such as 50k/s or 1M/day", true))
        .orElse(0.0);
    List<String> key = new ArrayList<>();
    for (Node k : e.sequence("key", "a list of attribute names ([user_id])")) {
      e.scalarOf(k, "an attribute name").ifPresent(s -> {
        if (!attributes.containsKey(s)) {
          e.error(YamlMap.location(file, k), unknownAttribute(name, s, attributes.keySet()));
        }
        key.add(s);
      });
    }
    Map<String, Spread> spread = new LinkedHashMap<>();
    e.node("spread").flatMap(n -> YamlMap.of(file, n, "spreads by attribute name", problems)).ifPresent(s -> {
      for (String attr : s.keys()) {
        if (!attributes.containsKey(attr)) {
          s.error(s.keyLocation(attr), unknownAttribute(name, attr, attributes.keySet()));
        }
        spread(attr, s.node(attr).get(), s.keyLocation(attr), growth, "the entity's growth")
            .ifPresent(x -> spread.put(attr, x));
      }
    });
    return new Entity(name, attributes, count, growth, key, spread, at);
  }

  private static String unknownAttribute(String entity, String attr, Set<String> known) {
    return "entity '" + entity + "' has no attribute '" + attr + "'"
        + Suggest.closest(attr, known).map(s -> " (did you mean '" + s + "'?)").orElse("");
  }

  private Optional<Attribute> attribute(String name, Node n, Location at) {
    if (n instanceof ScalarNode) {
      String type = ((ScalarNode) n).getValue().trim();
      // An unknown type is reported once; the attribute stays so references to it are not errors too.
      if (checkType(type, YamlMap.location(file, n)) && !isFixed(type)) {
        problems.add(new Diagnostic(YamlMap.location(file, n), "attribute '" + name + "' of type " + type
            + " needs an average size: write {type: " + type + ", size: 40B}"));
      }
      return Optional.of(new Attribute(name, type, OptionalLong.empty(), 1, false, List.of(), Optional.empty(), at));
    }
    var a = YamlMap.of(file, n, "a type (bigint) or {type: text, size: 200B}", problems);
    if (a.isEmpty()) {
      return Optional.empty();
    }
    YamlMap m = a.get().allow(ATTRIBUTE, "attribute '" + name + "'");
    String type = m.scalar("type", "a CQL type such as text or bigint", true).orElse("");
    if (!type.isEmpty() && !checkType(type, m.valueLocation("type"))) {
      type = "";
    }
    OptionalLong size = m.scalar("size", "a size such as 200B or 3KB", false)
        .map(s -> {
          var b = Quantities.bytes(s);
          if (b.isEmpty() || b.getAsLong() <= 0 || b.getAsLong() > MAX_SIZE) {
            m.error(m.valueLocation("size"), "expected a size between 1B and 2GB such as 200B or 3KB but found '" + s + "'");
            return OptionalLong.empty();
          }
          return b;
        })
        .orElse(OptionalLong.empty());
    int items = (int) m.scalar("items", "the average number of elements", false)
        .map(s -> whole(s, m.valueLocation("items"), "the average number of elements, such as 10", 1, MAX_ITEMS))
        .orElse(1L).longValue();
    boolean timeOrdered = m.scalar("time_ordered", "true or false", false)
        .map(s -> bool(s, m.valueLocation("time_ordered")))
        .orElse(false);
    List<String> values = new ArrayList<>();
    for (Node v : m.sequence("values", "a list of the enumeration's values")) {
      m.scalarOf(v, "a value").ifPresent(values::add);
    }
    Optional<String> copyOf = m.scalar("copy_of", "Entity.attribute", false);
    if (copyOf.isPresent() && !copyOf.get().matches("[A-Za-z_][A-Za-z0-9_]*\\.[A-Za-z_][A-Za-z0-9_]*")) {
      m.error(m.valueLocation("copy_of"), "expected Entity.attribute (such as Author.name) but found '" + copyOf.get() + "'");
      copyOf = Optional.empty();
    }
    if (!type.isEmpty() && !isFixed(type) && !m.has("size") && values.isEmpty()) {
      m.error(m.location(), "attribute '" + name + "' of type " + type + " needs an average size (size: 40B)");
    }
    if (size.isEmpty() && !values.isEmpty()) {
      // An enumeration's average size is the average UTF-8 length of its values.
      size = OptionalLong.of(Math.round(values.stream()
          .mapToInt(v -> v.getBytes(StandardCharsets.UTF_8).length).average().orElse(0)));
    }
    return Optional.of(new Attribute(name, type, size, items, timeOrdered, values, copyOf, at));
  }

  private boolean checkType(String type, Location at) {
    String base = type.toLowerCase(Locale.ROOT).replaceAll("<.*", "").trim();
    if (!TYPES.contains(base)) {
      problems.add(new Diagnostic(at, "unknown type '" + type + "'"
          + Suggest.closest(base, TYPES).map(s -> " (did you mean '" + s + "'?)").orElse("")
          + "; expected a CQL type such as text, bigint, uuid, timestamp or list<text>"));
      return false;
    }
    return true;
  }

  static boolean isFixed(String type) {
    return FIXED_TYPES.contains(type.toLowerCase(Locale.ROOT).trim());
  }

  private Optional<Spread> spread(String attr, Node n, Location at, double growth, String whole) {
    var s = YamlMap.of(file, n, "a spread such as {distinct: 10M, busiest: 100/s}", problems);
    if (s.isEmpty()) {
      return Optional.empty();
    }
    YamlMap m = s.get().allow(SPREAD, "the spread of '" + attr + "'");
    OptionalDouble distinct = m.scalar("distinct", "a count of distinct values such as 10M", false)
        .map(v -> {
          double d = count(v, m.valueLocation("distinct"), "a count of distinct values such as 10M");
          if (d < 1 && d >= 0) {
            m.error(m.valueLocation("distinct"), "expected at least 1 distinct value but found '" + v + "'");
          }
          return OptionalDouble.of(d);
        })
        .orElse(OptionalDouble.empty());
    OptionalDouble busiestRate = OptionalDouble.empty();
    OptionalDouble busiestShare = OptionalDouble.empty();
    var busiest = m.scalar("busiest", "a rate (100/s) or a share (2%)", false);
    if (busiest.isPresent()) {
      String b = busiest.get();
      Location bl = m.valueLocation("busiest");
      if (b.trim().endsWith("%")) {
        var share = Quantities.share(b);
        if (share.isEmpty() || share.getAsDouble() <= 0 || share.getAsDouble() > 1) {
          m.error(bl, "expected a share between 0% and 100% but found '" + b + "'");
        } else {
          busiestShare = share;
        }
      } else {
        double r = rate(b, bl, "the busiest value's rate (100/s) or share (2%)", false);
        busiestRate = OptionalDouble.of(r);
        if (growth > 0 && r > growth) {
          m.error(bl, "the busiest value takes " + b + ", more than " + whole + "; expected at most that rate");
        }
      }
    }
    OptionalDouble zipf = OptionalDouble.empty();
    var dist = m.scalar("distribution", "uniform or zipf(s)", false);
    if (dist.isPresent()) {
      String d = dist.get().trim().toLowerCase(Locale.ROOT);
      var mz = java.util.regex.Pattern.compile("zipf\\(\\s*([0-9]+(?:\\.[0-9]+)?)\\s*\\)").matcher(d);
      if (mz.matches()) {
        double s0 = Double.parseDouble(mz.group(1));
        if (s0 <= 0 || s0 > 10) {
          m.error(m.valueLocation("distribution"), "expected a zipf exponent between 0 and 10 but found " + mz.group(1));
        }
        zipf = OptionalDouble.of(s0);
        if (distinct.isEmpty()) {
          m.error(m.valueLocation("distribution"), "a zipf distribution needs 'distinct' (the number of values)");
        }
      } else if (!d.equals("uniform")) {
        m.error(m.valueLocation("distribution"), "expected 'uniform' or 'zipf(s)' such as zipf(1.1) but found '" + dist.get() + "'");
      }
    }
    return Optional.of(new Spread(attr, distinct, busiestRate, busiestShare, zipf, at));
  }

  // ---------------------------------------------------------------- patterns

  private List<AccessPattern> patterns(YamlMap m, Map<String, Entity> entities) {
    List<AccessPattern> out = new ArrayList<>();
    if (!m.has("patterns")) {
      m.error(m.location(), "missing 'patterns': expected the access patterns with their rates");
      return out;
    }
    Map<String, Location> ids = new LinkedHashMap<>();
    for (Node n : m.sequence("patterns", "a list of access patterns (- id: …)")) {
      YamlMap.of(file, n, "an access pattern (id:, rate:, and one of query:, insert:, update:, delete:)", problems)
          .ifPresent(p -> pattern(p.allow(PATTERN, "a pattern"), entities, ids).ifPresent(out::add));
    }
    return out;
  }

  private Optional<AccessPattern> pattern(YamlMap p, Map<String, Entity> entities, Map<String, Location> ids) {
    String id = p.scalar("id", "a short pattern id such as latest-messages", true).orElse("");
    if (p.has("id") && id.isBlank()) {
      p.error(p.valueLocation("id"), "expected a short pattern id such as latest-messages");
    } else if (!id.isEmpty()) {
      Location prev = ids.putIfAbsent(id, p.valueLocation("id"));
      if (prev != null) {
        p.error(p.valueLocation("id"), "duplicate pattern id '" + id + "' (first at " + prev + ")");
      }
    }
    String says = p.scalar("says", "a sentence", false).orElse("");
    double rate = p.scalar("rate", "a rate such as 20k/s", true)
        .map(s -> rate(s, p.valueLocation("rate"), "a rate such as 20k/s, 300/min or 1M/day", false))
        .orElse(0.0);
    Optional<? extends Operation> op = operation(p, entities);
    boolean isRead = p.has("query");
    Optional<String> consistency = p.scalar("consistency", "a consistency level such as LOCAL_QUORUM", false)
        .flatMap(c -> consistencyLevel(c, p.valueLocation("consistency"), isRead ? "read" : "write"));
    boolean ryw = false;
    Optional<String> expects = p.scalar("expects", "read-your-writes", false);
    if (expects.isPresent()) {
      if (expects.get().equals("read-your-writes")) {
        ryw = true;
      } else {
        p.error(p.valueLocation("expects"), "expected 'read-your-writes' but found '" + expects.get() + "'");
      }
    }
    AccessPattern.Batch batch = AccessPattern.Batch.NONE;
    Optional<String> b = p.scalar("batch", "logged or unlogged", false);
    if (b.isPresent()) {
      if (b.get().equals("logged") || b.get().equals("unlogged")) {
        batch = AccessPattern.Batch.valueOf(b.get().toUpperCase(Locale.ROOT));
      } else {
        p.error(p.valueLocation("batch"), "expected 'logged' or 'unlogged' but found '" + b.get() + "'");
      }
      if (isRead) {
        p.error(p.keyLocation("batch"), "'batch' applies to writes; this pattern is a query");
      }
    }
    Map<String, Spread> spread = new LinkedHashMap<>();
    Optional<Entity> entity = op.flatMap(o -> Optional.ofNullable(entities.get(o.entity())));
    final double patternRate = rate;
    p.node("spread").flatMap(n -> YamlMap.of(file, n, "spreads by attribute name", problems)).ifPresent(s -> {
      for (String attr : s.keys()) {
        if (entity.isPresent() && entity.get().attribute(attr).isEmpty()) {
          s.error(s.keyLocation(attr), unknownAttribute(entity.get().name(), attr, entity.get().attributes().keySet()));
        }
        spread(attr, s.node(attr).get(), s.keyLocation(attr), patternRate, "the pattern's rate")
            .ifPresent(x -> spread.put(attr, x));
      }
    });
    if (op.isEmpty() || id.isBlank()) {
      return Optional.empty();
    }
    return Optional.of(new AccessPattern(id, says, rate, op.get(), consistency, ryw, batch, spread, p.location()));
  }

  /** Reads the pattern's one operation; a missing, doubled or unreadable one is reported and empty. */
  private Optional<? extends Operation> operation(YamlMap p, Map<String, Entity> entities) {
    List<String> ops = p.keys().stream().filter(OPERATIONS::contains).toList();
    if (ops.size() != 1) {
      p.error(ops.isEmpty() ? p.location() : p.keyLocation(ops.get(1)),
          "a pattern has exactly one of query:, insert:, upsert:, update:, delete:, increment:"
              + (ops.isEmpty() ? "" : " (found " + String.join(" and ", ops) + ")"));
      return Optional.empty();
    }
    String opKey = ops.get(0);
    Node opNode = p.node(opKey).get();
    Optional<String> opText = p.scalarOf(opNode, "the operation as text, such as 'Message where channel_id = ?'");
    if (opText.isEmpty()) {
      return Optional.empty();
    }
    var locator = source.of(opNode, opText.get());
    Optional<? extends Operation> op = opKey.equals("query")
        ? OperationParser.read(opText.get(), locator, problems)
        : OperationParser.write(Operation.Kind.valueOf(opKey.toUpperCase(Locale.ROOT)), opText.get(), locator, problems);
    op.ifPresent(o -> checkReferences(o, entities));
    return op;
  }

  private void checkReferences(Operation op, Map<String, Entity> entities) {
    Entity e = entities.get(op.entity());
    if (e == null) {
      problems.add(new Diagnostic(op.locationOf(op.entity()), "no entity named '" + op.entity() + "'"
          + Suggest.closest(op.entity(), entities.keySet()).map(s -> " (did you mean '" + s + "'?)").orElse("")));
      return;
    }
    List<String> names = new ArrayList<>();
    for (Operation.Condition c : op.where()) {
      if (e.attribute(c.attribute()).isEmpty()) {
        problems.add(new Diagnostic(c.location(), unknownAttribute(e.name(), c.attribute(), e.attributes().keySet())));
      }
    }
    if (op instanceof Operation.Read) {
      var r = (Operation.Read) op;
      names.addAll(r.select());
      r.orderBy().forEach(o -> names.add(o.attribute()));
    } else {
      names.addAll(((Operation.Write) op).set());
    }
    for (String n : names) {
      if (e.attribute(n).isEmpty()) {
        problems.add(new Diagnostic(op.locationOf(n), unknownAttribute(e.name(), n, e.attributes().keySet())));
      }
    }
    if (op instanceof Operation.Write && ((Operation.Write) op).kind() == Operation.Kind.INCREMENT) {
      String counter = ((Operation.Write) op).set().get(0);
      e.attribute(counter).filter(a -> !a.type().equalsIgnoreCase("counter")).ifPresent(a ->
          problems.add(new Diagnostic(op.location(), "increment needs a counter attribute; '" + counter + "' is " + a.type())));
    }
  }

  // ---------------------------------------------------------------- cassandra

  private Optional<CassandraDesign> cassandra(YamlMap m, String engine, Path baseDir, Map<String, Entity> entities) {
    var c0 = YamlMap.of(file, m.node(engine).get(), "the " + engine + " design (schema:, consistency:, derived:)", problems);
    if (c0.isEmpty()) {
      return Optional.empty();
    }
    YamlMap c = c0.get().allow(CASSANDRA, "the " + engine + " design");
    Optional<String> schema = c.scalar("schema", "the CQL schema file, such as chat.cql", true);
    Optional<String> keyspace = c.scalar("keyspace", "a keyspace name", false);
    String read = "LOCAL_QUORUM";
    String write = "LOCAL_QUORUM";
    Location readAt = c.keyLocation("consistency");
    Location writeAt = readAt;
    if (c.has("consistency")) {
      var cl = YamlMap.of(file, c.node("consistency").get(), "{read: LEVEL, write: LEVEL}", problems);
      if (cl.isPresent()) {
        cl.get().allow(Set.of("read", "write"), "consistency");
        read = cl.get().scalar("read", "a consistency level", false)
            .flatMap(s -> consistencyLevel(s, cl.get().valueLocation("read"), "read")).orElse(read);
        write = cl.get().scalar("write", "a consistency level", false)
            .flatMap(s -> consistencyLevel(s, cl.get().valueLocation("write"), "write")).orElse(write);
        readAt = cl.get().valueLocation("read");
        writeAt = cl.get().valueLocation("write");
      }
    }
    Map<String, CassandraDesign.Derived> derived = new LinkedHashMap<>();
    c.node("derived").flatMap(n -> YamlMap.of(file, n, "derived columns by table.column", problems)).ifPresent(d -> {
      for (String key : d.keys()) {
        derived(key, d, entities).ifPresent(x -> derived.put(key, x));
      }
    });
    Map<String, String> tables = new LinkedHashMap<>();
    c.node("tables").flatMap(n -> YamlMap.of(file, n, "the entity each table stores (table: Entity)", problems)).ifPresent(t -> {
      for (String table : t.keys()) {
        t.scalar(table, "an entity name", true).ifPresent(ent -> {
          if (!entities.containsKey(ent)) {
            t.error(t.valueLocation(table), "no entity named '" + ent + "'"
                + Suggest.closest(ent, entities.keySet()).map(s -> " (did you mean '" + s + "'?)").orElse(""));
          }
          tables.put(table, ent);
        });
      }
    });
    double budget = c.scalar("node_budget", "operations per second one node serves, such as 20k/s", false)
        .map(s -> rate(s, c.valueLocation("node_budget"), "operations per second one node serves, such as 20k/s", false))
        .orElse(DEFAULT_NODE_BUDGET);
    double rtt = c.scalar("round_trip", "a round trip such as 1ms", false)
        .map(s -> millis(s, c.valueLocation("round_trip")))
        .orElse(DEFAULT_ROUND_TRIP_MILLIS);
    int shards = 0;
    if (engine.equals("scylladb")) {
      shards = (int) c.scalar("shards", "shards (cores) per node, such as 8", true)
          .map(s -> whole(s, c.valueLocation("shards"), "shards (cores) per node, such as 8", 1, 1024))
          .orElse(0L).longValue();
    } else if (c.has("shards")) {
      c.error(c.keyLocation("shards"), "'shards' applies to ScyllaDB; write the section as 'scylladb:' to check shard heat");
    }
    if (schema.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(new CassandraDesign(engine, baseDir.resolve(schema.get()).normalize(), c.valueLocation("schema"),
        keyspace, read, readAt, write, writeAt, derived, tables, budget, rtt, shards, c.location()));
  }

  private Optional<CassandraDesign.Derived> derived(String key, YamlMap d, Map<String, Entity> entities) {
    Location at = d.keyLocation(key);
    int dot = key.indexOf('.');
    if (dot <= 0 || dot == key.length() - 1) {
      d.error(at, "expected table.column (such as messages_by_channel.bucket) but found '" + key + "'");
      return Optional.empty();
    }
    var v = YamlMap.of(file, d.node(key).get(), "{window: 10m, of: attribute} or {shards: 16}", problems);
    if (v.isEmpty()) {
      return Optional.empty();
    }
    YamlMap m = v.get().allow(Set.of("window", "of", "shards"), "derived column '" + key + "'");
    long window = m.scalar("window", "a bucket width such as 10m or 1d", false)
        .map(s -> duration(s, m.valueLocation("window"), "a bucket width such as 10m or 1d", MAX_HORIZON))
        .orElse(0L);
    Optional<String> of = m.scalar("of", "the time-ordered attribute the bucket is computed from", false);
    int shards = (int) m.scalar("shards", "the number of shard suffix values, such as 16", false)
        .map(s -> whole(s, m.valueLocation("shards"), "the number of shard suffix values, such as 16", 1, 1_000_000))
        .orElse(0L).longValue();
    if ((window > 0) == (shards > 0)) {
      m.error(at, "derived column '" + key + "' needs either {window: 10m, of: attribute} or {shards: N}");
    }
    if (window > 0 && of.isEmpty()) {
      m.error(at, "a time bucket needs 'of': the time-ordered attribute it is computed from");
    }
    if (of.isPresent() && entities.values().stream().noneMatch(e -> e.attribute(of.get()).isPresent())) {
      m.error(m.valueLocation("of"), "no entity has an attribute '" + of.get() + "'");
    }
    return Optional.of(new CassandraDesign.Derived(key.substring(0, dot), key.substring(dot + 1), window, of, shards, at));
  }

  // ---------------------------------------------------------------- scalars

  private Optional<String> consistencyLevel(String s, Location at) {
    return consistencyLevel(s, at, "");
  }

  /** Reads a level; {@code role} "read" rejects ANY, "write" rejects the serial levels, as Cassandra does. */
  private Optional<String> consistencyLevel(String s, Location at, String role) {
    String level = s.trim().toUpperCase(Locale.ROOT);
    if (role.equals("read") && level.equals("ANY")) {
      problems.add(new Diagnostic(at, "ANY applies to writes only; expected a read level such as LOCAL_QUORUM"));
      return Optional.empty();
    }
    if (role.equals("write") && (level.equals("SERIAL") || level.equals("LOCAL_SERIAL"))) {
      problems.add(new Diagnostic(at, level + " is the Paxos level of reads and of IF conditions;"
          + " expected a write level such as LOCAL_QUORUM"));
      return Optional.empty();
    }
    if (!CONSISTENCY_LEVELS.contains(level)) {
      problems.add(new Diagnostic(at, "unknown consistency level '" + s + "'"
          + Suggest.closest(level, CONSISTENCY_LEVELS).map(x -> " (did you mean '" + x + "'?)").orElse("")
          + "; expected one of ONE, LOCAL_ONE, QUORUM, LOCAL_QUORUM, EACH_QUORUM, ALL"));
      return Optional.empty();
    }
    return Optional.of(level);
  }

  private double rate(String s, Location at, String expected, boolean zeroAllowed) {
    var r = Quantities.perSecond(s);
    if (r.isEmpty()) {
      problems.add(new Diagnostic(at, "expected " + expected + " but found '" + s + "'"));
      return 0;
    }
    double v = r.getAsDouble();
    if ((v <= 0 && !zeroAllowed) || v > MAX_RATE) {
      problems.add(new Diagnostic(at, "expected " + expected + (zeroAllowed ? ", at least 0" : ", above 0")
          + " and at most 1B/s, but found '" + s + "'"));
    }
    return v;
  }

  /** Reads a whole number in [min, max], reporting anything else; returns min when unreadable. */
  private long whole(String s, Location at, String expected, long min, long max) {
    var c = Quantities.count(s);
    if (c.isEmpty() || c.getAsDouble() != Math.rint(c.getAsDouble()) || c.getAsDouble() < min || c.getAsDouble() > max) {
      problems.add(new Diagnostic(at, "expected " + expected + ", a whole number from " + min + " to "
          + java.text.NumberFormat.getIntegerInstance(Locale.ROOT).format(max) + ", but found '" + s + "'"));
      return min;
    }
    return (long) c.getAsDouble();
  }

  private double count(String s, Location at, String expected) {
    var c = Quantities.count(s);
    if (c.isEmpty() || c.getAsDouble() > 1e15) {
      problems.add(new Diagnostic(at, "expected " + expected + " but found '" + s + "'"));
      return 0;
    }
    return c.getAsDouble();
  }

  private long duration(String s, Location at, String expected, long max) {
    var d = Quantities.seconds(s);
    if (d.isEmpty() || d.getAsLong() <= 0 || d.getAsLong() > max) {
      problems.add(new Diagnostic(at, "expected " + expected + " (s, m, h, d, w, mo, y; at most 100y) but found '" + s + "'"));
      return 0;
    }
    return d.getAsLong();
  }

  private double millis(String s, Location at) {
    var m = java.util.regex.Pattern.compile("([0-9]+(?:\\.[0-9]+)?)\\s*(ms|us|s)").matcher(s.trim());
    if (!m.matches() || Double.parseDouble(m.group(1)) <= 0) {
      problems.add(new Diagnostic(at, "expected a round trip such as 1ms or 500us but found '" + s + "'"));
      return DEFAULT_ROUND_TRIP_MILLIS;
    }
    double v = Double.parseDouble(m.group(1));
    return m.group(2).equals("ms") ? v : m.group(2).equals("us") ? v / 1000 : v * 1000;
  }

  private boolean bool(String s, Location at) {
    // YAML 1.2's core schema: true, True, TRUE, false, False, FALSE.
    if (s.matches("true|True|TRUE|false|False|FALSE")) {
      return s.equalsIgnoreCase("true");
    }
    problems.add(new Diagnostic(at, "expected true or false but found '" + s + "'"));
    return false;
  }
}
