package dev.keyplan.check.write;

import dev.keyplan.check.CassandraRule;
import dev.keyplan.check.Findings;
import dev.keyplan.check.RuleSpec;
import dev.keyplan.check.Severity;
import dev.keyplan.design.cassandra.BoundTable;
import dev.keyplan.design.cassandra.CassandraAnalysis;
import dev.keyplan.design.cassandra.PatternPlan;
import dev.keyplan.model.AccessPattern;
import dev.keyplan.model.Operation;
import dev.keyplan.model.Units;

/**
 * Flags frequent explicit deletes of data that has no TTL: "Frequent deletes without TTL:
 * tombstone accumulation, read slowdown: use TTL for time-bounded data" (seed 003). Frequent means
 * at least {@value #FREQUENT_SHARE_PERCENT}% of the entity's inserts (most rows are deleted, so they
 * have a lifetime a TTL can state), or at least 1/s when the model has no insert.
 */
@RuleSpec(summary = "Frequent deletes of rows that have no TTL", severity = Severity.WARNING)
public final class DeletesWithoutTtl implements CassandraRule {
  static final int FREQUENT_SHARE_PERCENT = 10;

  @Override
  public void check(CassandraAnalysis a, Findings out) {
    for (PatternPlan d : a.plans()) {
      var op = d.pattern().operation();
      if (!(op instanceof Operation.Write) || ((Operation.Write) op).kind() != Operation.Kind.DELETE) {
        continue;
      }
      boolean anyTtl = d.tables().stream().map(n -> a.table(n).orElseThrow())
          .map(BoundTable::table).anyMatch(t -> t.defaultTimeToLiveSeconds() > 0);
      if (anyTtl) {
        continue;
      }
      double inserts = a.model().patterns().stream()
          .filter(p -> p.operation() instanceof Operation.Write && p.operation().entity().equals(op.entity()))
          .filter(p -> {
            var k = ((Operation.Write) p.operation()).kind();
            return k == Operation.Kind.INSERT || k == Operation.Kind.UPSERT;
          })
          .mapToDouble(AccessPattern::ratePerSecond).sum();
      double rate = d.pattern().ratePerSecond();
      boolean frequent = inserts > 0 ? rate * 100 >= inserts * FREQUENT_SHARE_PERCENT : rate >= 1;
      if (!frequent) {
        continue;
      }
      out.report(Severity.WARNING, d.pattern().id(), d.pattern().location(),
          "pattern " + d.pattern().id() + " deletes " + Units.rate(rate) + " " + op.entity() + " rows"
              + (inserts > 0 ? " (" + Units.percent(rate / inserts) + " of the " + Units.rate(inserts) + " inserted)" : "")
              + " from " + String.join(", ", d.tables()) + ", which have no TTL: each delete is a tombstone kept "
              + "for gc_grace_seconds",
          "if rows live for a known time, set default_time_to_live (or USING TTL) and drop the deletes; "
              + "otherwise bucket by time so whole partitions can be dropped");
    }
  }
}
