package dev.keyplan.cassandra.check;

import dev.keyplan.cassandra.design.BoundTable;
import dev.keyplan.cassandra.design.CassandraAnalysis;
import dev.keyplan.cassandra.design.CassandraSizing;
import dev.keyplan.check.Category;
import dev.keyplan.check.Findings;
import dev.keyplan.check.RuleSpec;
import dev.keyplan.check.Severity;
import dev.keyplan.model.Units;

/**
 * Flags a partition key with few values or a dominant one. Thresholds: fewer than 100 distinct
 * values "will produce dangerously skewed distribution" (seed 004, "Lessons learned"); no single
 * value should carry more than 1–2% of traffic (seed 002, "Cardinality target"), so 2% is the line.
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

  @Override
  public void check(CassandraAnalysis a, Findings out) {
    for (BoundTable t : a.tables()) {
      CassandraSizing s = a.sizing().get(t.name());
      if (s == null || Double.isNaN(s.keyValues()) || s.keyIdentifiesRow()) {
        continue;
      }
      String key = String.join(", ", t.partitionKey());
      if (s.keyValues() < MIN_VALUES || s.busiestShare() > MAX_SHARE) {
        out.report(
            Severity.WARNING,
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
                + " of its rows and writes (keep below "
                + Units.count(MIN_VALUES)
                + " values / "
                + Units.percent(MAX_SHARE)
                + ")",
            "lead the key with a high-cardinality attribute, or add a time bucket or a shard suffix "
                + "(derived: "
                + t.name()
                + ".shard: {shards: N}) and read all N shards");
      }
    }
  }
}
