package dev.keyplan.cassandra.cql;

import dev.keyplan.input.Location;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A table, or the table shape of a materialized view ({@code viewOf} then names the base table).
 *
 * <p>{@code partitionKey} lists the partition key columns in order and {@code clustering} the
 * clustering columns with their sort direction. {@code options} keeps every {@code WITH} option as
 * written: strings without their quotes, numbers and booleans as typed, and maps as their source
 * text ({@code "{'class': 'LeveledCompactionStrategy'}"}); {@code CLUSTERING ORDER BY} and {@code
 * COMPACT STORAGE} are not options and are not kept there. Source:
 * https://cassandra.apache.org/doc/latest/cassandra/developing/cql/ddl.html#create-table-statement
 */
public record CqlTable(
    String keyspace,
    String name,
    List<Column> columns,
    List<String> partitionKey,
    List<ClusteringColumn> clustering,
    Map<String, String> options,
    Location location,
    Optional<String> viewOf) {

  /** Cassandra's default {@code gc_grace_seconds}: 10 days (see the CREATE TABLE options table). */
  public static final long DEFAULT_GC_GRACE_SECONDS = 864_000L;

  public CqlTable {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(location, "location");
    Objects.requireNonNull(viewOf, "viewOf");
    columns = List.copyOf(columns);
    partitionKey = List.copyOf(partitionKey);
    clustering = List.copyOf(clustering);
    options = Collections.unmodifiableMap(new LinkedHashMap<>(options));
  }

  /** Returns the column by name, read with CQL's case rules (see {@link CqlSchema#table}). */
  public Optional<Column> column(String name) {
    return Identifiers.find(columns, name, Column::name, c -> keyspace);
  }

  /** Returns {@code default_time_to_live} in seconds; 0 (no expiry) when absent. */
  public long defaultTimeToLiveSeconds() {
    return longOption("default_time_to_live", 0L);
  }

  /** Returns {@code gc_grace_seconds}; 864000 (10 days), Cassandra's default, when absent. */
  public long gcGraceSeconds() {
    return longOption("gc_grace_seconds", DEFAULT_GC_GRACE_SECONDS);
  }

  /** True when any column is a counter: such a table takes only counter updates. */
  public boolean isCounterTable() {
    return columns.stream().anyMatch(c -> c.type().isCounter());
  }

  /** True for the table shape of a materialized view. */
  public boolean isView() {
    return viewOf.isPresent();
  }

  /** Returns the partition key columns followed by the clustering columns, in key order. */
  public List<String> primaryKey() {
    List<String> key = new ArrayList<>(partitionKey);
    clustering.forEach(c -> key.add(c.name()));
    return List.copyOf(key);
  }

  /** True when {@code name} is a partition key or clustering column. */
  public boolean isKeyColumn(String name) {
    return primaryKey().contains(name);
  }

  public List<Column> partitionKeyColumns() {
    return columnsNamed(partitionKey);
  }

  public List<Column> clusteringColumns() {
    return columnsNamed(clustering.stream().map(ClusteringColumn::name).toList());
  }

  public List<Column> staticColumns() {
    return columns.stream().filter(Column::isStatic).toList();
  }

  /** Returns the columns that are neither part of the primary key nor static. */
  public List<Column> regularColumns() {
    List<String> key = primaryKey();
    return columns.stream().filter(c -> !c.isStatic() && !key.contains(c.name())).toList();
  }

  /** Returns where {@code column} was declared, or where the table was if it has no such column. */
  public Location locationOf(String column) {
    return column(column).map(Column::location).orElse(location);
  }

  private List<Column> columnsNamed(List<String> names) {
    List<Column> found = new ArrayList<>();
    for (String n : names) {
      columns.stream().filter(c -> c.name().equals(n)).findFirst().ifPresent(found::add);
    }
    return List.copyOf(found);
  }

  private long longOption(String option, long absent) {
    String value = options.get(option);
    if (value == null) {
      return absent;
    }
    try {
      return Long.parseLong(value.trim());
    } catch (NumberFormatException e) {
      // The parser rejects such values; a hand-built CqlTable falls back to Cassandra's default.
      return absent;
    }
  }
}
