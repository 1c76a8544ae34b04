package dev.keyplan.cassandra.bench;

import dev.keyplan.bench.BenchModel;
import dev.keyplan.bench.WorkloadGenerator;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Writes a synthetic but valid workload model of E entities, T tables and P patterns (model YAML
 * plus CQL schema) for the benchmarks. The workload (entity pairs, patterns, spreads, from the
 * fixed seed) is {@link WorkloadGenerator}'s; this class adds the CQL schema and the {@code
 * cassandra:} section, and the reads and options that reach Cassandra's access paths. The output
 * depends only on (E, T, P), so every run checks the same text.
 *
 * <p>Tables are dealt round-robin: table k belongs to entity {@code k mod E} and is that entity's
 * {@code k div E}-th table. The first three per entity are:
 *
 * <ul>
 *   <li>parent: {@code by_id} (key = id; a secondary index on name, SAI for every fourth), {@code
 *       by_status} (a low-cardinality key with a shard suffix, {@code derived: {shards: 8}}),
 *       {@code by_region} (region, clustered by name);
 *   <li>child: {@code by_owner} (the parent id plus a one-day time bucket, {@code derived: {window:
 *       1d}}, holding the copied owner name), {@code by_group} (no owner name, so reading it needs
 *       a join; an index on kind; a default TTL for every other child; no tags for the children
 *       whose latest posts' tags are read, so that read is not served), {@code stats} (a counter).
 * </ul>
 *
 * A tenth of the entities each bend one table for a rule that needs it: every tenth account keeps
 * its {@code by_region} in a second checked keyspace, {@code bench_legacy}, replicated with
 * SimpleStrategy ({@link #legacy}), and another tenth clusters its {@code by_status} by creation
 * time alone ({@link #keyedByTime}); every tenth child compacts its {@code by_owner} with TWCS
 * ({@link #timeWindowed}), and another tenth has an audit table beside its own that stores no
 * entity ({@link #audited}), 0.01 P tables the model leaves out on top of the T it checks.
 *
 * <p>Further tables repeat these shapes with a suffix ({@code _r1}, …). The patterns' ten templates
 * per kind cover every way a read is served (single partition, bucket walk, IN and shard fan-out,
 * range, order by, join through copy_of, secondary index, ALLOW FILTERING, full scan, count, not
 * served) and every write (insert, update, delete, increment, LWT, logged batch, TTL), with
 * per-pattern spreads and consistency levels. Every analysis step and every built-in rule therefore
 * has work to do; {@link CassandraValidation} checks that it does.
 *
 * <p>Run {@code java -cp bench/target/benchmarks.jar
 * dev.keyplan.cassandra.bench.CassandraModelGenerator 1000 DIR} to write {@code bench-1000.yaml}
 * and {@code bench-1000.cql} to DIR (to try the CLI on them).
 */
public final class CassandraModelGenerator extends WorkloadGenerator {
  /** Tables per pattern of the benchmark sizes (1,000 → 300). */
  public static final double TABLES_PER_PATTERN = 0.3;

  static final int TEMPLATES_PER_ENTITY = 3;
  static final String KEYSPACE = "bench";

  /**
   * A second checked keyspace, replicated with SimpleStrategy, holding the {@code by_region} table
   * of every tenth account ({@link #legacy}).
   */
  static final String LEGACY_KEYSPACE = "bench_legacy";

  /**
   * A generated model.
   *
   * @param tables the tables that store an entity, T
   * @param unbound the tables of the checked keyspaces that store none ({@link #unboundFor})
   */
  public record Generated(
      String name, String yaml, String cql, int entities, int tables, int unbound, int patterns) {
    /** File name the model is read as; the schema is {@code name + ".cql"} next to it. */
    public String yamlFile() {
      return name + ".yaml";
    }

    public String cqlFile() {
      return name + ".cql";
    }

    /** The model as the store-neutral benchmarks read it: the YAML and its CQL schema file. */
    public BenchModel benchModel() {
      return new BenchModel(name, yaml, List.of(new BenchModel.SchemaFile(cqlFile(), cql)));
    }
  }

  private final int tables;
  private final StringBuilder cql = new StringBuilder(1 << 16);
  private final StringBuilder derived = new StringBuilder();
  private final StringBuilder tableMap = new StringBuilder();

  /** The tables written that store no entity ({@link #auditTable}). */
  private int unbound;

  private CassandraModelGenerator(int entities, int tables, int patterns) {
    super(entities, patterns, "bench-" + patterns, 1 << 16);
    if (entities < 2 || tables < entities || patterns < 1) {
      throw new IllegalArgumentException(
          "need at least 2 entities, a table per entity and one pattern;"
              + " got E="
              + entities
              + ", T="
              + tables
              + ", P="
              + patterns);
    }
    this.tables = tables;
  }

  /** Returns the benchmark model for {@code patterns}: E = 0.1 P, T = 0.3 P (1,000 → 100, 300). */
  public static Generated forPatterns(int patterns) {
    return generate(entitiesFor(patterns), tablesFor(patterns), patterns);
  }

  /**
   * Returns the tables of {@link #forPatterns}'s model, T = 0.3 P and at least 2, without
   * generating it (for the report's columns).
   */
  public static int tablesFor(int patterns) {
    return Math.max(2, (int) Math.round(patterns * TABLES_PER_PATTERN));
  }

  /**
   * Returns the tables outside the model that {@link #forPatterns}'s model of {@code patterns}
   * patterns has beside its T tables: an audit table of every tenth entity ({@link #audited}), 0.01
   * P.
   */
  public static int unboundFor(int patterns) {
    int entities = entitiesFor(patterns);
    int n = 0;
    for (int e = 0; e < entities; e++) {
      if (audited(e)) {
        n++;
      }
    }
    return n;
  }

  /**
   * Returns a model of exactly {@code entities} entities, {@code tables} tables that store them
   * (plus the audit tables of {@link #audited} entities) and {@code patterns} patterns.
   */
  public static Generated generate(int entities, int tables, int patterns) {
    return new CassandraModelGenerator(entities, tables, patterns).build();
  }

  private Generated build() {
    writeWorkload(entities + " entities, " + tables + " tables, " + patterns + " patterns");
    cql.append("-- Generated by ")
        .append(getClass().getName())
        .append(" for ")
        .append(name)
        .append(".yaml\n");
    cql.append("CREATE KEYSPACE ")
        .append(KEYSPACE)
        .append(" WITH replication = {'class': 'NetworkTopologyStrategy', 'dc1': 3, 'dc2': 3};\n");
    cql.append("CREATE KEYSPACE ")
        .append(LEGACY_KEYSPACE)
        .append(" WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 3};\n\n");
    deal(tables, TEMPLATES_PER_ENTITY, this::parentTable, this::childTable);
    yaml.append("cassandra:\n");
    yaml.append("  schema: ").append(name).append(".cql\n");
    yaml.append("  keyspace: [")
        .append(KEYSPACE)
        .append(", ")
        .append(LEGACY_KEYSPACE)
        .append("]\n");
    yaml.append("  consistency: {read: LOCAL_QUORUM, write: LOCAL_QUORUM}\n");
    yaml.append("  node_budget: 20k/s\n");
    yaml.append("  round_trip: 1ms\n");
    yaml.append("  derived:\n").append(derived);
    if (tableMap.length() > 0) {
      yaml.append("  tables:\n").append(tableMap);
    }
    return new Generated(
        name, yaml.toString(), cql.toString(), entities, tables, unbound, patterns);
  }

  // ---------------------------------------------------------------- the share of each rule's case

  /**
   * Every tenth account (from 6) keeps its {@code by_region} table in {@link #LEGACY_KEYSPACE}, a
   * SimpleStrategy keyspace beside the two datacenters of {@link #KEYSPACE}.
   */
  static boolean legacy(int e) {
    return isParent(e) && e % 10 == 6;
  }

  /**
   * Every tenth account (from 2) clusters its {@code by_status} table by creation time alone, with
   * no id to break a tie: two accounts created in the same millisecond in a status are one row.
   */
  static boolean keyedByTime(int e) {
    return isParent(e) && e % 10 == 2;
  }

  /**
   * Every tenth child (from 7) compacts its {@code by_owner} table with
   * TimeWindowCompactionStrategy, though its rows get no TTL from every write.
   */
  static boolean timeWindowed(int e) {
    return !isParent(e) && e % 10 == 7;
  }

  /**
   * Every tenth child (from 9) has an audit table beside its own, whose columns {@code actor} and
   * {@code action} no entity has: a table of the keyspace that the model leaves out.
   */
  static boolean audited(int e) {
    return !isParent(e) && e % 10 == 9;
  }

  // -------------------------------------------------------------------------------------- tables

  private void parentTable(int e, int template, int round) {
    String p = "e" + e + "_";
    String suffix = round == 0 ? "" : "_r" + round;
    switch (template) {
      case 0:
        {
          String t = p + "by_id" + suffix;
          cql.append("CREATE TABLE ")
              .append(KEYSPACE)
              .append('.')
              .append(t)
              .append(" (\n")
              .append("  ")
              .append(p)
              .append("id uuid PRIMARY KEY,\n")
              .append("  ")
              .append(p)
              .append("name text,\n")
              .append("  ")
              .append(p)
              .append("bio text,\n")
              .append("  ")
              .append(p)
              .append("status text,\n")
              .append("  ")
              .append(p)
              .append("region text,\n")
              .append("  ")
              .append(p)
              .append("created timestamp\n")
              .append(");\n");
          if (e % 8 == 0) {
            cql.append("CREATE CUSTOM INDEX ")
                .append(t)
                .append("_name_sai ON ")
                .append(KEYSPACE)
                .append('.')
                .append(t)
                .append(" (")
                .append(p)
                .append("name) USING 'StorageAttachedIndex';\n\n");
          } else {
            cql.append("CREATE INDEX ")
                .append(t)
                .append("_name_idx ON ")
                .append(KEYSPACE)
                .append('.')
                .append(t)
                .append(" (")
                .append(p)
                .append("name);\n\n");
          }
          if (e % 10 == 0) {
            tableMap.append("    ").append(t).append(": E").append(e).append('\n');
          }
          break;
        }
      case 1:
        {
          String t = p + "by_status" + suffix;
          cql.append("CREATE TABLE ")
              .append(KEYSPACE)
              .append('.')
              .append(t)
              .append(" (\n")
              .append("  ")
              .append(p)
              .append("status text,\n")
              .append("  ")
              .append(p)
              .append("shard int,       -- derived: one of 8 values\n")
              .append("  ")
              .append(p)
              .append("created timestamp,\n")
              .append("  ")
              .append(p)
              .append("id uuid,\n")
              .append("  ")
              .append(p)
              .append("name text,\n")
              .append("  PRIMARY KEY ((")
              .append(p)
              .append("status, ")
              .append(p)
              .append("shard), ")
              .append(p)
              .append("created");
          if (keyedByTime(e)) {
            cql.append(")\n) WITH CLUSTERING ORDER BY (").append(p).append("created DESC);\n\n");
          } else {
            cql.append(", ")
                .append(p)
                .append("id)\n")
                .append(") WITH CLUSTERING ORDER BY (")
                .append(p)
                .append("created DESC, ")
                .append(p)
                .append("id ASC);\n\n");
          }
          derived
              .append("    ")
              .append(t)
              .append('.')
              .append(p)
              .append("shard: {shards: ")
              .append(8 << round)
              .append("}\n");
          break;
        }
      default:
        {
          String t = p + "by_region" + suffix;
          cql.append("CREATE TABLE ")
              .append(legacy(e) ? LEGACY_KEYSPACE : KEYSPACE)
              .append('.')
              .append(t)
              .append(" (\n")
              .append("  ")
              .append(p)
              .append("region text,\n")
              .append("  ")
              .append(p)
              .append("name text,\n")
              .append("  ")
              .append(p)
              .append("id uuid,\n")
              .append("  ")
              .append(p)
              .append("status text,\n")
              .append("  PRIMARY KEY (")
              .append(p)
              .append("region, ")
              .append(p)
              .append("name, ")
              .append(p)
              .append("id)\n")
              .append(");\n\n");
          break;
        }
    }
  }

  private void childTable(int e, int template, int round) {
    String c = "e" + e + "_";
    String p = "e" + (e - 1) + "_";
    String suffix = round == 0 ? "" : "_r" + round;
    switch (template) {
      case 0:
        {
          String t = c + "by_owner" + suffix;
          cql.append("CREATE TABLE ")
              .append(KEYSPACE)
              .append('.')
              .append(t)
              .append(" (\n")
              .append("  ")
              .append(p)
              .append("id uuid,\n")
              .append("  ")
              .append(c)
              .append("day int,         -- derived: a time bucket of ")
              .append(c)
              .append("at\n")
              .append("  ")
              .append(c)
              .append("at timestamp,\n")
              .append("  ")
              .append(c)
              .append("id bigint,\n")
              .append("  ")
              .append(c)
              .append("kind text,\n")
              .append("  ")
              .append(c)
              .append("body text,\n")
              .append("  ")
              .append(c)
              .append("owner_name text,\n")
              .append("  PRIMARY KEY ((")
              .append(p)
              .append("id, ")
              .append(c)
              .append("day), ")
              .append(c)
              .append("at, ")
              .append(c)
              .append("id)\n")
              .append(") WITH CLUSTERING ORDER BY (")
              .append(c)
              .append("at DESC, ")
              .append(c)
              .append("id DESC)");
          if (timeWindowed(e)) {
            cql.append(
                "\n  AND compaction = {'class': 'TimeWindowCompactionStrategy',"
                    + " 'compaction_window_unit': 'DAYS', 'compaction_window_size': '1'}");
          }
          cql.append(";\n\n");
          if (audited(e) && round == 0) {
            auditTable(e);
          }
          derived
              .append("    ")
              .append(t)
              .append('.')
              .append(c)
              .append("day: {window: ")
              .append(round == 0 ? "1d" : "1h")
              .append(", of: ")
              .append(c)
              .append("at}\n");
          break;
        }
      case 1:
        {
          String t = c + "by_group" + suffix;
          cql.append("CREATE TABLE ")
              .append(KEYSPACE)
              .append('.')
              .append(t)
              .append(" (\n")
              .append("  ")
              .append(c)
              .append("group bigint,\n")
              .append("  ")
              .append(c)
              .append("id bigint,\n")
              .append("  ")
              .append(p)
              .append("id uuid,\n")
              .append("  ")
              .append(c)
              .append("at timestamp,\n")
              .append("  ")
              .append(c)
              .append("kind text,\n")
              .append("  ")
              .append(c)
              .append("body text,\n");
          // The children that read their latest posts' tags hold them in no table: by_owner never
          // has them, and their by_group leaves them out, so that read is not served.
          if (!readsLatestTags(e)) {
            cql.append("  ").append(c).append("tags set<text>,\n");
          }
          cql.append("  PRIMARY KEY (")
              .append(c)
              .append("group, ")
              .append(c)
              .append("id)\n")
              .append(") WITH CLUSTERING ORDER BY (")
              .append(c)
              .append("id DESC)");
          if (e % 4 == 1) {
            cql.append("\n  AND default_time_to_live = 2592000");
          }
          cql.append(";\n");
          cql.append("CREATE INDEX ")
              .append(t)
              .append("_kind_idx ON ")
              .append(KEYSPACE)
              .append('.')
              .append(t)
              .append(" (")
              .append(c)
              .append("kind);\n\n");
          break;
        }
      default:
        {
          String t = c + "stats" + suffix;
          cql.append("CREATE TABLE ")
              .append(KEYSPACE)
              .append('.')
              .append(t)
              .append(" (\n")
              .append("  ")
              .append(c)
              .append("id bigint PRIMARY KEY,\n")
              .append("  ")
              .append(c)
              .append("likes counter\n")
              .append(");\n\n");
          break;
        }
    }
  }

  /**
   * Writes child {@code e}'s audit table: who did what to a post, kept by another service. Its
   * {@code actor} and {@code action} are no attribute of E{@code e}, so it stores no entity.
   */
  private void auditTable(int e) {
    String c = "e" + e + "_";
    cql.append("CREATE TABLE ")
        .append(KEYSPACE)
        .append('.')
        .append(c)
        .append("audit (\n")
        .append("  ")
        .append(c)
        .append("id bigint,\n")
        .append("  ")
        .append(c)
        .append("at timestamp,\n")
        .append("  ")
        .append(c)
        .append("actor text,\n")
        .append("  ")
        .append(c)
        .append("action text,\n")
        .append("  PRIMARY KEY ((")
        .append(c)
        .append("id), ")
        .append(c)
        .append("at)\n")
        .append(");\n\n");
    unbound++;
  }

  // ------------------------------------------------------------------------------------ patterns

  /**
   * Every sixth account is read at ONE yet expects its own writes; every sixth (from 2) at
   * LOCAL_SERIAL.
   */
  @Override
  protected void profileOptions(int e, List<String> extra) {
    if (e % 6 == 0) {
      extra.add("consistency: ONE");
      extra.add("expects: read-your-writes");
    } else if (e % 6 == 2) {
      extra.add("consistency: LOCAL_SERIAL");
    }
  }

  /** An IN fan-out over the partitions of a few regions. */
  @Override
  protected void severalAccounts(int e, int round, List<String> extra) {
    pattern(
        id(e, "in-regions", round),
        "accounts of a few regions",
        between(1, 50) + "/s",
        "query",
        "E" + e + " where e" + e + "_region in (?, ?, ?)",
        extra);
  }

  /** A region and a status: no table is keyed by both, so a filter. */
  @Override
  protected void statusRead(int e, int round, List<String> extra) {
    pattern(
        id(e, "region-status", round),
        "accounts of a region in a status",
        between(1, 30) + "/s",
        "query",
        "E" + e + " where e" + e + "_region = ? and e" + e + "_status = ?",
        extra);
  }

  /** Posts of a kind, of every owner: the index on kind serves it. */
  @Override
  protected void kindRead(int e, int round, List<String> extra) {
    pattern(
        id(e, "of-kind", round),
        "posts of a kind",
        between(1, 10) + "/s",
        "query",
        "E" + e + " where e" + e + "_kind = ?",
        extra);
  }

  /**
   * Likes increment the post's counter in {@code stats}, keyed by the post alone: a viral post is
   * hot.
   */
  @Override
  protected String likePartition(int e) {
    return "e" + e + "_id";
  }

  @Override
  protected String likeKey(int e) {
    return "e" + e + "_id = ?";
  }

  @Override
  protected int removeRate(int e) {
    return between(10, 100);
  }

  // ---------------------------------------------------------------------------------------- main

  /**
   * {@code CassandraModelGenerator PATTERNS [DIR]}: writes the model and schema to DIR (default:
   * .), then validates them.
   */
  public static void main(String[] args) throws IOException {
    if (args.length < 1) {
      System.err.println("usage: CassandraModelGenerator PATTERNS [DIR]   (E = 0.1 P, T = 0.3 P)");
      System.exit(2);
    }
    Generated g = forPatterns(Integer.parseInt(args[0]));
    Path dir = Path.of(args.length > 1 ? args[1] : ".");
    Files.createDirectories(dir);
    Files.writeString(dir.resolve(g.yamlFile()), g.yaml(), StandardCharsets.UTF_8);
    Files.writeString(dir.resolve(g.cqlFile()), g.cql(), StandardCharsets.UTF_8);
    System.out.printf(
        Locale.ROOT, "wrote %s and %s to %s%n", g.yamlFile(), g.cqlFile(), dir.toAbsolutePath());
    System.out.println(CassandraValidation.validate(g).summary());
  }
}
