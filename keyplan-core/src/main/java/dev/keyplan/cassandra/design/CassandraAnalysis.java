package dev.keyplan.cassandra.design;

import dev.keyplan.analysis.DataUnit;
import dev.keyplan.analysis.Growth;
import dev.keyplan.analysis.Hotspot;
import dev.keyplan.analysis.PlanSummary;
import dev.keyplan.analysis.StoreAnalysis;
import dev.keyplan.cassandra.cql.CqlSchema;
import dev.keyplan.cassandra.model.CassandraDesign;
import dev.keyplan.model.AccessPattern;
import dev.keyplan.model.Model;
import dev.keyplan.model.StoreId;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Everything keyplan computes about a Cassandra or ScyllaDB design, before any rule runs: how each
 * pattern is served, how big each table's partitions grow, how hot the busiest one is, and the
 * consistency arithmetic. Rules read it; renderers print it.
 *
 * @param keyspaceReplication the replication of the design's keyspace (the first under {@code
 *     keyspace:}): what the report's headings say when every table replicates alike
 * @param tableReplication each table's replication, from its own keyspace (a model over two
 *     keyspaces may mix RF 3 and RF 1), by table name
 * @param fanout how many replicas each read asks: the one place the planner, the cluster's capacity
 *     and simulate take a range read's (index, ALLOW FILTERING, scan) fan-out from
 * @param cluster the whole cluster's load and data at the declared node count
 * @param tablesByName the tables, by name (an index of {@code tables})
 * @param plansById the plans, by pattern id (an index of {@code plans})
 * @param plansByEntity the plans, by the entity their pattern acts on (an index of {@code plans})
 * @param readsByTable the plans of reads, by the table that serves them (an index of {@code plans})
 * @param writesByTable the plans of writes, by each table they write (an index of {@code plans})
 */
