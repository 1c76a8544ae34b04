package dev.keyplan.cassandra.cql;

import dev.keyplan.input.Location;
import java.util.Objects;

/**
 * A secondary index on one column of a table.
 *
 * <p>An index written without a name gets the name Cassandra generates, {@code table_column_idx}
 * (non-word characters removed, {@code _1}, {@code _2}... appended when taken). For {@code
 * keys(m)}, {@code values(m)}, {@code entries(m)} and {@code full(x)} targets {@code column} is the
 * column itself. Sources:
 * https://cassandra.apache.org/doc/latest/cassandra/developing/cql/indexes.html and, for SAI,
 * https://cassandra.apache.org/doc/latest/cassandra/developing/cql/indexing/sai/sai-create.html
 */
public record SecondaryIndex(
    String name, String keyspace, String table, String column, Kind kind, Location location) {

  /** Which index implementation serves the index; the cost of a query depends on it. */
  public enum Kind {
    /** {@code CREATE INDEX} without {@code USING}: the legacy hidden-table index (2i). */
    LEGACY,
    /** Storage-attached index: {@code USING 'sai'} or {@code 'StorageAttachedIndex'}. */
    SAI,
    /** Any other {@code USING 'class'}, such as SASI. */
    CUSTOM
  }

  public SecondaryIndex {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(table, "table");
    Objects.requireNonNull(column, "column");
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(location, "location");
  }
}
