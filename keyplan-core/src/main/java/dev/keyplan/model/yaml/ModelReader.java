package dev.keyplan.model.yaml;

import dev.keyplan.input.Diagnostic;
import dev.keyplan.input.InputException;
import dev.keyplan.input.SourceSpan;
import dev.keyplan.input.TextInput;
import dev.keyplan.input.YamlChecks;
import dev.keyplan.input.YamlMap;
import dev.keyplan.model.AccessPattern;
import dev.keyplan.model.Entity;
import dev.keyplan.model.Model;
import dev.keyplan.model.StoreDesign;
import dev.keyplan.model.StoreId;
import dev.keyplan.store.Stores;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.snakeyaml.engine.v2.nodes.Node;

/**
 * Reads a workload model file (format: docs/model.md) into a {@link Model}.
 *
 * <p>Every problem in the file is collected with its line and column and thrown at the end as one
 * {@link InputException}: unknown keys (with a did-you-mean), wrong types, numbers out of range,
 * and references to entities or attributes that do not exist. Nothing is defaulted silently: a
 * value that is present but wrong is an error, and each documented default is listed in
 * docs/model.md.
 */
public final class ModelReader extends SectionReader {
  /** Largest rate accepted: a billion requests per second is beyond any single system. */
  static final double MAX_RATE = 1e9;

  /** Largest attribute size accepted: Cassandra's cell limit is 2 GB (CQL reference, "blob"). */
  static final long MAX_SIZE = 2_000_000_000L;

  /**
   * Most elements a collection attribute may average: Cassandra caps a collection at 2 billion, a
   * million is beyond any collection that reads well.
   */
  static final long MAX_ITEMS = 1_000_000;

  /** Longest horizon accepted. */
  public static final long MAX_HORIZON = 100L * 365 * 86_400;

  /** The model's own top-level keys; each store adds its section keys. */
  static final Set<String> WORKLOAD_KEYS = Set.of("model", "horizon", "entities", "patterns");

  static final Set<String> ENTITY =
      Set.of("attributes", "count", "growth", "key", "spread", "says");
  static final Set<String> ATTRIBUTE =
      Set.of(
          "type",
          "size",
          "items",
          "time_ordered",
          "values",
          "copy_of",
          "unique",
          "grows",
          "present",
          "residency");
  static final Set<String> SPREAD =
      Set.of("distinct", "busiest", "for", "distribution", "shares", "per", "belongs_to");
  static final Set<String> OPERATIONS =
      Set.of("query", "insert", "upsert", "update", "delete", "increment");
  static final Set<String> PATTERN;
  static final Set<String> CONSISTENCY_LEVELS =
      Set.of(
          "ANY",
          "ONE",
          "TWO",
          "THREE",
          "QUORUM",
          "LOCAL_QUORUM",
          "EACH_QUORUM",
          "ALL",
          "LOCAL_ONE",
          "SERIAL",
          "LOCAL_SERIAL");
  static final Set<String> TYPES =
      Set.of(
          "ascii",
          "bigint",
          "blob",
          "boolean",
          "counter",
          "date",
          "decimal",
          "double",
          "duration",
          "float",
          "inet",
          "int",
          "smallint",
          "text",
          "time",
          "timestamp",
          "timeuuid",
          "tinyint",
          "uuid",
          "varchar",
          "varint",
          "list",
          "set",
          "map",
          "frozen",
          "tuple",
          "vector");
  static final Set<String> FIXED_TYPES =
      Set.of(
          "bigint",
          "boolean",
          "counter",
          "date",
          "double",
          "float",
          "int",
          "smallint",
          "time",
          "timestamp",
          "timeuuid",
          "tinyint",
          "uuid",
          "inet");

  static {
    var p =
        new java.util.HashSet<>(
            Set.of(
                "id",
                "says",
                "rate",
                "consistency",
                "expects",
                "batch",
                "spread",
                "ignore_case",
                "range",
                "fan_out",
                "with"));
    p.addAll(OPERATIONS);
    PATTERN = Set.copyOf(p);
  }

  private final List<? extends StoreSection> sections;

  /**
   * Returns the keys a model may have at its top: the workload's and each store's section keys,
   * sorted.
   */
  public static Set<String> topKeys(List<? extends StoreSection> sections) {
    Set<String> keys = new java.util.TreeSet<>(WORKLOAD_KEYS);
    sections.forEach(section -> section.ids().forEach(id -> keys.add(id.id())));
    return java.util.Collections.unmodifiableSet(keys);
  }

