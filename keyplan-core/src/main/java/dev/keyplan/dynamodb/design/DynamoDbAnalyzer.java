package dev.keyplan.dynamodb.design;

import dev.keyplan.dynamodb.facts.DynamoDbLimits;
import dev.keyplan.dynamodb.facts.PriceTable;
import dev.keyplan.dynamodb.model.DynamoDbDesign;
import dev.keyplan.model.AccessPattern;
import dev.keyplan.model.KeyTemplate;
import dev.keyplan.model.Model;
import dev.keyplan.model.Operation;
import dev.keyplan.workload.KeyCounts;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Computes a {@link DynamoDbAnalysis}: binds the design ({@link DynamoDbBinder}), plans every
 * pattern ({@link DynamoDbReadPlanner}, {@link DynamoDbWritePlanner}), then adds up heat per
 * partition key value, sizes and partitions per table, and monthly costs per copy of the data.
 */
public final class DynamoDbAnalyzer {

  private DynamoDbAnalyzer() {}

  /** Analyses the model's {@code dynamodb:} design. */
  public static DynamoDbAnalysis analyze(Model model) {
    DynamoDbDesign design = model.design(DynamoDbDesign.class).orElseThrow();
    List<DynamoDbTable> tables = new DynamoDbBinder(model, design).bind();
    DynamoDbIndex index = DynamoDbIndex.of(tables);
    PriceTable prices =
        design
            .prices()
            .map(p -> PriceTable.read(p, design.pricesLocation()))
            .orElseGet(PriceTable::builtIn);
    // Entities some pattern writes in a TransactWriteItems: reads of several of their items are
    // only read-committed. Known once the writes are planned, so they are planned twice.
    Set<String> transactional = new LinkedHashSet<>();
    DynamoDbWritePlanner first =
        new DynamoDbWritePlanner(
            model,
            index,
            new DynamoDbReadPlanner(index, design.access(), Set.of(), model.horizonSeconds()));
    for (AccessPattern p : model.patterns()) {
      if (p.operation() instanceof Operation.Write w
          && first.plan(p, w).operation().equals("TransactWriteItems")) {
        transactional.add(p.operation().entity());
      }
    }
    DynamoDbReadPlanner reads =
        new DynamoDbReadPlanner(index, design.access(), transactional, model.horizonSeconds());
    DynamoDbWritePlanner writes = new DynamoDbWritePlanner(model, index, reads);
    List<DynamoDbPlan> plans = new ArrayList<>();
    for (AccessPattern p : model.patterns()) {
      plans.add(
          p.operation() instanceof Operation.Read r
              ? reads.plan(p, r)
              : writes.plan(p, (Operation.Write) p.operation()));
    }
    List<DynamoDbHeat> heat = heat(index, plans);
    Map<String, double[]> units = unitsByCopy(plans);
    List<DynamoDbCost> costs = new ArrayList<>();
    Map<String, DynamoDbCost> firstCost = new HashMap<>();
    Map<String, DynamoDbSizing> sizing = new LinkedHashMap<>();
    for (DynamoDbTable t : tables) {
      double[] storage = storage(t);
      for (KeyPath path : t.paths()) {
        if (!path.isIndex() || path.isGlobal()) {
          DynamoDbCost c =
              cost(
                  t,
                  path,
                  units,
                  design.averageLoad(),
                  prices,
                  path.isIndex() ? gsiBytes(t, path) : storage[0]);
          costs.add(c);
          firstCost.putIfAbsent(c.copy(), c);
        }
      }
      DynamoDbCost tableCost = Optional.ofNullable(firstCost.get(t.name())).orElseThrow();
      sizing.put(t.name(), sizing(t, storage[0], tableCost));
    }
    Map<String, Double> patternCosts = new LinkedHashMap<>();
    Map<String, Double> patternWriteCosts = new LinkedHashMap<>();
    for (DynamoDbPlan plan : plans) {
      double rate = plan.pattern().ratePerSecond() * design.averageLoad();
      patternCosts.put(
          plan.pattern().id(),
          prices.onDemandMonthly(rate * plan.readUnits(), rate * plan.writeUnits()));
      patternWriteCosts.put(plan.pattern().id(), writeCost(plan, index, prices, design));
    }
    return new DynamoDbAnalysis(
        model,
        design,
        tables,
        plans,
        heat,
        sizing,
        costs,
        patternCosts,
        patternWriteCosts,
        prices,
        index);
  }

