package dev.keyplan.cassandra.design;

import dev.keyplan.cassandra.facts.CassandraLimits;
import dev.keyplan.cassandra.facts.ConsistencyLevels;
import dev.keyplan.cassandra.model.CassandraDesign;
import dev.keyplan.input.Location;
import dev.keyplan.model.AccessPattern;
import dev.keyplan.model.Model;
import dev.keyplan.model.Operation;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The consistency arithmetic of each pattern: replicas waited for, R + W &gt; RF against the writes
 * (or reads) of the same entity, Paxos round trips, and the anomalies that remain. Sources: Apache
 * Cassandra docs, "Dynamo" (tunable consistency) and the CQL docs on lightweight transactions; seed
 * 000, "Quorum is not a lock".
 *
 * <p>Every figure counts against the replication of the table a pattern reads or writes, from its
 * own keyspace: a read of a table in an RF 1 keyspace waits for its one replica, whatever the RF of
 * the other keyspaces of the model.
 */
final class ConsistencyAnalysis {
  private final Model model;
  private final CassandraDesign design;
  private final Map<String, TableReplication> replication;
  private final TableReplication fallback;

  /**
   * @param replication each table's replication, by table name
   * @param fallback the design keyspace's, for a pattern no table serves
   */
  ConsistencyAnalysis(
      Model model,
      CassandraDesign design,
      Map<String, TableReplication> replication,
      TableReplication fallback) {
    this.model = model;
    this.design = design;
    this.replication = Map.copyOf(replication);
    this.fallback = fallback;
  }

  /** Returns the replication of {@code table} (the design keyspace's when null or unknown). */
  TableReplication replication(String table) {
    return table == null ? fallback : replication.getOrDefault(table, fallback);
  }

  /** Returns the level pattern {@code p} runs at. */
  String levelOf(AccessPattern p) {
    return p.consistency()
        .orElse(p.isRead() ? design.readConsistency() : design.writeConsistency());
  }

  /** Returns the replicas of {@code table} that answer at the pattern's level. */
  int replicasOf(AccessPattern p, String table) {
    TableReplication r = replication(table);
    return ConsistencyLevels.replicas(levelOf(p), r.localRf(), r.totalRf(), r.dcs());
  }

  /** Returns the replication factor of {@code table} the pattern's level counts against. */
  int rfOf(AccessPattern p, String table) {
    TableReplication r = replication(table);
    return ConsistencyLevels.isLocal(levelOf(p)) ? r.localRf() : r.totalRf();
  }

  /** A level the entity's reads use, on the table that serves them. */
  private record ReadSide(String level, String table) {}

  /** Returns the Paxos round trips of a lightweight transaction or serial read, 0 otherwise. */
  static int paxosRoundTrips(AccessPattern p, String level) {
    if (p.operation() instanceof Operation.Write
        && ((Operation.Write) p.operation()).isLightweightTransaction()) {
      return CassandraLimits.PAXOS_V1_WRITE_ROUND_TRIPS;
    }
    if (p.isRead() && (level.equals("SERIAL") || level.equals("LOCAL_SERIAL"))) {
      return CassandraLimits.PAXOS_V1_READ_ROUND_TRIPS;
    }
    return 0;
  }

  /**
   * Returns each pattern's check. A read is counted against its table's replication, with every
   * level the entity's writes use; a write against the replication of each table its entity's reads
   * are served by, with their levels (a write reaches every table of its entity).
   */
  List<ConsistencyCheck> checks(List<CassandraPlan> plans) {
    Map<String, String> tableOf = new HashMap<>();
    for (CassandraPlan plan : plans) {
      if (!plan.tables().isEmpty()) {
        tableOf.put(plan.pattern().id(), plan.tables().get(0));
      }
    }
    // Levels in use per entity and side, so each pattern is compared with a handful of levels
    // rather than with every other pattern.
    Map<String, Set<String>> writeLevels = new HashMap<>();
    Map<String, Set<ReadSide>> readSides = new HashMap<>();
    for (AccessPattern q : model.patterns()) {
      if (q.isRead()) {
        readSides
            .computeIfAbsent(
                q.operation().entity(),
                k ->
                    new TreeSet<>(
                        java.util.Comparator.comparing(ReadSide::level)
                            .thenComparing(r -> String.valueOf(r.table()))))
            .add(new ReadSide(levelOf(q), tableOf.get(q.id())));
      } else {
        writeLevels.computeIfAbsent(q.operation().entity(), k -> new TreeSet<>()).add(levelOf(q));
      }
    }
    List<ConsistencyCheck> out = new ArrayList<>();
    for (AccessPattern p : model.patterns()) {
      String level = levelOf(p);
      String table = tableOf.get(p.id());
      int r = replicasOf(p, table);
      int rf = rfOf(p, table);
      boolean overlaps = true;
      String missed = "";
      // The other side: the levels of the entity's writes (for a read) or reads (for a write).
      List<ReadSide> others =
          p.isRead()
              ? writeLevels.getOrDefault(p.operation().entity(), Set.of()).stream()
                  .map(w -> new ReadSide(w, table))
                  .toList()
              : List.copyOf(readSides.getOrDefault(p.operation().entity(), Set.of()));
      for (ReadSide other : others) {
        String readLevel = p.isRead() ? level : other.level();
        String writeLevel = p.isRead() ? other.level() : level;
        TableReplication on = replication(other.table());
        int localRf = on.localRf();
        int totalRf = on.totalRf();
        int dcs = on.dcs();
        if (!ConsistencyLevels.overlaps(readLevel, writeLevel, localRf, totalRf, dcs)) {
          overlaps = false;
          int seenR = ConsistencyLevels.replicas(readLevel, localRf, totalRf, dcs);
          int seenW =
              ConsistencyLevels.writeReplicasSeen(readLevel, writeLevel, localRf, totalRf, dcs);
          missed =
              "R + W = "
                  + seenR
                  + " + "
                  + seenW
                  + " = "
                  + (seenR + seenW)
                  + " ≤ RF "
                  + ConsistencyLevels.rfSeen(readLevel, localRf, totalRf)
                  + ": a "
                  + readLevel
                  + " read can miss an acknowledged "
                  + writeLevel
                  + " write";
          break;
        }
      }
      List<String> remaining = new ArrayList<>();
      if (!overlaps) {
        remaining.add(missed);
      }
      int paxos = paxosRoundTrips(p, level);
      if (p.operation().isWriteOf(Operation.Kind.INCREMENT)) {
        remaining.add(
            "a counter increment is not idempotent: a retry after a timeout may count twice");
      } else if (paxos == 0) {
        remaining.add(
            "concurrent writes to one row resolve by timestamp, last write wins: quorum is not a lock");
      }
      if (ConsistencyLevels.isLocal(level) && replication(table).dcs() > 1) {
        remaining.add(
            "clients in another datacenter may not see it yet ("
                + level
                + " counts local replicas only)");
      }
      Location at =
          p.consistency().isPresent()
              ? p.location()
              : (p.isRead() ? design.readConsistencyLocation() : design.writeConsistencyLocation());
      out.add(new ConsistencyCheck(p, level, at, r, rf, overlaps, paxos, remaining));
    }
    return out;
  }
}
