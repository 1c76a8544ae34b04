package dev.keyplan.dynamodb.check;

import dev.keyplan.check.Findings;
import dev.keyplan.check.Severity;
import dev.keyplan.dynamodb.design.DynamoDbAnalysis;
import dev.keyplan.dynamodb.design.DynamoDbCost;
import dev.keyplan.dynamodb.design.DynamoDbItem;
import dev.keyplan.dynamodb.design.DynamoDbPlan;
import dev.keyplan.dynamodb.design.DynamoDbTable;
import dev.keyplan.dynamodb.design.KeyPath;
import dev.keyplan.dynamodb.facts.Capacity;
import dev.keyplan.dynamodb.facts.DynamoDbLimits;
import dev.keyplan.model.Entity;
import dev.keyplan.model.Operation;
import dev.keyplan.model.Operation.Comparison;
import dev.keyplan.model.Units;
import dev.keyplan.workload.KeyCounts;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;

/**
 * ScanOnHotPath's part for DynamoDB: the rule's id, summary and page are {@code ScanOnHotPath}'s,
 * which runs this part on the store's analyses.
 */
public final class DynamoDbScanOnHotPath implements DynamoDbRule {
  /**
   * Fewer distinct key values than this make a hot, skewed key (seed 004); the fix then warns of
   * it.
   */
  static final double LOW_CARDINALITY = 100;

  @Override
  public void check(DynamoDbAnalysis a, Findings out) {
    for (DynamoDbPlan plan : a.plans()) {
      if (plan.access() != DynamoDbPlan.Access.SCAN
          || plan.path().isEmpty()
          || !(plan.pattern().operation() instanceof Operation.Read r)) {
        continue;
      }
      KeyPath path = plan.path().get();
      DynamoDbTable table = a.table(path.table()).orElseThrow();
      double rate = plan.pattern().ratePerSecond();
      double perRequest = plan.readUnits();
      double perSecond = rate * perRequest;
      double ceiling = ceiling(a, table, path);
      boolean provisioned =
          !table.billing().onDemand() && ceiling < DynamoDbLimits.DEFAULT_TABLE_MAX_RCU;
      Severity severity = perSecond > ceiling ? Severity.ERROR : Severity.WARNING;
      String message =
          "pattern "
              + plan.pattern().id()
              + " is a Scan of "
              + path.label()
              + ": each request evaluates "
              + Units.count(plan.itemsEvaluated().typical())
              + " items, "
              + Units.bytes(plan.bytes().typical())
              + ", in "
              + Units.count(plan.calls())
              + (plan.calls() == 1 ? " page" : " pages")
              + " of 1 MB, and costs "
              + Units.capacity(perRequest)
              + " RCU ("
              + plan.consistency().orElse("eventual")
              + "); at "
              + Units.rate(rate)
              + " that is "
              + Units.capacity(perSecond)
              + " RCU/s"
              + (severity == Severity.ERROR
                  ? ", "
                      + Units.percent(perSecond / ceiling)
                      + " of the "
                      + Units.capacity(ceiling)
                      + " RCU/s "
                      + (provisioned ? "the copy provisions" : "default table-level read quota")
                      + ": it is throttled"
                  : "; the cost grows with the table, not with the answer");
      out.report(
          severity,
          plan.pattern().id(),
          plan.pattern().location(),
          message,
          fix(a, plan, r, table));
    }
  }

  /**
   * The read units per second the copy may consume: its provisioned read capacity, else the default
   * quota.
   */
  private static double ceiling(DynamoDbAnalysis a, DynamoDbTable table, KeyPath path) {
    double quota = DynamoDbLimits.DEFAULT_TABLE_MAX_RCU;
    if (table.billing().onDemand()) {
      return quota;
    }
    return a.cost(path.copy())
        .flatMap(DynamoDbCost::provisioned)
        .map(c -> Math.min(quota, c[0]))
        .orElse(quota);
  }

