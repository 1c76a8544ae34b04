package dev.keyplan.cassandra.check;

import dev.keyplan.cassandra.design.BoundTable;
import dev.keyplan.cassandra.design.CassandraAccess;
import dev.keyplan.cassandra.design.CassandraAnalysis;
import dev.keyplan.cassandra.design.CassandraPlan;
import dev.keyplan.cassandra.facts.CassandraLimits;
import dev.keyplan.check.Category;
import dev.keyplan.check.Findings;
import dev.keyplan.check.RuleSpec;
import dev.keyplan.check.Severity;
import dev.keyplan.model.AccessPattern;
import dev.keyplan.model.Operation;
import dev.keyplan.model.Units;
import java.util.OptionalDouble;

/**
 * Flags a table used as a queue: rows inserted, read, then deleted one by one in the partitions
 * that reads scan. Each row delete leaves a tombstone for gc_grace_seconds, and a read steps over
 * every tombstone in its range (seed 000, "Tombstones": "a table where you insert, process and
 * delete (a queue) gets slower exactly as it is used").
 *
 * <p>In the busiest partition, {@code d} rows/s are deleted and {@code i} rows/s inserted, so it
 * holds {@code T = d × gc_grace_seconds} tombstones. When {@code d ≥ i} every row ends as a
 * tombstone: the live rows are few and a read that finds fewer than it asks for crosses all {@code
 * T}. When {@code d < i} the deleted rows lie among the kept ones, and a read of {@code N} rows
 * crosses about {@code N × d / (i − d)} of them (at most {@code T}). The tombstones one read
 * crosses are compared with tombstone_warn_threshold (1,000: warning) and
 * tombstone_failure_threshold (100,000: the read aborts; cassandra.yaml).
 */
@RuleSpec(
    category = Category.WRITE,
    summary = "Queue pattern: row deletes in partitions that reads scan",
    severity = Severity.ERROR)
public final class QueuePattern implements CassandraRule {
  @Override
  public void check(CassandraAnalysis a, Findings out) {
    for (CassandraPlan d : a.plans()) {
      var op = d.pattern().operation();
      if (!op.isWriteOf(Operation.Kind.DELETE)) {
        continue;
      }
      for (String name : d.tables()) {
        BoundTable t = a.table(name).orElseThrow();
        boolean rowDeletes =
            t.clustering().stream()
                .anyMatch(c -> op.where().stream().anyMatch(w -> w.attribute().equals(c.name())));
        double rowsRead = rowsScanned(a, t);
        double rows = a.sizing().get(name).rows();
        OptionalDouble share = t.patternShare(d.pattern(), rows);
        if (!rowDeletes || Double.isNaN(rowsRead) || share.isEmpty()) {
          continue;
        }
        double deletes = d.pattern().ratePerSecond() * share.getAsDouble();
        double inserts = insertsPerSecond(a, t);
        long gcGrace = t.table().gcGraceSeconds();
        double held = deletes * gcGrace;
        boolean queue = deletes >= inserts;
        double crossed = queue ? held : Math.min(held, rowsRead * deletes / (inserts - deletes));
        if (crossed < CassandraLimits.TOMBSTONE_WARN_THRESHOLD) {
          continue;
        }
        boolean fails = crossed >= CassandraLimits.TOMBSTONE_FAILURE_THRESHOLD;
        String how =
            queue
                ? "as many rows as are inserted ("
                    + Units.rate(inserts)
                    + "), so a read crosses all "
                    + Units.count(crossed)
                    + " tombstones the partition holds ("
                    + Units.rate(deletes)
                    + " × "
                    + Units.count(gcGrace)
                    + " s gc_grace_seconds)"
                : Units.percent(deletes / inserts)
                    + " of the "
                    + Units.rate(inserts)
                    + " inserted, so a read of "
                    + Units.count(rowsRead)
                    + " rows crosses about "
                    + Units.count(crossed)
                    + " tombstones";
        out.report(
            fails ? Severity.ERROR : Severity.WARNING,
            d.pattern().id(),
            d.pattern().location(),
            "pattern "
                + d.pattern().id()
                + " deletes "
                + Units.rate(deletes)
                + " rows from the busiest partition of "
                + name
                + ", which reads scan: "
                + how
                + ", past tombstone_"
                + (fails ? "failure_threshold (100,000: reads abort)" : "warn_threshold (1,000)"),
            "do not use a table as a queue: bucket by time and drop or expire whole buckets (TTL "
                + "with TimeWindowCompactionStrategy), or move the queue to a queueing system");
      }
    }
  }

  /**
   * Returns the most rows one served read of {@code t} returns from a partition while scanning it
   * (a read naming every clustering column reads single rows and scans nothing), or NaN if no read
   * scans {@code t}.
   */
  private static double rowsScanned(CassandraAnalysis a, BoundTable t) {
    double most = Double.NaN;
    for (CassandraPlan r : a.readsServedBy(t.name())) {
      if (r.access() == CassandraAccess.NOT_SERVED || isPointRead(r.pattern(), t)) {
        continue;
      }
      // One read steps over the tombstones of one partition: count at most its rows.
      double partition = a.sizing().get(t.name()).busiest().rows();
      double rows =
          Double.isNaN(r.rows().busiest()) ? partition : Math.min(r.rows().busiest(), partition);
      most = Double.isNaN(most) ? rows : Math.max(most, rows);
    }
    return most;
  }

  private static boolean isPointRead(AccessPattern p, BoundTable t) {
    return t.clustering().stream()
        .allMatch(
            c ->
                p.operation().where().stream()
                    .anyMatch(
                        w ->
                            w.attribute().equals(c.name())
                                && (w.comparison() == Operation.Comparison.EQ
                                    || w.comparison() == Operation.Comparison.IN)));
  }

  /** Returns the rows per second inserted into the busiest partition of {@code t}. */
  private static double insertsPerSecond(CassandraAnalysis a, BoundTable t) {
    double rows = a.sizing().get(t.name()).rows();
    double sum = 0;
    boolean any = false;
    for (CassandraPlan plan : a.plansOf(t.entity().name())) {
      AccessPattern p = plan.pattern();
      if (p.operation().isWriteOf(Operation.Kind.INSERT, Operation.Kind.UPSERT)) {
        any = true;
        sum += p.ratePerSecond() * t.patternShare(p, rows).orElse(0);
      }
    }
    if (any) {
      return sum;
    }
    double grown = a.sizing().get(t.name()).busiestRowsPerSecond();
    return Double.isNaN(grown) ? 0 : grown;
  }
}
