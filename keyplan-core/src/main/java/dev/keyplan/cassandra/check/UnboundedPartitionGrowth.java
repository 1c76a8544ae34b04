package dev.keyplan.cassandra.check;

import dev.keyplan.cassandra.design.BoundTable;
import dev.keyplan.cassandra.design.CassandraAnalysis;
import dev.keyplan.cassandra.design.CassandraSizing;
import dev.keyplan.cassandra.facts.CassandraLimits;
import dev.keyplan.check.Category;
import dev.keyplan.check.Findings;
import dev.keyplan.check.RuleSpec;
import dev.keyplan.check.Severity;
import dev.keyplan.model.Quantities;
import dev.keyplan.model.Units;

/**
 * Flags a partition that grows for as long as the application runs: the entity grows, the key has
 * no time bucket, rows have no TTL, and the key does not identify one row (seeds 002 and 003,
 * "unbounded partition growth"; seed 004, scenario 1).
 *
 * <p>The busiest partition holds {@code r0 = share × count} rows today and gains {@code g} rows/s
 * ({@link CassandraSizing#busiestRowsPerSecond}); its values and bytes grow in proportion to its
 * rows. At the horizon it holds {@code rH} rows with {@code vH} values and {@code bH} bytes, so it
 * reaches a guideline at {@code r* = rH × min(100,000 / vH, 100 MB / bH)} rows, which is {@code (r*
 * − r0) / g} seconds from now (at or below 0: it is past the guideline today). A warning when that
 * is within ten horizons, else advice.
 */
@RuleSpec(
    category = Category.SIZE,
    summary = "Partition grows without bound: no time bucket and no TTL",
    severity = Severity.WARNING)
public final class UnboundedPartitionGrowth implements CassandraRule {
  @Override
  public void check(CassandraAnalysis a, Findings out) {
    long horizon = a.model().horizonSeconds();
    for (BoundTable t : a.tables()) {
      CassandraSizing s = a.sizing().get(t.name());
      if (s == null || !s.unbounded() || !s.busiest().known()) {
        continue;
      }
      double byValues =
          CassandraLimits.GUIDELINE_VALUES_PER_PARTITION / Math.max(s.busiest().values(), 1e-9);
      double byBytes =
          CassandraLimits.GUIDELINE_BYTES_PER_PARTITION / Math.max(s.busiest().bytes(), 1e-9);
      double rowsAtHorizon = s.busiest().rows();
      double rowsToday = Math.max(0, rowsAtHorizon - s.busiestRowsPerSecond() * horizon);
      double rowsAtGuideline = rowsAtHorizon * Math.min(byValues, byBytes);
      double crossing = (rowsAtGuideline - rowsToday) / s.busiestRowsPerSecond();
      String when =
          crossing <= 0
              ? "it is past the 100,000-value / 100 MB guideline already ("
                  + Units.count(rowsToday)
                  + " rows today)"
              : "it crosses the 100,000-value / 100 MB guideline after " + Units.duration(crossing);
      String bucket =
          s.advice()
              .flatMap(b -> b.chosen())
              .map(
                  o ->
                      "add a time bucket of "
                          + Quantities.formatSeconds(o.windowSeconds())
                          + " to the partition key"
                          + " (busiest partition then "
                          + Units.count(o.busiest().rows())
                          + " rows, "
                          + Units.bytes(o.busiest().bytes())
                          + ")")
              .orElse("add a time bucket to the partition key");
      out.report(
          crossing <= 10.0 * horizon ? Severity.WARNING : Severity.INFO,
          t.name(),
          t.table().location(),
          "the busiest partition of "
              + t.name()
              + " grows by "
              + Units.rate(s.busiestRowsPerSecond())
              // A for: window ends the burst, not the growth: the key keeps its ordinary share.
              + (s.partitionKey().windows().isEmpty()
                  ? " rows forever ("
                  : " rows while hot ("
                      + String.join("; ", s.partitionKey().windows())
                      + ") and keeps growing (")
              + Units.count(s.busiest().rows())
              + " rows, "
              + Units.bytes(s.busiest().bytes())
              + " after "
              + Quantities.formatSeconds(horizon)
              + "); "
              + when,
          bucket
              + (t.table().isView()
                  // Cassandra refuses default_time_to_live on a view; it expires with its base.
                  ? ", or expire rows with default_time_to_live on its base table "
                      + t.table().viewOf().get()
                      + " (a materialized view's rows expire with its base table's)"
                  : ", or expire rows with default_time_to_live"));
    }
  }
}
