package dev.keyplan.dynamodb.verify;

import dev.keyplan.dynamodb.design.DynamoDbAnalyzer;
import dev.keyplan.dynamodb.design.DynamoDbItem;
import dev.keyplan.dynamodb.design.DynamoDbPlan;
import dev.keyplan.dynamodb.design.DynamoDbTable;
import dev.keyplan.model.AccessPattern;
import dev.keyplan.model.Entity;
import dev.keyplan.model.Model;
import dev.keyplan.model.Operation;
import dev.keyplan.workload.KeyCounts;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The read an update or delete makes to find its item when it does not give the item's whole
 * primary key, planned by keyplan itself: keyplan's write plan costs that find but keeps its key
 * condition to itself, so the write pattern is replaced, in a copy of the model, by the read
 * keyplan's WritePlanner plans for it (the item's table key attributes, selected with the write's
 * restrictions), and that copy is analysed. The find keeps the pattern's id, rate and consistency,
 * so a design's {@code access:} pin applies to it as it does to the write.
 */
final class FindPlans {
  private FindPlans() {}

  /** Returns true if keyplan's plan finds {@code item} before writing it. */
  static boolean needsFind(DynamoDbPlan write, DynamoDbItem item) {
    String marker = item.name() + ": the write does not give the item's full primary key";
    return write.notes().stream().anyMatch(n -> n.startsWith(marker));
  }

  /**
   * Returns keyplan's plan of the read that finds {@code item} of {@code table} for write pattern
   * {@code p}.
   */
  static DynamoDbPlan find(
      Model model, AccessPattern p, Operation.Write w, DynamoDbTable table, DynamoDbItem item) {
    Entity e = item.entity();
    Set<String> key =
        new LinkedHashSet<>(KeyCounts.placeholders(item.partitionTemplates(table.table())));
    key.addAll(KeyCounts.placeholders(item.sortTemplates(table.table())));
    List<Operation.Condition> where =
        w.where().stream().filter(c -> e.attribute(c.attribute()).isPresent()).toList();
    Operation.Read read =
        new Operation.Read(
            e.name(),
            List.copyOf(key),
            where,
            List.of(),
            java.util.OptionalInt.empty(),
            false,
            w.names(),
            w.location());
    AccessPattern find =
        new AccessPattern(
            p.id(),
            p.says(),
            p.ratePerSecond(),
            read,
            p.consistency(),
            p.readYourWrites(),
            p.batch(),
            p.spread(),
            p.ignoreCase(),
            p.ranges(),
            java.util.Optional.empty(),
            p.location(),
            List.of());
    List<AccessPattern> patterns = new ArrayList<>();
    for (AccessPattern q : model.patterns()) {
      patterns.add(q.id().equals(p.id()) ? find : q);
    }
    Model copy =
        new Model(
            model.name(),
            model.file(),
            model.horizonSeconds(),
            model.entities(),
            patterns,
            model.designs(),
            model.location());
    return DynamoDbAnalyzer.analyze(copy).plan(p.id()).orElseThrow();
  }

  /**
   * Returns the read units of {@code write}'s touches that are its finds, per copy, to check that
   * the replanned find is the one the write plan costs.
   */
  static Optional<String> mismatch(DynamoDbPlan write, DynamoDbPlan find) {
    double planned =
        write.touches().stream()
            .filter(t -> t.writeUnits() == 0)
            .mapToDouble(x -> x.readUnits().typical())
            .sum();
    double found = find.readUnits();
    return Math.abs(planned - found) < 1e-9
        ? Optional.empty()
        : Optional.of(
            "the replanned find costs " + found + " RCU but the write plan counts " + planned);
  }
}