public record CassandraAnalysis(
    Model model,
    CassandraDesign design,
    CqlSchema schema,
    TableReplication keyspaceReplication,
    Map<String, TableReplication> tableReplication,
    Fanout fanout,
    List<BoundTable> tables,
    List<CassandraPlan> plans,
    Map<String, CassandraSizing> sizing,
    Map<String, CassandraHeat> heat,
    List<ConsistencyCheck> consistency,
    ClusterCapacity cluster,
    Map<String, BoundTable> tablesByName,
    Map<String, CassandraPlan> plansById,
    Map<String, List<CassandraPlan>> plansByEntity,
    Map<String, List<CassandraPlan>> readsByTable,
    Map<String, List<CassandraPlan>> writesByTable)
    implements StoreAnalysis {

  /** Returns an analysis, indexing its tables and plans. */
  public CassandraAnalysis(
      Model model,
      CassandraDesign design,
      CqlSchema schema,
      TableReplication keyspaceReplication,
      Map<String, TableReplication> tableReplication,
      Fanout fanout,
      List<BoundTable> tables,
      List<CassandraPlan> plans,
      Map<String, CassandraSizing> sizing,
      Map<String, CassandraHeat> heat,
      List<ConsistencyCheck> consistency,
      ClusterCapacity cluster) {
    this(
        model,
        design,
        schema,
        keyspaceReplication,
        tableReplication,
        fanout,
        tables,
        plans,
        sizing,
        heat,
        consistency,
        cluster,
        index(tables, BoundTable::name),
        index(plans, p -> p.pattern().id()),
        group(plans, p -> p.pattern().operation().entity()),
        group(
            plans.stream().filter(p -> p.pattern().isRead() && !p.tables().isEmpty()).toList(),
            p -> p.tables().get(0)),
        writesByTable(plans));
  }

  /**
   * The write plans by each table they write, in model order; a plan naming a table twice is listed
   * once under it. Built once: a filter over every plan per table made UnusedSecondaryIndex
   * quadratic (the 20,000-pattern bench model: 302 ms, 7 ms with the index).
   */
  private static Map<String, List<CassandraPlan>> writesByTable(List<CassandraPlan> plans) {
    Map<String, List<CassandraPlan>> out = new java.util.HashMap<>();
    for (CassandraPlan p : plans) {
      if (p.access() == CassandraAccess.WRITE) {
        for (String table : new java.util.LinkedHashSet<>(p.tables())) {
          out.computeIfAbsent(table, k -> new java.util.ArrayList<>()).add(p);
        }
      }
    }
    out.replaceAll((k, v) -> List.copyOf(v));
    return java.util.Collections.unmodifiableMap(out);
  }

  private static <T> Map<String, List<T>> group(
      List<T> items, java.util.function.Function<T, String> key) {
    Map<String, List<T>> out = new java.util.HashMap<>();
    items.forEach(i -> out.computeIfAbsent(key.apply(i), k -> new java.util.ArrayList<>()).add(i));
    out.replaceAll((k, v) -> List.copyOf(v));
    return java.util.Collections.unmodifiableMap(out);
  }

  private static <T> Map<String, T> index(
      List<T> items, java.util.function.Function<T, String> key) {
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
    tableReplication =
        java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(tableReplication));
  }

  /**
   * Returns the replication of {@code table}'s keyspace (the design's for a table not analysed).
   */
  public TableReplication replication(String table) {
    return tableReplication.getOrDefault(table, keyspaceReplication);
  }

  /** Returns true when every table replicates as the design's keyspace does. */
  public boolean replicatesAlike() {
    return tableReplication.values().stream()
        .allMatch(
            r ->
                r.localRf() == keyspaceReplication.localRf()
                    && r.totalRf() == keyspaceReplication.totalRf()
                    && r.dcs() == keyspaceReplication.dcs());
  }

  /** Returns the design keyspace's replication factor in the local datacenter. */
  public int localRf() {
    return keyspaceReplication.localRf();
  }

  /** Returns the design keyspace's replication factor summed over datacenters. */
  public int totalRf() {
    return keyspaceReplication.totalRf();
  }

  /** Returns the datacenters the design keyspace replicates to. */
  public int dcs() {
    return keyspaceReplication.dcs();
  }

  /**
   * Returns the replication in words for a heading: {@code RF 3} when every table replicates alike,
   * else each keyspace's ({@code RF 3 in hotel, 1 in reservation}); {@code local} picks the local
   * datacenter's factor over the total.
   */
  public String replicationLabel(boolean local) {
    if (replicatesAlike()) {
      return "RF " + (local ? localRf() : totalRf());
    }
    Map<String, Integer> each = new java.util.LinkedHashMap<>();
    tableReplication
        .values()
        .forEach(r -> each.putIfAbsent(r.keyspace(), local ? r.localRf() : r.totalRf()));
    return "RF "
        + String.join(
            ", ", each.entrySet().stream().map(e -> e.getValue() + " in " + e.getKey()).toList());
  }

  /** Returns the store analysed. */
  @Override
  public StoreId store() {
    return design.store();
  }

  /** Returns the bound table named {@code name}. */
  public Optional<BoundTable> table(String name) {
    return Optional.ofNullable(tablesByName.get(name));
  }

  /** Returns the plans of the patterns acting on {@code entity}, in model order. */
  public List<CassandraPlan> plansOf(String entity) {
    return plansByEntity.getOrDefault(entity, List.of());
  }

  /** Returns the plans of the reads that {@code table} serves, in model order. */
  public List<CassandraPlan> readsServedBy(String table) {
    return readsByTable.getOrDefault(table, List.of());
  }

  /** Returns the write patterns that write {@code table}, in model order: each writes this copy. */
  public List<CassandraPlan> writesInto(String table) {
    return writesByTable.getOrDefault(table, List.of());
  }

  /** Returns the plan of the pattern {@code id}. */
  public Optional<CassandraPlan> plan(String id) {
    return Optional.ofNullable(plansById.get(id));
  }

  @Override
  public List<List<String>> partitionKeys(String entity) {
    java.util.LinkedHashSet<List<String>> out = new java.util.LinkedHashSet<>();
    for (BoundTable t : tables) {
      if (!t.entity().name().equals(entity)) {
        continue;
      }
      List<String> key = new java.util.ArrayList<>();
      for (String column : t.partitionKey()) {
        String attribute = t.attributeOf(column);
        if (t.derived(column).isEmpty() && t.entity().attribute(attribute).isPresent()) {
          key.add(attribute);
        }
      }
      if (!key.isEmpty()) {
        out.add(List.copyOf(key));
      }
    }
    return List.copyOf(out);
  }

  @Override
  public List<Long> bucketWidths(String entity) {
    java.util.LinkedHashSet<Long> out = new java.util.LinkedHashSet<>();
    for (BoundTable t : tables) {
      if (t.entity().name().equals(entity)) {
        for (String column : t.partitionKey()) {
          t.derived(column)
              .filter(d -> d.isTimeBucket())
              .ifPresent(d -> out.add(d.windowSeconds()));
        }
      }
    }
    return List.copyOf(out);
  }

  @Override
  public PlanSummary summary(AccessPattern p) {
    return CassandraSummary.summary(this, p);
  }

  @Override
  public List<Hotspot> hotspots() {
    return CassandraSummary.hotspots(this);
  }

  @Override
  public Optional<DataUnit> largestUnit() {
    return CassandraSummary.largestUnit(this);
  }

  @Override
  public List<Growth> growth(int samples) {
    return CassandraSummary.growth(this, samples);
  }

  /**
   * Returns the tables of the checked keyspaces that store no entity of the model, which the
   * analysis leaves out (a model may describe part of a keyspace).
   */
  public List<TableLeftOut> tablesLeftOut() {
    return CassandraBinder.leftOut(this);
  }
}
