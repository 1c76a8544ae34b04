package dev.keyplan.dynamodb.check;

import dev.keyplan.check.Category;
import dev.keyplan.check.Findings;
import dev.keyplan.check.RuleSpec;
import dev.keyplan.check.Severity;
import dev.keyplan.dynamodb.design.DynamoDbAnalysis;
import dev.keyplan.dynamodb.design.DynamoDbItem;
import dev.keyplan.dynamodb.design.DynamoDbPlan;
import dev.keyplan.dynamodb.design.DynamoDbTable;
import dev.keyplan.dynamodb.design.KeyPath;
import dev.keyplan.model.KeyTemplate;
import dev.keyplan.model.Operation;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Flags a pattern that {@code expects: read-your-writes} but is served by a global secondary index.
 * "All reads from GSIs and streams are eventually consistent" (AWS DG, "DynamoDB read
 * consistency"); a Query or Scan of a GSI with {@code ConsistentRead: true} is rejected with a
 * ValidationException (API Reference, Query, ConsistentRead); seed 003 lists "DynamoDB (GSI reads)"
 * under eventual consistency. An index entry is written after the table's item, so a read of the
 * index just after an acknowledged write may miss it.
 *
 * <p>An error: the model states a requirement the design cannot meet, as Cassandra's
 * ReadYourWritesNotGuaranteed does when R + W ≤ RF. The fix reads the table, or a local index
 * (which shares the table's partition key and allows strongly consistent reads), when the read
 * gives the table's partition key; otherwise the choices are to key the table by what the read
 * gives, to read the written item back from the table by its primary key, or to accept eventual
 * consistency. A strongly consistent read costs one unit per 4 KB instead of half a unit.
 */
@RuleSpec(
    category = Category.CONSISTENCY,
    summary =
        "Read-your-writes expected from a global secondary index, which reads only eventually",
    severity = Severity.ERROR)
public final class StrongReadOnGlobalIndex implements DynamoDbRule {

  @Override
  public void check(DynamoDbAnalysis a, Findings out) {
    // The writers of each index, joined once: every read of an overloaded index names them all.
    Map<String, String> writersOf = new HashMap<>();
    for (DynamoDbPlan plan : a.plans()) {
      if (!plan.pattern().readYourWrites()
          || plan.path().isEmpty()
          || !plan.path().get().isGlobal()
          || !(plan.pattern().operation() instanceof Operation.Read r)) {
        continue;
      }
      KeyPath path = plan.path().get();
      String writers = writersOf.computeIfAbsent(path.copy(), copy -> writers(a, copy));
      String written =
          writers.isEmpty()
              ? ""
              : "; the writes of "
                  + writers
                  + " reach "
                  + path.name()
                  + " after the table, \"within a fraction of a second, under normal conditions\" (GSI.md)";
      out.report(
          Severity.ERROR,
          plan.pattern().id(),
          plan.pattern().location(),
          "pattern "
              + plan.pattern().id()
              + " expects read-your-writes but is served by global index "
              + path.label()
              + " ("
              + plan.operation()
              + " "
              + plan.keyCondition()
              + "): reads of a global index are eventually"
              + " consistent only, and ConsistentRead: true on it is a ValidationException"
              + written,
          fix(a, plan, r, path));
    }
  }

  /**
   * Returns the ids of the writes reaching {@code copy}, in plan order, each once, joined by
   * commas; empty if none.
   */
  private static String writers(DynamoDbAnalysis a, String copy) {
    List<String> writers = new ArrayList<>();
    DynamoDbPlan last = null;
    for (DynamoDbAnalysis.PlanTouch u : a.touchesOn(copy)) {
      // A plan's touches are adjacent in the list: its id is added once.
      if (u.plan() != last
          && u.plan().access() == DynamoDbPlan.Access.WRITE
          && u.touch().writeUnits() > 0) {
        writers.add(u.plan().pattern().id());
        last = u.plan();
      }
    }
    return String.join(", ", writers);
  }

  private static String fix(DynamoDbAnalysis a, DynamoDbPlan plan, Operation.Read r, KeyPath path) {
    DynamoDbTable table = a.table(path.table()).orElseThrow();
    Set<String> given = new LinkedHashSet<>();
    for (Operation.Condition c : r.where()) {
      if (c.comparison() == Operation.Comparison.EQ || c.comparison() == Operation.Comparison.IN) {
        given.add(c.attribute());
      }
    }
    DynamoDbItem item = a.index().item(table, plan.items()).orElseThrow();
    Set<String> tableKey = new LinkedHashSet<>();
    for (KeyTemplate k : item.partitionTemplates(table.table())) {
      tableKey.addAll(k.attributes());
    }
    String strongCost = " with ConsistentRead: true, at 1 read unit per 4 KB instead of 0.5";
    if (!tableKey.isEmpty() && given.containsAll(tableKey)) {
      List<String> lsis = table.lsis().stream().filter(item::on).map(KeyPath::name).toList();
      return "read it from table "
          + table.name()
          + (lsis.isEmpty() ? "" : " or its local index " + String.join(", ", lsis))
          + ": the read gives "
          + String.join(", ", tableKey)
          + ", the table's partition key "
          + String.join(", ", table.table().partitionKey())
          + " (pin {via: "
          + table.name()
          + "} if "
          + path.name()
          + " is pinned)"
          + strongCost
          + "; or drop expects: read-your-writes";
    }
    String by = given.isEmpty() ? "what the read gives by equality" : String.join(", ", given);
    return "the read does not give the table's partition key ("
        + String.join(", ", table.table().partitionKey())
        + " from "
        + String.join(", ", tableKey)
        + "), and a local index shares that key, so only a global index serves"
        + " it here: store the items in a table keyed by "
        + by
        + " and read it"
        + strongCost
        + "; or have the writer"
        + " read its own item back from "
        + table.name()
        + " by its primary key (GetItem with ConsistentRead: true);"
        + " or accept the index's lag and drop expects: read-your-writes";
  }
}