  private static String fix(
      DynamoDbAnalysis a, DynamoDbPlan plan, Operation.Read r, DynamoDbTable table) {
    List<String> partition = new ArrayList<>();
    for (Operation.Condition c : r.where()) {
      if ((c.comparison() == Comparison.EQ || c.comparison() == Comparison.IN)
          && !partition.contains(c.attribute())) {
        partition.add(c.attribute());
      }
    }
    if (partition.isEmpty()) {
      return "the read gives no attribute by equality, so no key can serve it: keep it off the hot path (export the"
          + " table to S3 or a warehouse, seed 000: \"Reporting goes to a warehouse … never a scan of production\"),"
          + " cache it, or maintain the answer as an item of its own when the data changes";
    }
    Optional<String> sort =
        r.where().stream()
            .filter(c -> c.comparison() == Comparison.RANGE)
            .map(Operation.Condition::attribute)
            .findFirst()
            .or(
                () ->
                    r.orderBy().stream()
                        .map(Operation.Order::attribute)
                        .filter(o -> !partition.contains(o))
                        .findFirst());
    String name = freeIndexName(table);
    DynamoDbItem item = a.index().item(table, plan.items()).orElseThrow();
    Entity e = item.entity();
    String pk = String.join("#", partition.stream().map(p -> prefix(p) + "#{" + p + "}").toList());
    List<String> options = new ArrayList<>();
    r.orderBy().stream()
        .findFirst()
        .filter(o -> sort.filter(o.attribute()::equals).isPresent() && o.descending())
        .ifPresent(o -> options.add("ScanIndexForward: false"));
    r.limit().ifPresent(l -> options.add("Limit " + l));
    StringBuilder fix =
        new StringBuilder(
            "add a global index "
                + name
                + " to "
                + table.name()
                + " with partition key "
                + name
                + "PK"
                + sort.map(s -> " and sort key " + name + "SK").orElse("")
                + ", and give item type "
                + item.name()
                + " the keys {"
                + name
                + "PK: \""
                + pk
                + "\""
                + sort.map(s -> ", " + name + "SK: \"{" + s + "}\"").orElse("")
                + "}; then Query "
                + name
                + " with "
                + name
                + "PK = \""
                + pk.replace("{", "<").replace("}", ">")
                + "\""
                + (options.isEmpty() ? "" : " (" + String.join(", ", options) + ")"));
    estimate(plan, r, item, partition, sort)
        .ifPresent(
            q ->
                fix.append(": about ")
                    .append(Units.capacity(q[0]))
                    .append(" RCU a request instead of ")
                    .append(Units.capacity(plan.readUnits()))
                    .append(" (")
                    .append(Units.count(q[1]))
                    .append(" items of ")
                    .append(Units.bytes(item.bytes()))
                    .append(")"));
    double distinct = distinct(e, partition, item.rows());
    if (!Double.isNaN(distinct) && distinct < LOW_CARDINALITY) {
      fix.append(". ")
          .append(String.join(", ", partition))
          .append(" has only ")
          .append(Units.count(distinct))
          .append(distinct == 1 ? " value" : " values")
          .append(": the items of one value would all share one")
          .append(" partition key, a hot partition; combine it with a date or a shard suffix (\"")
          .append(pk)
          .append("#{shard:N}\", seed 000)");
    }
    return fix.toString();
  }

  /**
   * The read units and items of one Query on the proposed index, when every restriction is in its
   * key: {@code min(limit, rows / distinct)} items of the item's size, rounded once, eventually
   * consistent (a global index cannot be read otherwise). Empty when a spread is unknown or a
   * filter would remain.
   */
  private static Optional<double[]> estimate(
      DynamoDbPlan plan,
      Operation.Read r,
      DynamoDbItem item,
      List<String> partition,
      Optional<String> sort) {
    long ranges = r.where().stream().filter(c -> c.comparison() == Comparison.RANGE).count();
    boolean inKey =
        r.where().stream()
            .allMatch(
                c ->
                    c.comparison() == Comparison.EQ
                        || c.comparison() == Comparison.RANGE
                            && sort.filter(c.attribute()::equals).isPresent());
    boolean ordered =
        r.orderBy().stream()
            .allMatch(
                o ->
                    partition.contains(o.attribute())
                        || sort.filter(o.attribute()::equals).isPresent());
    if (!inKey || ranges > 1 || !ordered || r.count()) {
      return Optional.empty();
    }
    double distinct = distinct(item.entity(), partition, item.rows());
    if (Double.isNaN(distinct)) {
      return Optional.empty();
    }
    double perKey = Math.max(1, item.rows() / Math.max(1, distinct));
    double items =
        Math.min(perKey, r.limit().isPresent() ? r.limit().getAsInt() : Double.MAX_VALUE);
    double units = Capacity.pagedQuery(items * item.bytes(), item.bytes(), Capacity.Read.EVENTUAL);
    return Optional.of(new double[] {units, items});
  }

  /** The distinct values of the combined attributes, or NaN when a spread is unknown. */
  private static double distinct(Entity e, List<String> attributes, double rows) {
    return KeyCounts.distinct(e, new LinkedHashSet<>(attributes), rows);
  }

  /** Returns GSI1, GSI2…: the first such name the table does not use. */
  private static String freeIndexName(DynamoDbTable table) {
    int n = table.gsis().size() + 1;
    while (table.path("GSI" + n).isPresent()) {
      n++;
    }
    return "GSI" + n;
  }

  /**
   * Returns the key prefix of an attribute, as seed 002 writes {@code STATUS#pending}: {@code
   * STATUS}.
   */
  private static String prefix(String attribute) {
    return attribute.toUpperCase(java.util.Locale.ROOT);
  }
}
