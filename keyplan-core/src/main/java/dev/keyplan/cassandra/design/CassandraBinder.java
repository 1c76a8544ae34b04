package dev.keyplan.cassandra.design;

import dev.keyplan.cassandra.cql.Column;
import dev.keyplan.cassandra.cql.CqlSchema;
import dev.keyplan.cassandra.cql.CqlTable;
import dev.keyplan.cassandra.model.CassandraDesign;
import dev.keyplan.cassandra.model.CassandraDesign.Derived;
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
 * (derived columns, the table map, the keyspace).
 *
 * <p>A table stores entity E when every column that is not derived is an attribute of E; the {@code
 * tables:} map in the model decides when the columns fit several entities. Every mismatch is an
 * input error at its own place, in the model or in the CQL file.
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
    List<CqlTable> tables = tablesInScope();
    Map<String, CqlTable> byName = new LinkedHashMap<>();
    tables.forEach(t -> byName.put(t.name(), t));
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
                design.location(),
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
      Map<String, Derived> derived = derivedByTable.getOrDefault(t.name(), Map.of());
      entityOf(t, derived).ifPresent(e -> bound.add(new BoundTable(t, e, derived)));
    }
    if (!problems.isEmpty()) {
      throw new InputException(problems);
    }
    return bound;
  }

  private List<CqlTable> tablesInScope() {
    if (design.keyspace().isPresent()) {
      String ks = design.keyspace().get();
      if (schema.keyspace(ks).isEmpty()) {
        throw new InputException(
            design.location(),
            "the schema defines no keyspace '"
                + ks
                + "'"
                + suggest(
                    ks,
                    schema.keyspaces().stream().map(k -> k.name()).collect(Collectors.toList())));
      }
      return schema.allTables().stream()
          .filter(t -> ks.equals(t.keyspace()))
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
              + "); say which one to check with 'keyspace:'");
    }
    // Materialized views are tables too: they serve reads and hold data.
    return schema.allTables();
  }

  private Optional<Entity> entityOf(CqlTable t, Map<String, Derived> derived) {
    List<String> stored =
        t.columns().stream()
            .map(Column::name)
            .filter(c -> !derived.containsKey(c))
            .collect(Collectors.toList());
    String named = design.tables().get(t.name());
    if (named != null) {
      Entity e = model.entities().get(named);
      if (e == null) {
        return Optional.empty(); // reported by the model reader
      }
      for (String c : stored) {
        if (e.attribute(c).isEmpty()) {
          problems.add(
              new Diagnostic(
                  t.locationOf(c),
                  "column "
                      + t.name()
                      + "."
                      + c
                      + " is not an attribute of "
                      + e.name()
                      + "; add it to the entity (copy_of: for a denormalised copy) or declare it derived"));
        }
      }
      return Optional.of(e);
    }
    // Only entities that have the table's first column can fit; the index keeps this linear.
    List<Entity> fits =
        (stored.isEmpty()
                ? List.copyOf(model.entities().values())
                : byAttribute.getOrDefault(stored.get(0), List.of()))
            .stream()
                .filter(e -> stored.stream().allMatch(c -> e.attribute(c).isPresent()))
                .collect(Collectors.toList());
    if (fits.size() == 1) {
      return Optional.of(fits.get(0));
    }
    if (fits.isEmpty()) {
      Entity closest =
          model.entities().values().stream()
              .max(
                  java.util.Comparator.comparingLong(
                      e -> stored.stream().filter(c -> e.attribute(c).isPresent()).count()))
              .orElse(null);
      String missing =
          closest == null
              ? String.join(", ", stored)
              : stored.stream()
                  .filter(c -> closest.attribute(c).isEmpty())
                  .collect(Collectors.joining(", "));
      problems.add(
          new Diagnostic(
              t.location(),
              "table "
                  + t.name()
                  + " stores no entity of the model: "
                  + (closest == null
                      ? "the model has no entities"
                      : "closest is " + closest.name() + ", which lacks " + missing)
                  + "; declare the columns as attributes, or as derived columns under 'derived:'"));
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

  private static String suggest(String word, java.util.Collection<String> known) {
    return Suggest.closest(word, known).map(s -> " (did you mean '" + s + "'?)").orElse("");
  }
}
