package dev.keyplan.dynamodb.check;

import dev.keyplan.check.Category;
import dev.keyplan.check.Findings;
import dev.keyplan.check.RuleSpec;
import dev.keyplan.check.Severity;
import dev.keyplan.dynamodb.design.DynamoDbAnalysis;
import dev.keyplan.dynamodb.design.DynamoDbItem;
import dev.keyplan.dynamodb.design.DynamoDbPlan;
import dev.keyplan.dynamodb.design.DynamoDbTable;
import dev.keyplan.model.AccessPattern;
import dev.keyplan.model.KeyTemplate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Checks the shape of a DynamoDB design against its patterns, both ways.
 *
 * <ul>
 *   <li>One table per entity, written together. Seed 003: "DynamoDB multi-table design —
 *       transactions across tables; expensive — single-table design". A write pattern that writes
 *       items in two or more tables in one TransactWriteItems ({@code batch: logged}) is a warning:
 *       every item is billed twice, and the items cannot come back in one Query. The same without a
 *       transaction, when each table stores a single entity, is advice (info): the writes are
 *       separate requests that can half-succeed. A transaction is billed per item whatever the
 *       tables, so what the fix removes is the need for it: the same entity in two tables becomes
 *       one table and a GSI, which DynamoDB keeps in step; related entities under one partition key
 *       come back together, so a denormalised copy (and its rewrite) can go.
 *   <li>Single table on unlisted patterns. Seed 000: single-table design "is a pattern, not a rule
 *       … a team that cannot yet list its access patterns should not start with it". A table
 *       holding several entities, one of which no pattern reads, is a warning: that entity's key
 *       layout is not justified by any listed access pattern.
 * </ul>
 */
@RuleSpec(
    category = Category.DESIGN,
    summary =
        "Entities written together across tables, or a single table holding an entity no pattern reads",
    severity = Severity.WARNING)
public final class TablePerEntity implements DynamoDbRule {
  @Override
  public void check(DynamoDbAnalysis a, Findings out) {
    // A table's entities, by table name, worked out once: each write across tables asks for them.
    Map<String, List<String>> entities = new HashMap<>();
    writesAcrossTables(a, out, t -> entities.computeIfAbsent(t.name(), k -> entities(t)));
    unreadEntities(a, out);
  }

  private static void writesAcrossTables(
      DynamoDbAnalysis a, Findings out, Function<DynamoDbTable, List<String>> entities) {
    for (DynamoDbPlan plan : a.plans()) {
      if (plan.access() != DynamoDbPlan.Access.WRITE) {
        continue;
      }
      Set<String> touched = new LinkedHashSet<>();
      for (DynamoDbPlan.Touch t : plan.touches()) {
        if (t.writeUnits() > 0) {
          a.index().tableOf(t.copy()).ifPresent(table -> touched.add(table.name()));
        }
      }
      // In model order, so the message reads the same on every run.
      List<DynamoDbTable> tables = a.index().tablesIn(touched);
      if (tables.size() < 2) {
        continue;
      }
      boolean transaction = plan.operation().equals("TransactWriteItems");
      boolean perEntity = tables.stream().allMatch(t -> entities.apply(t).size() == 1);
      if (!transaction && !perEntity) {
        continue;
      }
      AccessPattern p = plan.pattern();
      String written = p.operation().entity();
      List<String> where = new ArrayList<>();
      for (DynamoDbTable t : tables) {
        where.add(t.name() + " (" + String.join(", ", entities.apply(t)) + ")");
      }
      long sameEntity = tables.stream().filter(t -> entities.apply(t).contains(written)).count();
      String cost =
          a.prices().money(a.patternWriteCosts().getOrDefault(p.id(), 0.0))
              + "/month of write units";
      String how =
          transaction
              ? "in one TransactWriteItems: every item is billed twice (prepare and commit), "
                  + cost
                  + ", and the items cannot be read back in one Query"
              : "in separate requests, which can half-succeed (" + cost + ")";
      String fix =
          sameEntity >= 2
              ? written
                  + " is stored in "
                  + sameEntity
                  + " tables: keep it in one table and give the other access path a"
                  + " global secondary index, which DynamoDB keeps in step without a transaction (one write per entry)"
              : "put the entities in one table under a shared partition key (the parent's id, e.g. C#{customer_id} for a"
                  + " customer and its orders) so one Query returns them together and the copied attributes can go";
      out.report(
          transaction ? Severity.WARNING : Severity.INFO,
          p.id(),
          p.location(),
          "pattern "
              + p.id()
              + " writes "
              + written
              + " to "
              + tables.size()
              + " tables, "
              + String.join(", ", where)
              + ", "
              + how
              + " (seed 003 lists one table per entity, with transactions across tables,"
              + " as an anti-pattern)",
          fix);
    }
  }

  private static void unreadEntities(DynamoDbAnalysis a, Findings out) {
    // A read's related entities (with:) are read too.
    Set<String> read =
        a.model().patterns().stream()
            .filter(AccessPattern::isRead)
            .flatMap(
                p ->
                    java.util.stream.Stream.concat(
                        java.util.stream.Stream.of(p.operation().entity()), p.with().stream()))
            .collect(Collectors.toSet());
    for (DynamoDbTable t : a.tables()) {
      List<String> entities = entities(t);
      if (entities.size() < 2) {
        continue;
      }
      List<String> unread = entities.stream().filter(e -> !read.contains(e)).toList();
      if (unread.isEmpty()) {
        continue;
      }
      Set<String> unreadSet = Set.copyOf(unread);
      List<String> layouts = new ArrayList<>();
      for (DynamoDbItem it : t.items()) {
        if (unreadSet.contains(it.entity().name())) {
          layouts.add(
              it.name()
                  + " ("
                  + t.table().keyAttributes().stream()
                      .map(
                          k ->
                              k
                                  + " = \""
                                  + it.template(k).map(KeyTemplate::text).orElse("?")
                                  + "\"")
                      .collect(Collectors.joining(", "))
                  + ")");
        }
      }
      out.report(
          Severity.WARNING,
          t.name(),
          t.location(),
          "table "
              + t.name()
              + " stores "
              + entities.size()
              + " entities ("
              + String.join(", ", entities)
              + ") in one table, but no pattern reads "
              + String.join(", ", unread)
              + ": the key layout of "
              + String.join(", ", layouts)
              + " is not derived from a listed access pattern (seed 000: a team that"
              + " cannot yet list its access patterns should not start with single-table design)",
          "list the patterns that read "
              + String.join(", ", unread)
              + ", with their rates, and key the items for"
              + " them; or keep "
              + (unread.size() == 1 ? "it" : "them")
              + " in a table of "
              + (unread.size() == 1 ? "its" : "their")
              + " own until they are known");
    }
  }

  /** Returns the entities a table stores, in item order. */
  private static List<String> entities(DynamoDbTable t) {
    return t.items().stream().map(it -> it.entity().name()).distinct().toList();
  }
}
