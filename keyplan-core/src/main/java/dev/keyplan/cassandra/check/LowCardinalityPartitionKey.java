package dev.keyplan.cassandra.check;

import dev.keyplan.cassandra.design.BoundTable;
import dev.keyplan.cassandra.design.CassandraAnalysis;
import dev.keyplan.cassandra.design.CassandraHeat;
import dev.keyplan.cassandra.design.CassandraSizing;
import dev.keyplan.cassandra.facts.CassandraLimits;
import dev.keyplan.check.Category;
import dev.keyplan.check.Findings;
import dev.keyplan.check.RuleSpec;
import dev.keyplan.check.Severity;
import dev.keyplan.model.Units;

/**
 * Flags a partition key with few values or a dominant one. Thresholds: fewer than 100 distinct
 * values "will produce dangerously skewed distribution" (seed 004, "Lessons learned"); no single
 * value should carry more than 1–2% of traffic (seed 002, "Cardinality target"), so 2% is the line.
 *
 * <p>A warning needs a consequence: the busiest partition at half a size guideline or more, or its
 * replica load at HotPartition's warning share of the budget. A skewed key whose busiest partition
 * stays small and cool is reported as info (a partition keyed by a handful of values that each hold
 * a few rows is not a problem yet).
 */
@RuleSpec(
    category = Category.KEY,
    summary = "Partition key with too few values, or one value with too much of the traffic",
    severity = Severity.WARNING)
public final class LowCardinalityPartitionKey implements CassandraRule {
  /** Fewer distinct partition-key values than this is low cardinality (seed 004). */
  static final double MIN_VALUES = 100;

  /** A busiest value above this share of traffic is a hot spot (seed 002). */
  static final double MAX_SHARE = 0.02;

  /**
   * Share of the 100,000-value / 100 MB guideline from which the busiest partition is near it:
   * keyplan's choice, the same headroom as HotPartition's half budget.
   */
  static final double NEAR_LIMIT = 0.5;

  @Override
  public void check(CassandraAnalysis a, Findings out) {
    for (BoundTable t : a.tables()) {
      CassandraSizing s = a.sizing().get(t.name());
      if (s == null || Double.isNaN(s.keyValues()) || s.keyIdentifiesRow()) {
        continue;
      }
      String key = String.join(", ", t.partitionKey());
      if (s.keyValues() < MIN_VALUES || s.busiestShare() > MAX_SHARE) {
        // Few values or a dominant one only hurt when the busiest partition gets near a limit:
        // half a size guideline, or the hot-partition warning share of a replica's budget.
        double sizeShare =
            Math.max(
                s.busiest().values() / CassandraLimits.GUIDELINE_VALUES_PER_PARTITION,
                s.busiest().bytes() / CassandraLimits.GUIDELINE_BYTES_PER_PARTITION);
        CassandraHeat heat = a.heat().get(t.name());
        double heatShare = heat == null ? 0 : heat.budgetShare();
        boolean consequence =
            !(sizeShare < NEAR_LIMIT) || !(heatShare < CassandraLimits.HOT_PARTITION_WARN_SHARE);
        out.report(
            consequence ? Severity.WARNING : Severity.INFO,
            t.name(),
            t.table().location(),
            "partition key ("
                + key
                + ") of "
                + t.name()
                + " has "
                + Units.count(s.keyValues())
                + " values"
                + (s.windowSeconds() > 0 ? " besides its time bucket" : "")
                + ", and the busiest takes "
                + Units.percent(s.busiestShare())
                // A for: window parts the two: the share is of the writes while the burst lasts.
                + (s.partitionKey().windows().isEmpty()
                    ? " of its rows and writes"
                    : " of its writes while hot ("
                        + String.join("; ", s.partitionKey().windows())
                        + ")")
                + " (keep below "
                + Units.count(MIN_VALUES)
                + " values / "
                + Units.percent(MAX_SHARE)
                + ")"
                + (consequence
                    ? ""
                    : "; its busiest partition stays at "
                        + Units.percent(sizeShare)
                        + " of the size guideline and "
                        + Units.percent(heatShare)
                        + " of a replica's budget, so nothing is near a limit yet"),
            "lead the key with a high-cardinality attribute, or add a time bucket or a shard suffix "
                + "(derived: "
                + t.name()
                + ".shard: {shards: N}) and read all N shards");
      }
    }
  }
}
