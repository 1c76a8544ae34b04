package dev.keyplan.dynamodb.check;

import dev.keyplan.check.Findings;
import dev.keyplan.check.Severity;
import dev.keyplan.dynamodb.design.DynamoDbAnalysis;
import dev.keyplan.dynamodb.design.DynamoDbItem;
import dev.keyplan.dynamodb.design.DynamoDbTable;
import dev.keyplan.dynamodb.design.KeyPath;
import dev.keyplan.workload.KeySpread;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * KeySpreadUndeclared's part for DynamoDB: the rule's id, summary and page are {@code
 * KeySpreadUndeclared}'s, which runs this part on the store's analyses.
 */
public final class DynamoDbKeySpreadUndeclared implements DynamoDbRule {
  @Override
  public void check(DynamoDbAnalysis a, Findings out) {
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
