package dev.keyplan.cassandra.design;

import dev.keyplan.cassandra.cql.CqlSchema;
import dev.keyplan.cassandra.cql.SecondaryIndex;
import dev.keyplan.model.Operation;
import dev.keyplan.model.Operation.Comparison;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Names the secondary indexes a read plan goes through ({@link CassandraPlan#indexes}), with the
 * read planner's own criteria, for a planner that does not state them itself: an unkeyed read
 * planned as {@link CassandraAccess#SECONDARY_INDEX} goes through the index of its first {@code =}
 * or {@code contains} restriction on an indexed column; a keyed read goes through the index of
 * every restricted non-key column that has one (that is what spares it ALLOW FILTERING inside the
 * partition). A plan that already names its indexes is kept as it is, so once the planner records
 * the index it chose this class has nothing left to do and can go.
 */
final class PlanIndexes {
  private PlanIndexes() {}

  /** Returns {@code plan} with the indexes of {@code schema} it reads through attached. */
  static CassandraPlan attach(CassandraPlan plan, List<BoundTable> tables, CqlSchema schema) {
    if (!plan.indexes().isEmpty()
        || !(plan.pattern().operation() instanceof Operation.Read r)
        || plan.tables().isEmpty()) {
      return plan;
    }
    BoundTable t =
        tables.stream().filter(b -> b.name().equals(plan.tables().get(0))).findFirst().orElse(null);
    if (t == null) {
      return plan;
    }
    List<SecondaryIndex> onTable =
        schema.indexes().stream().filter(i -> i.table().equals(t.name())).toList();
    if (onTable.isEmpty()) {
      return plan;
    }
    Set<String> used = new LinkedHashSet<>();
    switch (plan.access()) {
      case SECONDARY_INDEX -> {
        for (Operation.Condition c : r.where()) {
          if (c.comparison() == Comparison.EQ || c.comparison() == Comparison.CONTAINS) {
            List<String> names = names(onTable, c.attribute());
            if (!names.isEmpty()) {
              used.addAll(names);
              break;
            }
          }
        }
      }
      case SINGLE_PARTITION, BUCKET_WALK, MULTI_PARTITION, APPLICATION_JOIN -> {
        for (Operation.Condition c : r.where()) {
          if (!t.isKey(c.attribute())) {
            used.addAll(names(onTable, c.attribute()));
          }
        }
      }
      default -> {
        // A scan, an ALLOW FILTERING walk or an unserved read reads through no index.
      }
    }
    return used.isEmpty() ? plan : plan.withIndexes(new ArrayList<>(used));
  }

  private static List<String> names(List<SecondaryIndex> onTable, String column) {
    return onTable.stream()
        .filter(i -> i.column().equals(column))
        .map(SecondaryIndex::name)
        .toList();
  }
}
