package dev.keyplan.model;

import dev.keyplan.input.Location;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * One attribute of an entity.
 *
 * @param type a CQL-like type name as written ({@code bigint}, {@code text}, {@code list<text>})
 * @param size the average serialised size in bytes, when the user gave one ({@code size: 200B});
 *     fixed-size types need none
 * @param items average elements of a collection (each is one cell in Cassandra's count); 1 if
 *     absent
 * @param timeOrdered values grow with time (a snowflake id, a timestamp): the latest rows share the
 *     newest values, which matters for time buckets and for monotonic shard keys
 * @param values the allowed values of an enumeration, in file order; empty if not an enumeration
 * @param copyOf {@code Entity.attribute} this attribute duplicates (denormalised on purpose): an
 *     update of the source must also update every table holding the copy
 * @param unique no two rows share a value (an alternate key such as an email or a user name): the
 *     attribute has as many values as the entity has rows
 * @param growsPerSecond elements a collection gains per row and second, never removed (the {@code
 *     grows:} rate, as a comment thread or a list of events); 0 for a bounded collection
 * @param present the share of rows in which the attribute holds a value ({@code present: 30%}),
 *     above 0 and at most 1; 1 when the model does not say. The attribute's spread describes the
 *     rows that hold a value. A store that writes nothing for an absent value (a Cassandra cell not
 *     set, a DynamoDB attribute left out, a MongoDB field omitted) stores, and an index on the
 *     attribute holds, only this share of the rows
 * @param residency each row must be stored in the place its value names ({@code residency: true}: a
 *     region or a country, as data-residency rules ask); the model gives the values, by {@code
 *     values:} or by its spread's {@code shares:}
 */
public record Attribute(
    String name,
    String type,
    OptionalLong size,
    int items,
    boolean timeOrdered,
    List<String> values,
    Optional<String> copyOf,
    boolean unique,
    double growsPerSecond,
    double present,
    boolean residency,
    Location location) {

  public Attribute {
    values = List.copyOf(values);
    if (!(present > 0 && present <= 1)) {
      throw new IllegalArgumentException("present must be in (0, 1], was " + present);
    }
  }

  /** An attribute every row holds ({@code present} 100%, the default). */
  public Attribute(
      String name,
      String type,
      OptionalLong size,
      int items,
      boolean timeOrdered,
      List<String> values,
      Optional<String> copyOf,
      boolean unique,
      double growsPerSecond,
      Location location) {
    this(
        name,
        type,
        size,
        items,
        timeOrdered,
        values,
        copyOf,
        unique,
        growsPerSecond,
        1,
        false,
        location);
  }

  /** Returns this attribute held by {@code share} of the rows instead (1: every row). */
  public Attribute withPresent(double share) {
    return new Attribute(
        name,
        type,
        size,
        items,
        timeOrdered,
        values,
        copyOf,
        unique,
        growsPerSecond,
        share,
        residency,
        location);
  }

  /** Returns true if some rows hold no value of this attribute ({@code present} below 100%). */
  public boolean isSparse() {
    return present < 1;
  }

  /**
   * Returns the elements of a row's collection {@code seconds} after it was written: {@code items +
   * grows × seconds}. A list of 5 comments growing by 2 a day holds 5 + 2 × 365 = 735 after a year.
   */
  public double itemsAfter(long seconds) {
    return items + growsPerSecond * seconds;
  }

  /** Returns true for a boolean or an enumeration: a handful of values at most. */
  public boolean isEnumerated() {
    return type.equalsIgnoreCase("boolean") || !values.isEmpty();
  }

  /** Returns the number of distinct values the type allows, when it is small and known. */
  public OptionalLong knownCardinality() {
    if (type.equalsIgnoreCase("boolean")) {
      return OptionalLong.of(2);
    }
    return values.isEmpty() ? OptionalLong.empty() : OptionalLong.of(values.size());
  }
}
