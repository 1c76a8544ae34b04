package dev.keyplan.cassandra.design;

import dev.keyplan.cassandra.cql.Column;
import dev.keyplan.cassandra.cql.CqlTable;
import dev.keyplan.cassandra.cql.CqlType;
import dev.keyplan.cassandra.cql.SecondaryIndex;
import dev.keyplan.model.Operation.Comparison;
import dev.keyplan.model.Operation.Condition;
import java.util.Set;

/**
 * Which restrictions a secondary index can serve, by its kind and its column's type.
 *
 * <ul>
 *   <li>A legacy index (2i) serves {@code =} on a scalar or a frozen collection, and {@code
 *       CONTAINS} on a collection; ranges need ALLOW FILTERING (CQL reference, "Secondary indexes":
 *       https://cassandra.apache.org/doc/5.0/cassandra/developing/cql/indexes.html).
 *   <li>SAI serves {@code =} and {@code CONTAINS}, and ranges on every type but the string types
 *       and boolean, which it matches by equality only (SAI "Querying with SAI":
 *       https://cassandra.apache.org/doc/5.0/cassandra/developing/cql/indexing/sai/sai-query.html).
 *   <li>A custom class (SASI) serves {@code =} and ranges on a scalar.
 * </ul>
 *
 * On a collection the index's target decides: {@code values(c)} (the default for a list or set)
 * serves {@code CONTAINS}, {@code keys(m)} {@code CONTAINS KEY}, {@code entries(m)} {@code m[k] =
 * v}, and {@code full(c)} (frozen only) {@code =} on the whole collection. {@code IN} is served by
 * none of them in Cassandra 5.0.
 */
final class IndexSupport {
  private IndexSupport() {}

  /** Types SAI indexes for equality only (its string analyser has no order; boolean has two). */
  private static final Set<String> EQUALITY_ONLY =
      Set.of("text", "varchar", "ascii", "boolean", "uuid", "timeuuid");

  /** Returns true if index {@code i} of table {@code t} can serve condition {@code c}. */
  static boolean serves(SecondaryIndex i, CqlTable t, Condition c) {
    CqlType type = t.column(i.column()).map(Column::type).orElse(null);
    if (type == null) {
      return false;
    }
    Comparison op = c.comparison();
    if (type.isCollection()) {
      // A collection is indexed by its elements (values), its map keys, its map entries, or as a
      // whole (full, frozen only): each serves its own restriction and no other.
      return switch (i.target()) {
        case VALUES, COLUMN -> op == Comparison.CONTAINS;
        case KEYS -> op == Comparison.CONTAINS_KEY;
        case ENTRIES -> op == Comparison.ENTRY;
        case FULL -> op == Comparison.EQ;
      };
    }
    return switch (i.kind()) {
      case LEGACY -> op == Comparison.EQ;
      case SAI ->
          op == Comparison.EQ
              || (op == Comparison.RANGE && !EQUALITY_ONLY.contains(type.unfrozen().name()));
      case CUSTOM -> op == Comparison.EQ || op == Comparison.RANGE;
    };
  }
}
