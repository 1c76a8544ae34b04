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
 * {@code IN} is served by none of them in Cassandra 5.0, and an index on a non-frozen collection
 * never serves {@code =} on the whole collection.
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
    boolean collection = type.isCollection();
    Comparison op = c.comparison();
    return switch (i.kind()) {
      case LEGACY ->
          op == Comparison.CONTAINS
              ? collection
              : op == Comparison.EQ && (!collection || type.isFrozen());
      case SAI ->
          switch (op) {
            case CONTAINS -> collection;
            case EQ -> !collection || type.isFrozen();
            case RANGE -> !collection && !EQUALITY_ONLY.contains(type.unfrozen().name());
            case IN -> false;
          };
      case CUSTOM -> !collection && (op == Comparison.EQ || op == Comparison.RANGE);
    };
  }
}
