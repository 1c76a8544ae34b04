package dev.keyplan.dynamodb.verify;

import dev.keyplan.dynamodb.design.DynamoDbAnalysis;
import dev.keyplan.dynamodb.design.DynamoDbIndex;
import dev.keyplan.dynamodb.design.DynamoDbItem;
import dev.keyplan.dynamodb.design.DynamoDbPlan;
import dev.keyplan.dynamodb.design.DynamoDbPlan.Access;
import dev.keyplan.dynamodb.design.DynamoDbTable;
import dev.keyplan.dynamodb.design.KeyPath;
import dev.keyplan.dynamodb.verify.KeyGroup.Which;
import dev.keyplan.model.AccessPattern;
import dev.keyplan.model.Model;
import dev.keyplan.model.Operation;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Turns every access pattern's plan into two runs, one for the busiest key and one for a typical
 * key, each with the request it sends and the key group it needs loaded; a plan that cannot be sent
 * becomes a run that says why.
 */
final class Jobs {
  private final Model model;
  private final DynamoDbAnalysis analysis;
  private final GroupPlanner groups;
  private final Fidelity fidelity;

  Jobs(Model model, DynamoDbAnalysis analysis, GroupPlanner groups, Fidelity fidelity) {
    this.model = model;
    this.analysis = analysis;
    this.groups = groups;
    this.fidelity = fidelity;
  }

  /** Returns the runs of every pattern, in model order, busiest before typical. */
  List<PatternRun> all() {
    List<PatternRun> out = new ArrayList<>();
    for (AccessPattern p : model.patterns()) {
      DynamoDbPlan plan = analysis.plan(p.id()).orElseThrow();
      for (Which which : Which.values()) {
        Optional<String> skip = fidelity.notRun(plan);
        if (skip.isPresent()) {
          out.add(PatternRun.skipped(p, plan, which, skip.get()));
        } else if (p.operation() instanceof Operation.Read r) {
          out.add(read(p, plan, r, which));
        } else {
          out.add(write(p, plan, (Operation.Write) p.operation(), which));
        }
      }
    }
    return out;
  }

  private PatternRun read(AccessPattern p, DynamoDbPlan plan, Operation.Read r, Which which) {
    if (plan.access() == Access.BATCH_GET
        || plan.notes().stream().anyMatch(n -> n.startsWith("IN over"))) {
      return PatternRun.skipped(
          p,
          plan,
          which,
          "the read names several partition keys (IN): keyplan verify"
              + " loads one busiest and one typical value per key template");
    }
    KeyPath path = plan.path().orElseThrow();
    DynamoDbTable table = analysis.table(path.table()).orElseThrow();
    DynamoDbItem item = itemNamed(table, plan.items().get(0));
    DynamoDbVerifyReads.Shape shape = shape(plan, table, item, path, r, which);
    Optional<KeyGroup> group =
        plan.access() == Access.SCAN
            ? Optional.empty()
            : Optional.of(groups.group(table, path, item.partitionSignature(path), which));
    return new PatternRun(
        p,
        plan,
        which,
        Optional.empty(),
        Optional.of(shape),
        Optional.empty(),
        group,
        Optional.of(table),
        List.of(item));
  }

  /**
   * The request a read plan sends: its limit per query, order, and whether it fetches from the
   * table.
   */
  static DynamoDbVerifyReads.Shape shape(
      DynamoDbPlan plan,
      DynamoDbTable table,
      DynamoDbItem item,
      KeyPath path,
      Operation.Read r,
      Which which) {
    boolean ordered =
        plan.notes().stream().noneMatch(n -> n.contains("does not follow the sort key"));
    OptionalInt limit = OptionalInt.empty();
    int queries =
        plan.access() == Access.SCAN ? 1 : KeyCondition.parse(plan.keyCondition()).queries();
    if (r.limit().isPresent() && !r.count() && ordered) {
      double evaluated =
          which == Which.BUSIEST
              ? plan.itemsEvaluated().busiest()
              : plan.itemsEvaluated().typical();
      // With a filter the application reads until the limit's worth of items pass it; keyplan
      // estimates how many that is, and the request reads that many (the filter is not sent: the
      // items are billed before it).
      // Without keyplan's estimate (a spread not declared) the request reads the read's limit.
      limit =
          plan.filter().isEmpty() || Double.isNaN(evaluated)
              ? OptionalInt.of(r.limit().getAsInt())
              : OptionalInt.of((int) Math.max(1, Math.ceil(evaluated / queries)));
    }
    boolean forward = r.orderBy().isEmpty() || !r.orderBy().get(0).descending();
    boolean extra = plan.touches().size() > 1;
    return new DynamoDbVerifyReads.Shape(
        plan,
        table,
        item,
        path,
        r,
        limit,
        forward,
        extra && path.isGlobal(),
        extra && path.local());
  }