  /**
   * Returns the monthly cost of a plan's write units: each touch's {@code rate × write units}
   * priced in the billing mode of the table its copy belongs to (a global index's writes at its
   * table's mode), added in touch order. Per touch rather than per copy, since the tables a write
   * spans may bill differently.
   */
  private static double writeCost(
      DynamoDbPlan plan, DynamoDbIndex index, PriceTable prices, DynamoDbDesign design) {
    double monthly = 0;
    for (DynamoDbPlan.Touch t : plan.touches()) {
      if (t.writeUnits() > 0) {
        Optional<DynamoDbTable> table = index.tableOf(t.copy());
        if (table.isPresent()) {
          monthly +=
              writesMonthly(
                  prices,
                  design.averageLoad(),
                  table.get().billing().onDemand(),
                  plan.pattern().ratePerSecond() * t.writeUnits());
        }
      }
    }
    return monthly;
  }

  /**
   * Returns what {@code wcuPerSecond} write units at peak cost per month: on demand, at the average
   * load ({@code wcu × average × 2,628,000 s × price per million}); provisioned, at {@code wcu /
   * 0.7} units ({@code × 730 h × price per WCU-hour}), not rounded up to whole units as {@link
   * #needed} is, so that a share of a copy's writes is priced as its share of the bill. At the
   * built-in prices 1,000 WCU/s at an average load of 1 cost $1,642.50 on demand.
   */
  static double writesMonthly(
      PriceTable prices, double averageLoad, boolean onDemand, double wcuPerSecond) {
    return onDemand
        ? prices.onDemandMonthly(0, wcuPerSecond * averageLoad)
        : prices.provisionedMonthly(0, wcuPerSecond / DynamoDbLimits.TARGET_UTILIZATION);
  }

  private static List<DynamoDbHeat> heat(DynamoDbIndex index, List<DynamoDbPlan> plans) {
    Map<String, double[]> load = new LinkedHashMap<>();
    Map<String, Set<String>> patterns = new LinkedHashMap<>();
    Map<String, Integer> shards = new LinkedHashMap<>();
    for (DynamoDbPlan plan : plans) {
      double rate = plan.pattern().ratePerSecond();
      for (DynamoDbPlan.Touch t : plan.touches()) {
        if (t.signature().isEmpty()) {
          continue;
        }
        String key = t.copy() + "\u0000" + t.signature();
        double[] l = load.computeIfAbsent(key, k -> new double[2]);
        l[0] += rate * t.busiestShare() * t.readUnits().busiest();
        l[1] += rate * t.busiestShare() * t.writeUnits();
        patterns.computeIfAbsent(key, k -> new LinkedHashSet<>()).add(plan.pattern().id());
        shards.merge(key, t.shards(), Math::max);
      }
    }
    List<DynamoDbHeat> out = new ArrayList<>();
    for (Map.Entry<String, double[]> e : load.entrySet()) {
      String[] parts = e.getKey().split("\u0000", 2);
      String copy = parts[0];
      String signature = parts[1];
      // The item types sharing the key: on every path of the copy (the table's key, its local
      // indexes), in model order, each once. An item type is one table's and one name's, so an
      // identity set tells them apart as equals() would.
      List<DynamoDbItem> group = new ArrayList<>();
      Set<DynamoDbItem> seen =
          java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
      KeyPath path = null;
      for (DynamoDbIndex.OnTable on : index.pathsOf(copy)) {
        for (DynamoDbItem it : index.sharing(on.path(), signature)) {
          if (seen.add(it)) {
            group.add(it);
            path = on.path();
          }
        }
      }
      final KeyPath on = path;
      boolean oneItem =
          on != null
              && group.size() == 1
              && KeyCounts.identifies(
                  group.get(0).entity(),
                  KeyCounts.placeholders(group.get(0).partitionTemplates(on)));
      Optional<String> monotonic = Optional.empty();
      for (DynamoDbItem it : group) {
        for (KeyTemplate sk : on == null ? List.<KeyTemplate>of() : it.sortTemplates(on)) {
          for (KeyTemplate.Part p : sk.parts()) {
            if (p instanceof KeyTemplate.Placeholder ph) {
              if (monotonic.isEmpty()
                  && it.entity()
                      .attribute(ph.attribute())
                      .map(a -> a.timeOrdered())
                      .orElse(false)) {
                monotonic = Optional.of(ph.attribute());
              }
              break;
            }
          }
        }
      }
      double writes = e.getValue()[1];
      int n = shards.get(e.getKey());
      int suggested =
          writes > DynamoDbLimits.WRITE_HEADROOM * DynamoDbLimits.MAX_WCU_PER_PARTITION
              ? (int)
                  Math.ceil(
                      n
                          * writes
                          / (DynamoDbLimits.WRITE_HEADROOM * DynamoDbLimits.MAX_WCU_PER_PARTITION))
              : 0;
      out.add(
          new DynamoDbHeat(
              copy,
              signature,
              e.getValue()[0],
              writes,
              oneItem,
              monotonic,
              List.copyOf(patterns.get(e.getKey())),
              n,
              suggested));
    }
    return out;
  }

