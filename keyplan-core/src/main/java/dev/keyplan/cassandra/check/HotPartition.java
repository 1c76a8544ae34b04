package dev.keyplan.cassandra.check;

import dev.keyplan.cassandra.design.BoundTable;
import dev.keyplan.cassandra.design.CassandraAnalysis;
import dev.keyplan.cassandra.design.CassandraHeat;
import dev.keyplan.cassandra.facts.CassandraLimits;
import dev.keyplan.check.Category;
import dev.keyplan.check.Findings;
import dev.keyplan.check.RuleSpec;
import dev.keyplan.check.Severity;
import dev.keyplan.model.Units;

/**
 * Flags a busiest partition whose load on one replica reaches the planned per-node budget (error:
 * more nodes cannot help, the partition lives on RF of them) or half of it (warning: no headroom
 * for the node's other partitions, compaction and repair). On ScyllaDB the budget is per shard,
 * because a partition is served by one core of each replica.
 */
@RuleSpec(
    category = Category.KEY,
    summary = "One partition takes a large share of what a replica can serve",
    severity = Severity.ERROR)
public final class HotPartition implements CassandraRule {

  @Override
  public void check(CassandraAnalysis a, Findings out) {
    for (BoundTable t : a.tables()) {
      CassandraHeat h = a.heat().get(t.name());
      // An unknown share (no spread for the key: KeySpreadUndeclared says so) is no finding: a
      // warning of "? of the budget" would say nothing the user could act on.
      if (h == null || !(h.budgetShare() >= CassandraLimits.HOT_PARTITION_WARN_SHARE)) {
        continue;
      }
      String unit =
          a.design().isScylla()
              ? "shard ("
                  + Units.rate(a.design().nodeBudget())
                  + " per node / "
                  + a.design().shardsPerNode()
                  + " shards)"
              : "node";
      out.report(
          h.budgetShare() >= 1 ? Severity.ERROR : Severity.WARNING,
          t.name(),
          t.table().location(),
          "the busiest partition of "
              + t.name()
              + " takes "
              + Units.rate(h.writesPerSecond())
              + " writes and "
              + Units.rate(h.readsPerSecond())
              + " reads: "
              + Units.rate(h.replicaLoad())
              + " on each replica, "
              + Units.percent(h.budgetShare())
              + " of the budget of "
              + Units.rate(h.budget())
              + " per "
              + unit,
          "spread the key: add a shard suffix (write to one of N, read all N) or a finer time bucket; "
              + "coalesce identical reads in front of the hot key; or raise node_budget if measured");
    }
  }
}