  private ModelReader(String file, String source, List<? extends StoreSection> sections) {
    super(file, new SourceSpan(file, source), new ArrayList<>());
    this.sections = List.copyOf(sections);
  }

  /**
   * Returns true for a CQL type of fixed size, which needs no {@code size:}; public for {@code
   * keyplan analyze}, which measures sizes only where the type does not give them.
   */
  public static boolean isFixed(String type) {
    return FIXED_TYPES.contains(type.toLowerCase(Locale.ROOT).trim());
  }

  /**
   * Returns true for {@code frozen<name>} where {@code name} is no built-in type: a user-defined
   * type, whose size a store can derive from its definition (Cassandra sums the fields of its
   * {@code CREATE TYPE}), so the attribute may leave {@code size} out.
   */
  static boolean isUserType(String type) {
    String t = type.toLowerCase(Locale.ROOT).replace(" ", "");
    if (!t.startsWith("frozen<") || !t.endsWith(">")) {
      return false;
    }
    String inner = t.substring("frozen<".length(), t.length() - 1);
    return inner.matches("[a-z_][a-z0-9_]*(\\.[a-z_][a-z0-9_]*)?") && !TYPES.contains(inner);
  }

  /** Reads the model at {@code path}; a missing or unreadable file is an input error. */
  public static Model read(Path path) {
    return read(path, Stores.builtIn().sections());
  }

  /** Reads the model at {@code path} with the store sections of {@code sections}. */
  public static Model read(Path path, List<? extends StoreSection> sections) {
    String text = TextInput.read(path, "the model file");
    // Paths in the model are relative to its folder, and printed as the user would write them.
    return read(
        path.toString(), text, Optional.ofNullable(path.getParent()).orElse(Path.of("")), sections);
  }

  /** Reads model text; {@code baseDir} resolves the relative paths it names (the CQL schema). */
  public static Model read(String file, String text, Path baseDir) {
    return read(file, text, baseDir, Stores.builtIn().sections());
  }

  /** Reads model text with the store sections of {@code sections}. */
  public static Model read(
      String file, String text, Path baseDir, List<? extends StoreSection> sections) {
    return new ModelReader(file, text, sections).parse(text, baseDir);
  }

  private Model parse(String text, Path baseDir) {
    Node root =
        YamlChecks.compose(file, text, "model file", "'model:', 'entities:' and 'patterns:'");
    var top = YamlMap.of(file, root, "a model (model:, horizon:, entities:, patterns:)", problems);
    if (top.isEmpty()) {
      throw new InputException(problems);
    }
    YamlMap m = top.get().allow(topKeys(sections), "the model");
    String name = m.scalar("model", "the model's name (model: chat)", true).orElse("");
    if (m.has("model") && name.isBlank()) {
      m.error(m.valueLocation("model"), "expected the model's name (model: chat)");
    }
    long horizon =
        m.scalar("horizon", "a sizing horizon such as 1y or 90d", true)
            .map(
                s ->
                    duration(
                        s,
                        m.valueLocation("horizon"),
                        "a sizing horizon such as 1y or 90d",
                        MAX_HORIZON))
            .orElse(0L);
    Map<String, Entity> entities = new EntityReader(this, horizon).entities(m);
    List<AccessPattern> patterns = new PatternReader(this, horizon).patterns(m, entities);
    List<StoreDesign> designs = new ArrayList<>();
    for (StoreSection section : sections) {
      List<StoreId> present = section.ids().stream().filter(id -> m.has(id.id())).toList();
      if (present.size() > 1) {
        m.error(
            m.keyLocation(present.get(1).id()),
            "a model has one of "
                + section.ids().stream()
                    .map(id -> "'" + id.id() + ":'")
                    .collect(java.util.stream.Collectors.joining(" or "))
                + ", not both");
      }
      for (StoreId id : present) {
        section
            .read(this, m, id, baseDir, entities, patterns)
            .ifPresent(
                d -> {
                  designs.removeIf(o -> o.getClass() == d.getClass());
                  designs.add(d);
                });
      }
    }
    if (!problems.isEmpty()) {
      throw new InputException(sorted());
    }
    return new Model(name, file, horizon, entities, patterns, designs, m.location());
  }

  private List<Diagnostic> sorted() {
    var list = new ArrayList<>(problems);
    list.sort(
        java.util.Comparator.comparingInt((Diagnostic d) -> d.location().line())
            .thenComparingInt(d -> d.location().column()));
    return list;
  }
}
