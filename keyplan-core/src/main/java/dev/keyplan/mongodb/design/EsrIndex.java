package dev.keyplan.mongodb.design;

import dev.keyplan.model.Operation;
import dev.keyplan.model.Operation.Comparison;
import dev.keyplan.mongodb.model.MongoDbDesign.IndexKey;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The index that serves a read by the ESR guideline (MongoDB manual, "The ESR (Equality, Sort,
 * Range) Guideline"): the equality fields first, then the sort fields in the read's directions, so
 * no blocking sort is needed, then the range field. Seed 003: "Compound index — order matters:
 * equality fields first, range last". For "Order where customer_id = ? and created_at > ? order by
 * total desc" on {@code orders} that is {@code {customer_id: 1, total: -1, created_at: 1}}.
 */
public final class EsrIndex {
  private EsrIndex() {}

  /**
   * Returns the key document of the ESR index of {@code r} on {@code c}, as {@code createIndex}
   * takes it ({@code {customer_id: 1, created_at: -1}}; a field of an embedded entity by its quoted
   * path, {@code {"reviews.user_id": 1}}), or empty if the read names no field.
   */
  public static Optional<String> keys(MongoDbCollection c, Operation.Read r) {
    Optional<MongoDbReadPlanner.View> v = MongoDbReadPlanner.view(c, r.entity());
    if (v.isEmpty()) {
      return Optional.empty();
    }
    Map<String, String> fields = v.get().fields();
    Map<String, Integer> keys = new LinkedHashMap<>();
    for (Operation.Condition x : r.where()) {
      if (x.comparison() == Comparison.EQ
          || x.comparison() == Comparison.IN
          || x.comparison() == Comparison.CONTAINS) {
        keys.putIfAbsent(fields.getOrDefault(x.attribute(), x.attribute()), 1);
      }
    }
    for (Operation.Order o : r.orderBy()) {
      keys.putIfAbsent(fields.getOrDefault(o.attribute(), o.attribute()), o.descending() ? -1 : 1);
    }
    for (Operation.Condition x : r.where()) {
      if (x.comparison() == Comparison.RANGE) {
        keys.putIfAbsent(fields.getOrDefault(x.attribute(), x.attribute()), 1);
      }
    }
    if (keys.isEmpty()) {
      return Optional.empty();
    }
    StringBuilder out = new StringBuilder("{");
    keys.forEach(
        (f, d) ->
            out.append(out.length() > 1 ? ", " : "")
                .append(IndexKey.shellName(f))
                .append(": ")
                .append(d));
    return Optional.of(out.append("}").toString());
  }
}
