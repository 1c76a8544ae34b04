package dev.keyplan.dynamodb.check;

import dev.keyplan.check.Findings;
import dev.keyplan.check.Severity;
import dev.keyplan.dynamodb.design.DynamoDbAnalysis;
import dev.keyplan.dynamodb.design.DynamoDbItem;
import dev.keyplan.dynamodb.design.DynamoDbPlan;
import dev.keyplan.dynamodb.model.DynamoDbDesign;
import dev.keyplan.model.Entity;
import dev.keyplan.model.Operation;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * PatternNotServed's part for DynamoDB: the rule's id, summary and page are {@code
 * PatternNotServed}'s, which runs this part on the store's analyses.
 */
public final class DynamoDbPatternNotServed implements DynamoDbRule {
  @Override
  public void check(DynamoDbAnalysis a, Findings out) {
    for (DynamoDbPlan p : a.plans()) {
      if (p.access() != DynamoDbPlan.Access.NOT_SERVED) {
        continue;
      }
      out.report(
          Severity.ERROR,
          p.pattern().id(),
          p.pattern().location(),
          "pattern "
              + p.pattern().id()
              + " is not served on DynamoDB: "
              + String.join("; ", p.notes()),
          dynamoFix(a, p));
    }
  }

  /**
   * What to add: an item type for the entity, the attributes an item type lacks, or a right pin.
   */
  private static String dynamoFix(DynamoDbAnalysis a, DynamoDbPlan p) {
    Operation op = p.pattern().operation();
    Entity e = a.model().entities().get(op.entity());
    List<DynamoDbItem> items = new ArrayList<>();
    a.index().itemsOf(op.entity()).forEach(at -> items.add(at.item()));
    if (items.isEmpty()) {
      return "add an item type for "
          + op.entity()
          + " under a table's items:, keyed by what its reads give, such as "
          + op.entity()
          + ": {keys: {PK: \""
          + suggestedKey(op, e)
          + "\"}}";
    }
    Optional<String> via =
        Optional.ofNullable(a.design().access().get(p.pattern().id()))
            .flatMap(DynamoDbDesign.Access::via);
    Set<String> needed = op.attributesNeeded();
    DynamoDbItem best = null;
    List<String> bestMissing = null;
    for (DynamoDbItem it : items) {
      List<String> missing = needed.stream().filter(x -> !it.holds(x)).toList();
      if (best == null || missing.size() < bestMissing.size()) {
        best = it;
        bestMissing = missing;
      }
    }
    if (bestMissing.isEmpty() && via.isPresent()) {
      return "pinned to "
          + via.get()
          + ", which does not hold item type "
          + best.name()
          + " (in table "
          + best.table()
          + ") with the key this read needs: pin a path that holds it, or remove 'via' and let keyplan choose";
    }
    if (bestMissing.isEmpty()) {
      return "store every attribute the pattern uses in an item type of " + op.entity();
    }
    return "add "
        + String.join(", ", bestMissing)
        + " to the attributes of item type "
        + best.name()
        + " in table "
        + best.table()
        + (via.isPresent() ? " (and check the pin to " + via.get() + ")" : "");
  }

  /**
   * A key template in seed 000's style from the read's equalities, else the entity's key: {@code
   * AUTHOR#{author_id}}.
   */
  private static String suggestedKey(Operation op, Entity e) {
    List<String> attrs = new ArrayList<>();
    op.where().stream()
        .filter(c -> c.comparison() == Operation.Comparison.EQ)
        .forEach(c -> attrs.add(c.attribute()));
    if (attrs.isEmpty() && e != null) {
      attrs.addAll(e.key());
    }
    StringBuilder key = new StringBuilder(op.entity().toUpperCase(Locale.ROOT));
    attrs.forEach(x -> key.append("#{").append(x).append('}'));
    return key.toString();
  }
}
