package dev.keyplan.dynamodb.check;

import dev.keyplan.check.Category;
import dev.keyplan.check.Findings;
import dev.keyplan.check.RuleSpec;
import dev.keyplan.check.Severity;
import dev.keyplan.dynamodb.design.DynamoDbAnalysis;
import dev.keyplan.dynamodb.design.DynamoDbPlan;
import dev.keyplan.dynamodb.design.DynamoDbPlan.Access;
import dev.keyplan.dynamodb.design.DynamoDbTable;
import dev.keyplan.dynamodb.design.KeyPath;
import dev.keyplan.dynamodb.model.DynamoDbDesign;
import dev.keyplan.model.Operation;
import dev.keyplan.model.Units;
import java.util.Optional;
import java.util.Set;

/**
 * Flags an {@code access:} pin whose operation DynamoDB cannot run for the pattern. Seed 000:
 * "GetItem does not work on an index; you query it". GetItem and BatchGetItem take a table name
 * and, for each item, "all of the attributes" of the table's primary key — the partition key and,
 * on a table with one, the sort key — and have no IndexName parameter (DynamoDB API Reference,
 * GetItem {@code Key}, KeysAndAttributes); Query needs the partition key by equality (seed 000).
 * Each case is an invalid request, so each finding is an error:
 *
 * <ul>
 *   <li>GetItem or BatchGetItem pinned to a global or local index;
 *   <li>GetItem or BatchGetItem pinned where the read does not give the table's full primary key,
 *       so keyplan plans it as a Query (or a Scan);
 *   <li>Query pinned where the read gives no partition key of the path, so only a Scan serves it.
 * </ul>
 *
 * <p>Example: {@code order-by-id: {via: GSI1, operation: GetItem}} on seed 000's GSI1 (keyed by
 * {@code O#{order_id}}): the request fails; a Query of GSI1 with Limit 1 reads the one order for
 * 0.5 RCU. A Scan pin is valid, if costly, and is not this rule's concern.
 */
@RuleSpec(
    category = Category.QUERY,
    summary = "Pinned operation DynamoDB cannot run for the pattern, such as GetItem on an index",
    severity = Severity.ERROR)
public final class GetItemOnIndex implements DynamoDbRule {
  private static final Set<String> BY_KEY = Set.of("GetItem", "BatchGetItem");

  @Override
  public void check(DynamoDbAnalysis a, Findings out) {
    for (DynamoDbDesign.Access pin : a.design().access().values()) {
      Optional<DynamoDbPlan> found = a.plan(pin.pattern());
      if (pin.operation().isEmpty()
          || found.isEmpty()
          || found.get().path().isEmpty()
          || !(found.get().pattern().operation() instanceof Operation.Read)) {
        continue;
      }
      DynamoDbPlan plan = found.get();
      String op = pin.operation().get();
      KeyPath path = plan.path().get();
      String id = plan.pattern().id();
      DynamoDbTable table = a.table(path.table()).orElseThrow();
      String pinned =
          "pattern "
              + id
              + " is pinned to "
              + op
              + pin.via().map(v -> " on " + path.label()).orElse("");
      if (BY_KEY.contains(op) && path.isIndex()) {
        String why =
            pin.via().isPresent()
                ? ""
                : ", which reads the table by its full primary key ("
                    + String.join(", ", table.primaryKey())
                    + "), but the read's key is "
                    + path.label()
                    + "'s ("
                    + plan.keyCondition()
                    + ")";
        out.report(
            Severity.ERROR,
            id,
            pin.location(),
            pinned
                + why
                + ": "
                + op
                + " does not work on an index; you"
                + " query it (seed 000): "
                + op
                + " takes the table's primary key and has no IndexName",
            queryInstead(op, path, plan));
      } else if (BY_KEY.contains(op)
          && plan.access() != Access.GET_ITEM
          && plan.access() != Access.BATCH_GET) {
        out.report(
            Severity.ERROR,
            id,
            pin.location(),
            pinned
                + ", but "
                + op
                + " needs the table's full primary key ("
                + String.join(", ", table.primaryKey())
                + ") for each item and the read gives only "
                + given(plan)
                + ": it is a "
                + plan.access().label(),
            "pin {"
                + pin.via().map(v -> "via: " + v + ", ").orElse("")
                + "operation: "
                + plan.operation()
                + "}"
                + (plan.access() == Access.SCAN
                    ? ""
                    : " and " + plan.operation() + " " + plan.keyCondition())
                + ", or give the read every attribute of the table's key");
      } else if (op.equals("Query") && plan.access() == Access.SCAN) {
        String key =
            pin.via().isPresent()
                ? "the partition key of "
                    + path.name()
                    + " ("
                    + String.join(", ", path.partitionKey())
                    + ")"
                : "the partition key of " + table.name() + " or of an index";
        out.report(
            Severity.ERROR,
            id,
            pin.location(),
            pinned
                + ", but Query needs "
                + key
                + " by equality and the read"
                + " gives none: only a Scan serves it",
            "key a table or global index by what the read gives by equality (ScanOnHotPath proposes one), or pin"
                + " Scan and accept its cost");
      }
    }
  }

  /** The fix for a by-key operation on an index: the planned Query, once per key. */
  private static String queryInstead(String op, KeyPath path, DynamoDbPlan plan) {
    double calls = plan.calls();
    String limit = plan.itemsEvaluated().typical() <= 1 ? " with Limit 1" : "";
    return "pin {via: "
        + path.name()
        + ", operation: Query} and Query "
        + path.name()
        + limit
        + ": "
        + plan.keyCondition()
        + (calls > 1 ? ", once per key (" + Units.capacity(calls) + " queries)" : "")
        + ", "
        + Units.capacity(plan.readUnits())
        + " RCU a request; or, to use "
        + op
        + ", read the table by its"
        + " primary key";
  }

  /** The key the plan could build, or "no partition key" for a scan. */
  private static String given(DynamoDbPlan plan) {
    return plan.access() == Access.SCAN ? "no partition key" : plan.keyCondition();
  }
}
