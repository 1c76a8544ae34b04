package dev.keyplan.cassandra.cql;

import dev.keyplan.input.Location;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A secondary index on one column of a table.
 *
 * <p>An index written without a name gets the name Cassandra generates, {@code table_column_idx}
 * (non-word characters removed, {@code _1}, {@code _2}... appended when taken). {@code column} is
 * the indexed column itself and {@code target} what of it is indexed: {@code keys(m)}, {@code
 * values(m)}, {@code entries(m)}, {@code full(x)} or the plain column. A plain target on a
 * non-frozen collection is read as {@code values(...)}, as Cassandra does: Cassandra 5.0.6 answers
 * {@code CREATE INDEX ON t (tags)} on a {@code set<text>} with {@code values(tags)} in its {@code
 * DESCRIBE}.
 *
 * <p>{@code using} is the class of {@code USING 'class'} exactly as written ({@code 'sai'}, {@code
 * 'StorageAttachedIndex'}, {@code 'org.apache.cassandra.index.sasi.SASIIndex'}...), empty when the
 * statement names none; {@code kind} is what that class means for a query's cost. {@code options}
 * holds {@code WITH OPTIONS = {...}} as written, keys and values without their quotes, in the order
 * written: SAI's {@code case_sensitive}, {@code normalize}, {@code ascii} and {@code
 * similarity_function}, SASI's {@code mode} and {@code analyzer_class}, or a custom class's own.
 * Sources: https://cassandra.apache.org/doc/latest/cassandra/developing/cql/indexes.html and, for
 * SAI,
 * https://cassandra.apache.org/doc/latest/cassandra/developing/cql/indexing/sai/sai-create.html
 */
public record SecondaryIndex(
    String name,
    String keyspace,
    String table,
    String column,
    Target target,
    Kind kind,
    Optional<String> using,
    Map<String, String> options,
    Location location) {

  /** Which index implementation serves the index; the cost of a query depends on it. */
  public enum Kind {
    /** {@code CREATE INDEX} without {@code USING}: the legacy hidden-table index (2i). */
    LEGACY,
    /** Storage-attached index: {@code USING 'sai'} or {@code 'StorageAttachedIndex'}. */
    SAI,
    /** Any other {@code USING 'class'}, such as SASI. */
    CUSTOM
  }

  /**
   * What of the column the index holds, named as CQL writes it ({@code keys(m)}...); {@link
   * #COLUMN} is the plain column, the whole value of a column that is not a non-frozen collection.
   */
  public enum Target {
    COLUMN(""),
    KEYS("keys"),
    VALUES("values"),
    ENTRIES("entries"),
    FULL("full");

    private final String function;

    Target(String function) {
      this.function = function;
    }

    /** Returns the CQL function that names this target, such as {@code keys}; empty for COLUMN. */
    public String function() {
      return function;
    }

    /** Returns the target the CQL function {@code keys}, {@code values}... names. */
    static Target ofFunction(String function) {
      for (Target t : values()) {
        if (t.function.equals(function)) {
          return t;
        }
      }
      throw new IllegalArgumentException("not an index target function: " + function);
    }
  }

  public SecondaryIndex {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(table, "table");
    Objects.requireNonNull(column, "column");
    Objects.requireNonNull(target, "target");
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(using, "using");
    Objects.requireNonNull(location, "location");
    options = Collections.unmodifiableMap(new LinkedHashMap<>(options));
  }

  /** Returns this index on another column: what {@code ALTER TABLE ... RENAME} does to it. */
  SecondaryIndex onColumn(String renamed) {
    return new SecondaryIndex(
        name, keyspace, table, renamed, target, kind, using, options, location);
  }
}
