package dev.keyplan.dynamodb.simulate;

import dev.keyplan.dynamodb.design.DynamoDbAnalysis;
import dev.keyplan.dynamodb.design.DynamoDbHeat;
import dev.keyplan.dynamodb.design.DynamoDbItem;
import dev.keyplan.dynamodb.design.DynamoDbPlan;
import dev.keyplan.dynamodb.design.DynamoDbTable;
import dev.keyplan.dynamodb.design.KeyPath;
import dev.keyplan.dynamodb.facts.DynamoDbLimits;
import dev.keyplan.dynamodb.simulate.KeyAccumulator.Divisible;
import dev.keyplan.model.KeyTemplate;
import dev.keyplan.simulate.Keys;
import dev.keyplan.workload.KeyCounts;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Turns the analysis of one copy into a {@link CopyWorkload}: every touch of every plan on the copy
 * ({@link DynamoDbPlan.Touch}: units per request, the busiest value's share of requests) is spread
 * over the copy's key values, and every item type on it adds its rows.
 *
 * <p>Per touch of a pattern at {@code rate} requests per second, whose key has {@link KeySpreads
 * spread} shares {@code s_k} and {@code n} shard suffixes:
 *
 * <ul>
 *   <li>the busiest value gets what the analysis's heat gives it: {@code rate × busiestShare}
 *       requests on each suffix, each costing the touch's busiest read units (a read queries every
 *       suffix) or its write units (a write picks one suffix, which the share already divides);
 *   <li>the other requests, {@code 1 − b} of them with {@code b} the busiest value's share of all
 *       requests, go to value k with weight {@code s_k / (1 − s_0)}: reads cost the typical units
 *       split over the suffixes, writes their write units, one suffix each;
 *   <li>a touch without a key (a Scan) reads every partition by its range.
 * </ul>
 *
 * <p>So the copy's total is {@code Σ rate × units} as in the analysis's cost, and its busiest value
 * takes the analysis's heat. Example (seed 004's flash sale): 1,000 writes/s of 1 WCU with 80% on
 * one product put 800 WCU/s on {@code product_id-1} and 200 on the other 9,999 products.
 */
final class WorkloadPlanner {
  /**
   * The share of a partition's ceilings a value must take to be tracked on its own, 1%: below it a
   * value cannot make a partition hot, and its Poisson noise (√λ of λ operations a second) is lost
   * against a ceiling. Values under both this and {@link #TRACKED_BYTES} join the tail, which costs
   * nothing per value.
   */
  static final double TRACKED_SHARE = 0.01;

  /**
   * The share of a partition's 10 GB, at the model's horizon, that also gets a value tracked, 10%:
   * smaller item collections do not decide where a partition splits for size.
   */
  static final double TRACKED_BYTES = 0.1;

  private final DynamoDbAnalysis analysis;
  private final DynamoDbTable table;
  private final KeyPath path;
  private final Map<String, KeyAccumulator> keys = new LinkedHashMap<>();
  private final KeyAccumulator tail = new KeyAccumulator("", Divisible.ANY);
  private double scanReads;
  private final Set<String> notes = new LinkedHashSet<>();

  private WorkloadPlanner(DynamoDbAnalysis analysis, DynamoDbTable table, KeyPath path) {
    this.analysis = analysis;
    this.table = table;
    this.path = path;
  }

  /**
   * Returns the workload of {@code path} (the table's own key, or a global index) of {@code table}.
   */
  static CopyWorkload plan(DynamoDbAnalysis analysis, DynamoDbTable table, KeyPath path) {
    WorkloadPlanner w = new WorkloadPlanner(analysis, table, path);
    for (DynamoDbAnalysis.PlanTouch pt : analysis.touchesOn(path.copy())) {
      w.traffic(pt.plan(), pt.touch());
    }
    for (DynamoDbItem it : table.items()) {
      if (it.on(path)) {
        w.rows(it);
      }
    }
    return w.build();
  }