  /** Returns {table storage bytes (items and local index entries)}. */
  private static double[] storage(DynamoDbTable t) {
    double bytes = 0;
    for (DynamoDbItem it : t.items()) {
      bytes += it.rows() * it.storageBytes();
      for (KeyPath l : t.lsis()) {
        if (it.on(l)) {
          bytes +=
              it.rowsOn(l)
                  * (it.entryBytes(l, t) + DynamoDbLimits.STORAGE_OVERHEAD_PER_INDEX_ENTRY_BYTES);
        }
      }
    }
    return new double[] {bytes};
  }

  private static double gsiBytes(DynamoDbTable t, KeyPath gsi) {
    double bytes = 0;
    for (DynamoDbItem it : t.items()) {
      if (it.on(gsi)) {
        // Only the items carrying the index's key attributes have an entry (sparse index).
        bytes +=
            it.rowsOn(gsi)
                * (it.entryBytes(gsi, t) + DynamoDbLimits.STORAGE_OVERHEAD_PER_INDEX_ENTRY_BYTES);
      }
    }
    return bytes;
  }

  /**
   * Returns the peak {read, write} units per second on each copy: {@code Σ rate × units} over every
   * touch, added in plan and touch order, in one pass rather than one pass per copy.
   */
  private static Map<String, double[]> unitsByCopy(List<DynamoDbPlan> plans) {
    Map<String, double[]> out = new HashMap<>();
    for (DynamoDbPlan plan : plans) {
      for (DynamoDbPlan.Touch touch : plan.touches()) {
        double[] u = out.computeIfAbsent(touch.copy(), k -> new double[2]);
        u[0] += plan.pattern().ratePerSecond() * touch.readUnits().typical();
        u[1] += plan.pattern().ratePerSecond() * touch.writeUnits();
      }
    }
    return out;
  }

  private static DynamoDbCost cost(
      DynamoDbTable t,
      KeyPath path,
      Map<String, double[]> units,
      double average,
      PriceTable prices,
      double bytes) {
    String copy = path.copy();
    double[] u = units.getOrDefault(copy, new double[2]);
    double read = u[0];
    double write = u[1];
    double neededRead = needed(read);
    double neededWrite = needed(write);
    boolean onDemand = t.billing().onDemand();
    Optional<double[]> provisioned = Optional.empty();
    if (!onDemand) {
      provisioned =
          path.isIndex()
              ? path.capacity().map(c -> new double[] {c.readUnits(), c.writeUnits()})
              : Optional.of(new double[] {t.billing().readUnits(), t.billing().writeUnits()});
    }
    Optional<Double> provisionedMonthly =
        provisioned.map(c -> prices.provisionedMonthly(c[0], c[1]));
    return new DynamoDbCost(
        copy,
        read,
        write,
        provisioned,
        prices.onDemandMonthly(read * average, write * average),
        provisionedMonthly,
        neededRead,
        neededWrite,
        prices.provisionedMonthly(neededRead, neededWrite),
        writesMonthly(prices, average, onDemand, write),
        bytes,
        prices.storageMonthly(bytes),
        onDemand);
  }