  private PatternRun write(AccessPattern p, DynamoDbPlan plan, Operation.Write w, Which which) {
    List<DynamoDbVerifyWrites.Target> targets = new ArrayList<>();
    for (DynamoDbIndex.Placed at : analysis.index().itemsOf(w.entity())) {
      if (plan.items().contains(at.item().name())) {
        targets.add(new DynamoDbVerifyWrites.Target(at.table(), at.item()));
      }
    }
    if (p.fanOut().isPresent()) {
      return PatternRun.skipped(
          p,
          plan,
          which,
          "the write fans out ("
              + p.fanOut().get().describe()
              + "): keyplan verify writes one row per request");
    }
    if (targets.size() < plan.items().size()
        || plan.notes().stream()
            .anyMatch(n -> n.contains(" match about ") || n.contains(" rewrites about "))) {
      return PatternRun.skipped(
          p,
          plan,
          which,
          "the write rewrites several items per request (copies held by other"
              + " item types, or every item a restriction matches): keyplan verify writes one row per request");
    }
    List<DynamoDbVerifyWrites.Target> finding =
        targets.stream().filter(t -> FindPlans.needsFind(plan, t.item())).toList();
    if (finding.size() > 1) {
      return PatternRun.skipped(
          p, plan, which, "more than one item type must be found before the write");
    }
    Optional<DynamoDbVerifyReads.Shape> find = Optional.empty();
    DynamoDbVerifyWrites.Target first = targets.get(0);
    DynamoDbItem source = first.item();
    KeyGroup group =
        groups.group(
            first.table(),
            first.table().table(),
            first.item().partitionSignature(first.table().table()),
            which);
    List<String> notes = new ArrayList<>();
    if (finding.size() == 1) {
      DynamoDbVerifyWrites.Target t = finding.get(0);
      DynamoDbPlan findPlan = FindPlans.find(model, p, w, t.table(), t.item());
      FindPlans.mismatch(plan, findPlan).ifPresent(notes::add);
      if (findPlan.access() != Access.GET_ITEM && findPlan.access() != Access.QUERY) {
        return PatternRun.skipped(
            p,
            plan,
            which,
            "the write finds its item with "
                + findPlan.operation()
                + ", which keyplan verify does not run before a write");
      }
      KeyPath path = findPlan.path().orElseThrow();
      DynamoDbTable table = analysis.table(path.table()).orElseThrow();
      source = itemNamed(table, findPlan.items().get(0));
      Operation.Read r = (Operation.Read) findPlanRead(findPlan);
      find = Optional.of(shape(findPlan, table, source, path, r, which));
      group = groups.group(table, path, source.partitionSignature(path), which);
      notes.add(
          "the item is found first with "
              + findPlan.operation()
              + " on "
              + path.label()
              + " where "
              + findPlan.keyCondition()
              + " (keyplan's plan of that read)");
    }
    List<DynamoDbItem> items = targets.stream().map(DynamoDbVerifyWrites.Target::item).toList();
    PatternRun run =
        new PatternRun(
            p,
            plan,
            which,
            Optional.empty(),
            Optional.empty(),
            Optional.of(new DynamoDbVerifyWrites.Shape(plan, w, targets, source, find)),
            Optional.of(group),
            Optional.of(first.table()),
            items);
    run.notes.addAll(notes);
    return run;
  }

  private static Operation findPlanRead(DynamoDbPlan findPlan) {
    return findPlan.pattern().operation();
  }

  private static DynamoDbItem itemNamed(DynamoDbTable table, String name) {
    return table.items().stream()
        .filter(i -> i.name().equals(name))
        .findFirst()
        .orElseThrow(
            () -> new IllegalStateException("no item type " + name + " in " + table.name()));
  }
}
