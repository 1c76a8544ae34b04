package dev.keyplan.dynamodb.verify;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.UnaryOperator;
import software.amazon.awssdk.services.dynamodb.model.Capacity;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;

/**
 * The capacity units one request consumed, by table and index: the table itself, and each index as
 * {@code table.index}. A local index uses the table's capacity (keyplan's {@link
 * dev.keyplan.dynamodb.design.DynamoDbPlan.Touch} counts it in the table's copy), but its reads are
 * kept apart here so that a query of it and the table fetches it makes can be compared one by one.
 * Filled from the {@code ConsumedCapacity} of every call with {@code
 * ReturnConsumedCapacity=INDEXES}; DynamoDB and dynalite report {@code CapacityUnits} only, so read
 * and write units are told apart by the call, not the response.
 */
final class Consumed {
  private final Map<String, Double> byCopy = new LinkedHashMap<>();
  private double total;

  /**
   * Adds one call's consumption; {@code designName} maps a prefixed table name back to the
   * design's.
   */
  void add(ConsumedCapacity c, UnaryOperator<String> designName) {
    if (c == null) {
      return;
    }
    String table = designName.apply(c.tableName());
    total += value(c.capacityUnits());
    boolean split =
        c.table() != null || c.hasGlobalSecondaryIndexes() || c.hasLocalSecondaryIndexes();
    if (!split) {
      add(table, value(c.capacityUnits()));
      return;
    }
    add(table, c.table() == null ? 0 : value(c.table().capacityUnits()));
    if (c.hasLocalSecondaryIndexes()) {
      for (Map.Entry<String, Capacity> l : c.localSecondaryIndexes().entrySet()) {
        add(table + "." + l.getKey(), value(l.getValue().capacityUnits()));
      }
    }
    if (c.hasGlobalSecondaryIndexes()) {
      for (Map.Entry<String, Capacity> g : c.globalSecondaryIndexes().entrySet()) {
        add(table + "." + g.getKey(), value(g.getValue().capacityUnits()));
      }
    }
  }

  /** Adds every call's consumption. */
  void addAll(Collection<ConsumedCapacity> all, UnaryOperator<String> designName) {
    if (all != null) {
      all.forEach(c -> add(c, designName));
    }
  }

  /** Adds another request's consumption to this one. */
  void add(Consumed other) {
    other.byCopy.forEach(this::add);
    total += other.total;
  }

  private void add(String copy, double units) {
    byCopy.merge(copy, units, Double::sum);
  }

  /** Returns the units consumed on {@code copy}; 0 when none was reported. */
  double on(String copy) {
    return byCopy.getOrDefault(copy, 0.0);
  }

  /** Returns every copy with reported units, in the order first reported. */
  Map<String, Double> byCopy() {
    return java.util.Collections.unmodifiableMap(byCopy);
  }

  /** Returns the units of every call added together (the responses' own totals). */
  double total() {
    return total;
  }

  private static double value(Double d) {
    return d == null ? 0 : d;
  }
}
