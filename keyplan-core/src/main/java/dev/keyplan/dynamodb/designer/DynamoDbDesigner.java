package dev.keyplan.dynamodb.designer;

import dev.keyplan.check.Checker;
import dev.keyplan.check.Finding;
import dev.keyplan.check.Severity;
import dev.keyplan.designer.DesignInput;
import dev.keyplan.designer.Designer;
import dev.keyplan.designer.MonthlyCost;
import dev.keyplan.designer.Proposal;
import dev.keyplan.dynamodb.DynamoDbStore;
import dev.keyplan.dynamodb.design.DynamoDbAnalysis;
import dev.keyplan.dynamodb.design.DynamoDbCost;
import dev.keyplan.dynamodb.facts.DynamoDbLimits;
import dev.keyplan.dynamodb.model.DynamoDbSectionReader;
import dev.keyplan.model.AccessPattern;
import dev.keyplan.model.Attribute;
import dev.keyplan.model.Entity;
import dev.keyplan.model.Model;
import dev.keyplan.model.Operation;
import dev.keyplan.model.Quantities;
import dev.keyplan.model.StoreId;
import dev.keyplan.model.Units;
import dev.keyplan.model.yaml.ModelReader;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Proposes a DynamoDB single-table design from the access patterns (seed 000: "one item collection
 * C#… with PROFILE and ORDER#date#id, a GSI by order id"; AWS DG, "Best practices for modeling
 * relational data in DynamoDB" and "Overloading Global Secondary Indexes"):
 *
 * <ul>
 *   <li>one table, {@code AppTable}, with generic key names {@code PK} and {@code SK};
 *   <li>each entity's items keyed by its busiest read: the attributes it restricts by equality in
 *       the partition key template, led by the name of the entity whose key that attribute is
 *       ({@code CUSTOMER#{customer_id}}), so that entities read by the same attribute share one
 *       item collection; the sort key template is the entity's name, then the attributes the read
 *       orders by and restricts by range, then the rest of the entity's key ({@code
 *       ORDER#{order_date}#{order_id}}), or the entity's name alone when the key is complete;
 *   <li>each other read path a global index, {@code GSI1}, {@code GSI2}…, with the same kind of
 *       templates, overloaded: entities share the indexes by number;
 *   <li>a local index, {@code LSI1}…, instead of a global one for a path on the table key's
 *       partition whose reads expect read-your-writes (only a local index is read strongly
 *       consistent), unless an item collection would then pass the 10 GB cap within the horizon;
 *   <li>write sharding where the analysis finds a partition key value over a partition's throughput
 *       ({@code PartitionThroughputExceeded}): the fewest shards from 2, 4 … 256 that clears it, as
 *       a {@code {shard:N}} suffix of the partition key template;
 *   <li>sparse indexes: a path whose key holds an attribute only some items hold ({@code present:
 *       P%}) never keys the table (its key is on every item); as a global index it holds the
 *       present share only, and the reason gives the analysis's figures against every item in it;
 *   <li>projections narrower than ALL: a global index all of whose reads select some attributes
 *       copies those alone (INCLUDE, or KEYS_ONLY), when the analysis says it costs less and no
 *       read it serves costs more.
 * </ul>
 *
 * Each candidate is the workload's text with a {@code dynamodb:} section appended, read by the
 * model reader and analysed and checked as {@code keyplan check} does. Not proposed yet, and said
 * so: one table per entity.
 */
public final class DynamoDbDesigner implements Designer {
  /** The table's name: generic, as single-table designs name it. */
  static final String TABLE = "AppTable";

  /** The TTL attribute's name, as rule EphemeralDataWithoutTtl's fix names it. */
  static final String TTL_ATTRIBUTE = "expires_at";

  /** Shard counts tried for a hot partition key, fewest first. */
  static final int[] SHARD_COUNTS = {2, 4, 8, 16, 32, 64, 128, 256};

  @Override
  public StoreId store() {
    return StoreId.DYNAMODB;
  }

  @Override
  public Proposal propose(DesignInput w, String schemaName) {
    Model model = w.model();
    List<Proposal.Unsupported> unsupported = new ArrayList<>();
    Map<String, ItemType> items = new LinkedHashMap<>();
    int quota = DynamoDbLimits.DEFAULT_MAX_GLOBAL_SECONDARY_INDEXES;
    int maxIndexes = Math.min(quota, w.constraints().indexes().orElse(quota));
    String indexLimit =
        w.constraints().indexes().isPresent() && maxIndexes < quota
            ? "the constraint allows " + maxIndexes + " a table"
            : "DynamoDB's default quota is " + quota + " a table (adjustable: \"Service quotas\")";
    for (Entity e : model.entities().values()) {
      List<AccessPattern> reads = new ArrayList<>();
      List<AccessPattern> windows = new ArrayList<>();
      for (AccessPattern p : model.patterns()) {
        if (p.operation() instanceof Operation.Read r && r.entity().equals(e.name())) {
          if (r.equalities().isEmpty() && timeOrdered(e, r).isPresent()) {
            windows.add(p);
          } else if (r.equalities().isEmpty()) {
            unsupported.add(
                new Proposal.Unsupported(
                    p.id(),
                    "restricts no attribute by equality and orders or ranges no time-ordered"
                        + " attribute, so no partition key value reads it: it would be a Scan of"
                        + " the whole table; give the query an attribute to look up by"));
          } else {
            reads.add(p);
          }
        }
      }
      // The busiest read keys the table; ties in the model's order.
      reads.sort(Comparator.comparingDouble(AccessPattern::ratePerSecond).reversed());
      // An update or delete names its item by what its where restricts: a path too, after the
      // reads, since DynamoDB writes an item by its full primary key.
      for (AccessPattern p : model.patterns()) {
        if (p.operation() instanceof Operation.Write wr
            && wr.entity().equals(e.name())
            && !wr.equalities().isEmpty()) {
          reads.add(p);
        }
      }
      ItemType item = new ItemType(e);
      List<Path> paths = new ArrayList<>();
      // The table's key is on every item, so it is never built from a sparse attribute (present:
      // P%): an item without the value could not be written. The busiest path whose key holds no
      // sparse attribute keys the table, and the sparse paths become global indexes, which hold
      // only the items that carry their key (AWS DG, "Take advantage of sparse indexes"). With
      // no such path the table is keyed by the entity's own key.
      if (!reads.isEmpty() && !sparse(e, path(model, e, reads.get(0).operation())).isEmpty()) {
        AccessPattern busiest = reads.get(0);
        Optional<AccessPattern> dense =
            reads.stream()
                .filter(p -> sparse(e, path(model, e, p.operation())).isEmpty())
                .findFirst();
        Path keyed;
        if (dense.isPresent()) {
          reads.remove(dense.get());
          reads.add(0, dense.get());
          keyed = path(model, e, dense.get().operation());
        } else {
          keyed = new Path(owner(model, e.key().get(0), e), e.key(), List.of(), e);
          keyed.index = 0;
          paths.add(keyed);
        }
        item.reasons.add(
            "table key "
                + keyed.keyText(0)
                + ", not "
                + busiest.id()
                + "'s path, the busiest: "
                + presence(e, sparse(e, path(model, e, busiest.operation())))
                + ", and a table's key is on every item; "
                + busiest.id()
                + " reads a sparse global index instead");
      }
      for (AccessPattern p : reads) {
        Path path = path(model, e, p.operation());
        // A write names its item in full when the table key's every attribute is in its where;
        // else it finds the key through an index first.
        boolean write = p.operation() instanceof Operation.Write;
        Set<String> given = new LinkedHashSet<>(p.operation().equalities());
        Optional<Path> same =
            write && !paths.isEmpty() && given.containsAll(paths.get(0).attributes())
                ? Optional.of(paths.get(0))
                : paths.stream().filter(x -> x.serves(path)).findFirst();
        if (same.isPresent()) {
          same.get().patterns.add(p.id());
          continue;
        }
        path.patterns.add(p.id());
        path.index = paths.size();
        paths.add(path);
      }
      if (paths.isEmpty()) {
        Path byKey = new Path(owner(model, e.key().get(0), e), e.key(), List.of(), e);
        byKey.index = 0;
        paths.add(byKey);
      }
      // A read of the newest items, by time alone, reads an index keyed by the entity's name (one
      // value, every item) sorted by that time: the shard search below spreads it over {shard:N}
      // values, each read querying them all (AWS DG, "Using write sharding to distribute
      // workloads evenly"), as LowCardinalityIndexKey's fix says. Never the table key: the items
      // keep their own key there.
      for (AccessPattern p : windows) {
        Operation.Read r = (Operation.Read) p.operation();
        Path path = window(e, r);
        Optional<Path> same = paths.stream().filter(x -> x.serves(path)).findFirst();
        if (same.isPresent() && same.get() != paths.get(0)) {
          same.get().patterns.add(p.id());
          continue;
        }
        path.patterns.add(p.id());
        path.index = paths.size();
        paths.add(path);
      }
      number(model, paths, true);
      // A path past the global indexes a table may have (DynamoDB's quota, or fewer as the caller
      // fixes) is not given one: its patterns, the least busy (paths come busiest first), are
      // listed as unsupported with the paths that took the indexes.
      while (paths.stream().filter(x -> x.index > 0 && !x.local).count() > maxIndexes) {
        Path dropped =
            paths.stream().filter(x -> x.index > 0 && !x.local).reduce((a, b) -> b).orElseThrow();
        paths.remove(dropped);
        List<Path> global = paths.stream().filter(x -> x.index > 0 && !x.local).toList();
        for (String id : dropped.patterns) {
          unsupported.add(
              new Proposal.Unsupported(
                  id,
                  "needs a global secondary index of its own ("
                      + e.name()
                      + " by "
                      + String.join(", ", dropped.partition)
                      + "), GSI"
                      + dropped.index
                      + "; "
                      + indexLimit
                      + (!global.isEmpty()
                          ? ", taken by "
                              + e.name()
                              + "'s busier paths ("
                              + String.join(
                                  "; ",
                                  global.stream()
                                      .map(x -> x.indexName() + " " + String.join(", ", x.patterns))
                                      .toList())
                              + ")"
                          : "")
                      + "; without one it runs as a Scan"));
        }
      }
      item.paths = paths;
      items.put(e.name(), item);
    }
    Candidate c = candidate(w, items.values());
    // A local index caps each item collection at 10 GB: where a collection would pass it within
    // the horizon (LsiOnUnboundedCollection's error), the paths go to global indexes instead, read
    // eventually consistent, or strongly from the table (the planner's choice), and the reason
    // says so. A collection that reaches the cap only later keeps its local index, and the
    // rule's warning, with the day it does, stays in the findings: without the index a strong
    // read would query the whole collection.
    List<Finding> capped =
        c.findings().stream()
            .filter(
                f -> f.rule().equals("LsiOnUnboundedCollection") && f.severity() == Severity.ERROR)
            .toList();
    if (!capped.isEmpty()) {
      for (ItemType item : items.values()) {
        if (item.paths.stream().anyMatch(x -> x.local)) {
          number(model, item.paths, false);
          item.reasons.add(
              "no local index for the reads that expect read-your-writes: "
                  + String.join("; ", capped.stream().map(Finding::message).toList())
                  + "; a global index holds their path instead, read eventually consistent, and"
                  + " the planner reads the table strongly where the pattern needs it (the"
                  + " findings give what that costs)");
        }
      }
      c = candidate(w, items.values());
    }
    // Write sharding: each path whose partition key the rules find too hot or too coarse gets
    // the fewest shards that clear it. A path's heat and key count depend on its own key alone,
    // so the search runs in rounds: every path still hot takes the next shard count, and one
    // analysis of the whole design answers for all of them (at most 8 analyses, whatever the
    // number of hot paths).
    Map<Path, List<Finding>> hotBefore = new LinkedHashMap<>();
    Map<Path, ItemType> owners = new LinkedHashMap<>();
    for (ItemType item : items.values()) {
      for (Path path : item.paths) {
        if (path.local) {
          // A local index shares the table's partitions: the table key's shards are its own.
          continue;
        }
        List<Finding> hot = hot(c.findings(), item, path);
        if (!hot.isEmpty()) {
          hotBefore.put(path, hot);
          owners.put(path, item);
        }
      }
    }
    Map<Path, Integer> cleared = new LinkedHashMap<>();
    for (int n : SHARD_COUNTS) {
      List<Path> pending =
          hotBefore.keySet().stream().filter(x -> !cleared.containsKey(x)).toList();
      if (pending.isEmpty()) {
        break;
      }
      pending.forEach(x -> x.shards = n);
      c = candidate(w, items.values());
      for (Path path : pending) {
        if (hot(c.findings(), owners.get(path), path).isEmpty()) {
          cleared.put(path, n);
        }
      }
    }
    boolean reset = false;
    for (Path path : hotBefore.keySet()) {
      if (!cleared.containsKey(path)) {
        path.shards = 0;
        reset = true;
      }
    }
    if (reset) {
      c = candidate(w, items.values());
    }
    for (Map.Entry<Path, List<Finding>> e : hotBefore.entrySet()) {
      Path path = e.getKey();
      List<Finding> hot = e.getValue();
      Integer n = cleared.get(path);
      owners
          .get(path)
          .reasons
          .add(
              n != null
                  ? "shard suffix {shard:"
                      + n
                      + "} on "
                      + path.where()
                      + "'s partition key: without one, "
                      + String.join("; ", hot.stream().map(Finding::message).toList())
                      + "; "
                      + n
                      + " is the fewest of 2, 4 … 256 that clears it (AWS DG, \"Using write"
                      + " sharding to distribute workloads evenly\"; every read on it then makes "
                      + n
                      + " queries)"
                  : "no shard suffix of up to 256 on "
                      + path.where()
                      + "'s partition key clears "
                      + String.join("; ", hot.stream().map(Finding::message).toList())
                      + ": left as it is (the findings say so)");
    }
    // Projections narrower than ALL: a global index all of whose reads select some attributes
    // projects those alone (INCLUDE, or KEYS_ONLY when its keys hold them), when the analysis of
    // that design costs less and serves no read of the index worse.
    Map<Integer, List<String>> projections = new LinkedHashMap<>();
    List<Proposal.Decision> projected = new ArrayList<>();
    Map<Integer, Projected> tried = projections(c, items.values());
    if (!tried.isEmpty()) {
      tried.forEach((i, x) -> projections.put(i, x.include));
      Candidate narrow = candidate(w, items.values(), Map.of(), projections);
      for (Map.Entry<Integer, Projected> e : tried.entrySet()) {
        Optional<String> worse = worse(c, narrow, e.getKey(), e.getValue());
        if (worse.isPresent()) {
          projections.remove(e.getKey());
        }
      }
      if (projections.size() < tried.size()) {
        narrow = projections.isEmpty() ? c : candidate(w, items.values(), Map.of(), projections);
      }
      for (Integer i : projections.keySet()) {
        projected.add(projectionDecision(c, narrow, i, tried.get(i)));
      }
      c = narrow;
    }
    // The billing mode that costs less at the patterns' rates: each copy's monthly cost on demand
    // against provisioned at what its peaks need (DynamoDbCost: ⌈peak ÷ 0.7⌉ units, the 70%
    // target utilisation), storage alike in both.
    double onDemand = 0;
    double atNeed = 0;
    Map<String, long[]> units = new LinkedHashMap<>();
    for (var cost : c.analysis().costs()) {
      onDemand += cost.onDemandMonthly();
      atNeed += cost.neededMonthly();
      units.put(
          cost.copy(),
          new long[] {
            Math.max(1, (long) Math.ceil(cost.neededRead())),
            Math.max(1, (long) Math.ceil(cost.neededWrite()))
          });
    }
    String mode;
    List<String> billing = new ArrayList<>();
    boolean settable =
        units.values().stream()
            .allMatch(
                u ->
                    u[0] <= DynamoDbSectionReader.MAX_CAPACITY_UNITS
                        && u[1] <= DynamoDbSectionReader.MAX_CAPACITY_UNITS);
    if (atNeed < onDemand && units.containsKey(TABLE) && !settable) {
      mode = "on-demand";
      billing.add(
          "on demand: provisioned at what the peaks need would cost less ("
              + money(atNeed)
              + " against "
              + money(onDemand)
              + " a month), but a copy needs more than the "
              + Units.count(DynamoDbSectionReader.MAX_CAPACITY_UNITS)
              + " units a table can be given (a Scan on a hot path, the findings say): fix that"
              + " first");
    } else if (atNeed < onDemand && units.containsKey(TABLE)) {
      c = candidate(w, items.values(), units, projections);
      mode = "provisioned " + capacity(units.get(TABLE));
      billing.add(
          "provisioned at what the peaks need (⌈peak ÷ 0.7⌉ units, the 70% target utilisation"
              + " DynamoDB's auto scaling defaults to): "
              + money(atNeed)
              + " a month in throughput, against "
              + money(onDemand)
              + " on demand with the patterns at their peak rates all month");
      billing.add(
          "on demand costs less when the month's average is below "
              + Units.percent(atNeed / onDemand)
              + " of the peaks: say so with the dynamodb section's average_load, and check"
              + " prices it");
    } else {
      mode = "on-demand";
      billing.add(
          "on demand: "
              + money(onDemand)
              + " a month in throughput with the patterns at their peak rates all month, against "
              + money(atNeed)
              + " provisioned at what the peaks need");
    }
    List<Proposal.Decision> decisions = new ArrayList<>();
    for (ItemType item : items.values()) {
      List<String> patterns = new ArrayList<>();
      item.paths.forEach(p -> patterns.addAll(p.patterns));
      List<String> reasons = new ArrayList<>();
      for (Path p : item.paths) {
        reasons.add(
            (p.index == 0 ? "table key" : "index " + p.indexName())
                + " "
                + p.keyText(p.shards)
                + (p.patterns.isEmpty()
                    ? ": no read names " + item.entity.name() + "; keyed by its own key"
                    : p.partition.isEmpty()
                        ? ": serves "
                            + String.join(", ", p.patterns)
                            + ", which "
                            + (p.patterns.size() == 1 ? "reads" : "read")
                            + " a window of time and no attribute by equality: the partition key is "
                            + item.entity.name()
                            + "'s name alone (every item, until sharded), the sort key leads with "
                            + p.sort.get(0)
                            + ", which grows with time"
                        : ": serves "
                            + String.join(", ", p.patterns)
                            + ", "
                            + "the partition key from what "
                            + (p.patterns.size() == 1 ? "it restricts" : "they restrict")
                            + " by equality"
                            + (p.owner.equals(item.entity.name())
                                ? ""
                                : ", led by "
                                    + p.owner
                                    + "'s name since "
                                    + String.join(", ", p.partition)
                                    + " is its key: one item collection with "
                                    + p.owner)
                            + (p.sort.isEmpty() ? "" : "; the sort key from its order and ranges")
                            + (p.local
                                ? "; a local index, since "
                                    + String.join(", ", p.patterns)
                                    + " expect"
                                    + (p.patterns.size() == 1 ? "s" : "")
                                    + " read-your-writes: a local index is read strongly consistent"
                                    + " (ConsistentRead) and no global index is (AWS DG, \"DynamoDB read"
                                    + " consistency\"); it caps the item collection at 10 GB, which"
                                    + " LsiOnUnboundedCollection checks"
                                : "")));
      }
      reasons.addAll(item.reasons);
      reasons.addAll(sparseReasons(c, item));
      decisions.add(
          new Proposal.Decision(
              TABLE + " " + item.entity.name(), patterns, item.keysText(), reasons));
    }
    decisions.addAll(projected);
    decisions.add(
        new Proposal.Decision(
            TABLE, model.patterns().stream().map(AccessPattern::id).toList(), mode, billing));
    ttlDecision(model).ifPresent(decisions::add);
    List<String> unmet = new ArrayList<>();
    List<String> residency = model.residencyAttributes();
    if (!residency.isEmpty()) {
      // The model asks items to stay in their place; a table lives in one AWS Region, and a
      // global table copies every item to every replica Region (AWS DG, "Global tables").
      unmet.add(
          "residency ("
              + String.join(", ", residency)
              + "): the design's one table holds every item in its Region (a global table would"
              + " copy each to every replica Region), so items are not kept in their place; that"
              + " takes a table per place in its own Region, each item written to its place's,"
              + " which keyplan's design does not do");
    }
    double stored = c.analysis().costs().stream().mapToDouble(x -> x.storageBytes()).sum();
    return new Proposal(
        StoreId.DYNAMODB,
        c.section(),
        Map.of(),
        decisions,
        unsupported,
        c.findings(),
        c.analysis(),
        stored,
        stored,
        List.of(cost(c.analysis(), mode)),
        Proposal.requestsOf(c.analysis()),
        unmet);
  }

  /**
   * The table's monthly cost in the billing mode chosen: each copy's throughput at what its peaks
   * need (on demand as billed; provisioned at ⌈peak ÷ 0.7⌉ units), which grows with the rates, and
   * its storage at the horizon, from the analysis's own cost table (DynamoDbCost) at the built-in
   * prices (PriceTable: region, date and source).
   */
  private static MonthlyCost cost(DynamoDbAnalysis a, String mode) {
    double usage = 0;
    double storage = 0;
    for (var x : a.costs()) {
      usage += x.monthlyAtNeed() - x.storageMonthly();
      storage += x.storageMonthly();
    }
    var p = a.prices();
    return new MonthlyCost(
        "managed, " + (mode.startsWith("provisioned") ? "provisioned" : "on demand"),
        p.region()
            + " "
            + p.tableClass()
            + " prices checked "
            + p.checked()
            + " ("
            + p.source().replaceAll("\\s+", " ")
            + ")",
        "table",
        0,
        0,
        0,
        0,
        usage,
        storage,
        "throughput at the patterns' peak rates all month and storage at the horizon; no backups,"
            + " streams or data transfer");
  }

  private record Candidate(
      String section, List<Finding> findings, DynamoDbAnalysis analysis, Model model) {}

  /**
   * For each index of {@code item} whose key is built from a sparse attribute: what the analysis
   * counts for it (its items, storage, write units and monthly cost at need) against the same
   * design analysed with every item holding the attribute ({@code present: 100%}), the comparison
   * DynamoDbSparseIndexTest makes. The figures are the index's, whichever item types share it.
   */
  private static List<String> sparseReasons(Candidate c, ItemType item) {
    List<String> out = new ArrayList<>();
    Entity e = item.entity;
    for (Path p : item.paths) {
      List<String> attributes = sparse(e, p);
      if (p.index == 0 || attributes.isEmpty()) {
        continue;
      }
      DynamoDbAnalysis dense = new DynamoDbStore().analyze(dense(c.model(), e, attributes));
      String name = p.indexName();
      double[] with = c.analysis().sizing().get(TABLE).indexes().get(name);
      double[] without = dense.sizing().get(TABLE).indexes().get(name);
      if (with == null || without == null) {
        continue;
      }
      Optional<DynamoDbCost> costWith = c.analysis().cost(p.where());
      Optional<DynamoDbCost> costWithout = dense.cost(p.where());
      boolean costed = costWith.isPresent() && costWithout.isPresent();
      out.add(
          "index "
              + name
              + " is sparse: "
              + presence(e, attributes)
              + ", and DynamoDB writes an index entry only for an item that carries the index's"
              + " key (AWS DG, \"Take advantage of sparse indexes\"): "
              + name
              + " holds "
              + Units.count(with[0])
              + " items, "
              + Units.bytes(with[1])
              + (costed
                  ? ", "
                      + Units.rate(costWith.get().writeUnits(), "WCU")
                      + ", "
                      + money(costWith.get().monthlyAtNeed())
                      + " a month as billed"
                  : "")
              + "; with every "
              + e.name()
              + " in it, "
              + Units.count(without[0])
              + " items, "
              + Units.bytes(without[1])
              + (costed
                  ? ", "
                      + Units.rate(costWithout.get().writeUnits(), "WCU")
                      + ", "
                      + money(costWithout.get().monthlyAtNeed())
                      + " a month"
                  : ""));
    }
    return out;
  }

  /**
   * {@code model} with {@code attributes} of {@code e} held by every item ({@code present: 100%}):
   * the counterfactual the sparse index is compared with.
   */
  private static Model dense(Model model, Entity e, List<String> attributes) {
    Map<String, Attribute> attrs = new LinkedHashMap<>(e.attributes());
    for (String name : attributes) {
      Attribute a = attrs.get(name);
      attrs.put(name, a.withPresent(1));
    }
    Map<String, Entity> entities = new LinkedHashMap<>(model.entities());
    entities.put(
        e.name(),
        new Entity(
            e.name(), attrs, e.count(), e.growthPerSecond(), e.key(), e.spread(), e.location()));
    return new Model(
        model.name(),
        model.file(),
        model.horizonSeconds(),
        entities,
        model.patterns(),
        model.designs(),
        model.location());
  }

  private static Candidate candidate(DesignInput w, Collection<ItemType> items) {
    return candidate(w, items, Map.of(), Map.of());
  }

  /**
   * A candidate; {@code provisioned} gives each copy's (the table's, an index's) read and write
   * units when provisioned, and on-demand when empty.
   */
  private static Candidate candidate(
      DesignInput w,
      Collection<ItemType> items,
      Map<String, long[]> provisioned,
      Map<Integer, List<String>> projections) {
    int indexes = 0;
    int locals = 0;
    for (ItemType item : items) {
      for (Path p : item.paths) {
        if (p.local) {
          locals = Math.max(locals, p.index);
        } else {
          indexes = Math.max(indexes, p.index);
        }
      }
    }
    StringBuilder s = new StringBuilder("dynamodb:\n  tables:\n    ").append(TABLE).append(":\n");
    s.append("      partition_key: PK\n      sort_key: SK\n      capacity: ")
        .append(capacity(provisioned.get(TABLE)))
        .append('\n');
    ttlAttribute(w.model()).ifPresent(a -> s.append("      ttl: ").append(a).append('\n'));
    if (indexes + locals > 0) {
      s.append("      indexes:\n");
      for (int i = 1; i <= indexes; i++) {
        s.append("        GSI")
            .append(i)
            .append(": {partition_key: GSI")
            .append(i)
            .append("PK, sort_key: GSI")
            .append(i)
            .append("SK, projection: ")
            .append(projection(projections.get(i)))
            .append(
                provisioned.isEmpty()
                    ? ""
                    : ", capacity: " + capacity(provisioned.get(TABLE + ".GSI" + i)))
            .append("}\n");
      }
      for (int i = 1; i <= locals; i++) {
        s.append("        LSI")
            .append(i)
            .append(": {local: true, sort_key: LSI")
            .append(i)
            .append("SK, projection: ALL}\n");
      }
    }
    s.append("      items:\n");
    for (ItemType item : items) {
      s.append("        ").append(item.entity.name()).append(":\n");
      s.append("          keys: {").append(item.keysYaml()).append("}\n");
    }
    String text = w.text() + (w.text().endsWith("\n") ? "" : "\n") + s;
    Model m = ModelReader.read(w.model().file(), text, w.baseDir());
    DynamoDbAnalysis a = new DynamoDbStore().analyze(m);
    return new Candidate(s.toString(), Checker.builtIn().check(a), a, m);
  }

  /**
   * Numbers an entity's paths after the table key's: with {@code locals}, each path on the table
   * key's partition whose patterns expect read-your-writes is a local index, {@code LSI1} … up to
   * DynamoDB's 5 a table (a global index is never read strongly consistent); every other path a
   * global index, {@code GSI1}, {@code GSI2} … in order.
   */
  private static void number(Model model, List<Path> paths, boolean locals) {
    Path table = paths.get(0);
    int local = 0;
    int global = 0;
    for (Path x : paths.subList(1, paths.size())) {
      boolean strong =
          model.patterns().stream()
              .anyMatch(p -> p.readYourWrites() && x.patterns.contains(p.id()));
      x.local =
          locals
              && strong
              && x.owner.equals(table.owner)
              && x.partition.equals(table.partition)
              && local < DynamoDbLimits.MAX_LOCAL_SECONDARY_INDEXES;
      x.index = x.local ? ++local : ++global;
    }
  }

  /**
   * The table's TTL attribute when an entity's every insert sets a TTL, else none: {@code
   * expires_at}, or {@code expires_at_2}… when an entity already has an attribute of that name (the
   * items then carry the new one as a Number of epoch seconds; DynamoDbBinder sizes it).
   */
  static Optional<String> ttlAttribute(Model model) {
    if (model.insertTtls().values().stream().noneMatch(x -> x > 0)) {
      return Optional.empty();
    }
    String name = TTL_ATTRIBUTE;
    for (int i = 2; taken(model, name); i++) {
      name = TTL_ATTRIBUTE + "_" + i;
    }
    return Optional.of(name);
  }

  private static boolean taken(Model model, String attribute) {
    return model.entities().values().stream().anyMatch(e -> e.attribute(attribute).isPresent());
  }

  /**
   * The decision to give the table a TTL attribute: per entity whose inserts all set a TTL, the
   * items the table keeps at the horizon with it (one TTL's worth) against without it (every item
   * written), and what the application writes.
   */
  private static Optional<Proposal.Decision> ttlDecision(Model model) {
    Optional<String> attribute = ttlAttribute(model);
    if (attribute.isEmpty()) {
      return Optional.empty();
    }
    long horizon = model.horizonSeconds();
    List<String> reasons = new ArrayList<>();
    List<String> patterns = new ArrayList<>();
    model
        .insertTtls()
        .forEach(
            (entity, ttl) -> {
              if (ttl <= 0) {
                return;
              }
              Entity e = model.entity(entity).orElseThrow();
              for (AccessPattern p : model.patterns()) {
                if (p.operation() instanceof Operation.Write wr
                    && wr.entity().equals(entity)
                    && wr.ttlSeconds() > 0) {
                  patterns.add(p.id());
                }
              }
              reasons.add(
                  "every insert of "
                      + entity
                      + " sets a TTL of "
                      + Quantities.formatSeconds(ttl)
                      + ": with "
                      + attribute.get()
                      + " the table keeps about "
                      + Units.count(
                          e.rowsAfter(
                              horizon, ttl + DynamoDbLimits.TTL_TYPICAL_DELETION_DELAY_SECONDS))
                      + " of its items after "
                      + Quantities.formatSeconds(horizon)
                      + " (the TTL plus the 48 hours TTL may take to delete), against "
                      + Units.count(e.rowsAfter(horizon, 0))
                      + " without (EphemeralDataWithoutTtl)");
            });
    reasons.add(
        "the application writes "
            + attribute.get()
            + " into each such item as a Number of epoch seconds, the insert's time plus its TTL;"
            + " TTL deletes are free and consume no write capacity (AWS DG, \"Time to Live"
            + " (TTL)\")");
    return Optional.of(
        new Proposal.Decision(TABLE + " TTL", patterns, "ttl: " + attribute.get(), reasons));
  }

  private static String capacity(long[] units) {
    return units == null ? "on-demand" : "{read: " + units[0] + ", write: " + units[1] + "}";
  }

  /**
   * The findings that a path's partition key is too hot or too coarse: a key value over a
   * partition's throughput ({@code PartitionThroughputExceeded}, its target the table or index and
   * the template) or an index keyed by too few values ({@code LowCardinalityIndexKey}, its target
   * the index and the item type).
   */
  private static List<Finding> hot(List<Finding> findings, ItemType item, Path path) {
    String template = path.where() + " " + path.partitionTemplate(path.shards);
    String itemType = path.where() + " " + item.entity.name();
    return findings.stream()
        .filter(f -> f.severity() != Severity.INFO)
        .filter(
            f ->
                f.rule().equals("PartitionThroughputExceeded") && f.target().equals(template)
                    || f.rule().equals("LowCardinalityIndexKey") && f.target().equals(itemType))
        .toList();
  }

  /**
   * The attributes of {@code path}'s key templates that only some of the entity's items hold
   * ({@code present:} below 100%, docs/model.md "Sparse attributes"), in key order.
   */
  private static List<String> sparse(Entity e, Path path) {
    return path.attributes().stream()
        .filter(a -> e.attribute(a).map(Attribute::isSparse).orElse(false))
        .toList();
  }

  /** "5% of Ticket items hold assignee_id (present: 5%)", for each attribute. */
  private static String presence(Entity e, List<String> attributes) {
    return String.join(
        "; ",
        attributes.stream()
            .map(
                a ->
                    Units.percent(e.attribute(a).orElseThrow().present())
                        + " of "
                        + e.name()
                        + " items hold "
                        + a
                        + " (present: "
                        + Units.percent(e.attribute(a).orElseThrow().present())
                        + ")")
            .toList());
  }

  /** At most 20 non-key attributes projected into one index (AWS API Reference, Projection). */
  static final int MAX_PROJECTED_PER_INDEX = 20;

  /** At most 100 non-key attributes projected over a table's indexes (the same page). */
  static final int MAX_PROJECTED_PER_TABLE = 100;

  /** What a global index would project: its reads, and the attributes beyond its keys they use. */
  private record Projected(List<String> reads, List<String> include) {}

  /** {@code ALL} when {@code include} is null, {@code KEYS_ONLY} when empty, else the list. */
  private static String projection(List<String> include) {
    return include == null
        ? "ALL"
        : include.isEmpty() ? "KEYS_ONLY" : "[" + String.join(", ", include) + "]";
  }

  /**
   * The global indexes of candidate {@code c} every read of which (as the analysis plans them)
   * selects named attributes: for each, the attributes those reads select, restrict and order by
   * that no key template of the item types on it holds (the table's and the index's keys are in
   * every entry, and an attribute written into a key is read back from it). An index a read needs
   * whole (no {@code select}, or related entities with it) keeps ALL, and so does one past
   * DynamoDB's 20 projected attributes an index or 100 a table.
   */
  private static Map<Integer, Projected> projections(Candidate c, Collection<ItemType> items) {
    Map<Integer, List<String>> reads = new LinkedHashMap<>();
    Map<Integer, Set<String>> needed = new LinkedHashMap<>();
    Set<Integer> whole = new LinkedHashSet<>();
    for (var plan : c.analysis().plans()) {
      if (!(plan.pattern().operation() instanceof Operation.Read r)
          || plan.path().isEmpty()
          || !plan.path().get().isGlobal()
          || !plan.path().get().name().startsWith("GSI")) {
        continue;
      }
      int i = Integer.parseInt(plan.path().get().name().substring(3));
      reads.computeIfAbsent(i, k -> new ArrayList<>()).add(plan.pattern().id());
      if (r.select().isEmpty() || !plan.pattern().with().isEmpty()) {
        whole.add(i);
      } else {
        needed.computeIfAbsent(i, k -> new LinkedHashSet<>()).addAll(r.attributesNeeded());
      }
    }
    Map<Integer, Projected> out = new LinkedHashMap<>();
    int total = 0;
    for (Map.Entry<Integer, Set<String>> e : needed.entrySet()) {
      int i = e.getKey();
      if (whole.contains(i)) {
        continue;
      }
      Set<String> keyed = new LinkedHashSet<>();
      for (ItemType item : items) {
        for (Path p : item.paths) {
          if (p.index == 0 || !p.local && p.index == i) {
            keyed.addAll(p.partition);
            keyed.addAll(p.sort);
          }
        }
      }
      List<String> include = e.getValue().stream().filter(a -> !keyed.contains(a)).toList();
      if (include.size() > MAX_PROJECTED_PER_INDEX
          || total + include.size() > MAX_PROJECTED_PER_TABLE) {
        continue;
      }
      total += include.size();
      out.put(i, new Projected(reads.get(i), include));
    }
    return out;
  }

  /**
   * Why index {@code i}'s narrower projection in {@code narrow} is not taken, if it is not: it
   * costs no less a month (throughput at need and storage), or a read it served costs more units or
   * calls (a fetch from the table), or moves off it.
   */
  private static Optional<String> worse(Candidate all, Candidate narrow, int i, Projected x) {
    String copy = TABLE + ".GSI" + i;
    double before = all.analysis().cost(copy).map(DynamoDbCost::monthlyAtNeed).orElse(0.0);
    double after = narrow.analysis().cost(copy).map(DynamoDbCost::monthlyAtNeed).orElse(0.0);
    if (Math.round(after * 100) >= Math.round(before * 100)) {
      return Optional.of("costs no less");
    }
    for (String id : x.reads) {
      var a = all.analysis().plan(id).orElseThrow();
      var b = narrow.analysis().plan(id).orElseThrow();
      if (b.path().isEmpty()
          || !b.path().get().name().equals("GSI" + i)
          || b.readUnits() > a.readUnits()
          || b.calls() > a.calls()) {
        return Optional.of(id + " reads more");
      }
    }
    return Optional.empty();
  }

  /** The decision to project only some attributes into index {@code i}, with both figures. */
  private static Proposal.Decision projectionDecision(
      Candidate all, Candidate narrow, int i, Projected x) {
    String name = "GSI" + i;
    String copy = TABLE + "." + name;
    double[] before = all.analysis().sizing().get(TABLE).indexes().get(name);
    double[] after = narrow.analysis().sizing().get(TABLE).indexes().get(name);
    DynamoDbCost a = all.analysis().cost(copy).orElseThrow();
    DynamoDbCost b = narrow.analysis().cost(copy).orElseThrow();
    String chosen = "projection: " + projection(x.include);
    List<String> reasons = new ArrayList<>();
    reasons.add(
        "every read "
            + name
            + " serves ("
            + String.join(", ", x.reads)
            + ") selects "
            + (x.include.isEmpty()
                ? "only attributes its keys hold"
                : String.join(", ", x.include) + " beyond the attributes its keys hold")
            + ", so "
            + name
            + " copies "
            + (x.include.isEmpty() ? "the keys alone (KEYS_ONLY)" : "those alone (INCLUDE)")
            + ", not the whole item (AWS DG, \"General guidelines for secondary indexes in"
            + " DynamoDB\": \"Choose projections carefully\")");
    reasons.add(
        name
            + " stores "
            + Units.bytes(after[1])
            + " against "
            + Units.bytes(before[1])
            + " with ALL ("
            + Units.count(after[0])
            + " entries of "
            + Units.bytes(after[0] > 0 ? after[1] / after[0] : 0)
            + " against "
            + Units.bytes(before[0] > 0 ? before[1] / before[0] : 0)
            + ", 100 B of overhead each), takes "
            + Units.rate(b.writeUnits(), "WCU")
            + " against "
            + Units.rate(a.writeUnits(), "WCU")
            + " and "
            + Units.rate(b.readUnits(), "RCU")
            + " against "
            + Units.rate(a.readUnits(), "RCU")
            + ": "
            + money(b.monthlyAtNeed())
            + " a month on demand at the peaks against "
            + money(a.monthlyAtNeed()));
    reasons.add(
        "no read it serves fetches from the table; a new read that needs another attribute"
            + " would (a BatchGetItem per page, which the analysis costs), and a projection"
            + " cannot be changed on an existing index: a wider one is a new index");
    return new Proposal.Decision(TABLE + " " + name + " projection", x.reads, chosen, reasons);
  }

  /** The time-ordered attribute a read with no equality orders by, or else ranges. */
  private static Optional<String> timeOrdered(Entity e, Operation.Read r) {
    List<String> candidates = new ArrayList<>();
    r.orderBy().forEach(o -> candidates.add(o.attribute()));
    r.where().forEach(c -> candidates.add(c.attribute()));
    return candidates.stream()
        .filter(a -> e.attribute(a).map(Attribute::timeOrdered).orElse(false))
        .findFirst();
  }

  /**
   * The path of a read of a window of time: the entity's name alone as its partition key (one value
   * until sharded), sorted by the time, then the rest of the read's order and ranges and the
   * entity's key.
   */
  private static Path window(Entity e, Operation.Read r) {
    List<String> sort = new ArrayList<>();
    sort.add(timeOrdered(e, r).orElseThrow());
    for (Operation.Order o : r.orderBy()) {
      if (!sort.contains(o.attribute())) {
        sort.add(o.attribute());
      }
    }
    for (Operation.Condition c : r.where()) {
      if (!sort.contains(c.attribute())) {
        sort.add(c.attribute());
      }
    }
    for (String k : e.key()) {
      if (!sort.contains(k)) {
        sort.add(k);
      }
    }
    return new Path(e.name(), List.of(), sort, e);
  }

  private static Path path(Model model, Entity e, Operation r) {
    List<String> partition = r.equalities();
    List<String> sort = new ArrayList<>();
    Set<String> used = new LinkedHashSet<>(partition);
    if (r instanceof Operation.Read read) {
      for (Operation.Order o : read.orderBy()) {
        if (used.add(o.attribute())) {
          sort.add(o.attribute());
        }
      }
    }
    for (Operation.Condition c : r.where()) {
      if (used.add(c.attribute())) {
        sort.add(c.attribute());
      }
    }
    for (String k : e.key()) {
      if (used.add(k)) {
        sort.add(k);
      }
    }
    return new Path(owner(model, partition.get(0), e), partition, sort, e);
  }

  /**
   * The entity whose key is {@code attribute} alone, when one is (a customer's id keys the
   * customer, so an order read by it joins the customer's item collection); else {@code e}.
   */
  private static String owner(Model model, String attribute, Entity e) {
    for (Entity o : model.entities().values()) {
      if (o.key().equals(List.of(attribute))) {
        return o.name();
      }
    }
    return e.name();
  }

  /** The built-in price table's currency (DynamoDbPrices: US dollars). */
  private static String money(double usd) {
    return Units.money(usd, "USD");
  }

  /** An entity's items in the table. */
  private static final class ItemType {
    final Entity entity;
    List<Path> paths = List.of();
    final List<String> reasons = new ArrayList<>();

    ItemType(Entity entity) {
      this.entity = entity;
    }

    String keysYaml() {
      List<String> keys = new ArrayList<>();
      for (Path p : paths) {
        String pk = p.index == 0 ? "PK" : p.indexName() + "PK";
        String sk = p.index == 0 ? "SK" : p.indexName() + "SK";
        if (!p.local) {
          keys.add(pk + ": \"" + p.partitionTemplate(p.shards) + "\"");
        }
        keys.add(sk + ": \"" + p.sortTemplate() + "\"");
      }
      return String.join(", ", keys);
    }

    String keysText() {
      return keysYaml().replace("\"", "");
    }
  }

  /** One read path of an entity: a partition key and a sort key, on the table or an index. */
  private static final class Path {
    final String owner;
    final List<String> partition;
    final List<String> sort;
    final Entity entity;
    final List<String> patterns = new ArrayList<>();
    int index;
    int shards;
    boolean local;

    /** The index's name, {@code GSI2} or {@code LSI1}; the table key's path has none. */
    String indexName() {
      return (local ? "LSI" : "GSI") + index;
    }

    /** The table or index this path is on, as the findings name it. */
    String where() {
      return index == 0 ? TABLE : TABLE + "." + indexName();
    }

    Path(String owner, List<String> partition, List<String> sort, Entity entity) {
      this.owner = owner;
      this.partition = List.copyOf(partition);
      this.sort = List.copyOf(sort);
      this.entity = entity;
    }

    /**
     * A path serves another read when the partition is the same and its sort key leads with the
     * other's order.
     */
    boolean serves(Path other) {
      return partition.equals(other.partition)
          && sort.size() >= other.sort.size()
          && sort.subList(0, other.sort.size()).equals(other.sort);
    }

    String partitionTemplate(int shards) {
      StringBuilder b = new StringBuilder(prefix(owner));
      partition.forEach(a -> b.append("#{").append(a).append('}'));
      if (shards > 0) {
        b.append("#{shard:").append(shards).append('}');
      }
      return b.toString();
    }

    String sortTemplate() {
      StringBuilder b = new StringBuilder(prefix(entity.name()));
      sort.forEach(a -> b.append("#{").append(a).append('}'));
      return b.toString();
    }

    /** Every attribute the path's key templates hold. */
    Set<String> attributes() {
      Set<String> out = new LinkedHashSet<>(partition);
      out.addAll(sort);
      return out;
    }

    String keyText(int shards) {
      return partitionTemplate(shards) + " / " + sortTemplate();
    }
  }

  /** An entity's name as a key prefix: upper case, {@code ORDER_LINE} for {@code OrderLine}. */
  static String prefix(String entity) {
    return entity.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toUpperCase(Locale.ROOT);
  }
}
