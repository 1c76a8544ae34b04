package dev.keyplan.design.cassandra;

import dev.keyplan.model.AccessPattern;
import dev.keyplan.model.CassandraDesign;
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
 * <p>Every replica applies every write, so one replica of the partition serves all its writes;
 * a read at consistency level L contacts {@code replicas(L)} of the RF replicas, spread evenly.
 * Lightweight transactions count once per Paxos round trip. Example: 100 writes/s and 20 reads/s
 * at LOCAL_QUORUM with RF 3 load each replica with 100 + 20 × 2 / 3 ≈ 113 operations/s.
 */
final class HeatAnalysis {
  private final CassandraDesign design;
  private final List<BoundTable> tables;
  private final Map<String, TableSizing> sizing;
  private final ConsistencyAnalysis consistency;

  HeatAnalysis(CassandraDesign design, List<BoundTable> tables, Map<String, TableSizing> sizing,
      ConsistencyAnalysis consistency) {
    this.design = design;
    this.tables = tables;
    this.sizing = sizing;
    this.consistency = consistency;
  }

  Map<String, TableHeat> heat(List<PatternPlan> plans) {
    double budget = design.isScylla() ? design.nodeBudget() / design.shardsPerNode() : design.nodeBudget();
    Map<String, TableHeat> out = new LinkedHashMap<>();
    for (BoundTable t : tables) {
      double writes = 0;
      double reads = 0;
      double load = 0;
      for (PatternPlan plan : plans) {
        AccessPattern p = plan.pattern();
        boolean reads0 = p.isRead() && !plan.tables().isEmpty() && plan.tables().get(0).equals(t.name())
            && plan.access().ordinal() <= Access.APPLICATION_JOIN.ordinal();
        boolean writes0 = !p.isRead() && plan.tables().contains(t.name());
        if (!reads0 && !writes0) {
          continue;
        }
        OptionalDouble share = KeySpread.patternShare(p, t, sizing.get(t.name()).rows());
        if (share.isEmpty()) {
          continue;
        }
        double rate = p.ratePerSecond() * share.getAsDouble();
        int rounds = Math.max(1, ConsistencyAnalysis.paxosRoundTrips(p, consistency.levelOf(p)));
        if (writes0) {
          writes += rate;
          load += rate * rounds;
        } else {
          reads += rate;
          load += rate * rounds * consistency.replicasOf(p) / (double) consistency.rfOf(p);
        }
      }
      out.put(t.name(), new TableHeat(t.name(), writes, reads, load, budget));
    }
    return out;
  }
}
