package dev.keyplan.check.write;

import dev.keyplan.check.CassandraRule;
import dev.keyplan.check.Findings;
import dev.keyplan.check.RuleSpec;
import dev.keyplan.check.Severity;
import dev.keyplan.design.cassandra.Access;
import dev.keyplan.design.cassandra.BoundTable;
import dev.keyplan.design.cassandra.CassandraAnalysis;
import dev.keyplan.design.cassandra.KeySpread;
import dev.keyplan.design.cassandra.PatternPlan;
import dev.keyplan.model.Operation;
import dev.keyplan.model.Units;
import dev.keyplan.store.cassandra.CassandraLimits;

/**
 * Flags a table used as a queue: rows inserted, read, then deleted one by one in the partitions
 * that reads scan. Each row delete leaves a tombstone for gc_grace_seconds, and a read steps over
 * every tombstone in its range (seed 000, "Tombstones"; Apache Cassandra docs, queue anti-pattern).
 * Tombstones in the busiest partition ≈ deletes/s into it × gc_grace_seconds; compared with
 * tombstone_warn_threshold (1,000, warning) and tombstone_failure_threshold (100,000: reads abort).
 */
@RuleSpec(summary = "Queue pattern: row deletes in partitions that reads scan", severity = Severity.ERROR)
public final class QueuePattern implements CassandraRule {
  @Override
  public void check(CassandraAnalysis a, Findings out) {
    for (PatternPlan d : a.plans()) {
      var op = d.pattern().operation();
      if (!(op instanceof Operation.Write) || ((Operation.Write) op).kind() != Operation.Kind.DELETE) {
        continue;
      }
      for (String name : d.tables()) {
        BoundTable t = a.table(name).orElseThrow();
        boolean rowDeletes = t.clustering().stream()
            .anyMatch(c -> op.where().stream().anyMatch(w -> w.attribute().equals(c.name())));
        boolean scanned = a.plans().stream().anyMatch(r -> r.pattern().isRead() && !r.tables().isEmpty()
            && r.tables().get(0).equals(name) && r.access() != Access.NOT_SERVED);
        var share = KeySpread.patternShare(d.pattern(), t, a.sizing().get(name).rows());
        if (!rowDeletes || !scanned || share.isEmpty()) {
          continue;
        }
        double perSecond = d.pattern().ratePerSecond() * share.getAsDouble();
        double tombstones = perSecond * t.table().gcGraceSeconds();
        if (tombstones < CassandraLimits.TOMBSTONE_WARN_THRESHOLD) {
          continue;
        }
        boolean fails = tombstones >= CassandraLimits.TOMBSTONE_FAILURE_THRESHOLD;
        out.report(fails ? Severity.ERROR : Severity.WARNING, d.pattern().id(), d.pattern().location(),
            "pattern " + d.pattern().id() + " deletes " + Units.rate(perSecond) + " rows from the busiest partition of "
                + name + ", which reads scan: " + Units.count(tombstones) + " tombstones over gc_grace_seconds ("
                + Units.count(t.table().gcGraceSeconds()) + " s), past tombstone_"
                + (fails ? "failure_threshold (100,000: reads abort)" : "warn_threshold (1,000)"),
            "do not use a table as a queue: bucket by time and drop or expire whole buckets (TTL with "
                + "TimeWindowCompactionStrategy), or move the queue to a queueing system");
      }
    }
  }
}
