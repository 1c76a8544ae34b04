package dev.keyplan.cassandra.design;

import dev.keyplan.cassandra.cql.Column;
import dev.keyplan.cassandra.cql.CqlSchema;
import dev.keyplan.cassandra.cql.CqlTable;
import dev.keyplan.cassandra.cql.UserType;
import dev.keyplan.cassandra.model.CassandraDesign;
import dev.keyplan.cassandra.model.CassandraDesign.Derived;
import dev.keyplan.cassandra.model.CassandraDesign.TableBinding;
import dev.keyplan.input.Diagnostic;
import dev.keyplan.input.InputException;
import dev.keyplan.input.Suggest;
import dev.keyplan.model.Entity;
import dev.keyplan.model.Model;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Pairs each CQL table with the entity it stores, and checks the model's references into the schema
 * (derived columns, the table map, the keyspaces).
 *
 * <p>A table stores entity E when every column that is not derived holds an attribute of E (the
 * attribute of the same name, or the one its {@code tables:} entry maps it to); the {@code tables:}
 * map in the model decides when the columns fit several entities. A table that fits no entity and
 * that the model does not name is left out of the check: a model may describe part of a keyspace,
 * and the rule {@code UnboundTable} lists what was left out, as info. Where the model names a table
 * and its columns do not fit, or names what the schema lacks, the mismatch is an input error at its
 * own place, in the model or in the CQL file.
 */
final class CassandraBinder {
  private final Model model;
  private final CassandraDesign design;
  private final CqlSchema schema;
  private final List<Diagnostic> problems = new ArrayList<>();

  /** Entities by the names of their attributes. */
  private final Map<String, List<Entity>> byAttribute = new java.util.HashMap<>();

  CassandraBinder(Model model, CassandraDesign design, CqlSchema schema) {
    this.model = model;
    this.design = design;
    this.schema = schema;
    for (Entity e : model.entities().values()) {
      for (String a : e.attributes().keySet()) {
        byAttribute.computeIfAbsent(a, k -> new ArrayList<>()).add(e);
      }
    }
  }

  /** Returns the keyspace's tables bound to entities, or throws every problem found. */
  List<BoundTable> bind() {
    List<CqlTable> tables = tablesInScope(design, schema);
    Map<String, CqlTable> byName = new LinkedHashMap<>();
    for (CqlTable t : tables) {
      CqlTable before = byName.put(t.name(), t);
      if (before != null) {
        // Tables, sizes and plans are keyed by table name throughout the analysis.
        problems.add(
            new Diagnostic(
                t.location(),
                "table "
                    + t.name()
                    + " is defined in keyspaces "
                    + before.keyspace()
                    + " and "
                    + t.keyspace()
                    + "; keyplan checks tables of one name once: check the keyspaces in separate"
                    + " models"));
      }
      if (t.keyspace() != null) {
        byName.putIfAbsent(t.keyspace() + "." + t.name(), t);
      }
    }
    for (Derived d : design.derived().values()) {
      CqlTable t = byName.get(d.table());
      if (t == null) {
        problems.add(
            new Diagnostic(
                d.location(),
                "derived column names table '"
                    + d.table()
                    + "', which the schema does not define"
                    + suggest(d.table(), byName.keySet())));
      } else if (t.column(d.column()).isEmpty()) {
        problems.add(
            new Diagnostic(
                d.location(),
                "table "
                    + d.table()
                    + " has no column '"
                    + d.column()
                    + "'"
                    + suggest(
                        d.column(),
                        t.columns().stream().map(Column::name).collect(Collectors.toList()))));
      }
    }
    for (String t : design.tables().keySet()) {
      if (!byName.containsKey(t)) {
        problems.add(
            new Diagnostic(
                design.tables().get(t).location(),
                "'tables' names table '"
                    + t
                    + "', which the schema does not define"
                    + suggest(t, byName.keySet())));
      }
    }
    Map<String, Map<String, Derived>> derivedByTable = new java.util.HashMap<>();
    for (Derived d : design.derived().values()) {
      derivedByTable.computeIfAbsent(d.table(), k -> new LinkedHashMap<>()).put(d.column(), d);
    }
    List<BoundTable> bound = new ArrayList<>();
    for (CqlTable t : tables) {
      TableBinding named = named(t);
      Map<String, String> renamed = named == null ? Map.of() : named.columns();
      Map<String, Derived> derived =
          withImplicitBuckets(t, derivedByTable.getOrDefault(t.name(), Map.of()), renamed);
      for (String column : renamed.keySet()) {
        if (t.column(column).isEmpty()) {
          problems.add(
              new Diagnostic(
                  named.location(),
                  "table "
                      + t.name()
                      + " has no column '"
                      + column
                      + "'"
                      + suggest(
                          column,
                          t.columns().stream().map(Column::name).collect(Collectors.toList()))));
        }
      }
      entityOf(t, derived, named)
          .ifPresent(
              e -> bound.add(new BoundTable(t, e, bucketsOf(derived, e), renamed, typesOf(t))));
    }
    if (!problems.isEmpty()) {
      throw new InputException(problems);
    }
    return bound;
  }

