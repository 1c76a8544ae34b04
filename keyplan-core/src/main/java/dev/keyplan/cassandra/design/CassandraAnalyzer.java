package dev.keyplan.cassandra.design;

import dev.keyplan.cassandra.cql.CqlKeyspace;
import dev.keyplan.cassandra.cql.CqlParser;
import dev.keyplan.cassandra.cql.CqlSchema;
import dev.keyplan.cassandra.model.CassandraDesign;
import dev.keyplan.input.InputException;
import dev.keyplan.model.AccessPattern;
import dev.keyplan.model.Model;
import dev.keyplan.model.Operation;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Computes a {@link CassandraAnalysis} from a model with a {@code cassandra:} or {@code scylladb:}
 * design: reads the CQL, binds tables to entities, sizes every table, plans every pattern, then
 * works out heat and consistency. Pure computation; nothing is printed.
 */
public final class CassandraAnalyzer {
  private CassandraAnalyzer() {}

  /**
   * Analyses the model's Cassandra design; throws {@link InputException} for bad CQL or references.
   */
  public static CassandraAnalysis analyze(Model model) {
    CassandraDesign design =
        model
            .design(CassandraDesign.class)
            .orElseThrow(
                () ->
                    new IllegalArgumentException("the model has no cassandra or scylladb design"));
    CqlSchema schema = readSchema(design);
    return analyze(model, design, schema);
  }

  /** Analyses the model against an already parsed schema. */
  public static CassandraAnalysis analyze(Model model, CassandraDesign design, CqlSchema schema) {
    List<BoundTable> tables = new CassandraBinder(model, design, schema).bind();
    int[] rf = replication(design, schema, tables);
    var sizer = new Sizer(model, schema);
    Map<String, Integer> limits = latestLimits(model, tables);
    Map<String, CassandraSizing> sizing = new LinkedHashMap<>();
    for (BoundTable t : tables) {
      sizing.put(t.name(), sizer.size(t, limits.getOrDefault(t.name(), 1)));
    }
    var consistency = new ConsistencyAnalysis(model, design, rf[0], rf[1], rf[2]);
    var coverage =
        new CassandraReadPlanner(
            model, tables, sizing, schema, new Fanout(design.nodes(), rf[0], consistency));
    List<CassandraPlan> plans = new ArrayList<>();
    for (AccessPattern p : model.patterns()) {
      plans.add(coverage.plan(p));
    }
    Map<String, CassandraHeat> heat =
        new HeatAnalysis(design, tables, sizing, consistency).heat(plans);
    return new CassandraAnalysis(
        model,
        design,
        schema,
        rf[0],
        rf[1],
        rf[2],
        tables,
        plans,
        sizing,
        heat,
        consistency.checks(),
        ClusterCapacity.of(design, rf[0], rf[1], rf[2], tables, plans, sizing, consistency));
  }

  private static CqlSchema readSchema(CassandraDesign design) {
    String text;
    try {
      text = Files.readString(design.schema(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new InputException(
          design.schemaLocation(),
          "cannot read the CQL schema " + design.schema() + ": " + InputException.reason(e));
    }
    return CqlParser.parse(design.schema().toString(), text);
  }

  /**
   * Returns {local RF, total RF, datacenters} of the keyspace holding the tables. The analysis
   * applies one replication to every table: with several keyspaces ({@code keyspace: [a, b]}) they
   * must replicate alike, else the model is refused with the figures of each (per-table replication
   * is not implemented yet).
   */
  private static int[] replication(
      CassandraDesign design, CqlSchema schema, List<BoundTable> tables) {
    if (design.keyspaces().size() > 1) {
      Map<String, int[]> each = new LinkedHashMap<>();
      for (BoundTable t : tables) {
        if (t.table().keyspace() != null) {
          each.computeIfAbsent(
              t.table().keyspace(), k -> replicationOf(design, schema, Optional.of(k)));
        }
      }
      if (each.values().stream().map(java.util.Arrays::toString).distinct().count() > 1) {
        throw new InputException(
            design.location(),
            "the keyspaces replicate differently ("
                + each.entrySet().stream()
                    .map(
                        e ->
                            e.getKey()
                                + ": RF "
                                + e.getValue()[0]
                                + " in the local datacenter, "
                                + e.getValue()[1]
                                + " in all")
                    .collect(java.util.stream.Collectors.joining("; "))
                + "); keyplan applies one replication to all the tables of a model: check each"
                + " keyspace in a model of its own");
      }
      if (!each.isEmpty()) {
        return each.values().iterator().next();
      }
    }
    return replicationOf(
        design,
        schema,
        design
            .keyspace()
            .or(
                () ->
                    Optional.ofNullable(
                        tables.isEmpty() ? null : tables.get(0).table().keyspace())));
  }

  private static int[] replicationOf(
      CassandraDesign design, CqlSchema schema, Optional<String> named) {
    String ks = named.orElse(null);
    CqlKeyspace keyspace = ks == null ? null : schema.keyspace(ks).orElse(null);
    if (keyspace == null && schema.keyspaces().size() == 1) {
      keyspace = schema.keyspaces().get(0);
    }
    if (keyspace == null) {
      throw new InputException(
          design.schemaLocation(),
          "the CQL schema has no CREATE KEYSPACE for "
              + (ks == null ? "its tables" : "'" + ks + "'")
              + "; keyplan needs its replication (e.g. CREATE KEYSPACE chat WITH replication = "
              + "{'class': 'NetworkTopologyStrategy', 'dc1': 3})");
    }
    int total = keyspace.totalReplicas();
    if (keyspace.strategyClass().equals("SimpleStrategy")) {
      return new int[] {total, total, 1};
    }
    var dcs =
        keyspace.replication().entrySet().stream()
            .filter(e -> !e.getKey().equals("replication_factor"))
            .filter(e -> e.getValue() > 0)
            .toList();
    // The first datacenter listed is taken as the local one.
    int local = dcs.isEmpty() ? total : dcs.get(0).getValue();
    return new int[] {local, total, Math.max(1, dcs.size())};
  }

  /**
   * Returns, per table, the largest limit of the reads that key on its partition key (equality or
   * IN on every partition-key column the application does not derive), or 1: the N of the "latest
   * N" reads whose partitions a bucket would split.
   */
  private static Map<String, Integer> latestLimits(Model model, List<BoundTable> tables) {
    Map<String, List<Operation.Read>> reads = new java.util.HashMap<>();
    for (AccessPattern p : model.patterns()) {
      if (p.operation() instanceof Operation.Read
          && ((Operation.Read) p.operation()).limit().isPresent()) {
        reads
            .computeIfAbsent(p.operation().entity(), k -> new ArrayList<>())
            .add((Operation.Read) p.operation());
      }
    }
    Map<String, Integer> out = new java.util.HashMap<>();
    for (BoundTable t : tables) {
      for (Operation.Read r : reads.getOrDefault(t.entity().name(), List.of())) {
        boolean keyed =
            t.partitionKey().stream()
                .filter(k -> t.derived(k).isEmpty())
                .allMatch(
                    k ->
                        r.where().stream()
                            .anyMatch(
                                c ->
                                    c.attribute().equals(k)
                                        && (c.comparison() == Operation.Comparison.EQ
                                            || c.comparison() == Operation.Comparison.IN)));
        if (keyed) {
          out.merge(t.name(), r.limit().getAsInt(), Math::max);
        }
      }
    }
    return out;
  }
}
