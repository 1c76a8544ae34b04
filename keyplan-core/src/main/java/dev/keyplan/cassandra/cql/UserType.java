package dev.keyplan.cassandra.cql;

import dev.keyplan.input.Location;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * A user-defined type ({@code CREATE TYPE}) with its fields in declaration order. Source:
 * https://cassandra.apache.org/doc/latest/cassandra/developing/cql/types.html#udts
 */
public record UserType(
    String keyspace, String name, Map<String, CqlType> fields, Location location) {

  public UserType {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(location, "location");
    fields = Collections.unmodifiableMap(new LinkedHashMap<>(fields));
  }
}
