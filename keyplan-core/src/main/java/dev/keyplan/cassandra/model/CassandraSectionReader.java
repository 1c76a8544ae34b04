package dev.keyplan.cassandra.model;

import dev.keyplan.cassandra.facts.CassandraLimits;
import dev.keyplan.input.Location;
import dev.keyplan.input.Suggest;
import dev.keyplan.input.YamlMap;
import dev.keyplan.model.Entity;
import dev.keyplan.model.yaml.ModelReader;
import dev.keyplan.model.yaml.SectionReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.SequenceNode;

/**
 * Reads a {@code cassandra:} or {@code scylladb:} section: the schema file, keyspace, default
 * consistency levels, derived columns, the table-to-entity map and the planning settings.
 */
public final class CassandraSectionReader extends SectionReader {
  /** The keys a {@code cassandra:} or {@code scylladb:} section may have. */
  public static final Set<String> SECTION_KEYS =
      Set.of(
          "schema",
          "keyspace",
          "consistency",
          "derived",
          "tables",
          "node_budget",
          "round_trip",
          "shards",
          "nodes");

  public CassandraSectionReader(SectionReader context) {
    super(context);
  }

  public Optional<CassandraDesign> cassandra(
      YamlMap m, String engine, Path baseDir, Map<String, Entity> entities) {
    var c0 =
        YamlMap.of(
            file,
            m.node(engine).get(),
            "the " + engine + " design (schema:, consistency:, derived:)",
            problems);
    if (c0.isEmpty()) {
      return Optional.empty();
    }
    YamlMap c = c0.get().allow(SECTION_KEYS, "the " + engine + " design");
    Optional<String> schema = c.scalar("schema", "the CQL schema file, such as chat.cql", true);
    // One keyspace (keyspace: hotel) or several (keyspace: [hotel, reservation]).
    List<String> keyspaces = new ArrayList<>();
    if (c.node("keyspace").filter(n -> n instanceof SequenceNode).isPresent()) {
      for (Node n : c.sequence("keyspace", "a keyspace name or a list of them")) {
        c.scalarOf(n, "a keyspace name").ifPresent(keyspaces::add);
      }
      if (keyspaces.isEmpty()) {
        c.error(c.valueLocation("keyspace"), "expected at least one keyspace name");
      }
    } else {
      c.scalar("keyspace", "a keyspace name or a list of them", false).ifPresent(keyspaces::add);
    }
    String read = "LOCAL_QUORUM";
    String write = "LOCAL_QUORUM";
    Location readAt = c.keyLocation("consistency");
    Location writeAt = readAt;
    if (c.has("consistency")) {
      var cl =
          YamlMap.of(file, c.node("consistency").get(), "{read: LEVEL, write: LEVEL}", problems);
      if (cl.isPresent()) {
        cl.get().allow(Set.of("read", "write"), "consistency");
        read =
            cl.get()
                .scalar("read", "a consistency level", false)
                .flatMap(s -> consistencyLevel(s, cl.get().valueLocation("read"), "read"))
                .orElse(read);
        write =
            cl.get()
                .scalar("write", "a consistency level", false)
                .flatMap(s -> consistencyLevel(s, cl.get().valueLocation("write"), "write"))
                .orElse(write);
        readAt = cl.get().valueLocation("read");
        writeAt = cl.get().valueLocation("write");
      }
    }
    Map<String, CassandraDesign.Derived> derived = new LinkedHashMap<>();
    c.node("derived")
        .flatMap(n -> YamlMap.of(file, n, "derived columns by table.column", problems))
        .ifPresent(
            d -> {
              for (String key : d.keys()) {
                derived(key, d, entities).ifPresent(x -> derived.put(key, x));
              }
            });
    Map<String, CassandraDesign.TableBinding> tables = new LinkedHashMap<>();
    c.node("tables")
        .flatMap(
            n ->
                YamlMap.of(
                    file,
                    n,
                    "the entity each table stores (table: Entity, or table: {entity: Entity,"
                        + " columns: {column: attribute}})",
                    problems))
        .ifPresent(t -> t.keys().forEach(table -> table(t, table, entities, tables)));
    double budget =
        c.scalar("node_budget", "operations per second one node serves, such as 20k/s", false)
            .map(
                s ->
                    rate(
                        s,
                        c.valueLocation("node_budget"),
                        "operations per second one node serves, such as 20k/s",
                        false))
            .orElse(CassandraLimits.DEFAULT_NODE_BUDGET);
    double rtt =
        c.scalar("round_trip", "a round trip such as 1ms", false)
            .map(s -> millis(s, c.valueLocation("round_trip")))
            .orElse(CassandraLimits.DEFAULT_ROUND_TRIP_MILLIS);
    int shards = 0;
    if (engine.equals("scylladb")) {
      shards =
          (int)
              c.scalar("shards", "shards (cores) per node, such as 8", true)
                  .map(
                      s ->
                          whole(
                              s,
                              c.valueLocation("shards"),
                              "shards (cores) per node, such as 8",
                              1,
                              1024))
                  .orElse(0L)
                  .longValue();
    } else if (c.has("shards")) {
      c.error(
          c.keyLocation("shards"),
          "'shards' applies to ScyllaDB; write the section as 'scylladb:' to check shard heat");
    }
    int nodes =
        (int)
            c.scalar("nodes", "nodes in each datacenter, such as 6", false)
                .map(
                    s ->
                        whole(
                            s,
                            c.valueLocation("nodes"),
                            "nodes in each datacenter, such as 6",
                            1,
                            CassandraLimits.MAX_NODES_PER_DATACENTER))
                .orElse((long) CassandraLimits.DEFAULT_NODES_PER_DATACENTER)
                .longValue();
    if (schema.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(
        new CassandraDesign(
            engine,
            baseDir.resolve(schema.get()).normalize(),
            c.valueLocation("schema"),
            keyspaces,
            read,
            readAt,
            write,
            writeAt,
            derived,
            tables,
            budget,
            rtt,
            shards,
            nodes,
            c.location()));
  }

  /**
   * Reads one entry of {@code tables:}: {@code hotels: Hotel}, or {@code hotels: {entity: Hotel,
   * columns: {id: hotel_id}}} when columns are named otherwise than the attributes they hold.
   */
  private void table(
      YamlMap t,
      String table,
      Map<String, Entity> entities,
      Map<String, CassandraDesign.TableBinding> out) {
    Node n = t.node(table).get();
    Optional<String> entity;
    Map<String, String> columns = new LinkedHashMap<>();
    if (n instanceof MappingNode) {
      var m0 = YamlMap.of(file, n, "{entity: Entity, columns: {column: attribute}}", problems);
      if (m0.isEmpty()) {
        return;
      }
      YamlMap m = m0.get().allow(Set.of("entity", "columns"), "table '" + table + "'");
      entity = m.scalar("entity", "an entity name", true);
      entity.ifPresent(e -> knownEntity(m, m.valueLocation("entity"), e, entities));
      m.node("columns")
          .flatMap(
              x ->
                  YamlMap.of(
                      file, x, "the attribute each column holds (column: attribute)", problems))
          .ifPresent(
              cm -> {
                for (String column : cm.keys()) {
                  cm.scalar(column, "an attribute name", true)
                      .ifPresent(
                          a -> {
                            Entity e = entity.map(entities::get).orElse(null);
                            if (e != null && e.attribute(a).isEmpty()) {
                              cm.error(
                                  cm.valueLocation(column),
                                  e.name()
                                      + " has no attribute '"
                                      + a
                                      + "'"
                                      + Suggest.closest(a, e.attributes().keySet())
                                          .map(s -> " (did you mean '" + s + "'?)")
                                          .orElse(""));
                            }
                            if (columns.containsValue(a)) {
                              cm.error(
                                  cm.valueLocation(column),
                                  "attribute '" + a + "' is already held by another column");
                            }
                            columns.put(column, a);
                          });
                }
              });
    } else {
      entity = t.scalar(table, "an entity name, or {entity: Entity, columns: {…}}", true);
      entity.ifPresent(e -> knownEntity(t, t.valueLocation(table), e, entities));
    }
    entity.ifPresent(
        e -> out.put(table, new CassandraDesign.TableBinding(e, columns, t.keyLocation(table))));
  }

  private static void knownEntity(
      YamlMap m, Location at, String entity, Map<String, Entity> entities) {
    if (!entities.containsKey(entity)) {
      m.error(
          at,
          "no entity named '"
              + entity
              + "'"
              + Suggest.closest(entity, entities.keySet())
                  .map(s -> " (did you mean '" + s + "'?)")
                  .orElse(""));
    }
  }

  Optional<CassandraDesign.Derived> derived(String key, YamlMap d, Map<String, Entity> entities) {
    Location at = d.keyLocation(key);
    int dot = key.indexOf('.');
    if (dot <= 0 || dot == key.length() - 1) {
      d.error(
          at, "expected table.column (such as messages_by_channel.bucket) but found '" + key + "'");
      return Optional.empty();
    }
    var v =
        YamlMap.of(
            file, d.node(key).get(), "{window: 10m, of: attribute} or {shards: 16}", problems);
    if (v.isEmpty()) {
      return Optional.empty();
    }
    YamlMap m = v.get().allow(Set.of("window", "of", "shards"), "derived column '" + key + "'");
    long window =
        m.scalar("window", "a bucket width such as 10m or 1d", false)
            .map(
                s ->
                    duration(
                        s,
                        m.valueLocation("window"),
                        "a bucket width such as 10m or 1d",
                        ModelReader.MAX_HORIZON))
            .orElse(0L);
    Optional<String> of =
        m.scalar("of", "the time-ordered attribute the bucket is computed from", false);
    int shards =
        (int)
            m.scalar("shards", "the number of shard suffix values, such as 16", false)
                .map(
                    s ->
                        whole(
                            s,
                            m.valueLocation("shards"),
                            "the number of shard suffix values, such as 16",
                            1,
                            1_000_000))
                .orElse(0L)
                .longValue();
    if ((window > 0) == (shards > 0)) {
      m.error(
          at,
          "derived column '" + key + "' needs either {window: 10m, of: attribute} or {shards: N}");
    }
    if (window > 0 && of.isEmpty()) {
      m.error(at, "a time bucket needs 'of': the time-ordered attribute it is computed from");
    }
    if (of.isPresent()
        && entities.values().stream().noneMatch(e -> e.attribute(of.get()).isPresent())) {
      m.error(m.valueLocation("of"), "no entity has an attribute '" + of.get() + "'");
    }
    return Optional.of(
        new CassandraDesign.Derived(
            key.substring(0, dot), key.substring(dot + 1), window, of, shards, at));
  }
}
