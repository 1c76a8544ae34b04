package dev.keyplan.model;

import dev.keyplan.input.Location;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * What an access pattern does, in the compact form of the model file. The grammar is in
 * docs/model.md; {@link OperationParser} reads it.
 */
public sealed interface Operation permits Operation.Read, Operation.Write {

  /** Returns the entity the operation acts on. */
  String entity();

  /** Returns the restrictions of the {@code where} clause, in the order written. */
  List<Condition> where();

  /** Returns where the operation text starts in the model file. */
  Location location();

  /** Returns where each name (entity, attribute) was first written in the operation. */
  java.util.Map<String, Location> names();

  /**
   * Returns the attributes the {@code where} clause restricts by equality ({@code =}, {@code in}),
   * each once, in the order written: what a key looks a row up by. {@code where a = ? and b > ?}
   * gives {@code [a]}.
   */
  default List<String> equalities() {
    List<String> out = new java.util.ArrayList<>();
    for (Condition c : where()) {
      if ((c.comparison() == Comparison.EQ || c.comparison() == Comparison.IN)
          && !out.contains(c.attribute())) {
        out.add(c.attribute());
      }
    }
    return out;
  }

  /**
   * Returns the attributes a store must hold to serve this operation: those a read selects (when it
   * names them), restricts and orders by; those a write sets and restricts. A planner that finds no
   * table, item type or collection holding them all reports the pattern as not served.
   */
  default java.util.Set<String> attributesNeeded() {
    java.util.Set<String> out = new java.util.LinkedHashSet<>();
    if (this instanceof Read r) {
      out.addAll(r.select());
      r.orderBy().forEach(o -> out.add(o.attribute()));
    } else {
      out.addAll(((Write) this).set());
    }
    where().forEach(c -> out.add(c.attribute()));
    return out;
  }

  /** Returns true if this is a write of one of {@code kinds}. */
  default boolean isWriteOf(Kind... kinds) {
    if (!(this instanceof Write)) {
      return false;
    }
    for (Kind k : kinds) {
      if (((Write) this).kind() == k) {
        return true;
      }
    }
    return false;
  }

  /** Returns where {@code name} was written, or where the operation starts. */
  default Location locationOf(String name) {
    return names().getOrDefault(name, location());
  }

  /**
   * A read: {@code [count] [select a, b from] Entity [where …] [order by a desc] [limit N]}.
   *
   * @param select the attributes asked for; empty means all of them
   */
  record Read(
      String entity,
      List<String> select,
      List<Condition> where,
      List<Order> orderBy,
      OptionalInt limit,
      boolean count,
      java.util.Map<String, Location> names,
      Location location)
      implements Operation {
    public Read {
      names = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(names));
      select = List.copyOf(select);
      where = List.copyOf(where);
      orderBy = List.copyOf(orderBy);
    }

    /**
     * Returns the read of {@code other}'s rows by the same restrictions, without selection, order
     * or limit: how every store plans a related entity of {@code with:} (an order's lines, read by
     * the order's id). The pattern's {@code order by} and {@code limit} are its own entity's.
     */
    public Read related(String other) {
      return new Read(
          other, List.of(), where, List.of(), OptionalInt.empty(), false, names, location);
    }
  }

  /**
   * A write: insert, upsert, update, delete or counter increment.
   *
   * @param set the attributes an update or increment changes; empty for insert and delete
   * @param condition the lightweight-transaction condition ({@code if not exists}, {@code if a =
   *     ?}), if any
   * @param ttlSeconds {@code using ttl}, 0 if none
   */
  record Write(
      Kind kind,
      String entity,
      List<String> set,
      List<Condition> where,
      Optional<String> condition,
      long ttlSeconds,
      java.util.Map<String, Location> names,
      Location location)
      implements Operation {
    public Write {
      names = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(names));
      set = List.copyOf(set);
      where = List.copyOf(where);
    }

    /** Returns true for a lightweight transaction (Paxos). */
    public boolean isLightweightTransaction() {
      return condition.isPresent();
    }
  }

  /** The kinds of write. */
  enum Kind {
    INSERT,
    UPSERT,
    UPDATE,
    DELETE,
    INCREMENT;

    /** Returns the lower-case keyword used in model files. */
    public String keyword() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }
  }

  /**
   * A restriction in a {@code where} clause. {@code values} is the number of keys of an {@code in},
   * 2 for {@code between ? and ?} and 1 otherwise.
   */
  record Condition(String attribute, Comparison comparison, int values, Location location) {}

  /** How an attribute is restricted. */
  enum Comparison {
    /** {@code a = ?} */
    EQ,
    /** {@code a in (?, ?)}: {@code values} keys */
    IN,
    /** {@code a > ?}, {@code a <= ?}, {@code a between ? and ?} */
    RANGE,
    /** {@code tags contains ?}: an element of a list or set, a value of a map */
    CONTAINS,
    /** {@code prefs contains key ?}: a key of a map */
    CONTAINS_KEY,
    /** {@code prefs[?] = ?}: one entry of a map, its key and its value */
    ENTRY
  }

  /**
   * One {@code order by} term; {@code ann} for {@code order by ann of v}: nearest neighbours of a
   * vector attribute, by its index's similarity function (Cassandra 5.0 vector search).
   */
  record Order(String attribute, boolean descending, boolean ann) {
    public Order(String attribute, boolean descending) {
      this(attribute, descending, false);
    }
  }
}