  /**
   * Returns the capacity that keeps {@code peak} at the target utilisation, at least 1: ⌈peak /
   * 0.7⌉, computed as ⌈peak × 10 / 7⌉ so that 700 units need exactly 1,000 (0.7 is not exact in
   * binary, and 700 / 0.7 comes out a hair above 1,000).
   */
  static double needed(double peak) {
    return Math.max(1, Math.ceil(peak * 10 / (DynamoDbLimits.TARGET_UTILIZATION * 10) - 1e-9));
  }

  private static DynamoDbSizing sizing(DynamoDbTable t, double bytes, DynamoDbCost tableCost) {
    double items = 0;
    String largest = "-";
    long largestBytes = 0;
    List<DynamoDbSizing.OversizedKey> oversized = new ArrayList<>();
    Set<String> partitionKeys = new LinkedHashSet<>();
    Set<String> sortKeys = new LinkedHashSet<>();
    for (KeyPath p : t.paths()) {
      partitionKeys.addAll(p.partitionKey());
      sortKeys.addAll(p.sortKey());
    }
    Map<String, Long> lsiEntryBytes = new LinkedHashMap<>();
    for (DynamoDbItem it : t.items()) {
      items += it.rows();
      long lsi = 0;
      for (KeyPath l : t.lsis()) {
        if (it.on(l)) {
          lsi += it.entryBytes(l, t);
        }
      }
      if (lsi > 0) {
        lsiEntryBytes.put(it.name(), lsi);
      }
      if (it.largestBytes() > largestBytes) {
        largestBytes = it.largestBytes();
        largest = it.name();
      }
      for (Map.Entry<String, Long> k : it.keyBytes().entrySet()) {
        boolean sort = sortKeys.contains(k.getKey());
        long limit =
            sort ? DynamoDbLimits.MAX_SORT_KEY_BYTES : DynamoDbLimits.MAX_PARTITION_KEY_BYTES;
        if (k.getValue() > limit) {
          oversized.add(
              new DynamoDbSizing.OversizedKey(it.name(), k.getKey(), !sort, k.getValue()));
        }
      }
    }
    Map<String, double[]> indexes = new LinkedHashMap<>();
    for (KeyPath g : t.gsis()) {
      double entries =
          t.items().stream().filter(it -> it.on(g)).mapToDouble(it -> it.rowsOn(g)).sum();
      indexes.put(g.name(), new double[] {entries, gsiBytes(t, g)});
    }
    // The busiest item collection: every item type sharing the busiest partition key value, with
    // its LSI entries.
    Map<String, Double> collections = new LinkedHashMap<>();
    for (DynamoDbItem it : t.items()) {
      // A sharded key spreads each value's items over its suffixes: one suffix is one collection.
      double perKey =
          it.busiestPerKey(KeyCounts.placeholders(it.partitionTemplates(t.table())))
              / KeyCounts.shards(it.partitionTemplates(t.table()));
      double entry = it.storageBytes();
      for (KeyPath l : t.lsis()) {
        if (it.on(l)) {
          entry +=
              it.presence(l)
                  * (it.entryBytes(l, t) + DynamoDbLimits.STORAGE_OVERHEAD_PER_INDEX_ENTRY_BYTES);
        }
      }
      collections.merge(it.partitionSignature(t.table()), perKey * entry, Double::sum);
    }
    String signature = "-";
    double collection = 0;
    for (Map.Entry<String, Double> c : collections.entrySet()) {
      if (Double.isNaN(c.getValue()) || c.getValue() > collection) {
        signature = c.getKey();
        collection = c.getValue();
        if (Double.isNaN(collection)) {
          break;
        }
      }
    }
    double bySize = Math.max(1, Math.ceil(bytes / DynamoDbLimits.MAX_PARTITION_BYTES));
    double byThroughput =
        Math.max(
            1,
            Math.ceil(
                tableCost.readUnits() / DynamoDbLimits.MAX_RCU_PER_PARTITION
                    + tableCost.writeUnits() / DynamoDbLimits.MAX_WCU_PER_PARTITION));
    return new DynamoDbSizing(
        t.name(),
        items,
        bytes,
        indexes,
        bySize,
        byThroughput,
        largest,
        largestBytes,
        lsiEntryBytes,
        oversized,
        signature,
        collection,
        t.items().stream()
            .flatMap(
                it ->
                    it
                        .busiestWindows(KeyCounts.placeholders(it.partitionTemplates(t.table())))
                        .stream()
                        .map(w -> it.name() + ": " + w))
            .toList());
  }
}
