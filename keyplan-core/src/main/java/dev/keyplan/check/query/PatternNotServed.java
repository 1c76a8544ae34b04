package dev.keyplan.check.query;

import dev.keyplan.check.Findings;
import dev.keyplan.check.Rule;
import dev.keyplan.check.RuleSpec;
import dev.keyplan.check.Severity;
import dev.keyplan.cassandra.design.CassandraAccess;
import dev.keyplan.cassandra.design.CassandraAnalysis;
import dev.keyplan.cassandra.design.CassandraPlan;
import dev.keyplan.cassandra.design.TableSuggestion;
import dev.keyplan.dynamodb.design.DynamoDbAnalysis;
import dev.keyplan.dynamodb.design.DynamoDbItem;
import dev.keyplan.dynamodb.design.DynamoDbPlan;
import dev.keyplan.mongodb.design.MongoDbAnalysis;
import dev.keyplan.mongodb.design.MongoDbPlan;
import dev.keyplan.dynamodb.model.DynamoDbDesign;
import dev.keyplan.model.Entity;
import dev.keyplan.model.Operation;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Flags an access pattern no table can serve: "If a pattern has no corresponding key or index, it
 * cannot be served efficiently — fix the schema before writing code" (seed 002).
 *
 * <p>On Cassandra, no table stores the entity, orders its rows as asked, or holds what is selected
 * or set. On DynamoDB (any read with a partition key is a Query and any other a Scan, so only
 * storage can be missing), no item type stores the entity, none holds every attribute the read
 * uses or the update sets, or the pinned {@code via:} path holds none that does. On MongoDB (a
 * read no index serves is a COLLSCAN, ScanOnHotPath's), no collection stores the entity, as its
 * own documents or embedded, or none holds every attribute the read uses.
 */
@RuleSpec(summary = "Access pattern that no table serves", severity = Severity.ERROR)
public final class PatternNotServed implements Rule.OnStores {
  @Override
  public List<Rule.OnStore<?>> parts() {
    return List.of(
        Rule.part(CassandraAnalysis.class, this::check),
        Rule.part(DynamoDbAnalysis.class, this::check),
        Rule.part(MongoDbAnalysis.class, this::check));
  }

  public void check(CassandraAnalysis a, Findings out) {
    for (CassandraPlan p : a.plans()) {
      if (p.access() != CassandraAccess.NOT_SERVED) {
        continue;
      }
      String fix = p.pattern().operation() instanceof Operation.Read
          ? "add " + TableSuggestion.forRead((Operation.Read) p.pattern().operation(),
              a.model().entities().get(p.pattern().operation().entity()))
          : "add a table that stores " + p.pattern().operation().entity();
      out.report(Severity.ERROR, p.pattern().id(), p.pattern().location(),
          "pattern " + p.pattern().id() + " is not served: " + String.join("; ", p.notes()), fix);
    }
  }

  public void check(DynamoDbAnalysis a, Findings out) {
    for (DynamoDbPlan p : a.plans()) {
      if (p.access() != DynamoDbPlan.Access.NOT_SERVED) {
        continue;
      }
      out.report(Severity.ERROR, p.pattern().id(), p.pattern().location(),
          "pattern " + p.pattern().id() + " is not served on DynamoDB: " + String.join("; ", p.notes()),
          dynamoFix(a, p));
    }
  }

  public void check(MongoDbAnalysis a, Findings out) {
    for (MongoDbPlan p : a.plans()) {
      if (p.access() != MongoDbPlan.Access.NOT_SERVED) {
        continue;
      }
      Operation op = p.pattern().operation();
      out.report(Severity.ERROR, p.pattern().id(), p.pattern().location(),
          "pattern " + p.pattern().id() + " is not served on MongoDB: " + String.join("; ", p.notes()),
          "add a collection for " + op.entity() + " (mongodb: collections: {…: {entity: " + op.entity() + "}}), or embed it"
              + " in the collection its reads go through, holding " + String.join(", ", needed(op)));
    }
  }

  /** What to add: an item type for the entity, the attributes an item type lacks, or a right pin. */
  private static String dynamoFix(DynamoDbAnalysis a, DynamoDbPlan p) {
    Operation op = p.pattern().operation();
    Entity e = a.model().entities().get(op.entity());
    List<DynamoDbItem> items = new ArrayList<>();
    a.index().itemsOf(op.entity()).forEach(at -> items.add(at.item()));
    if (items.isEmpty()) {
      return "add an item type for " + op.entity() + " under a table's items:, keyed by what its reads give, such as "
          + op.entity() + ": {keys: {PK: \"" + suggestedKey(op, e) + "\"}}";
    }
    Optional<String> via = Optional.ofNullable(a.design().access().get(p.pattern().id()))
        .flatMap(DynamoDbDesign.Access::via);
    Set<String> needed = needed(op);
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
      return "pinned to " + via.get() + ", which does not hold item type " + best.name() + " (in table " + best.table()
          + ") with the key this read needs: pin a path that holds it, or remove 'via' and let keyplan choose";
    }
    if (bestMissing.isEmpty()) {
      return "store every attribute the pattern uses in an item type of " + op.entity();
    }
    return "add " + String.join(", ", bestMissing) + " to the attributes of item type " + best.name() + " in table "
        + best.table() + (via.isPresent() ? " (and check the pin to " + via.get() + ")" : "");
  }

  /**
   * The attributes an item type must hold, as ReadPlanner and WritePlanner require: those a read
   * selects (when it names them), restricts and orders by; those an update sets.
   */
  private static Set<String> needed(Operation op) {
    Set<String> out = new LinkedHashSet<>();
    if (op instanceof Operation.Read r) {
      out.addAll(r.select());
      r.orderBy().forEach(o -> out.add(o.attribute()));
    } else {
      out.addAll(((Operation.Write) op).set());
    }
    op.where().forEach(c -> out.add(c.attribute()));
    return out;
  }

  /** A key template in seed 000's style from the read's equalities, else the entity's key: {@code AUTHOR#{author_id}}. */
  private static String suggestedKey(Operation op, Entity e) {
    List<String> attrs = new ArrayList<>();
    op.where().stream().filter(c -> c.comparison() == Operation.Comparison.EQ).forEach(c -> attrs.add(c.attribute()));
    if (attrs.isEmpty() && e != null) {
      attrs.addAll(e.key());
    }
    StringBuilder key = new StringBuilder(op.entity().toUpperCase(Locale.ROOT));
    attrs.forEach(x -> key.append("#{").append(x).append('}'));
    return key.toString();
  }
}