  private void traffic(DynamoDbPlan plan, DynamoDbPlan.Touch t) {
    double rate = plan.pattern().ratePerSecond();
    if (t.signature().isEmpty()) {
      scanReads += rate * t.readUnits().typical();
      return;
    }
    DynamoDbItem item = item(plan, t.signature());
    if (item == null) {
      notes.add(
          path.copy()
              + ": "
              + t.signature()
              + " matches no item type; its requests are spread evenly");
      tail.read(rate, t.readUnits().typical());
      tail.write(rate, t.writeUnits());
      return;
    }
    List<KeyTemplate> templates = item.partitionTemplates(path);
    Set<String> attributes = KeyCounts.placeholders(templates);
    int shards = KeyCounts.shards(templates);
    Keys k = KeySpreads.requests(plan.pattern(), item.entity(), attributes, item.rows());
    if (k == null) {
      notes.add(
          path.copy()
              + ": the spread of "
              + t.signature()
              + " is not declared; its requests are simulated as uniform");
      k = Keys.uniform(KeySpreads.label(attributes), Math.max(1, item.rows()));
    }
    Divisible divisible = divisible(item, t.signature());
    int heavy = k.heavyCount();
    double s0 = heavy > 0 ? k.share(0) : 0;
    // The analysis's share of requests reaching the busiest value (a write's on one suffix); the
    // spread's own share where the analysis could not say.
    boolean known = !Double.isNaN(t.busiestShare());
    if (t.readUnits().typical() > 0) {
      double b = heavy > 0 ? Math.min(1, known ? t.busiestShare() : s0) : 0;
      double perQuery = t.readUnits().typical() / shards;
      for (int j = 0; j < shards && heavy > 0; j++) {
        key(templates, k, 0, j, divisible).read(rate * b, t.readUnits().busiest());
      }
      spreadRest(templates, k, shards, divisible, rate * (1 - b), perQuery, /* write= */ false);
    }
    if (t.writeUnits() > 0) {
      double b = heavy > 0 ? Math.min(1, known ? t.busiestShare() * shards : s0) : 0;
      for (int j = 0; j < shards && heavy > 0; j++) {
        key(templates, k, 0, j, divisible).write(rate * b / shards, t.writeUnits());
      }
      spreadRest(
          templates, k, shards, divisible, rate * (1 - b), t.writeUnits(), /* write= */ true);
    }
  }

  /** Spreads {@code requests} per second over the values after the busiest, by their shares. */
  private void spreadRest(
      List<KeyTemplate> templates,
      Keys k,
      int shards,
      Divisible divisible,
      double requests,
      double units,
      boolean write) {
    double s0 = k.heavyCount() > 0 ? k.share(0) : 0;
    if (requests <= 0 || s0 >= 1) {
      return;
    }
    // A read of a sharded key queries every suffix; a write lands on one of them.
    double perSuffix = write ? requests / shards : requests;
    for (int r = 1; r < k.heavyCount(); r++) {
      for (int j = 0; j < shards; j++) {
        KeyAccumulator a = key(templates, k, r, j, divisible);
        double ops = perSuffix * k.share(r) / (1 - s0);
        if (write) {
          a.write(ops, units);
        } else {
          a.read(ops, units);
        }
      }
    }
    double tailOps = perSuffix * shards * k.tailShare() / (1 - s0);
    if (write) {
      tail.write(tailOps, units);
    } else {
      tail.read(tailOps, units);
    }
  }

  private void rows(DynamoDbItem it) {
    // A sparse index holds only the items carrying its key (DynamoDbItem.presence): its bytes per
    // item of the entity are that share of an entry, as the analysis sizes it.
    double perRow =
        path.isIndex()
            ? it.presence(path)
                * (it.entryBytes(path, table)
                    + DynamoDbLimits.STORAGE_OVERHEAD_PER_INDEX_ENTRY_BYTES)
            : tableBytesPerRow(it);
    List<KeyTemplate> templates = it.partitionTemplates(path);
    String signature = it.partitionSignature(path);
    Set<String> attributes = KeyCounts.placeholders(templates);
    Keys k = KeySpreads.rows(it.entity(), attributes, it.rows());
    if (k == null) {
      notes.add(
          path.copy()
              + ": the spread of "
              + signature
              + " is not declared; "
              + it.name()
              + "'s rows are simulated as uniform");
      k = Keys.uniform(KeySpreads.label(attributes), Math.max(1, it.rows()));
    }
    int shards = KeyCounts.shards(templates);
    Divisible divisible = divisible(it, signature);
    for (int r = 0; r < k.heavyCount(); r++) {
      for (int j = 0; j < shards; j++) {
        key(templates, k, r, j, divisible)
            .size
            .add(new SizeTerm(it.entity(), it.ttlSeconds(), k.share(r) / shards, perRow));
      }
    }
    tail.size.add(new SizeTerm(it.entity(), it.ttlSeconds(), k.tailShare(), perRow));
  }

