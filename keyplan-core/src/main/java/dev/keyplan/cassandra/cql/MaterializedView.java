package dev.keyplan.cassandra.cql;

import dev.keyplan.input.Location;
import java.util.Objects;

/**
 * A materialized view: a table Cassandra maintains from {@code baseTable} under a different primary
 * key.
 *
 * <p>{@code asTable} describes the view as a table of the selected columns with the base table's
 * types, so sizing and key checks treat it like any other table; its {@code viewOf} names the base.
 * Source: https://cassandra.apache.org/doc/latest/cassandra/developing/cql/mvs.html
 */
public record MaterializedView(
    String name, String keyspace, String baseTable, CqlTable asTable, Location location) {

  public MaterializedView {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(baseTable, "baseTable");
    Objects.requireNonNull(asTable, "asTable");
    Objects.requireNonNull(location, "location");
  }
}
