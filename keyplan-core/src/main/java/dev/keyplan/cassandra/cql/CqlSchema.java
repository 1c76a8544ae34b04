package dev.keyplan.cassandra.cql;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Everything keyplan learned from one CQL schema file: keyspaces, tables, secondary indexes,
 * materialized views and user-defined types, each in file order, as they stand after every
 * statement of the file ran in order ({@code ALTER} and {@code DROP} applied).
 *
 * <p>Lookups take a name the way CQL reads one: an exact stored name, {@code "Quoted"} for a
 * case-sensitive name, anything else case-insensitively, and optionally {@code keyspace.name}.
 */
public record CqlSchema(
    List<CqlKeyspace> keyspaces,
    List<CqlTable> tables,
    List<SecondaryIndex> indexes,
    List<MaterializedView> views,
    List<UserType> types) {

  public CqlSchema {
    keyspaces = List.copyOf(keyspaces);
    tables = List.copyOf(tables);
    indexes = List.copyOf(indexes);
    views = List.copyOf(views);
    types = List.copyOf(types);
  }

  /** Returns the table, or the table shape of the materialized view, with this name. */
  public Optional<CqlTable> table(String name) {
    return Identifiers.find(allTables(), name, CqlTable::name, CqlTable::keyspace);
  }

  /**
   * Returns the table or view table with exactly these stored names (as the records hold them); a
   * {@code null} keyspace matches a table declared without one.
   */
  public Optional<CqlTable> table(String keyspace, String name) {
    return allTables().stream()
        .filter(t -> Objects.equals(t.keyspace(), keyspace) && t.name().equals(name))
        .findFirst();
  }

  public Optional<CqlKeyspace> keyspace(String name) {
    return Identifiers.find(keyspaces, name, CqlKeyspace::name, k -> null);
  }

  public Optional<MaterializedView> view(String name) {
    return Identifiers.find(views, name, MaterializedView::name, MaterializedView::keyspace);
  }

  public Optional<UserType> type(String name) {
    return Identifiers.find(types, name, UserType::name, UserType::keyspace);
  }

  /** Returns the indexes on the table named {@code table}, in file order. */
  public List<SecondaryIndex> indexesOn(String table) {
    Optional<CqlTable> target = table(table);
    if (target.isEmpty()) {
      return List.of();
    }
    CqlTable t = target.get();
    return indexes.stream()
        .filter(i -> i.table().equals(t.name()) && sameKeyspace(i.keyspace(), t.keyspace()))
        .toList();
  }

  /** Returns the tables followed by the table shapes of the materialized views. */
  public List<CqlTable> allTables() {
    List<CqlTable> all = new ArrayList<>(tables);
    views.forEach(v -> all.add(v.asTable()));
    return List.copyOf(all);
  }

  private static boolean sameKeyspace(String a, String b) {
    return a == null || b == null || a.equals(b);
  }
}