  /**
   * Returns an item's storage bytes on the table: item plus 100 B, and its local index entries plus
   * 100 B each.
   */
  private double tableBytesPerRow(DynamoDbItem it) {
    double b = it.storageBytes();
    for (KeyPath l : table.lsis()) {
      if (it.on(l)) {
        b +=
            it.presence(l)
                * (it.entryBytes(l, table) + DynamoDbLimits.STORAGE_OVERHEAD_PER_INDEX_ENTRY_BYTES);
      }
    }
    return b;
  }

  /**
   * Returns whether values of {@code signature} may be split by sort key: never one item (a table
   * without a sort key, or a key naming one row) and never on a table with a local index ("Adaptive
   * capacity will not split item collections across multiple partitions of the table when there is
   * a local secondary index"); for heat, also never a monotonic sort key ("as long as the item
   * collection isn't traffic that is tracked by a monotonic increase or decrease of the sort key").
   * Both quotes: AWS DG, bp-partition-key-design, "Isolate frequently accessed items".
   */
  private Divisible divisible(DynamoDbItem item, String signature) {
    DynamoDbHeat heat =
        analysis.heat().stream()
            .filter(h -> h.copy().equals(path.copy()) && h.signature().equals(signature))
            .findFirst()
            .orElse(null);
    boolean oneItem =
        path.sortKey().isEmpty()
            || (heat != null
                ? heat.oneItem()
                : KeyCounts.identifies(
                    item.entity(), KeyCounts.placeholders(item.partitionTemplates(path))));
    if (oneItem) {
      return new Divisible(false, false, "it is one item");
    }
    if (!path.isIndex() && !table.lsis().isEmpty()) {
      return new Divisible(false, false, "the table has a local index");
    }
    if (heat != null && heat.monotonicSortKey().isPresent()) {
      return new Divisible(
          true, false, "its sort key (" + heat.monotonicSortKey().get() + ") grows monotonically");
    }
    return Divisible.ANY;
  }

  /**
   * Returns the item type on the copy with {@code signature}: the pattern's entity's first, else
   * the first.
   */
  private DynamoDbItem item(DynamoDbPlan plan, String signature) {
    DynamoDbItem first = null;
    for (KeyPath p : table.paths()) {
      if (!p.copy().equals(path.copy())) {
        continue;
      }
      for (DynamoDbItem it : table.items()) {
        if (it.on(p) && it.partitionSignature(p).equals(signature)) {
          if (it.entity().name().equals(plan.pattern().operation().entity())) {
            return it;
          }
          first = first == null ? it : first;
        }
      }
    }
    return first;
  }

  private KeyAccumulator key(
      List<KeyTemplate> templates, Keys k, int rank, int suffix, Divisible divisible) {
    String name = KeyNames.of(templates, k, rank, suffix);
    KeyAccumulator a = keys.computeIfAbsent(name, n -> new KeyAccumulator(n, divisible));
    a.restrict(divisible);
    return a;
  }

  private CopyWorkload build() {
    List<KeyLoad> out = new ArrayList<>();
    long horizon = analysis.model().horizonSeconds();
    for (KeyAccumulator a : keys.values()) {
      KeyLoad k = a.load();
      if (k.heat() >= TRACKED_SHARE || k.bytesAt(horizon) >= TRACKED_BYTES * Ceilings.BYTES) {
        out.add(k);
      } else {
        tail.read(k.readOps(), k.readUnitsPerOp());
        tail.write(k.writeOps(), k.writeUnitsPerOp());
        tail.size.addAll(k.size());
      }
    }
    // Stable: equally hot values keep the order the patterns and item types met them in.
    out.sort(Comparator.comparingDouble(KeyLoad::heat).reversed());
    KeyLoad t = tail.load();
    return new CopyWorkload(
        path.copy(),
        out,
        new TailLoad(
            t.readOps(),
            t.readUnitsPerOp(),
            t.writeOps(),
            t.writeUnitsPerOp(),
            scanReads,
            t.size()),
        List.copyOf(notes));
  }
}
