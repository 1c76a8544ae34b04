package dev.keyplan.cassandra.design;

import dev.keyplan.cassandra.model.CassandraDesign;
import dev.keyplan.model.AccessPattern;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * Load on each table's busiest partition. A pattern at rate {@code r} sends {@code r × s} requests
 * per second to the partition of the busiest key, where {@code s} is that key's share: the
 * pattern's own {@code spread:} if it has one, otherwise the entity's (so reads follow writes),
 * divided by the shard suffix's values.
 *
 * <p>A write that fans out ({@code fan_out:}) writes N rows a request, so its rate is N × r.
 *
 * <p>Every replica applies every write, so one replica of the partition serves all its writes; a
 * read at consistency level L contacts {@code replicas(L)} of the RF replicas, spread evenly.
 * Lightweight transactions count once per Paxos round trip. Example: 100 writes/s and 20 reads/s at
 * LOCAL_QUORUM with RF 3 load each replica with 100 + 20 × 2 / 3 ≈ 113 operations/s.
 */
final class HeatAnalysis {
  private final CassandraDesign design;
  private final List<BoundTable> tables;
  private final Map<String, CassandraSizing> sizing;
  private final ConsistencyAnalysis consistency;

  HeatAnalysis(
      CassandraDesign design,
      List<BoundTable> tables,
      Map<String, CassandraSizing> sizing,
      ConsistencyAnalysis consistency) {
    this.design = design;
    this.tables = tables;
    this.sizing = sizing;
    this.consistency = consistency;
  }

  Map<String, CassandraHeat> heat(List<CassandraPlan> plans) {
    double budget =
        design.isScylla() ? design.nodeBudget() / design.shardsPerNode() : design.nodeBudget();
    // Each plan touches few tables: index them once rather than scanning every plan per table.
    Map<String, List<String>> views = new java.util.HashMap<>();
    for (BoundTable t : tables) {
      t.table()
          .viewOf()
          .ifPresent(
              base -> views.computeIfAbsent(base, k -> new java.util.ArrayList<>()).add(t.name()));
    }
    Map<String, List<CassandraPlan>> reads = new java.util.HashMap<>();
    Map<String, List<CassandraPlan>> writes = new java.util.HashMap<>();
    for (CassandraPlan plan : plans) {
      if (plan.pattern().isRead()) {
        // A read's related entities (with:) load their own tables' partitions too.
        for (CassandraPlan part : plan.requests()) {
          if (!part.tables().isEmpty()
              && part.access().ordinal() <= CassandraAccess.APPLICATION_JOIN.ordinal()) {
            reads.computeIfAbsent(part.tables().get(0), k -> new java.util.ArrayList<>()).add(part);
          }
        }
      } else {
        for (String t : new java.util.LinkedHashSet<>(plan.tables())) {
          writes.computeIfAbsent(t, k -> new java.util.ArrayList<>()).add(plan);
          // The server writes every materialized view of a written base table.
          for (String view : views.getOrDefault(t, List.of())) {
            writes.computeIfAbsent(view, k -> new java.util.ArrayList<>()).add(plan);
          }
        }
      }
    }
    Map<String, CassandraHeat> out = new LinkedHashMap<>();
    for (BoundTable t : tables) {
      double rows = sizing.get(t.name()).rows();
      double[] w = busiest(writes.getOrDefault(t.name(), List.of()), t, rows);
      double[] r = busiest(reads.getOrDefault(t.name(), List.of()), t, rows);
      // Without the key's spread the busiest partition's load is unknown (NaN), not zero.
      out.put(t.name(), new CassandraHeat(t.name(), w[0], r[0], w[1] + r[1], budget));
    }
    return out;
  }

  /**
   * Returns {requests/s, load on one replica/s} of {@code plans} on the busiest partition of {@code
   * t}, or NaNs if a plan's key spread is unknown. A write loads each replica once per Paxos round;
   * a read loads the replicas it contacts, spread over RF.
   */
  private double[] busiest(List<CassandraPlan> plans, BoundTable t, double rows) {
    double rate = 0;
    double load = 0;
    for (CassandraPlan plan : plans) {
      AccessPattern p = plan.pattern();
      OptionalDouble share = t.patternShare(p, rows);
      if (share.isEmpty()) {
        return new double[] {Double.NaN, Double.NaN};
      }
      // A fan-out writes N rows a request: keyed by its each they spread over that key's values
      // (its share), keyed by its per all N land in one partition; either way N × rate × share.
      double r = p.ratePerSecond() * t.rowsWritten(p) * share.getAsDouble();
      // The replicas and RF are the table's own keyspace's.
      double perReplica =
          p.isRead()
              ? consistency.replicasOf(p, t.name()) / (double) consistency.rfOf(p, t.name())
              : 1;
      rate += r;
      load += r * rounds(p) * perReplica;
    }
    return new double[] {rate, load};
  }

  private int rounds(AccessPattern p) {
    return Math.max(1, ConsistencyAnalysis.paxosRoundTrips(p, consistency.levelOf(p)));
  }
}
