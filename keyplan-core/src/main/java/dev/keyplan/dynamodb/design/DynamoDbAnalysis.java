package dev.keyplan.dynamodb.design;

import dev.keyplan.analysis.DataUnit;
import dev.keyplan.analysis.Growth;
import dev.keyplan.analysis.Hotspot;
import dev.keyplan.analysis.PlanSummary;
import dev.keyplan.analysis.StoreAnalysis;
import dev.keyplan.dynamodb.facts.PriceTable;
import dev.keyplan.dynamodb.model.DynamoDbDesign;
import dev.keyplan.model.AccessPattern;
import dev.keyplan.model.KeyTemplate;
import dev.keyplan.model.Model;
import dev.keyplan.model.StoreId;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Everything keyplan computes about a DynamoDB design before any rule runs: how each pattern is
 * served and what it consumes, the busiest key of every copy, each table's size and partitions, and
 * the monthly cost. Rules read it; renderers print it.
 *
 * <p>The last components are look-ups built once from the others, so that a rule asking "the plan
 * of this pattern", "the cost of this copy" or "every request touching this key" for each finding
 * does not scan every plan: with findings and plans both growing with the model, those scans made
 * the rules grow with its square. Each keeps the order of the list it indexes.
 *
 * @param tables the bound tables
 * @param plans one plan per pattern, in model order
 * @param heat the busiest partition key value of each copy and key template
 * @param sizing per table
 * @param costs per copy (table, then each global index)
 * @param patternCosts per pattern id: monthly on-demand throughput cost at the average load
 * @param patternWriteCosts per pattern id: the monthly cost of its write units, each copy it writes
 *     priced in its table's billing mode ({@link #writesMonthly}), summed in touch order; 0 for a
 *     read
 * @param prices the price table the costs come from
 * @param index look-ups over the tables: item types by entity, tables by name, paths by copy
 * @param plansById the first plan of each pattern id
 * @param costsByCopy the first cost of each copy
 * @param touchesByCopy every touch on each copy, with its plan, in plan and touch order
 * @param touchesByKey the same per copy and partition key signature
 * @param writesByItem the write plans writing each item type name, in plan order
 */
