package dev.keyplan.cassandra.design;

import dev.keyplan.cassandra.cql.CqlKeyspace;
import dev.keyplan.cassandra.cql.CqlParser;
import dev.keyplan.cassandra.cql.CqlSchema;
import dev.keyplan.cassandra.model.CassandraDesign;
import dev.keyplan.input.InputException;
import dev.keyplan.input.TextInput;
import dev.keyplan.model.AccessPattern;
import dev.keyplan.model.Model;
import dev.keyplan.model.Operation;
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
    TableReplication main = designReplication(design, schema, tables);
    Map<String, TableReplication> replication = tableReplication(design, schema, tables, main);
    var sizer = new Sizer(model, schema);
    Map<String, Integer> limits = latestLimits(model, tables);
    Map<String, CassandraSizing> sizing = new LinkedHashMap<>();
    for (BoundTable t : tables) {
      sizing.put(t.name(), sizer.size(t, limits.getOrDefault(t.name(), 1)));
    }
    var consistency = new ConsistencyAnalysis(model, design, replication, main);
    var fanout = new Fanout(design.nodes(), consistency);
    var coverage = new CassandraReadPlanner(model, tables, sizing, schema, fanout);
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
        main,
        replication,
        fanout,
        tables,
        plans,
        sizing,
        heat,
        consistency.checks(plans),
        ClusterCapacity.of(design, tables, plans, sizing, consistency, fanout));
  }

  private static CqlSchema readSchema(CassandraDesign design) {
    String text =
        TextInput.read(
            design.schema(), "the CQL schema " + design.schema(), design.schemaLocation());
    return CqlParser.parse(design.schema().toString(), text);
  }

  /**
   * Returns the replication of the design's keyspace: the first under {@code keyspace:}, else the
   * keyspace of the first table, else the schema's only keyspace. It stands for a table whose
   * keyspace the schema does not say, and for the patterns no table serves.
   */
  private static TableReplication designReplication(
      CassandraDesign design, CqlSchema schema, List<BoundTable> tables) {
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

  /**
   * Returns each table's replication, from its own keyspace's CREATE KEYSPACE: a model may list
   * keyspaces that replicate differently ({@code keyspace: [a, b]}), and each table keeps the
   * copies its keyspace says.
   */
  private static Map<String, TableReplication> tableReplication(
      CassandraDesign design,
      CqlSchema schema,
      List<BoundTable> tables,
      TableReplication fallback) {
    Map<String, TableReplication> byKeyspace = new LinkedHashMap<>();
    Map<String, TableReplication> out = new LinkedHashMap<>();
    for (BoundTable t : tables) {
      String ks = t.table().keyspace();
      out.put(
          t.name(),
          ks == null
              ? fallback
              : byKeyspace.computeIfAbsent(ks, k -> replicationOf(design, schema, Optional.of(k))));
    }
    return out;
  }

  private static TableReplication replicationOf(
      CassandraDesign design, CqlSchema schema, Optional<String> named) {
    String ks = named.orElse(null);
    CqlKeyspace keyspace = ks == null ? null : schema.keyspace(ks).orElse(null);
    // The only keyspace stands for a table that names none; a table that names a keyspace the
    // schema does not create would otherwise take another keyspace's replication silently.
    if (keyspace == null && ks == null && schema.keyspaces().size() == 1) {
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
    return TableReplication.of(keyspace);
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
