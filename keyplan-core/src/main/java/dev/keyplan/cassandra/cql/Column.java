package dev.keyplan.cassandra.cql;

import dev.keyplan.input.Location;
import java.util.Objects;

/**
 * One column of a table or materialized view: its name (lower-case unless it was quoted), its type,
 * whether it is {@code static} (one value per partition) and where it was declared.
 */
public record Column(String name, CqlType type, boolean isStatic, Location location) {

  public Column {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(location, "location");
  }
}