  /**
   * Returns the tables (and views) the design checks: those of the keyspaces under {@code
   * keyspace:}, else all of them when they are in one keyspace.
   */
  static List<CqlTable> tablesInScope(CassandraDesign design, CqlSchema schema) {
    if (!design.keyspaces().isEmpty()) {
      List<Diagnostic> missing = new ArrayList<>();
      for (String ks : design.keyspaces()) {
        if (schema.keyspace(ks).isEmpty()) {
          missing.add(
              new Diagnostic(
                  design.location(),
                  "the schema defines no keyspace '"
                      + ks
                      + "'"
                      + suggest(
                          ks,
                          schema.keyspaces().stream()
                              .map(k -> k.name())
                              .collect(Collectors.toList()))));
        }
      }
      if (!missing.isEmpty()) {
        throw new InputException(missing);
      }
      return schema.allTables().stream()
          .filter(t -> design.keyspaces().contains(t.keyspace()))
          .collect(Collectors.toList());
    }
    var names =
        schema.allTables().stream()
            .map(CqlTable::keyspace)
            .filter(k -> k != null)
            .distinct()
            .collect(Collectors.toList());
    if (names.size() > 1) {
      throw new InputException(
          design.location(),
          "the schema defines tables in several keyspaces ("
              + String.join(", ", names)
              + "); say which to check with 'keyspace:' (one, or a list such as ["
              + String.join(", ", names)
              + "])");
    }
    // Materialized views are tables too: they serve reads and hold data.
    return schema.allTables();
  }

  /** Returns the model's {@code tables:} entry for {@code t}, by name or {@code keyspace.name}. */
  private TableBinding named(CqlTable t) {
    TableBinding b = design.tables().get(t.name());
    return b != null || t.keyspace() == null
        ? b
        : design.tables().get(t.keyspace() + "." + t.name());
  }

  /** Returns the user-defined types a column of {@code t} can name: its keyspace's, by name. */
  private Map<String, UserType> typesOf(CqlTable t) {
    Map<String, UserType> out = new LinkedHashMap<>();
    for (UserType u : schema.types()) {
      if (u.keyspace() == null || t.keyspace() == null || u.keyspace().equals(t.keyspace())) {
        out.putIfAbsent(u.name(), u);
      }
    }
    return out;
  }

  /**
   * Returns {@code derived} with the time buckets the schema implies: a {@code date} or {@code
   * timestamp} partition key column that holds no attribute of any entity (and is not declared
   * derived) is a bucket the application sets when it writes (issue 15, Decisions). Its width comes
   * from its type and name: a {@code date} is one day; a {@code timestamp} named for its unit
   * ({@code minute}, {@code hour}, {@code day}, {@code week}, {@code month}, {@code year}) is that
   * unit, else one day; {@code derived:} states any other width.
   */
  private Map<String, Derived> withImplicitBuckets(
      CqlTable t, Map<String, Derived> derived, Map<String, String> renamed) {
    Map<String, Derived> out = new LinkedHashMap<>(derived);
    for (String k : t.partitionKey()) {
      Column c = t.column(k).orElse(null);
      String type = c == null ? "" : c.type().name();
      if (c == null
          || out.containsKey(k)
          || !(type.equals("date") || type.equals("timestamp"))
          || byAttribute.containsKey(renamed.getOrDefault(k, k))) {
        continue;
      }
      out.put(k, new Derived(t.name(), k, bucketWidth(k, type), Optional.empty(), 0, c.location()));
    }
    return out;
  }

  /** Returns an implied bucket's width in seconds, from its column's type and name. */
  static long bucketWidth(String column, String type) {
    String n = column.toLowerCase(java.util.Locale.ROOT);
    if (type.equals("timestamp")) {
      if (n.contains("minute")) {
        return 60;
      }
      if (n.contains("hour")) {
        return 3_600;
      }
      if (n.contains("week")) {
        return 604_800;
      }
      if (n.contains("month")) {
        return 2_592_000;
      }
      if (n.contains("year")) {
        return 31_536_000;
      }
    }
    return 86_400;
  }

