package dev.keyplan.cassandra.designer;

import dev.keyplan.cassandra.cql.CqlParser;
import dev.keyplan.cassandra.cql.CqlSchema;
import dev.keyplan.cassandra.design.BucketAdvice;
import dev.keyplan.cassandra.design.CassandraAnalysis;
import dev.keyplan.cassandra.design.CassandraAnalyzer;
import dev.keyplan.cassandra.design.CassandraSizing;
import dev.keyplan.cassandra.design.ClusterCapacity;
import dev.keyplan.cassandra.design.PartitionSize;
import dev.keyplan.cassandra.facts.CassandraLimits;
import dev.keyplan.cassandra.facts.CassandraNodePrice;
import dev.keyplan.cassandra.model.CassandraDesign;
import dev.keyplan.check.Checker;
import dev.keyplan.check.Finding;
import dev.keyplan.designer.DesignInput;
import dev.keyplan.designer.Designer;
import dev.keyplan.designer.MonthlyCost;
import dev.keyplan.designer.Proposal;
import dev.keyplan.input.Location;
import dev.keyplan.model.AccessPattern;
import dev.keyplan.model.Attribute;
import dev.keyplan.model.Entity;
import dev.keyplan.model.Model;
import dev.keyplan.model.Operation;
import dev.keyplan.model.Quantities;
import dev.keyplan.model.StoreDesign;
import dev.keyplan.model.StoreId;
import dev.keyplan.model.Units;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Proposes a Cassandra design from the access patterns: one table per query shape, by the
 * query-first mapping of seed 000 ("for each query I pick a key so it reads one partition, in
 * order") and Chebotko et al.'s mapping rules (A Big Data Modeling Methodology for Apache
 * Cassandra, 2015): the attributes a query restricts by equality are the partition key, in the
 * order written; the attribute it orders by, then those it restricts by range, are the first
 * clustering columns, in the query's direction; the entity's key attributes not yet in the key
 * follow, so that every row keeps its own place. Queries of one shape share one table. Every table
 * holds every attribute of its entity (a denormalised copy: each insert writes each copy, which the
 * analysis counts).
 *
 * <p>Then the design is analysed as {@code keyplan check} analyses it, and a table whose busiest
 * partition breaks a guideline at the horizon (100,000 values or 100 MB, {@link
 * dev.keyplan.cassandra.check.PartitionOverGuideline}) gets the time bucket the analysis advises:
 * the widest conventional width within both guidelines ({@link BucketAdvice}), of the table's first
 * time-ordered clustering attribute. The design that results is analysed and checked again; its
 * findings are the proposal's.
 *
 * <p>Reads and writes default to {@code LOCAL_QUORUM} ({@link #LEVEL}); a pattern that expects to
 * read its writes gets a decision with the analysis's R + W &gt; RF arithmetic ({@link
 * #consistency}). A unique attribute of an entity inserted {@code if not exists} is claimed on the
 * table keyed by it alone ({@link #uniqueness}). Not proposed yet (docs/design.md, "Not built
 * yet"): a level per pattern in the section, a lightweight transaction the workload does not write.
 */
public final class CassandraDesigner implements Designer {
  /** Replicas per datacenter of the proposed keyspace: three, the usual production factor. */
  static final int REPLICATION = 3;

  /**
   * Shard counts tried for a partition too hot or too big, fewest first (0: no suffix): powers of
   * two, so that each step halves a shard's load, up to 256 (a read then queries 256 partitions).
   */
  static final int[] SHARD_COUNTS = {0, 2, 4, 8, 16, 32, 64, 128, 256};

  /** The rules whose findings on a table say its partitions are too hot, too big or too few. */
  static final Set<String> PARTITION_RULES =
      Set.of(
          "HotPartition",
          "PartitionOverGuideline",
          "LowCardinalityPartitionKey",
          "UnboundedPartitionGrowth");

  /**
   * The bucket a table of time windows starts the search with, one hour: any valid width would do,
   * the search replaces it.
   */
  static final long WINDOW_START_SECONDS = 3_600;

  /** A candidate's words: {@code 4 shards and a 1h bucket}, {@code no shards and no bucket}. */
  private static String label(int shards, long bucket) {
    return (shards == 0 ? "no shards" : shards + " shards")
        + " and "
        + (bucket == 0 ? "no bucket" : "a " + Quantities.formatSeconds(bucket) + " bucket");
  }

  private static List<Finding> partitionFindings(List<Finding> all, String table) {
    return all.stream()
        .filter(f -> f.target().equals(table))
        .filter(f -> PARTITION_RULES.contains(f.rule()))
        .filter(f -> f.severity() != dev.keyplan.check.Severity.INFO)
        .toList();
  }

  /**
   * The partition findings the search must clear on {@code t}: all of them, except on a table of
   * time windows LowCardinalityPartitionKey, which its key is by design (every write of a window
   * goes to that window's bucket, or its shards); its warning stays, and the table's reasons say
   * why.
   */
  private static List<Finding> searched(Table t, List<Finding> findings) {
    if (!t.shape.window()) {
      return findings;
    }
    return findings.stream().filter(f -> !f.rule().equals("LowCardinalityPartitionKey")).toList();
  }

  private static String describe(List<Finding> findings) {
    return String.join("; ", findings.stream().map(f -> f.rule() + ": " + f.message()).toList());
  }

  private static String rules(List<Finding> findings) {
    return String.join(", ", findings.stream().map(Finding::rule).distinct().toList());
  }

  /**
   * The level of every read and write the proposal does not leave to the pattern: LOCAL_QUORUM, the
   * model's default, ⌊3 / 2⌋ + 1 = 2 of the 3 local replicas, so that R + W = 4 &gt; RF 3 for any
   * read after any write (Apache Cassandra docs, "Dynamo", tunable consistency; seed 000: "with RF
   * = 3 and quorum both ways, 2 + 2 &gt; 3"), and no request waits on another datacenter (seed 000:
   * "Prefer LOCAL_QUORUM across datacenters so a request does not wait on another region").
   */
  static final String LEVEL = "LOCAL_QUORUM";

  /** Nodes per datacenter when the load and data need no more: the model's default. */
  static final int DEFAULT_NODES = CassandraLimits.DEFAULT_NODES_PER_DATACENTER;

  private final StoreId store;

  /**
   * A designer for {@code store}: {@link StoreId#CASSANDRA}, or {@link StoreId#SCYLLADB}, whose
   * design is the same tables with {@code shards:} (cores per node) in a {@code scylladb:} section.
   */
  public CassandraDesigner(StoreId store) {
    if (!store.equals(StoreId.CASSANDRA) && !store.equals(StoreId.SCYLLADB)) {
      throw new IllegalArgumentException("not a CQL store: " + store.id());
    }
    this.store = store;
  }

  @Override
  public StoreId store() {
    return store;
  }

  /**
   * ScyllaDB shards per node in a proposal: one per vCPU of the priced node ("the shard-per-core
   * approach", ScyllaDB manual, "System Requirements"; {@link CassandraNodePrice#VCPUS}); none for
   * Cassandra.
   */
  private int shardsPerNode() {
    return store.equals(StoreId.SCYLLADB) ? CassandraNodePrice.VCPUS : 0;
  }

  /**
   * Operations a second one node is planned to serve: Cassandra's default {@code node_budget}
   * (keyplan's planning figure); for ScyllaDB 12,500 per physical core of the priced node, 50,000/s
   * ({@link CassandraNodePrice#SCYLLA_OPS_PER_CORE}).
   */
  private double nodeBudget() {
    return store.equals(StoreId.SCYLLADB)
        ? CassandraNodePrice.SCYLLA_OPS_PER_CORE * CassandraNodePrice.PHYSICAL_CORES
        : CassandraLimits.DEFAULT_NODE_BUDGET;
  }

  @Override
  public Proposal propose(DesignInput given, String schemaName) {
    Model workload = given.model();
    String keyspace = name(workload.name());
    List<Proposal.Decision> decisions = new ArrayList<>();
    List<Proposal.Unsupported> unsupported = new ArrayList<>();
    Map<String, Table> tables = new LinkedHashMap<>();
    for (AccessPattern p : workload.patterns()) {
      if (!(p.operation() instanceof Operation.Read r)) {
        continue;
      }
      Entity e = workload.entity(r.entity()).orElseThrow();
      Optional<Shape> shape = shape(r, e);
      if (shape.isEmpty()) {
        unsupported.add(
            new Proposal.Unsupported(
                p.id(),
                "restricts no attribute by equality and no time-ordered attribute by range, so"
                    + " no partition key reads it in whole partitions: a table would be scanned"
                    + " whole (ALLOW FILTERING); give the query an attribute to look up by"));
        continue;
      }
      Shape s = shape.get();
      Table t = tables.get(s.key());
      if (t == null) {
        Set<String> names = new LinkedHashSet<>();
        tables.values().forEach(x -> names.add(x.name));
        t = new Table(tableName(e, s, names), e, s);
        if (s.window()) {
          // Its key is the bucket: it needs one from the start (the search picks the width).
          t.bucket = Optional.of(WINDOW_START_SECONDS);
          t.bucketOf = s.clustering().get(0).attribute();
        }
        tables.put(s.key(), t);
      }
      t.patterns.add(p.id());
    }
    // An entity that is written but that no served read has a table for is still stored, keyed
    // by its own key (its first attribute the partition, the rest clustering): a design must keep
    // what the application writes, and reads by key are what such a table serves.
    for (Entity e : workload.entities().values()) {
      boolean written =
          workload.patterns().stream()
              .anyMatch(
                  p ->
                      p.operation() instanceof Operation.Write w
                          && w.entity().equals(e.name())
                          && (w.kind() == Operation.Kind.INSERT
                              || w.kind() == Operation.Kind.UPSERT));
      if (!written || tables.values().stream().anyMatch(t -> t.entity.name().equals(e.name()))) {
        continue;
      }
      List<Clustering> rest = new ArrayList<>();
      for (String a : e.key().subList(1, e.key().size())) {
        rest.add(new Clustering(a, false, "the rest of " + e.name() + "'s key: one row each"));
      }
      Shape s = new Shape(e.name(), List.of(e.key().get(0)), rest);
      Set<String> names = new LinkedHashSet<>();
      tables.values().forEach(x -> names.add(x.name));
      Table t = new Table(tableName(e, s, names), e, s);
      t.reasons.add(
          "no read of "
              + e.name()
              + " is served by a table of its own: it is stored by its key, so that its writes are"
              + " kept and a read by key is served");
      tables.put(s.key(), t);
    }
    // Uniqueness: Cassandra has no unique constraint, so a unique attribute of an entity inserted
    // "if not exists" is claimed by a table keyed by that attribute alone, where the condition
    // decides the value (Paxos among its partition's replicas; the CQL docs, lightweight
    // transactions). A read by the attribute already gives that table; otherwise one is added.
    // An entity inserted without a condition claims nothing: the condition is the workload's.
    for (Entity e : workload.entities().values()) {
      if (inserts(workload, e, true).isEmpty()) {
        continue;
      }
      for (Attribute a : e.attributes().values()) {
        if (unique(e, List.of(a.name())).isEmpty()) {
          continue;
        }
        Shape s = new Shape(e.name(), List.of(a.name()), List.of());
        Table t = tables.get(s.key());
        if (t == null) {
          Set<String> names = new LinkedHashSet<>();
          tables.values().forEach(x -> names.add(x.name));
          t = new Table(tableName(e, s, names), e, s);
          t.reasons.add(
              "no read of "
                  + e.name()
                  + " by "
                  + a.name()
                  + ": the table is there for the claim of each "
                  + a.name()
                  + " alone");
          tables.put(s.key(), t);
        }
        t.claims = a.name();
      }
    }
    // Rows every insert gives a TTL expire by themselves; the table's default TTL makes that
    // hold for a write that forgets one too (an update without USING TTL would otherwise keep
    // its cells for ever): seed 003's sensor table, "default_time_to_live = 2592000 -- Auto-expire
    // after 30 days". The sizing counts one TTL's worth of rows either way (Sizer).
    Map<String, Long> ttls = workload.insertTtls();
    for (Table t : tables.values()) {
      long ttl = ttls.getOrDefault(t.entity.name(), 0L);
      if (ttl > 0) {
        t.ttlSeconds = ttl;
        t.reasons.add(
            "default_time_to_live = "
                + ttl
                + " ("
                + Quantities.formatSeconds(ttl)
                + "): every insert of "
                + t.entity.name()
                + " sets a TTL of "
                + Quantities.formatSeconds(ttl)
                + ", so the table keeps one TTL's worth of rows ("
                + Units.count(t.entity.rowsAfter(workload.horizonSeconds(), ttl))
                + " after "
                + Quantities.formatSeconds(workload.horizonSeconds())
                + (workload.horizonSeconds() > ttl
                    ? ", instead of "
                        + Units.count(t.entity.rowsAfter(workload.horizonSeconds(), 0))
                        + " kept for ever"
                    : "")
                + "); the default expires a write that sets none too (seed 003: \"Auto-expire"
                + " after 30 days\")");
        if (insertedOnly(workload, t.entity)) {
          t.twcs = Optional.of(Twcs.over(ttl));
          t.reasons.add(t.twcs.get().reason(t.entity.name()));
        }
      }
    }
    // The tables as the queries shape them; then, table by table, the fewest write shards and
    // the widest time bucket that leave no finding of a partition too big, too hot, too coarsely
    // keyed or growing without bound (the rules check applies), searched in that order.
    Candidate bucketed = candidate(workload, keyspace, schemaName, tables.values(), DEFAULT_NODES);
    Candidate initial = bucketed;
    for (Table t : tables.values()) {
      List<Finding> before = searched(t, partitionFindings(bucketed.findings(), t.name));
      // A table of time windows is searched even when its starting window passes: the widest
      // window that does is the one that reads fewest partitions for the newest rows.
      if (before.isEmpty() && !t.shape.window()) {
        continue;
      }
      CassandraSizing sized = bucketed.analysis().sizing().get(t.name);
      if (sized == null || !sized.busiest().known()) {
        t.reasons.add(
            "its partitions cannot be sized: the model declares no spread for "
                + String.join(", ", t.shape.partition())
                + " (declare it, or measure it with keyplan analyze); no bucket or shard count"
                + " searched");
        continue;
      }
      Optional<String> time =
          t.shape.clustering().stream()
              .map(Clustering::attribute)
              .filter(a -> t.entity.attribute(a).map(Attribute::timeOrdered).orElse(false))
              .findFirst();
      List<Long> widths = new ArrayList<>();
      widths.add(0L);
      if (time.isPresent()) {
        List<Long> conventional = new ArrayList<>(BucketAdvice.widths());
        Collections.reverse(conventional);
        widths.addAll(conventional);
      }
      List<String> tried = new ArrayList<>();
      Optional<Candidate> found = Optional.empty();
      search:
      for (int n : SHARD_COUNTS) {
        for (long w : widths) {
          if (w == 0 && (n == 0 || t.shape.window())) {
            continue;
          }
          t.shards = n;
          t.bucket = w == 0 ? Optional.empty() : Optional.of(w);
          t.bucketOf = time.orElse("");
          // Incremental: a candidate is the table alone with the patterns it serves and its
          // entity's writes, which are all its partition findings depend on.
          Candidate c =
              candidate(alone(workload, t), keyspace, schemaName, List.of(t), DEFAULT_NODES);
          List<Finding> left = searched(t, partitionFindings(c.findings(), t.name));
          if (left.isEmpty()) {
            found = Optional.of(c);
            break search;
          }
          tried.add(label(n, w) + ": " + rules(left));
        }
      }
      if (found.isPresent()) {
        t.reasons.add(
            (t.shape.window()
                    ? "a table of time windows is searched for the widest window that passes"
                        + (before.isEmpty()
                            ? ""
                            : " (its starting "
                                + Quantities.formatSeconds(WINDOW_START_SECONDS)
                                + " window: "
                                + describe(before)
                                + ")")
                    : "without a bucket or shards, " + describe(before))
                + "; "
                + label(t.shards, t.bucket.orElse(0L))
                + " is the first of "
                + (tried.size() + 1)
                + " candidates (fewest shards of 0, 2, 4 … 256 first, then the widest bucket"
                + (time.isPresent()
                    ? " of " + time.get() + ", 1y down to 1m"
                    : ": none, no clustering attribute is time-ordered")
                + ") that clears it"
                + (tried.isEmpty()
                    ? ""
                    : "; the last one tried before it: " + tried.get(tried.size() - 1)));
        CassandraSizing unbucketed = initial.analysis().sizing().get(t.name);
        if (t.shards == 0
            && t.bucket.isPresent()
            && unbucketed != null
            && unbucketed.advice().isPresent()) {
          t.reasons.add(widthsReason(unbucketed.advice().get()));
        }
      } else {
        t.shards = 0;
        t.bucket = t.shape.window() ? Optional.of(WINDOW_START_SECONDS) : Optional.empty();
        t.reasons.add(
            "no shard suffix of up to 256"
                + (time.isPresent() ? " with any bucket of " + time.get() : "")
                + " clears "
                + describe(before)
                + ": left as the queries shape it (the findings say so); the last of "
                + tried.size()
                + " candidates tried: "
                + tried.get(tried.size() - 1));
      }
    }
    // The whole design once more, with every table's bucket and shards as searched.
    bucketed = candidate(workload, keyspace, schemaName, tables.values(), DEFAULT_NODES);
    // Then the cluster: as many nodes per datacenter as the load and the data need, by the
    // arithmetic ClusterOverCapacity checks (ClusterCapacity.nodesNeeded).
    var cluster = bucketed.analysis().cluster();
    // The section takes at most 10,000 nodes a datacenter: a cluster that needs more is
    // proposed at that bound, and ClusterOverCapacity says how far short it falls.
    // A node count the caller fixes (--nodes) is taken as it is; one under what the workload needs
    // is a constraint the proposal does not meet, said with the figures.
    OptionalInt fixed = given.constraints().nodes();
    int nodes =
        fixed.orElse(
            Math.min(
                CassandraLimits.MAX_NODES_PER_DATACENTER,
                Math.max(DEFAULT_NODES, cluster.nodesNeeded())));
    List<String> unmet = new ArrayList<>();
    if (fixed.isPresent() && cluster.nodesNeeded() > nodes) {
      unmet.add(
          nodes
              + " nodes per datacenter, as fixed, carry less than the workload needs: "
              + Units.count(cluster.nodesNeeded())
              + " (by throughput "
              + Units.count(cluster.nodesByThroughput())
              + ", by storage "
              + storageNodes(cluster)
              + ")");
    }
    Candidate last =
        nodes == DEFAULT_NODES
            ? bucketed
            : candidate(workload, keyspace, schemaName, tables.values(), nodes);
    for (Table t : tables.values()) {
      decisions.add(
          new Proposal.Decision(t.name, t.patterns, t.primaryKey(), decisionReasons(t, last)));
    }
    decisions.addAll(uniqueness(workload, tables.values(), last.analysis(), last.findings()));
    consistency(workload, last.analysis()).ifPresent(decisions::add);
    decisions.add(
        new Proposal.Decision(
            "nodes",
            workload.patterns().stream().map(AccessPattern::id).toList(),
            nodes + " nodes per datacenter",
            nodeReasons(
                cluster,
                (fixed.isPresent() ? "as fixed (--nodes " + nodes + "); the workload needs " : "")
                    + "by throughput "
                    + Units.count(cluster.nodesByThroughput())
                    + " (replica operations over a node budget of "
                    + Units.count(cluster.nodeBudget())
                    + "/s), by storage "
                    + storageNodes(cluster)
                    + (Double.isNaN(cluster.bytes())
                        ? ""
                        : " (the data at the horizon over "
                            + Units.bytes(cluster.bytesPerNodeGuideline())
                            + " a node)")
                    + ", at least the "
                    + cluster.localRf()
                    + " replicas and keyplan's default of "
                    + DEFAULT_NODES
                    + (fixed.isEmpty()
                            && cluster.nodesNeeded() > CassandraLimits.MAX_NODES_PER_DATACENTER
                        ? "; capped at the "
                            + Units.count(CassandraLimits.MAX_NODES_PER_DATACENTER)
                            + " a section takes, short of the "
                            + Units.count(cluster.nodesNeeded())
                            + " needed (ClusterOverCapacity says what drives it): split the load or the data"
                            + " over clusters, or do less work per request"
                        : ""))));
    Map<String, String> requests = new LinkedHashMap<>();
    for (AccessPattern p : workload.patterns()) {
      requests.put(p.id(), request(keyspace, tables.values(), p));
    }
    List<String> residency = workload.residencyAttributes();
    if (!residency.isEmpty()) {
      // The model asks rows to stay in their place; a keyspace's replication places every row in
      // every datacenter it names (Apache Cassandra docs, "Replication", NetworkTopologyStrategy:
      // replicas per datacenter, for every row of the keyspace), so one keyspace cannot.
      unmet.add(
          "residency ("
              + String.join(", ", residency)
              + "): the design's one keyspace replicates every row to each datacenter its"
              + " replication names, so rows are not kept in their place; that takes a keyspace"
              + " per place, replicated to its own datacenter only, each row written to its"
              + " place's, which keyplan's design does not do");
    }
    return new Proposal(
        store,
        last.section(),
        Map.of(schemaName, last.cql()),
        decisions,
        unsupported,
        last.findings(),
        last.analysis(),
        last.analysis().cluster().bytes(),
        last.analysis().cluster().storageKnown()
            ? last.analysis().cluster().bytes()
            : last.analysis().cluster().bytesAtLeast(),
        List.of(cost(given, last.analysis().cluster())),
        requests,
        unmet);
  }

  /**
   * One decision for each unique attribute (not the entity's whole key) of an inserted entity: how
   * its uniqueness is kept. Cassandra has no unique constraint; the standard design is a table
   * keyed by the attribute alone, written with {@code INSERT … IF NOT EXISTS}, a lightweight
   * transaction: Paxos, 4 round trips with the default {@code paxos_variant: v1} (cassandra.yaml
   * docs; seed 000, "LWT cost": "Use one to claim a unique name, not on a hot write path"). The
   * model puts the condition on the pattern ({@code insert: User if not exists}), so the claim is
   * proposed where the workload asks for it, and its cost is the analysis's ({@link
   * ClusterCapacity.PatternLoad}, rule LwtOnHotPath); an insert without a condition is left without
   * one, and the decision says so.
   */
  static List<Proposal.Decision> uniqueness(
      Model workload, Collection<Table> tables, CassandraAnalysis a, List<Finding> findings) {
    List<Proposal.Decision> out = new ArrayList<>();
    for (Entity e : workload.entities().values()) {
      List<AccessPattern> claiming = inserts(workload, e, true);
      List<AccessPattern> plain = inserts(workload, e, false);
      if (claiming.isEmpty() && plain.isEmpty()) {
        continue;
      }
      for (Attribute attr : e.attributes().values()) {
        String u = attr.name();
        if (unique(e, List.of(u)).isEmpty()) {
          continue;
        }
        String target = "unique " + e.name() + "." + u;
        List<String> ids = new ArrayList<>();
        claiming.forEach(p -> ids.add(p.id()));
        plain.forEach(p -> ids.add(p.id()));
        String why =
            u
                + " is unique, and Cassandra has no unique constraint: the standard claim is a table"
                + " keyed by "
                + u
                + " alone, written with INSERT … IF NOT EXISTS, a lightweight transaction (Paxos"
                + " among its partition's replicas; CQL docs, \"lightweight transactions\"), "
                + CassandraLimits.PAXOS_V1_WRITE_ROUND_TRIPS
                + " round trips with the default paxos_variant: v1 (cassandra.yaml docs; seed 000,"
                + " \"LWT cost\": \"Use one to claim a unique name, not on a hot write path\")";
        Optional<Table> claim =
            tables.stream().filter(t -> t.entity == e && t.claims.equals(u)).findFirst();
        if (claim.isEmpty()) {
          List<String> reasons = new ArrayList<>();
          reasons.add(why);
          reasons.add(
              String.join(", ", plain.stream().map(AccessPattern::id).toList())
                  + (plain.size() == 1 ? " inserts " : " insert ")
                  + e.name()
                  + " without a condition, so two rows can share one "
                  + u
                  + " (the last write wins in a table keyed by it); keyplan's model puts the"
                  + " condition on the pattern (insert: "
                  + e.name()
                  + " if not exists), not in the store's section, and the design does not rewrite"
                  + " the workload's patterns: write it there and design again to have the claim"
                  + " proposed and its Paxos rounds counted");
          out.add(new Proposal.Decision(target, ids, "not claimed", reasons));
          continue;
        }
        Table t = claim.get();
        List<String> reasons = new ArrayList<>();
        reasons.add(why);
        List<String> others =
            tables.stream().filter(x -> x.entity == e && x != t).map(x -> x.name).toList();
        reasons.add(
            "the claim runs first, on "
                + t.name
                + " (PRIMARY KEY ("
                + u
                + ")): IF NOT EXISTS decides the "
                + u
                + " itself, not the ("
                + u
                + ", "
                + String.join(", ", t.entity.key())
                + ") pair"
                + (others.isEmpty()
                    ? ""
                    : "; "
                        + String.join(", ", others)
                        + (others.size() == 1 ? " takes" : " take")
                        + " the row only when it is applied ([applied] = true), so "
                        + "LwtAcrossTables' warning is the design (its fix: \"make the conditional"
                        + " table the source of truth\")"));
        for (AccessPattern p : claiming) {
          a.cluster().patterns().stream()
              .filter(l -> l.pattern().equals(p.id()))
              .findFirst()
              .ifPresent(
                  l ->
                      reasons.add(
                          "the analysis counts "
                              + p.id()
                              + "'s rounds: "
                              + Units.rate(p.ratePerSecond())
                              + " make "
                              + Units.rate(l.replicaOpsPerSecond())
                              + " replica writes and "
                              + Units.rate(l.unsimulatedPerSecond())
                              + " more in Paxos rounds"
                              + (others.isEmpty()
                                  ? ""
                                  : ", on every table the insert writes (the model's condition is"
                                      + " the pattern's, not one table's): an upper bound")
                              + "; LwtOnHotPath "
                              + lwtFinding(findings, p)));
        }
        if (!plain.isEmpty()) {
          reasons.add(
              String.join(", ", plain.stream().map(AccessPattern::id).toList())
                  + " insert"
                  + (plain.size() == 1 ? "s " : " ")
                  + e.name()
                  + " without a condition: those rows are not claimed");
        }
        out.add(
            new Proposal.Decision(
                target, ids, "claimed by INSERT INTO " + t.name + " … IF NOT EXISTS", reasons));
      }
    }
    return out;
  }

  /** LwtOnHotPath's word on {@code p}: its finding, or that it finds none. */
  private static String lwtFinding(List<Finding> findings, AccessPattern p) {
    List<Finding> found =
        findings.stream()
            .filter(f -> f.rule().equals("LwtOnHotPath") && f.target().equals(p.id()))
            .toList();
    return found.isEmpty()
        ? "finds no contention on the busiest partition"
        : "says: " + found.get(0).message();
  }

  /**
   * The levels of the patterns that expect to read their writes ({@code expects: read-your-writes})
   * and of the patterns on the other side (the writes of a read's entity, the reads of a write's),
   * with the analysis's arithmetic for each ({@link CassandraAnalysis#consistency()}, what rule
   * ReadYourWritesNotGuaranteed reads): none when no pattern expects it, since every other pattern
   * then runs at the section's default and nothing is chosen for it.
   *
   * <p>The section's defaults are {@link #LEVEL} for reads and writes, which give R + W &gt; RF on
   * every entity; a pattern's own {@code consistency:} is the workload's and is kept (the design
   * appends a section, it does not rewrite patterns): when it breaks the guarantee the reason says
   * which level does, and the finding stays.
   */
  static Optional<Proposal.Decision> consistency(Model workload, CassandraAnalysis a) {
    Map<String, dev.keyplan.cassandra.design.ConsistencyCheck> checks = new LinkedHashMap<>();
    a.consistency().forEach(c -> checks.put(c.pattern().id(), c));
    Set<String> involved = new LinkedHashSet<>();
    List<String> reasons = new ArrayList<>();
    for (AccessPattern p : workload.patterns()) {
      var c = checks.get(p.id());
      if (!p.readYourWrites() || c == null) {
        continue;
      }
      String entity = p.operation().entity();
      List<AccessPattern> others =
          workload.patterns().stream()
              .filter(q -> q.operation().entity().equals(entity) && q.isRead() != p.isRead())
              .toList();
      involved.add(p.id());
      others.forEach(q -> involved.add(q.id()));
      if (others.isEmpty()) {
        reasons.add(
            p.id()
                + " expects read-your-writes, but no pattern "
                + (p.isRead() ? "writes " : "reads ")
                + entity
                + ": nothing to overlap, "
                + c.level()
                + " kept");
        continue;
      }
      List<String> sides = new ArrayList<>();
      int least = Integer.MAX_VALUE;
      for (AccessPattern q : others) {
        var o = checks.get(q.id());
        if (o == null) {
          continue;
        }
        least = Math.min(least, o.replicas());
        sides.add(
            q.id()
                + " "
                + o.replicas()
                + " ("
                + o.level()
                + (q.consistency().isPresent() ? ", the pattern's own" : "")
                + ")");
      }
      String read = p.isRead() ? "reads" : "writes";
      String head =
          p.id()
              + " expects read-your-writes: it "
              + read
              + " at "
              + c.level()
              + (p.consistency().isPresent() ? " (the pattern's own)" : "")
              + ", "
              + c.replicas()
              + " of RF "
              + c.replicationFactor()
              + ", and every "
              + (p.isRead() ? "write" : "read")
              + " of "
              + entity
              + " waits for "
              + String.join(", ", sides);
      if (c.overlapsWrites()) {
        reasons.add(
            head
                + ": R + W = "
                + c.replicas()
                + " + "
                + least
                + " = "
                + (c.replicas() + least)
                + " > RF "
                + c.replicationFactor()
                + ", so "
                + (p.isRead() ? "its read" : "a read")
                + " reaches a replica that took the write (Apache Cassandra docs, \"Dynamo\","
                + " tunable consistency; seed 000: \"with RF = 3 and quorum both ways, 2 + 2 > 3\")");
      } else {
        reasons.add(
            head
                + ": "
                + c.remaining().get(0)
                + "; a pattern's own consistency: is the workload's, which the design does not"
                + " rewrite, so ReadYourWritesNotGuaranteed stays: raise that level (LOCAL_QUORUM"
                + " for both with RF 3) or drop the expectation");
      }
    }
    if (involved.isEmpty()) {
      return Optional.empty();
    }
    reasons.add(
        "the other patterns expect nothing and run at the same defaults, "
            + LEVEL
            + " (the model's): no request waits on another datacenter (seed 000: \"Prefer"
            + " LOCAL_QUORUM across datacenters so a request does not wait on another region\");"
            + " quorum is not a lock, concurrent writes to one row still resolve by timestamp"
            + " (seed 000)");
    return Optional.of(
        new Proposal.Decision(
            "consistency", List.copyOf(involved), "reads " + LEVEL + ", writes " + LEVEL, reasons));
  }

  /**
   * The CQL a pattern runs on the proposal: a read's {@code SELECT} on its table, with the derived
   * bucket (one a query, newest first) and every shard ({@code IN}); a write's statement on every
   * table of its entity, which the denormalised copies all take.
   */
  static String request(String keyspace, Collection<Table> tables, AccessPattern p) {
    if (p.operation() instanceof Operation.Read r) {
      for (Table t : tables) {
        if (t.patterns.contains(p.id())) {
          return select(keyspace, t, r);
        }
      }
      return "no table: not supported";
    }
    Operation.Write w = (Operation.Write) p.operation();
    List<String> out = new ArrayList<>();
    Entity counted =
        tables.stream()
            .map(t -> t.entity)
            .filter(e -> e.name().equals(w.entity()))
            .findFirst()
            .orElse(null);
    if (w.kind() == Operation.Kind.INCREMENT && counted != null && hasCounters(counted)) {
      return "UPDATE "
          + keyspace
          + "."
          + counterTable(counted)
          + " SET "
          + String.join(", ", w.set().stream().map(a -> a + " = " + a + " + ?").toList())
          + " WHERE "
          + String.join(" AND ", counted.key().stream().map(k -> k + " = ?").toList());
    }
    // A claimed insert runs its condition on the claiming tables first; the others take the row
    // once it is applied.
    boolean claimed =
        w.isLightweightTransaction()
            && (w.kind() == Operation.Kind.INSERT || w.kind() == Operation.Kind.UPSERT)
            && tables.stream()
                .anyMatch(t -> t.entity.name().equals(w.entity()) && !t.claims.isEmpty());
    List<String> after = new ArrayList<>();
    for (Table t : tables) {
      if (!t.entity.name().equals(w.entity())) {
        continue;
      }
      List<String> into = claimed && t.claims.isEmpty() ? after : out;
      String table = keyspace + "." + t.name;
      List<String> key = new ArrayList<>(t.shape.partition());
      t.bucket.ifPresent(b -> key.add("bucket"));
      if (t.shards > 0) {
        key.add("shard");
      }
      t.shape.clustering().forEach(c -> key.add(c.attribute()));
      String where = String.join(" AND ", key.stream().map(k -> k + " = ?").toList());
      into.add(
          switch (w.kind()) {
            case INSERT, UPSERT -> {
              List<String> cols = new ArrayList<>();
              t.entity.attributes().values().stream()
                  .filter(a -> !isCounter(a))
                  .forEach(a -> cols.add(a.name()));
              t.bucket.ifPresent(b -> cols.add("bucket"));
              if (t.shards > 0) {
                cols.add("shard");
              }
              yield "INSERT INTO "
                  + table
                  + " ("
                  + String.join(", ", cols)
                  + ") VALUES ("
                  + String.join(", ", cols.stream().map(c -> "?").toList())
                  + ")"
                  + (w.condition().isPresent() && (!claimed || !t.claims.isEmpty())
                      ? " IF NOT EXISTS"
                      : "");
            }
            case DELETE -> "DELETE FROM " + table + " WHERE " + where;
            case INCREMENT ->
                "UPDATE "
                    + table
                    + " SET "
                    + String.join(", ", w.set().stream().map(a -> a + " = " + a + " + ?").toList())
                    + " WHERE "
                    + where;
            default ->
                "UPDATE "
                    + table
                    + " SET "
                    + String.join(", ", w.set().stream().map(a -> a + " = ?").toList())
                    + " WHERE "
                    + where;
          });
    }
    if (!after.isEmpty()) {
      return String.join("; ", out) + "; then, if applied: " + String.join("; ", after);
    }
    return out.isEmpty() ? "no table of " + w.entity() : String.join("; ", out);
  }

  private static String select(String keyspace, Table t, Operation.Read r) {
    List<String> where = new ArrayList<>();
    for (Operation.Condition c : r.where()) {
      where.add(
          switch (c.comparison()) {
            case EQ -> c.attribute() + " = ?";
            case IN -> c.attribute() + " IN ?";
            case RANGE -> c.attribute() + " >= ? AND " + c.attribute() + " < ?";
            default -> c.attribute() + " CONTAINS ?";
          });
    }
    t.bucket.ifPresent(b -> where.add("bucket = ?"));
    if (t.shards > 0) {
      where.add("shard IN ?");
    }
    StringBuilder b =
        new StringBuilder("SELECT ")
            .append(r.select().isEmpty() ? "*" : String.join(", ", r.select()))
            .append(" FROM ")
            .append(keyspace)
            .append('.')
            .append(t.name)
            .append(" WHERE ")
            .append(String.join(" AND ", where));
    if (!r.orderBy().isEmpty() && t.shards == 0) {
      b.append(" ORDER BY ")
          .append(
              String.join(
                  ", ",
                  r.orderBy().stream()
                      .map(o -> o.attribute() + (o.descending() ? " DESC" : " ASC"))
                      .toList()));
    }
    r.limit().ifPresent(n -> b.append(" LIMIT ").append(n));
    if (t.bucket.isPresent()) {
      b.append(" (one bucket a query, newest first, until the limit)");
    }
    if (t.shards > 0) {
      b.append(" (every shard, merged by the client)");
    }
    return b.toString();
  }

  /**
   * The workload as one table's search sees it: the reads it serves and every write of its entity,
   * the patterns its sizes and heat come from.
   */
  private static Model alone(Model workload, Table t) {
    List<AccessPattern> patterns = new ArrayList<>();
    for (AccessPattern p : workload.patterns()) {
      boolean served = t.patterns.contains(p.id());
      boolean writes =
          p.operation() instanceof Operation.Write w && w.entity().equals(t.entity.name());
      if (served || writes) {
        patterns.add(p);
      }
    }
    return new Model(
        workload.name(),
        workload.file(),
        workload.horizonSeconds(),
        workload.entities(),
        patterns,
        workload.designs(),
        workload.location());
  }

  /** Returns true if {@code a} is a Cassandra counter. */
  static boolean isCounter(Attribute a) {
    return a.type().equalsIgnoreCase("counter");
  }

  /**
   * Returns true if {@code e} has counters and a key to keep them by: Cassandra keeps them in a
   * table of their own ("a table that contains a counter column can only contain counter columns
   * besides its primary key", CQL reference, "Counters").
   */
  static boolean hasCounters(Entity e) {
    return !e.key().isEmpty()
        && e.attributes().values().stream().anyMatch(CassandraDesigner::isCounter);
  }

  /** The counter table of {@code e}: {@code <entity>_counters}. */
  static String counterTable(Entity e) {
    return name(e.name()) + "_counters";
  }

  /** The counter table's CQL: the entity's key as its partition key, then its counters. */
  static String counterCql(String keyspace, Entity e) {
    StringBuilder b =
        new StringBuilder("CREATE TABLE ")
            .append(keyspace)
            .append('.')
            .append(counterTable(e))
            .append(" (\n");
    for (String k : e.key()) {
      b.append("  ")
          .append(k)
          .append(' ')
          .append(e.attribute(k).orElseThrow().type())
          .append(",\n");
    }
    for (Attribute a : e.attributes().values()) {
      if (isCounter(a)) {
        b.append("  ").append(a.name()).append(" counter,\n");
      }
    }
    b.append("  PRIMARY KEY (")
        .append(e.key().size() == 1 ? e.key().get(0) : "(" + String.join(", ", e.key()) + ")")
        .append(")\n);\n");
    return b.toString();
  }

  /** The node count's reasons, with ScyllaDB's shards and budget where the store is ScyllaDB. */
  /**
   * The nodes the data needs, or why that is unknown: a table whose partitions have no spread has
   * no size, and the cluster's data is then unknown, so the count is by throughput alone.
   */
  private static String storageNodes(ClusterCapacity cluster) {
    if (cluster.storageKnown()) {
      return Units.count(cluster.nodesByStorage());
    }
    String why =
        "a table's partitions are unsized: declare the spread of its partition key, or measure it"
            + " with keyplan analyze";
    return Double.isNaN(cluster.bytesAtLeast())
        ? "unknown (" + why + "; the count is by throughput alone)"
        : "at least "
            + Units.count(cluster.nodesByStorage())
            + " (at least "
            + Units.bytes(cluster.bytesAtLeast())
            + ", its rows × their bytes counted; "
            + why
            + ")";
  }

  private List<String> nodeReasons(ClusterCapacity cluster, String sizing) {
    List<String> out = new ArrayList<>(List.of(sizing));
    if (shardsPerNode() > 0) {
      out.add(
          "shards: "
              + shardsPerNode()
              + " a node, one per vCPU of an "
              + CassandraNodePrice.INSTANCE
              + " (ScyllaDB's shard-per-core design, \"System Requirements\"); node_budget "
              + Units.count(nodeBudget())
              + "/s, ScyllaDB's \"at least 12.5K operations per second per physical core\" ×"
              + " its "
              + CassandraNodePrice.PHYSICAL_CORES
              + " physical cores (\"Benchmarking ScyllaDB\"): measure yours");
    }
    return out;
  }

  /**
   * The self-managed cluster's monthly cost: nodes per datacenter as the proposal sizes them (the
   * replica operations over the node budget, the data over 2 TB a node, never fewer than keyplan's
   * default of 6, or as many as the caller fixes), each at the priced node's hourly price × 730
   * ({@link CassandraNodePrice}), in every datacenter.
   */
  private MonthlyCost cost(DesignInput given, ClusterCapacity cluster) {
    String name = store.id() + ".node";
    double hourly = given.prices().hourly(name, CassandraNodePrice.USD_PER_HOUR);
    double dcs = Math.max(1, cluster.datacenters());
    double load =
        cluster.nodeBudget() > 0 ? cluster.replicaOpsPerSecond() / (cluster.nodeBudget() * dcs) : 0;
    // With a table's size unknown, the data priced is its lower bound (the basis says so).
    double bytes = cluster.storageKnown() ? cluster.bytes() : cluster.bytesAtLeast();
    double data = Double.isNaN(bytes) ? 0 : bytes / (cluster.bytesPerNodeGuideline() * dcs);
    return new MonthlyCost(
        "self-managed, " + CassandraNodePrice.INSTANCE + " nodes",
        (given.prices().given(name)
                ? "$" + hourly + " an hour, as given (--price " + name + ")"
                : CassandraNodePrice.INSTANCE
                    + " on demand, "
                    + CassandraNodePrice.REGION
                    + ", $"
                    + hourly
                    + " an hour ("
                    + CassandraNodePrice.SOURCE
                    + ", read "
                    + CassandraNodePrice.CHECKED
                    + ")")
            + (dcs > 1 ? "; the nodes counted are each datacenter's, priced × " + (int) dcs : ""),
        "node",
        hourly * MonthlyCost.HOURS_PER_MONTH * dcs,
        load,
        data,
        given.constraints().nodes().orElse(Math.max(cluster.localRf(), DEFAULT_NODES)),
        0,
        0,
        "compute and local disks; no network, backups or operators"
            + (cluster.storageKnown()
                ? ""
                : Double.isNaN(cluster.bytesAtLeast())
                    ? "; the data's size is unknown"
                    : "; the data counted is a lower bound (a table's partitions are unsized)"));
  }

  /** A design's texts, analysis and findings. */
  private record Candidate(
      String section, String cql, CassandraAnalysis analysis, List<Finding> findings) {}

  private Candidate candidate(
      Model workload, String keyspace, String schemaName, Collection<Table> tables, int nodes) {
    StringBuilder cql = new StringBuilder();
    // Cassandra and ScyllaDB refuse a datacenter name the cluster does not have ("Unrecognized
    // strategy option {dc1} passed to NetworkTopologyStrategy"), so the placeholder says so.
    cql.append(
            "-- dc1 stands for your datacenter's name (nodetool status): the server refuses a"
                + " replication option for a datacenter it does not have.\n")
        .append("CREATE KEYSPACE ")
        .append(keyspace)
        .append(" WITH replication = {'class': 'NetworkTopologyStrategy', 'dc1': ")
        .append(REPLICATION)
        .append("};\n");
    Map<String, CassandraDesign.Derived> derived = new LinkedHashMap<>();
    StringBuilder section = new StringBuilder(store.id()).append(":\n");
    section.append("  schema: ").append(schemaName).append('\n');
    if (shardsPerNode() > 0) {
      section.append("  shards: ").append(shardsPerNode()).append('\n');
      section
          .append("  node_budget: ")
          .append(Units.count(nodeBudget()).replace(",", ""))
          .append("/s\n");
    }
    section
        .append("  consistency: {read: ")
        .append(LEVEL)
        .append(", write: ")
        .append(LEVEL)
        .append("}\n");
    if (nodes != DEFAULT_NODES) {
      section.append("  nodes: ").append(nodes).append('\n');
    }
    List<String> derivedLines = new ArrayList<>();
    Set<String> counted = new LinkedHashSet<>();
    for (Table t : tables) {
      if (hasCounters(t.entity) && counted.add(t.entity.name())) {
        cql.append('\n').append(counterCql(keyspace, t.entity));
      }
    }
    for (Table t : tables) {
      cql.append('\n').append(t.cql(keyspace));
      t.bucket.ifPresent(
          w -> {
            derived.put(
                t.name + ".bucket",
                new CassandraDesign.Derived(
                    t.name, "bucket", w, Optional.of(t.bucketOf), 0, Location.NONE));
            derivedLines.add(
                "    "
                    + t.name
                    + ".bucket: {window: "
                    + Quantities.formatSeconds(w)
                    + ", of: "
                    + t.bucketOf
                    + "}\n");
          });
      if (t.shards > 0) {
        derived.put(
            t.name + ".shard",
            new CassandraDesign.Derived(
                t.name, "shard", 0, Optional.empty(), t.shards, Location.NONE));
        derivedLines.add("    " + t.name + ".shard: {shards: " + t.shards + "}\n");
      }
    }
    if (!derivedLines.isEmpty()) {
      section.append("  derived:\n");
      derivedLines.forEach(section::append);
    }
    CqlSchema schema;
    try {
      schema = CqlParser.parse(schemaName, cql.toString());
    } catch (dev.keyplan.input.InputException e) {
      // The designer wrote this CQL: a statement its own parser refuses is keyplan's bug.
      throw new IllegalStateException(
          "keyplan design wrote CQL that keyplan refuses: " + e.getMessage(), e);
    }
    CassandraDesign design =
        new CassandraDesign(
            store.id(),
            Path.of(schemaName),
            Location.NONE,
            List.of(keyspace),
            LEVEL,
            Location.NONE,
            LEVEL,
            Location.NONE,
            derived,
            Map.of(),
            nodeBudget(),
            CassandraLimits.DEFAULT_ROUND_TRIP_MILLIS,
            shardsPerNode(),
            nodes,
            Location.NONE);
    List<StoreDesign> designs = new ArrayList<>(workload.designs());
    designs.add(design);
    Model m =
        new Model(
            workload.name(),
            workload.file(),
            workload.horizonSeconds(),
            workload.entities(),
            workload.patterns(),
            designs,
            workload.location());
    CassandraAnalysis analysis = CassandraAnalyzer.analyze(m, design, schema);
    return new Candidate(
        section.toString(), cql.toString(), analysis, Checker.builtIn().check(analysis));
  }

  private static List<String> decisionReasons(Table t, Candidate c) {
    List<String> out = new ArrayList<>();
    Shape s = t.shape;
    if (s.window()) {
      out.add(
          "partition key (bucket"
              + (t.shards > 0 ? ", shard" : "")
              + "): "
              + String.join(", ", t.patterns)
              + " restrict"
              + (t.patterns.size() == 1 ? "s" : "")
              + " nothing by equality but "
              + s.clustering().get(0).attribute()
              + ", time-ordered, by range or order: a table of time windows, each read whole"
              + " from the newest (or oldest) until the limit; every write of a window goes to"
              + (t.shards > 0 ? " its " + t.shards + " shards" : " its one partition")
              + ", so LowCardinalityPartitionKey's warning is the design"
              + (t.shards > 0 ? ", and the shards are what spreads the window's writes" : ""));
    } else {
      out.add(
          "partition key ("
              + String.join(", ", s.partition())
              + "): what "
              + String.join(", ", t.patterns)
              + " restrict"
              + (t.patterns.size() == 1 ? "s" : "")
              + " by equality, so each reads one partition");
    }
    unique(t.entity, s.partition())
        .ifPresent(
            u ->
                out.add(
                    u
                        + " is unique: one row a partition, so "
                        + t.entity.name()
                        + "'s key does not follow as clustering (the value alone names the row)"));
    if (!s.clustering().isEmpty()) {
      List<String> parts = new ArrayList<>();
      for (Clustering k : s.clustering()) {
        parts.add(k.attribute() + " " + (k.descending() ? "DESC" : "ASC") + " (" + k.why() + ")");
      }
      out.add("clustering " + String.join(", ", parts));
    }
    out.addAll(t.reasons);
    CassandraSizing sizing = c.analysis().sizing().get(t.name);
    if (sizing != null && sizing.busiest().known()) {
      out.add(
          "busiest partition "
              + size(sizing.busiest())
              + (t.bucket.isPresent() ? " per bucket" : " at the horizon")
              + "; the table holds "
              + Units.count(sizing.rows())
              + " rows in "
              + Units.count(sizing.partitions())
              + " partitions");
    }
    return out;
  }

  /** Each conventional width's busiest partition, as check's bucket advice computes it. */
  private static String widthsReason(BucketAdvice advice) {
    List<String> widths = new ArrayList<>();
    for (BucketAdvice.Option o : advice.options()) {
      widths.add(
          Quantities.formatSeconds(o.windowSeconds())
              + " "
              + size(o.busiest())
              + (o.fits() ? "" : " (over)"));
    }
    return "busiest partition per bucket width, within the guidelines (100,000 values, 100 MB)"
        + " or over: "
        + String.join("; ", widths);
  }

  private static String size(PartitionSize p) {
    return Units.count(p.values()) + " values, " + Units.bytes(p.diskBytes());
  }

  /** A clustering column and why it is there. */
  private record Clustering(String attribute, boolean descending, String why) {}

  /**
   * A query's shape: the partition key and the clustering columns.
   *
   * @param entity the entity read
   * @param partition attributes restricted by equality, in the order written
   * @param clustering the order, the ranges, then the entity key's rest
   */
  /**
   * A query shape: the partition key's attributes, the clustering columns. A shape with no
   * partition attribute is a table of time windows: its partition key is the bucket of its first
   * clustering column, time-ordered (and shards, when the search adds them).
   */
  private record Shape(String entity, List<String> partition, List<Clustering> clustering) {
    boolean window() {
      return partition.isEmpty();
    }

    /** Queries with the same key share a table. */
    String key() {
      List<String> c = new ArrayList<>();
      clustering.forEach(k -> c.add(k.attribute() + (k.descending() ? "-" : "+")));
      return entity + "|" + partition + "|" + c;
    }
  }

  private static Optional<Shape> shape(Operation.Read r, Entity e) {
    List<String> partition = r.equalities();
    List<String> ranges = new ArrayList<>();
    for (Operation.Condition c : r.where()) {
      if (!partition.contains(c.attribute()) && !ranges.contains(c.attribute())) {
        ranges.add(c.attribute());
      }
    }
    List<Clustering> clustering = new ArrayList<>();
    if (partition.isEmpty()) {
      // No equality to key by: only a range (or order) on a time-ordered attribute can still read
      // whole partitions, each a window of time (a time-series table: the bucket alone, or with
      // shards, keys it); anything else would scan the table.
      Optional<String> time =
          Stream.concat(r.orderBy().stream().map(Operation.Order::attribute), ranges.stream())
              .filter(a -> e.attribute(a).map(Attribute::timeOrdered).orElse(false))
              .findFirst();
      if (time.isEmpty()) {
        return Optional.empty();
      }
      boolean newestFirst = r.orderBy().isEmpty() || r.orderBy().get(0).descending();
      clustering.add(
          new Clustering(
              time.get(),
              newestFirst,
              "time-ordered: the windows are its buckets, read "
                  + (newestFirst ? "newest" : "oldest")
                  + " first"));
    }
    Set<String> used = new LinkedHashSet<>(partition);
    clustering.forEach(c -> used.add(c.attribute()));
    for (Operation.Order o : r.orderBy()) {
      if (used.add(o.attribute())) {
        clustering.add(new Clustering(o.attribute(), o.descending(), "the order the query reads"));
      }
    }
    boolean descending =
        !clustering.isEmpty()
            ? clustering.get(0).descending()
            : !r.orderBy().isEmpty() && r.orderBy().get(0).descending();
    for (String a : ranges) {
      if (used.add(a)) {
        clustering.add(new Clustering(a, descending, "the range the query restricts"));
      }
    }
    // A unique attribute in the partition key names one row already (docs/model.md: "a row is
    // identified by its entity's key, or by any unique attribute"): the key need not follow, and
    // must not, for INSERT … IF NOT EXISTS to claim the value rather than the (value, key) pair.
    if (unique(e, partition).isEmpty()) {
      for (String a : e.key()) {
        if (used.add(a)) {
          clustering.add(
              new Clustering(a, descending, "the rest of " + e.name() + "'s key: one row each"));
        }
      }
    }
    return Optional.of(new Shape(e.name(), partition, clustering));
  }

  /** The first of {@code attributes} that is unique in {@code e} and not its whole key. */
  static Optional<String> unique(Entity e, List<String> attributes) {
    return attributes.stream()
        .filter(a -> !e.key().equals(List.of(a)))
        .filter(a -> e.attribute(a).map(Attribute::unique).orElse(false))
        .findFirst();
  }

  /**
   * Returns the inserts and upserts of {@code e}, those with a condition ({@code if not exists}).
   */
  static List<AccessPattern> inserts(Model model, Entity e, boolean conditional) {
    return model.patterns().stream()
        .filter(
            p ->
                p.operation() instanceof Operation.Write w
                    && w.entity().equals(e.name())
                    && (w.kind() == Operation.Kind.INSERT || w.kind() == Operation.Kind.UPSERT)
                    && w.isLightweightTransaction() == conditional)
        .toList();
  }

  /** Returns true if every write of {@code e} is an insert (no update, upsert, delete or count). */
  private static boolean insertedOnly(Model model, Entity e) {
    return model.patterns().stream()
        .map(AccessPattern::operation)
        .filter(o -> o instanceof Operation.Write && o.entity().equals(e.name()))
        .allMatch(o -> ((Operation.Write) o).kind() == Operation.Kind.INSERT);
  }

  /**
   * TimeWindowCompactionStrategy for a table whose rows are only inserted, each with a TTL: the
   * Apache Cassandra docs call it "the recommended compaction strategy for time-series and expiring
   * Time-To-Live (TTL) workloads" ("Time Window Compaction Strategy"): an sstable per window,
   * dropped whole once it expires. Its window is the smallest whole number of minutes, hours or
   * days that makes fewer than 50 windows over the TTL, as the strategy's author advises ("target
   * fewer than 50 buckets per table based on your TTL", jeffjirsa/twcs README). Worked numbers: a
   * 12-hour TTL, 43,200 s ÷ 50 = 864 s, 15 minutes (48 windows); 30 days, 51,840 s, 15 hours (48);
   * a year, 630,720 s, 8 days (45.6).
   *
   * @param unit {@code MINUTES}, {@code HOURS} or {@code DAYS}
   * @param size units a window
   * @param ttlSeconds the TTL the windows divide
   */
  record Twcs(String unit, long size, long ttlSeconds) {
    /** Most windows over the TTL, exclusive. */
    static final int MAX_WINDOWS = 50;

    static Twcs over(long ttlSeconds) {
      double least = (double) ttlSeconds / MAX_WINDOWS;
      if (least < 3_600) {
        return new Twcs("MINUTES", Math.max(1, (long) Math.ceil(least / 60)), ttlSeconds);
      }
      if (least < 86_400) {
        return new Twcs("HOURS", (long) Math.ceil(least / 3_600), ttlSeconds);
      }
      return new Twcs("DAYS", (long) Math.ceil(least / 86_400), ttlSeconds);
    }

    long windowSeconds() {
      return size * (unit.equals("MINUTES") ? 60 : unit.equals("HOURS") ? 3_600 : 86_400);
    }

    String cql() {
      return "compaction = {'class': 'TimeWindowCompactionStrategy', 'compaction_window_unit': '"
          + unit
          + "', 'compaction_window_size': '"
          + size
          + "'}";
    }

    String reason(String entity) {
      return "TimeWindowCompactionStrategy, "
          + Quantities.formatSeconds(windowSeconds())
          + " windows ("
          + Units.count((double) ttlSeconds / windowSeconds())
          + " over the "
          + Quantities.formatSeconds(ttlSeconds)
          + " TTL): every write of "
          + entity
          + " is an insert with a TTL, and TWCS drops an sstable whole once its window expires"
          + " (Apache Cassandra docs, \"Time Window Compaction Strategy\": \"the recommended"
          + " compaction strategy for time-series and expiring Time-To-Live (TTL) workloads\");"
          + " the window is the smallest that makes fewer than 50 over the TTL (jeffjirsa/twcs:"
          + " \"target fewer than 50 buckets per table based on your TTL\")";
    }
  }

  /** A proposed table; its bucket is set by the second pass. */
  private static final class Table {
    final String name;
    final Entity entity;
    final Shape shape;
    final List<String> patterns = new ArrayList<>();
    final List<String> reasons = new ArrayList<>();
    Optional<Long> bucket = Optional.empty();
    String bucketOf = "";
    int shards;
    long ttlSeconds;
    Optional<Twcs> twcs = Optional.empty();

    /** The unique attribute whose values this table claims with IF NOT EXISTS, or empty. */
    String claims = "";

    Table(String name, Entity entity, Shape shape) {
      this.name = name;
      this.entity = entity;
      this.shape = shape;
    }

    String primaryKey() {
      List<String> pk = new ArrayList<>(shape.partition());
      bucket.ifPresent(w -> pk.add("bucket"));
      if (shards > 0) {
        pk.add("shard");
      }
      List<String> key = new ArrayList<>();
      key.add(pk.size() == 1 ? pk.get(0) : "(" + String.join(", ", pk) + ")");
      shape.clustering().forEach(c -> key.add(c.attribute()));
      return "PRIMARY KEY (" + String.join(", ", key) + ")";
    }

    String cql(String keyspace) {
      StringBuilder b = new StringBuilder();
      b.append("CREATE TABLE ").append(keyspace).append('.').append(name).append(" (\n");
      for (Attribute a : entity.attributes().values()) {
        if (!isCounter(a)) {
          b.append("  ").append(a.name()).append(' ').append(a.type()).append(",\n");
        }
      }
      if (bucket.isPresent()) {
        b.append("  bucket int,\n");
      }
      if (shards > 0) {
        b.append("  shard int,\n");
      }
      b.append("  ").append(primaryKey()).append('\n').append(')');
      List<String> options = new ArrayList<>();
      if (!shape.clustering().isEmpty()) {
        List<String> order = new ArrayList<>();
        shape
            .clustering()
            .forEach(c -> order.add(c.attribute() + (c.descending() ? " DESC" : " ASC")));
        options.add("CLUSTERING ORDER BY (" + String.join(", ", order) + ")");
      }
      if (ttlSeconds > 0) {
        options.add("default_time_to_live = " + ttlSeconds);
      }
      twcs.ifPresent(x -> options.add(x.cql()));
      if (!options.isEmpty()) {
        b.append(" WITH ").append(String.join("\n  AND ", options));
      }
      return b.append(";\n").toString();
    }
  }

  /**
   * {@code <entity>_by_<partition key>} in snake case; {@code _2}, {@code _3}… after it when
   * another shape (another clustering) already took the name.
   */
  private static String tableName(Entity e, Shape s, Set<String> taken) {
    String base =
        name(e.name())
            + "_by_"
            + (s.window()
                ? "window"
                : String.join("_", s.partition().stream().map(CassandraDesigner::name).toList()));
    String name = base;
    for (int i = 2; taken.contains(name); i++) {
      name = base + "_" + i;
    }
    return name;
  }

  /** A CQL name from a model name: snake case, lower case. */
  static String name(String s) {
    return s.replaceAll("([a-z0-9])([A-Z])", "$1_$2")
        .replaceAll("[^A-Za-z0-9_]", "_")
        .toLowerCase(Locale.ROOT);
  }
}
