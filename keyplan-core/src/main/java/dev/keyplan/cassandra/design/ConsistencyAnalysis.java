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
 */
final class ConsistencyAnalysis {
  private final Model model;
  private final CassandraDesign design;
  private final int localRf;
  private final int totalRf;
  private final int dcs;

  ConsistencyAnalysis(Model model, CassandraDesign design, int localRf, int totalRf, int dcs) {
    this.model = model;
    this.design = design;
    this.localRf = localRf;
    this.totalRf = totalRf;
    this.dcs = dcs;
  }

  /** Returns the level pattern {@code p} runs at. */
  String levelOf(AccessPattern p) {
    return p.consistency()
        .orElse(p.isRead() ? design.readConsistency() : design.writeConsistency());
  }

  /** Returns the replicas that answer at the pattern's level. */
  int replicasOf(AccessPattern p) {
    return ConsistencyLevels.replicas(levelOf(p), localRf, totalRf, dcs);
  }

  /** Returns the replication factor the pattern's level counts against. */
  int rfOf(AccessPattern p) {
    return ConsistencyLevels.isLocal(levelOf(p)) ? localRf : totalRf;
  }

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

  List<ConsistencyCheck> checks() {
    // Levels in use per entity and side, so each pattern is compared with a handful of levels
    // rather than with every other pattern.
    Map<String, Set<String>> levels = new HashMap<>();
    for (AccessPattern q : model.patterns()) {
      levels
          .computeIfAbsent(
              q.operation().entity() + (q.isRead() ? "/read" : "/write"), k -> new TreeSet<>())
          .add(levelOf(q));
    }
    List<ConsistencyCheck> out = new ArrayList<>();
    for (AccessPattern p : model.patterns()) {
      String level = levelOf(p);
      int r = replicasOf(p);
      int rf = rfOf(p);
      boolean overlaps = true;
      String missed = "";
      // The other side: the levels of the entity's writes (for a read) or reads (for a write).
      var others =
          levels.getOrDefault(p.operation().entity() + (p.isRead() ? "/write" : "/read"), Set.of());
      for (String other : others) {
        String readLevel = p.isRead() ? level : other;
        String writeLevel = p.isRead() ? other : level;
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
      if (ConsistencyLevels.isLocal(level) && dcs > 1) {
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
