package dev.keyplan.dynamodb.verify;

import dev.keyplan.dynamodb.design.DynamoDbAnalysis;
import dev.keyplan.dynamodb.design.DynamoDbItem;
import dev.keyplan.dynamodb.design.DynamoDbTable;
import dev.keyplan.dynamodb.design.KeyPath;
import dev.keyplan.dynamodb.verify.KeyGroup.Member;
import dev.keyplan.dynamodb.verify.KeyGroup.Which;
import dev.keyplan.model.Entity;
import dev.keyplan.workload.KeyCounts;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Decides what is loaded: for every table or index and partition key template a pattern reaches,
 * the busiest value's items and a typical value's, as keyplan counts them ({@link
 * KeyCounts#busiestPerKey}, {@link KeyCounts#typicalPerKey}), scaled by one factor per group so
 * that no group holds more than {@code maxRows} items.
 *
 * <p>A group's rows are rows of entities: each is written as every item type of its entity (an
 * order placed under its customer is also the order under its own id), so a read that finds an item
 * in one table or index finds the same row's items everywhere else, as in an application. An entity
 * with several item types in one group gets one set of rows for them all.
 */
final class GroupPlanner {
  private final DynamoDbAnalysis analysis;
  private final int maxRows;
  private final Tags tags;
  private final Map<String, KeyGroup[]> groups = new LinkedHashMap<>();

  GroupPlanner(DynamoDbAnalysis analysis, int maxRows, Tags tags) {
    this.analysis = analysis;
    this.maxRows = maxRows;
    this.tags = tags;
  }

  /** Returns the busiest and the typical group of {@code signature} on {@code path} (made once). */
  KeyGroup group(DynamoDbTable table, KeyPath path, String signature, Which which) {
    KeyGroup[] pair =
        groups.computeIfAbsent(
            path.label() + "\u0000" + signature,
            k ->
                new KeyGroup[] {
                  make(table, path, signature, Which.BUSIEST),
                  make(table, path, signature, Which.TYPICAL)
                });
    return pair[which.ordinal()];
  }

  /** Returns every group made so far, in the order first asked for, busiest before typical. */
  List<KeyGroup> all() {
    List<KeyGroup> out = new ArrayList<>();
    groups.values().forEach(p -> out.addAll(List.of(p)));
    return out;
  }

  private KeyGroup make(DynamoDbTable table, KeyPath path, String signature, Which which) {
    List<DynamoDbItem> sharing =
        table.items().stream()
            .filter(it -> it.on(path) && it.partitionSignature(path).equals(signature))
            .toList();
    Set<String> keyAttributes = new LinkedHashSet<>();
    Map<DynamoDbItem, Double> full = new LinkedHashMap<>();
    double total = 0;
    for (DynamoDbItem it : sharing) {
      Set<String> pk = KeyCounts.placeholders(it.partitionTemplates(path));
      keyAttributes.addAll(pk);
      double n = which == Which.BUSIEST ? it.busiestPerKey(pk) : it.typicalPerKey(pk);
      full.put(it, n);
      total += Double.isNaN(n) ? 1 : n;
    }
    double factor = total > maxRows ? maxRows / total : 1;
    String tag = tags.next();
    // One set of rows per entity: the most any of its item types here needs.
    Map<Entity, Integer> rows = new LinkedHashMap<>();
    for (Map.Entry<DynamoDbItem, Double> e : full.entrySet()) {
      double n = Double.isNaN(e.getValue()) ? 1 : e.getValue();
      // Scaled down, never above --max-rows; else the nearest whole number of items.
      long count = factor < 1 ? (long) Math.floor(n * factor) : Math.round(n);
      rows.merge(e.getKey().entity(), (int) Math.max(1, count), Math::max);
    }
    Map<Entity, List<Instance>> made = new LinkedHashMap<>();
    for (Map.Entry<Entity, Integer> e : rows.entrySet()) {
      Map<String, String> bound = new LinkedHashMap<>();
      keyAttributes.stream()
          .filter(a -> e.getKey().attribute(a).isPresent())
          .forEach(a -> bound.put(a, tag));
      Map<String, Integer> repeating = repeating(e.getKey(), sharing, path, keyAttributes);
      List<Instance> list = new ArrayList<>();
      for (int i = 0; i < e.getValue(); i++) {
        Map<String, String> b = new LinkedHashMap<>(bound);
        for (Map.Entry<String, Integer> r : repeating.entrySet()) {
          b.put(r.getKey(), tag + "v" + (i % r.getValue()));
        }
        list.add(new Instance(e.getKey(), b, tags.next(), i));
      }
      made.put(e.getKey(), list);
    }
    List<Member> members = new ArrayList<>();
    for (Map.Entry<DynamoDbItem, Double> e : full.entrySet()) {
      members.add(new Member(e.getKey(), e.getValue(), made.get(e.getKey().entity())));
    }
    return new KeyGroup(table, path, signature, which, keyAttributes, tag, total, factor, members);
  }

  /**
   * Returns the sort key attributes of {@code e}'s item types here that repeat within a partition
   * key value, with their distinct values: row i takes value i mod d, so a read that gives one by
   * equality (a {@code begins_with} on {@code {quality}#}) matches one row in d, as keyplan's plan
   * counts it ({@link KeyCounts#distinct}). An attribute whose values are unknown or unique stays
   * the row's own.
   */
  private static Map<String, Integer> repeating(
      Entity e, List<DynamoDbItem> sharing, KeyPath path, Set<String> keyAttributes) {
    Map<String, Integer> out = new LinkedHashMap<>();
    for (DynamoDbItem it : sharing) {
      if (!it.entity().equals(e)) {
        continue;
      }
      for (String a : KeyCounts.placeholders(it.sortTemplates(path))) {
        double d = KeyCounts.distinct(e, Set.of(a), it.rows());
        if (!keyAttributes.contains(a) && !Double.isNaN(d) && d >= 1 && d < it.rows()) {
          out.putIfAbsent(a, (int) Math.min(Integer.MAX_VALUE, Math.round(d)));
        }
      }
    }
    return out;
  }

  /** Returns the analysis the groups are planned from. */
  DynamoDbAnalysis analysis() {
    return analysis;
  }
}