  /**
   * Returns {@code derived} with each implied bucket computed from {@code e}'s first time-ordered
   * attribute (or, failing one, its first timestamp), as a declared bucket names in {@code of}.
   */
  private static Map<String, Derived> bucketsOf(Map<String, Derived> derived, Entity e) {
    Optional<String> time =
        e.attributes().values().stream()
            .filter(a -> a.timeOrdered())
            .map(a -> a.name())
            .findFirst()
            .or(
                () ->
                    e.attributes().values().stream()
                        .filter(a -> a.type().equalsIgnoreCase("timestamp"))
                        .map(a -> a.name())
                        .findFirst());
    Map<String, Derived> out = new LinkedHashMap<>();
    derived.forEach(
        (k, d) ->
            out.put(
                k,
                d.isTimeBucket() && d.of().isEmpty()
                    ? new Derived(d.table(), d.column(), d.windowSeconds(), time, 0, d.location())
                    : d));
    return out;
  }

  private Optional<Entity> entityOf(CqlTable t, Map<String, Derived> derived, TableBinding named) {
    Map<String, String> renamed = named == null ? Map.of() : named.columns();
    // The attributes the table's stored columns hold, column by column.
    Map<String, String> stored = new LinkedHashMap<>();
    t.columns().stream()
        .map(Column::name)
        .filter(c -> !derived.containsKey(c))
        .forEach(c -> stored.put(c, renamed.getOrDefault(c, c)));
    if (named != null) {
      Entity e = model.entities().get(named.entity());
      if (e == null) {
        return Optional.empty(); // reported by the model reader
      }
      for (Map.Entry<String, String> c : stored.entrySet()) {
        if (e.attribute(c.getValue()).isEmpty()) {
          problems.add(
              new Diagnostic(
                  t.locationOf(c.getKey()),
                  "column "
                      + t.name()
                      + "."
                      + c.getKey()
                      + (c.getKey().equals(c.getValue()) ? "" : " (attribute " + c.getValue() + ")")
                      + " is not an attribute of "
                      + e.name()
                      + "; add it to the entity (copy_of: for a denormalised copy), map the column"
                      + " to an attribute under 'columns:', or declare it derived"));
        }
      }
      return Optional.of(e);
    }
    List<String> attributes = List.copyOf(stored.values());
    // Only entities that have the table's first column can fit; the index keeps this linear.
    List<Entity> fits =
        (attributes.isEmpty()
                ? List.copyOf(model.entities().values())
                : byAttribute.getOrDefault(attributes.get(0), List.of()))
            .stream()
                .filter(e -> attributes.stream().allMatch(c -> e.attribute(c).isPresent()))
                .collect(Collectors.toList());
    if (fits.size() == 1) {
      return Optional.of(fits.get(0));
    }
    if (fits.isEmpty()) {
      // Left out of the check, not an error: UnboundTable reports it (leftOut).
      return Optional.empty();
    }
    problems.add(
        new Diagnostic(
            t.location(),
            "table "
                + t.name()
                + " could store "
                + fits.stream().map(Entity::name).collect(Collectors.joining(" or "))
                + "; say which under '"
                + design.engine()
                + ": tables:'"));
    return Optional.empty();
  }

  /**
   * Returns the tables in the design's scope that store no entity, each with the entity whose
   * attributes cover most of its columns and the columns that entity lacks: what to add (or map)
   * for the table to be checked.
   */
  static List<TableLeftOut> leftOut(CassandraAnalysis a) {
    List<TableLeftOut> out = new ArrayList<>();
    // The bound tables by keyspace and name, once: a scan of them per table in scope made this
    // quadratic in the tables (the 6,000-table bench model: 275 ms, 3 ms with the set).
    java.util.Set<List<String>> bound = new java.util.HashSet<>();
    for (BoundTable b : a.tables()) {
      bound.add(tableKey(b.table()));
    }
    for (CqlTable t : tablesInScope(a.design(), a.schema())) {
      if (bound.contains(tableKey(t))) {
        continue;
      }
      List<String> columns =
          t.columns().stream()
              .map(Column::name)
              .filter(c -> a.design().derived().get(t.name() + "." + c) == null)
              .toList();
      Entity closest =
          a.model().entities().values().stream()
              .max(
                  java.util.Comparator.comparingLong(
                      e -> columns.stream().filter(c -> e.attribute(c).isPresent()).count()))
              .orElse(null);
      List<String> missing =
          closest == null
              ? columns
              : columns.stream().filter(c -> closest.attribute(c).isEmpty()).toList();
      out.add(new TableLeftOut(t, Optional.ofNullable(closest).map(Entity::name), missing));
    }
    return out;
  }

  /**
   * A table's identity for {@link #leftOut}: its keyspace (none in a schema without one) and name.
   * Two tables are the same when both are equal, as the instance itself always is to itself.
   */
  private static List<String> tableKey(CqlTable t) {
    return java.util.Arrays.asList(t.keyspace(), t.name());
  }

  static String suggest(String word, java.util.Collection<String> known) {
    return Suggest.closest(word, known).map(s -> " (did you mean '" + s + "'?)").orElse("");
  }
}
