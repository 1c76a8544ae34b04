package dev.keyplan.design.cassandra;

import dev.keyplan.model.CassandraDesign;
import dev.keyplan.model.Model;
import dev.keyplan.store.cassandra.cql.CqlSchema;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Everything keyplan computes about a Cassandra or ScyllaDB design, before any rule runs: how each
 * pattern is served, how big each table's partitions grow, how hot the busiest one is, and the
 * consistency arithmetic. Rules read it; renderers print it.
 *
 * @param localRf replication factor in one datacenter (the first NetworkTopologyStrategy DC)
 * @param totalRf replication factor summed over datacenters
 * @param dcs datacenters with replicas
 * @param tablesByName the tables, by name (an index of {@code tables})
 * @param plansById the plans, by pattern id (an index of {@code plans})
 */
public record CassandraAnalysis(
    Model model,
    CassandraDesign design,
    CqlSchema schema,
    int localRf,
    int totalRf,
    int dcs,
    List<BoundTable> tables,
    List<PatternPlan> plans,
    Map<String, TableSizing> sizing,
    Map<String, TableHeat> heat,
    List<ConsistencyCheck> consistency,
    Map<String, BoundTable> tablesByName,
    Map<String, PatternPlan> plansById) {

  /** Returns an analysis, indexing its tables and plans. */
  public CassandraAnalysis(Model model, CassandraDesign design, CqlSchema schema, int localRf, int totalRf, int dcs,
      List<BoundTable> tables, List<PatternPlan> plans, Map<String, TableSizing> sizing, Map<String, TableHeat> heat,
      List<ConsistencyCheck> consistency) {
    this(model, design, schema, localRf, totalRf, dcs, tables, plans, sizing, heat, consistency,
        index(tables, BoundTable::name), index(plans, p -> p.pattern().id()));
  }

  private static <T> Map<String, T> index(List<T> items, java.util.function.Function<T, String> key) {
    Map<String, T> out = new java.util.HashMap<>();
    items.forEach(i -> out.putIfAbsent(key.apply(i), i));
    return java.util.Collections.unmodifiableMap(out);
  }

  public CassandraAnalysis {
    tables = List.copyOf(tables);
    plans = List.copyOf(plans);
    sizing = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(sizing));
    heat = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(heat));
    consistency = List.copyOf(consistency);
  }

  /** Returns {@code cassandra} or {@code scylladb}. */
  public String store() {
    return design.engine();
  }

  /** Returns the bound table named {@code name}. */
  public Optional<BoundTable> table(String name) {
    return Optional.ofNullable(tablesByName.get(name));
  }

  /** Returns the plan of the pattern {@code id}. */
  public Optional<PatternPlan> plan(String id) {
    return Optional.ofNullable(plansById.get(id));
  }
}
