package dev.keyplan.dynamodb.check;

import dev.keyplan.check.Findings;
import dev.keyplan.check.Severity;
import dev.keyplan.dynamodb.design.DynamoDbAnalysis;
import dev.keyplan.dynamodb.design.DynamoDbItem;
import dev.keyplan.dynamodb.design.DynamoDbPlan;
import dev.keyplan.dynamodb.design.DynamoDbTable;
import dev.keyplan.dynamodb.design.KeyPath;
import dev.keyplan.model.Entity;
import dev.keyplan.model.Operation;
import dev.keyplan.model.Spread;
import dev.keyplan.model.Units;
import dev.keyplan.workload.KeyCounts;
import dev.keyplan.workload.KeySpread;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * KeySpreadUndeclared's part for DynamoDB: the rule's id, summary and page are {@code
 * KeySpreadUndeclared}'s, which runs this part on the store's analyses.
 *
 * <p>Two gaps are reported: a partition key attribute without a spread (nothing about the key can
 * be sized), and a Query's equality on a sort key placeholder whose values per partition the model
 * does not give ({@code per:}, docs/model.md "Values per value") when the two bounds keyplan could
 * take differ by {@link #SORT_KEY_SPREAD_RATIO} or more: the whole partition ({@code n} items) and
 * {@code n / distinct}, the attribute's global count as if independent of the partition key, which
 * the planner uses. Example: 100 tracks an artist and 10M albums: 100 against 1, a factor 100.
 */
public final class DynamoDbKeySpreadUndeclared implements DynamoDbRule {
  /**
   * Two orders of magnitude between the upper and the lower bound of a sort key equality's items:
   * below it the choice changes a Query's units by less than the 4 KB rounding of most reads.
   */
  static final double SORT_KEY_SPREAD_RATIO = 100;

  @Override
  public void check(DynamoDbAnalysis a, Findings out) {
    partitionKeys(a, out);
    sortKeys(a, out);
  }

  private static void sortKeys(DynamoDbAnalysis a, Findings out) {
    Set<String> reported = new LinkedHashSet<>();
    // Each table's item types by name, once: visiting every item type of the plan's table for
    // every read made the rule plans × item types (20,000 × 2,000 on the 20,000-pattern bench
    // model's single table). The plan's own item types are visited instead, in table order.
    Map<String, List<DynamoDbTable>> tablesByName = new HashMap<>();
    Map<DynamoDbTable, Map<String, List<Integer>>> itemsByName = new IdentityHashMap<>();
    for (DynamoDbTable t : a.tables()) {
      tablesByName.computeIfAbsent(t.name(), k -> new ArrayList<>()).add(t);
      Map<String, List<Integer>> byName = new HashMap<>();
      for (int i = 0; i < t.items().size(); i++) {
        byName.computeIfAbsent(t.items().get(i).name(), k -> new ArrayList<>()).add(i);
      }
      itemsByName.put(t, byName);
    }
    for (DynamoDbPlan plan : a.plans()) {
      if (!(plan.pattern().operation() instanceof Operation.Read r) || plan.path().isEmpty()) {
        continue;
      }
      KeyPath p = plan.path().get();
      Set<String> equal = new LinkedHashSet<>();
      r.where().stream()
          .filter(c -> c.comparison() == Operation.Comparison.EQ)
          .forEach(c -> equal.add(c.attribute()));
      if (equal.isEmpty()) {
        // Every finding is an equality on a sort key placeholder: none here.
        continue;
      }
      for (DynamoDbTable t : tablesByName.getOrDefault(p.table(), List.of())) {
        Map<String, List<Integer>> byName = itemsByName.get(t);
        SortedSet<Integer> read = new TreeSet<>();
        for (String name : plan.items()) {
          read.addAll(byName.getOrDefault(name, List.of()));
        }
        for (int index : read) {
          DynamoDbItem it = t.items().get(index);
          if (!it.on(p)) {
            continue;
          }
          Entity e = it.entity();
          Set<String> pk = KeyCounts.placeholders(it.partitionTemplates(p));
          if (!equal.containsAll(pk) || KeyCounts.identifies(e, pk)) {
            continue;
          }
          for (String c : KeyCounts.placeholders(it.sortTemplates(p))) {
            Spread s = e.spread().get(c);
            if (!equal.contains(c)
                || pk.contains(c)
                || (s != null && pk.stream().anyMatch(s.per()::containsKey))) {
              continue;
            }
            double n = it.typicalPerKey(p, pk);
            double d = KeyCounts.distinct(e, Set.of(c), it.rowsOn(p));
            if (Double.isNaN(n) || Double.isNaN(d)) {
              continue;
            }
            double lower = Math.max(1, n / Math.max(1, d));
            if (n / lower < SORT_KEY_SPREAD_RATIO || !reported.add(it.name() + "\u0000" + c)) {
              continue;
            }
            String anchor = pk.iterator().next();
            out.report(
                Severity.INFO,
                it.name(),
                e.location(),
                "the equality on "
                    + c
                    + " in "
                    + plan.pattern().id()
                    + " reads between "
                    + Units.count(lower)
                    + " and "
                    + Units.count(n)
                    + " items of a partition of "
                    + p.label()
                    + ": "
                    + e.name()
                    + " does not say how many "
                    + c
                    + " values one "
                    + anchor
                    + " holds, so keyplan counts "
                    + Units.count(lower)
                    + " (its "
                    + Units.count(d)
                    + " values taken as independent of "
                    + anchor
                    + ")",
                "add under "
                    + e.name()
                    + ": spread: {"
                    + c
                    + ": {per: {"
                    + anchor
                    + ": N}}}, N the "
                    + c
                    + " values of one "
                    + anchor);
          }
        }
      }
    }
  }

  private static void partitionKeys(DynamoDbAnalysis a, Findings out) {
    for (DynamoDbTable t : a.tables()) {
      for (DynamoDbItem it : t.items()) {
        Set<String> undeclared = new LinkedHashSet<>();
        Set<String> on = new LinkedHashSet<>();
        for (KeyPath p : t.paths()) {
          if (!it.on(p)) {
            continue;
          }
          Set<String> attrs = new LinkedHashSet<>();
          it.partitionTemplates(p).forEach(k -> attrs.addAll(k.attributes()));
          boolean identifies =
              (!it.entity().key().isEmpty() && attrs.containsAll(it.entity().key()))
                  || attrs.stream()
                      .anyMatch(x -> it.entity().attribute(x).map(y -> y.unique()).orElse(false));
          for (String x : attrs) {
            if (!identifies
                && KeySpread.distinct(it.entity(), x, it.rows()).isEmpty()
                && undeclared.add(x)) {
              on.add(p.label());
            }
          }
        }
        if (!undeclared.isEmpty()) {
          String attrs = String.join(", ", undeclared);
          out.report(
              Severity.INFO,
              it.name(),
              it.entity().location(),
              "cannot size or heat-check the partition keys of item "
                  + it.name()
                  + " on "
                  + String.join(", ", on)
                  + ": "
                  + it.entity().name()
                  + " does not say how it spreads over "
                  + attrs,
              "add under "
                  + it.entity().name()
                  + ": spread: {"
                  + undeclared.iterator().next()
                  + ": {distinct: N, busiest: R/s}}, or 'unique: true' on an attribute with one value per row");
        }
      }
    }
  }
}
