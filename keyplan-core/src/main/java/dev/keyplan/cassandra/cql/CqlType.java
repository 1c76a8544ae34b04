package dev.keyplan.cassandra.cql;

import java.util.List;
import java.util.Objects;
import java.util.OptionalInt;
import java.util.stream.Collectors;

/**
 * A CQL data type as written in a column or field definition: a native type ({@code text}), a
 * collection ({@code map<text, int>}), {@code frozen<...>}, a tuple, a vector or a user-defined
 * type name.
 *
 * <p>Names are lower-case as Cassandra folds unquoted identifiers; a quoted user-defined type name
 * keeps its case. Aliases are kept as written ({@code varchar} stays {@code varchar}), so {@link
 * #toString()} prints what the user wrote. For {@code vector<float, 3>} the second argument holds
 * the dimension: a type whose name is the decimal number (see {@link #vectorDimension()}), because
 * the argument list is the only place the record has for it.
 *
 * <p>Sources: https://cassandra.apache.org/doc/latest/cassandra/developing/cql/types.html for the
 * types and https://cassandra.apache.org/doc/latest/cassandra/developing/cql/types.html#vectors for
 * vectors (Cassandra 5.0).
 */
public record CqlType(String name, List<CqlType> arguments) {

  public CqlType {
    Objects.requireNonNull(name, "name");
    arguments = List.copyOf(arguments);
  }

  /** Returns the type {@code name<arguments...>}. */
  public static CqlType of(String name, CqlType... arguments) {
    return new CqlType(name, List.of(arguments));
  }

  /** True for {@code list}, {@code set} and {@code map}, frozen or not. */
  public boolean isCollection() {
    if (isFrozen()) {
      return !arguments.isEmpty() && arguments.get(0).isCollection();
    }
    return name.equals("list") || name.equals("set") || name.equals("map");
  }

  public boolean isCounter() {
    return name.equals("counter");
  }

  public boolean isFrozen() {
    return name.equals("frozen");
  }

  /** True for a name that is none of CQL's built-in types: a user-defined type. */
  public boolean isUserType() {
    return !TypeNames.isBuiltIn(name) && !isVectorDimension();
  }

  /** Returns the type inside {@code frozen<...>}, or this type when it is not frozen. */
  public CqlType unfrozen() {
    return isFrozen() && arguments.size() == 1 ? arguments.get(0) : this;
  }

  /** Returns the dimension of a {@code vector<type, n>}; empty for any other type. */
  public OptionalInt vectorDimension() {
    if (!name.equals("vector") || arguments.size() != 2) {
      return OptionalInt.empty();
    }
    try {
      return OptionalInt.of(Integer.parseInt(arguments.get(1).name()));
    } catch (NumberFormatException e) {
      return OptionalInt.empty();
    }
  }

  /**
   * Returns the size in bytes of a serialised value when every value of the type has the same size,
   * as Cassandra's native protocol spec defines the encodings; empty for variable-size types.
   *
   * <p>{@code inet} is empty because it is 4 or 16 bytes. A vector of a fixed-size element is
   * {@code dimension * element size}: Cassandra 5.0 writes such vectors without length prefixes.
   */
  public OptionalInt fixedSize() {
    switch (name) {
      case "boolean":
      case "tinyint":
        return OptionalInt.of(1);
      case "smallint":
        return OptionalInt.of(2);
      case "int":
      case "date":
      case "float":
        return OptionalInt.of(4);
      case "bigint":
      case "timestamp":
      case "time":
      case "double":
      case "counter":
        return OptionalInt.of(8);
      case "uuid":
      case "timeuuid":
        return OptionalInt.of(16);
      case "vector":
        OptionalInt dimension = vectorDimension();
        OptionalInt element =
            arguments.isEmpty() ? OptionalInt.empty() : arguments.get(0).fixedSize();
        if (dimension.isPresent() && element.isPresent()) {
          return OptionalInt.of(dimension.getAsInt() * element.getAsInt());
        }
        return OptionalInt.empty();
      default:
        return OptionalInt.empty();
    }
  }

  /** Returns the CQL form, such as {@code frozen<list<text>>} or {@code map<text, int>}. */
  @Override
  public String toString() {
    String base = isUserType() ? Identifiers.quoteIfNeeded(name) : name;
    if (arguments.isEmpty()) {
      return base;
    }
    return arguments.stream()
        .map(CqlType::toString)
        .collect(Collectors.joining(", ", base + "<", ">"));
  }

  private boolean isVectorDimension() {
    return !name.isEmpty() && name.chars().allMatch(Character::isDigit);
  }
}
