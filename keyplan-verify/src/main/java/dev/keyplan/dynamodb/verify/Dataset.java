package dev.keyplan.dynamodb.verify;

import dev.keyplan.dynamodb.design.DynamoDbAnalysis;
import dev.keyplan.dynamodb.design.DynamoDbIndex;
import dev.keyplan.dynamodb.design.DynamoDbItem;
import dev.keyplan.dynamodb.design.DynamoDbTable;
import dev.keyplan.dynamodb.design.KeyPath;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Every item the load writes: each row of each key group as every item type of its entity, each
 * primary key once (a key without placeholders, such as {@code CONFIG}, is one item however many
 * rows build it).
 */
final class Dataset {
  /** One item to write, with the item type it is. */
  record Written(DynamoDbTable table, DynamoDbItem type, Map<String, AttributeValue> item) {}

  private final List<Written> items = new ArrayList<>();

  /** Returns the items of every row of {@code groups}, built by {@code builder}. */
  static Dataset of(DynamoDbAnalysis analysis, List<KeyGroup> groups, ItemBuilder builder) {
    Dataset d = new Dataset();
    Set<List<Object>> keys = new LinkedHashSet<>();
    Set<Instance> seen = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
    for (KeyGroup g : groups) {
      for (KeyGroup.Member m : g.members()) {
        for (Instance row : m.rows()) {
          if (!seen.add(row)) {
            continue;
          }
          for (DynamoDbIndex.Placed at : analysis.index().itemsOf(row.entity().name())) {
            Map<String, AttributeValue> item = builder.item(at.table(), at.item(), row);
            List<Object> key =
                List.of(at.table().name(), builder.primaryKey(at.table(), at.item(), row));
            if (keys.add(key)) {
              d.items.add(new Written(at.table(), at.item(), item));
            }
          }
        }
      }
    }
    return d;
  }

  /** Returns the items, in the order they are written. */
  List<Written> items() {
    return java.util.Collections.unmodifiableList(items);
  }

  /** Returns the items per table name, in model order. */
  Map<String, Long> countsByTable() {
    Map<String, Long> out = new LinkedHashMap<>();
    items.forEach(w -> out.merge(w.table().name(), 1L, Long::sum));
    return out;
  }

  /**
   * Returns what a Scan of {@code path} evaluates of the loaded items, by keyplan's sizes: the
   * count of items on it and Σ {@link DynamoDbItem#entryBytes}.
   */
  double[] scanned(DynamoDbTable table, KeyPath path) {
    double count = 0;
    double bytes = 0;
    for (Written w : items) {
      if (w.table() == table && w.type().on(path)) {
        count++;
        bytes += w.type().entryBytes(path, table);
      }
    }
    return new double[] {count, bytes};
  }
}
