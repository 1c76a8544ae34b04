package dev.keyplan.cassandra.cql;

import dev.keyplan.input.Location;
import java.util.List;

/**
 * The shapes of the statements as parsed, before any check that needs the rest of the schema.
 *
 * <p>The parser only reads syntax; {@link SchemaBuilder} takes these shapes, checks them against
 * what the file declared so far and turns them into the public records. Every name carries its
 * location so a check can point at the exact token.
 */
final class CqlSyntax {
  private CqlSyntax() {}

  /** An identifier as CQL reads it (folded unless quoted) and where it was written. */
  record Name(String value, Location location) {}

  /** A possibly keyspace-qualified name; {@code keyspace} already has {@code USE} applied. */
  record QualifiedName(String keyspace, Name name) {
    String value() {
      return name.value();
    }

    Location location() {
      return name.location();
    }
  }

  /**
   * An option value: a string (unquoted), a number, a boolean or other word as written, or a
   * collection literal kept as source text with its parsed {@code entries} (keys of a map, or the
   * elements of a set or list with a {@code null} value).
   */
  record Term(String text, boolean isCollection, List<Entry> entries, Location location) {}

  record Entry(Term key, Term value) {}

  record Option(Name name, Term value) {}

  record ColumnDefinition(
      Name name, CqlType type, Location typeLocation, boolean isStatic, boolean primaryKey) {}

  /** One {@code PRIMARY KEY (...)} clause; a table with two of them is an error. */
  record PrimaryKey(Location location, List<Name> partition, List<Name> clustering) {}

  record Ordering(Name column, boolean descending) {}

  record CreateKeyspace(Name name, boolean ifNotExists, List<Option> options) {}

  record CreateTable(
      QualifiedName name,
      boolean ifNotExists,
      List<ColumnDefinition> columns,
      List<PrimaryKey> primaryKeys,
      List<Ordering> clusteringOrder,
      List<Option> options) {}

  /** {@code selected} is empty for {@code SELECT *}. */
  record CreateView(
      QualifiedName name,
      boolean ifNotExists,
      QualifiedName base,
      List<Name> selected,
      PrimaryKey primaryKey,
      List<Ordering> clusteringOrder,
      List<Option> options) {}

  /**
   * {@code name} is null when the statement leaves it to Cassandra; {@code using} and {@code
   * options} (the term after {@code WITH OPTIONS =}) likewise. {@code targetFunction} is {@code
   * keys}, {@code values}, {@code entries} or {@code full} when the column is written inside one,
   * else null.
   */
  record CreateIndex(
      Name name,
      Location location,
      boolean custom,
      boolean ifNotExists,
      QualifiedName table,
      Name column,
      String targetFunction,
      Term using,
      Term options) {}

  /** The column an index names and the function around it ({@code keys}...), or null. */
  record IndexTarget(Name column, String function) {}

  /** {@code RENAME from TO to} in ALTER TABLE or ALTER TYPE. */
  record Rename(Name from, Name to) {}

  record Field(Name name, CqlType type, Location typeLocation) {}

  record CreateType(QualifiedName name, boolean ifNotExists, List<Field> fields) {}

  /**
   * A use of a type name that is not built in, checked against the declared types at the end.
   * {@code collection} names the non-frozen list, set or map it sits directly in, if any: a
   * user-defined type there must be frozen.
   */
  record TypeUse(String keyspace, Name name, String collection) {}
}
