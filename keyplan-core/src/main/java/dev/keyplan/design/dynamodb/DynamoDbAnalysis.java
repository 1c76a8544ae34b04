package dev.keyplan.design.dynamodb;

import dev.keyplan.model.DynamoDbDesign;
import dev.keyplan.model.Model;
import dev.keyplan.store.dynamodb.PriceTable;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Everything keyplan computes about a DynamoDB design before any rule runs: how each pattern is
 * served and what it consumes, the busiest key of every copy, each table's size and partitions,
 * and the monthly cost. Rules read it; renderers print it.
 *
 * @param tables the bound tables
 * @param plans one plan per pattern, in model order
 * @param heat the busiest partition key value of each copy and key template
 * @param sizing per table
 * @param costs per copy (table, then each global index)
 * @param patternCosts per pattern id: monthly on-demand throughput cost at the average load
 * @param prices the price table the costs come from
 */
public record DynamoDbAnalysis(
    Model model,
    DynamoDbDesign design,
    List<DynamoTable> tables,
    List<DynamoPlan> plans,
    List<DynamoHeat> heat,
    Map<String, DynamoSizing> sizing,
    List<DynamoCost> costs,
    Map<String, Double> patternCosts,
    PriceTable prices) {

  public DynamoDbAnalysis {
    tables = List.copyOf(tables);
    plans = List.copyOf(plans);
    heat = List.copyOf(heat);
    sizing = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(sizing));
    costs = List.copyOf(costs);
    patternCosts = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(patternCosts));
  }

  /** Returns {@code dynamodb}, the store findings are about. */
  public String store() {
    return "dynamodb";
  }

  /** Returns the plan of pattern {@code id}. */
  public Optional<DynamoPlan> plan(String id) {
    return plans.stream().filter(p -> p.pattern().id().equals(id)).findFirst();
  }

  /** Returns the table called {@code name}. */
  public Optional<DynamoTable> table(String name) {
    return tables.stream().filter(t -> t.name().equals(name)).findFirst();
  }

  /** Returns the monthly total of every copy, in its billing mode. */
  public double monthlyTotal() {
    return costs.stream().mapToDouble(DynamoCost::monthly).sum();
  }
}