public record DynamoDbAnalysis(
    Model model,
    DynamoDbDesign design,
    List<DynamoDbTable> tables,
    List<DynamoDbPlan> plans,
    List<DynamoDbHeat> heat,
    Map<String, DynamoDbSizing> sizing,
    List<DynamoDbCost> costs,
    Map<String, Double> patternCosts,
    Map<String, Double> patternWriteCosts,
    PriceTable prices,
    DynamoDbIndex index,
    Map<String, DynamoDbPlan> plansById,
    Map<String, DynamoDbCost> costsByCopy,
    Map<String, List<PlanTouch>> touchesByCopy,
    Map<CopyKey, List<PlanTouch>> touchesByKey,
    Map<String, List<DynamoDbPlan>> writesByItem)
    implements StoreAnalysis {

  /** What one request of a plan consumes on one copy: the plan, and its touch. */
  public record PlanTouch(DynamoDbPlan plan, DynamoDbPlan.Touch touch) {}

  /**
   * A copy of the data and a partition key signature on it, as {@link DynamoDbHeat} names a key.
   */
  public record CopyKey(String copy, String signature) {}

  public DynamoDbAnalysis {
    tables = List.copyOf(tables);
    plans = List.copyOf(plans);
    heat = List.copyOf(heat);
    sizing = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(sizing));
    costs = List.copyOf(costs);
    patternCosts =
        java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(patternCosts));
    patternWriteCosts =
        java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(patternWriteCosts));
    plansById = Map.copyOf(plansById);
    costsByCopy = Map.copyOf(costsByCopy);
    touchesByCopy = Map.copyOf(touchesByCopy);
    touchesByKey = Map.copyOf(touchesByKey);
    writesByItem = Map.copyOf(writesByItem);
  }

  /** Returns an analysis, indexing its tables, plans and costs. */
  public DynamoDbAnalysis(
      Model model,
      DynamoDbDesign design,
      List<DynamoDbTable> tables,
      List<DynamoDbPlan> plans,
      List<DynamoDbHeat> heat,
      Map<String, DynamoDbSizing> sizing,
      List<DynamoDbCost> costs,
      Map<String, Double> patternCosts,
      Map<String, Double> patternWriteCosts,
      PriceTable prices) {
    this(
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
        DynamoDbIndex.of(tables));
  }

  /**
   * Returns an analysis with the index of {@code tables} already built (by the analyzer, which
   * plans with it).
   */
  public DynamoDbAnalysis(
      Model model,
      DynamoDbDesign design,
      List<DynamoDbTable> tables,
      List<DynamoDbPlan> plans,
      List<DynamoDbHeat> heat,
      Map<String, DynamoDbSizing> sizing,
      List<DynamoDbCost> costs,
      Map<String, Double> patternCosts,
      Map<String, Double> patternWriteCosts,
      PriceTable prices,
      DynamoDbIndex index) {
    this(
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
        index,
        plansById(plans),
        costsByCopy(costs),
        touchesByCopy(plans),
        touchesByKey(plans),
        writesByItem(plans));
  }

  private static Map<String, DynamoDbPlan> plansById(List<DynamoDbPlan> plans) {
    Map<String, DynamoDbPlan> out = new HashMap<>();
    plans.forEach(p -> out.putIfAbsent(p.pattern().id(), p));
    return out;
  }

  private static Map<String, DynamoDbCost> costsByCopy(List<DynamoDbCost> costs) {
    Map<String, DynamoDbCost> out = new HashMap<>();
    costs.forEach(c -> out.putIfAbsent(c.copy(), c));
    return out;
  }

  private static Map<String, List<PlanTouch>> touchesByCopy(List<DynamoDbPlan> plans) {
    Map<String, List<PlanTouch>> out = new HashMap<>();
    for (DynamoDbPlan p : plans) {
      for (DynamoDbPlan.Touch t : p.touches()) {
        out.computeIfAbsent(t.copy(), k -> new ArrayList<>()).add(new PlanTouch(p, t));
      }
    }
    out.replaceAll((k, v) -> List.copyOf(v));
    return out;
  }

  private static Map<CopyKey, List<PlanTouch>> touchesByKey(List<DynamoDbPlan> plans) {
    Map<CopyKey, List<PlanTouch>> out = new HashMap<>();
    for (DynamoDbPlan p : plans) {
      for (DynamoDbPlan.Touch t : p.touches()) {
        out.computeIfAbsent(new CopyKey(t.copy(), t.signature()), k -> new ArrayList<>())
            .add(new PlanTouch(p, t));
      }
    }
    out.replaceAll((k, v) -> List.copyOf(v));
    return out;
  }

  private static Map<String, List<DynamoDbPlan>> writesByItem(List<DynamoDbPlan> plans) {
    Map<String, List<DynamoDbPlan>> out = new HashMap<>();
    for (DynamoDbPlan p : plans) {
      if (p.access() == DynamoDbPlan.Access.WRITE) {
        // A plan writing two item types of one name (in two tables) is listed once under it.
        for (String item : new java.util.LinkedHashSet<>(p.items())) {
          out.computeIfAbsent(item, k -> new ArrayList<>()).add(p);
        }
      }
    }
    out.replaceAll((k, v) -> List.copyOf(v));
    return out;
  }

  /** Returns the store analysed. */
  @Override
  public StoreId store() {
    return StoreId.DYNAMODB;
  }

  /** Returns the plan of pattern {@code id}. */
  public Optional<DynamoDbPlan> plan(String id) {
    return Optional.ofNullable(plansById.get(id));
  }

  /** Returns the table called {@code name}. */
  public Optional<DynamoDbTable> table(String name) {
    return index.table(name);
  }

  /** Returns the cost of {@code copy} (a table, or {@code table.index}). */
  public Optional<DynamoDbCost> cost(String copy) {
    return Optional.ofNullable(costsByCopy.get(copy));
  }

  /** Returns every touch on {@code copy}, with its plan, in plan order and then touch order. */
  public List<PlanTouch> touchesOn(String copy) {
    return touchesByCopy.getOrDefault(copy, List.of());
  }

  /**
   * Returns every touch on {@code copy} with partition key {@code signature}, in plan and touch
   * order.
   */
  public List<PlanTouch> touchesOn(String copy, String signature) {
    return touchesByKey.getOrDefault(new CopyKey(copy, signature), List.of());
  }

  /**
   * Returns the write plans whose items include an item type called {@code item}, in plan order.
   */
  public List<DynamoDbPlan> writesOf(String item) {
    return writesByItem.getOrDefault(item, List.of());
  }

  /**
   * Returns what {@code wcuPerSecond} write units at peak cost per month in table {@code t}'s
   * billing mode, the way {@link DynamoDbCost#writesMonthly} prices a copy's writes: on demand, at
   * the design's average load; provisioned, at the capacity they need, {@code peak / 0.7}. The
   * analysis prices its own write figures with it; a rule prices with it the write units only the
   * rule knows (what shorter names would save, a transaction's second write), so that both are
   * priced alike.
   */
  public double writesMonthly(DynamoDbTable t, double wcuPerSecond) {
    return DynamoDbAnalyzer.writesMonthly(
        prices, design.averageLoad(), t.billing().onDemand(), wcuPerSecond);
  }

  /** Returns the monthly total of every copy, in its billing mode. */
  public double monthlyTotal() {
    return costs.stream().mapToDouble(DynamoDbCost::monthly).sum();
  }

  /**
   * Returns the copies provisioned below what their peaks need ({@link DynamoDbCost#belowNeed}), in
   * cost order: when there is one, {@link #monthlyTotal} is what the capacity set costs and the
   * outputs show {@link #monthlyAtNeed} beside it (issue 16 §5: a table read "$13.84/month" while
   * its peaks needed $1,813/month provisioned).
   */
  public List<String> copiesBelowNeed() {
    return costs.stream().filter(DynamoDbCost::belowNeed).map(DynamoDbCost::copy).toList();
  }

  /**
   * Returns the monthly total of every copy at what the workload needs ({@link
   * DynamoDbCost#monthlyAtNeed}): on-demand copies as billed, provisioned ones at ⌈peak / 0.7⌉
   * units, plus storage.
   */
  public double monthlyAtNeed() {
    return costs.stream().mapToDouble(DynamoDbCost::monthlyAtNeed).sum();
  }

  @Override
  public List<List<String>> partitionKeys(String entity) {
    java.util.LinkedHashSet<List<String>> out = new java.util.LinkedHashSet<>();
    for (DynamoDbTable t : tables) {
      List<KeyPath> paths = new java.util.ArrayList<>();
      paths.add(t.table());
      paths.addAll(t.gsis());
      for (DynamoDbItem it : t.items()) {
        if (!it.entity().name().equals(entity)) {
          continue;
        }
        for (KeyPath path : paths) {
          if (!it.on(path)) {
            continue;
          }
          List<String> key = new java.util.ArrayList<>();
          for (KeyTemplate template : it.partitionTemplates(path)) {
            for (String a : template.attributes()) {
              if (!key.contains(a)) {
                key.add(a);
              }
            }
          }
          if (!key.isEmpty()) {
            out.add(List.copyOf(key));
          }
        }
      }
    }
    return List.copyOf(out);
  }

  @Override
  public PlanSummary summary(AccessPattern p) {
    return DynamoDbSummary.summary(this, p);
  }

  @Override
  public List<Hotspot> hotspots() {
    return DynamoDbSummary.hotspots(this);
  }

  @Override
  public Optional<DataUnit> largestUnit() {
    return DynamoDbSummary.largestUnit(this);
  }

  @Override
  public List<Growth> growth(int samples) {
    return DynamoDbSummary.growth(this, samples);
  }
}
