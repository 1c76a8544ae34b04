package dev.keyplan.cassandra.check;

import dev.keyplan.cassandra.design.CassandraAnalysis;
import dev.keyplan.cassandra.design.ConsistencyCheck;
import dev.keyplan.check.Category;
import dev.keyplan.check.Findings;
import dev.keyplan.check.RuleSpec;
import dev.keyplan.check.Severity;

/**
 * Flags a pattern that expects to read its writes when R + W ≤ RF at the chosen levels: a read can
 * then reach only replicas that missed an acknowledged write (Apache Cassandra docs, "Dynamo",
 * tunable consistency; seed 000: with RF 3 and quorum both ways, 2 + 2 &gt; 3). The arithmetic is
 * ConsistencyAnalysis's, against every write (or read) of the same entity.
 */
@RuleSpec(
    category = Category.CONSISTENCY,
    summary = "Read-your-writes expected but R + W does not exceed RF",
    severity = Severity.ERROR)
public final class ReadYourWritesNotGuaranteed implements CassandraRule {
  @Override
  public void check(CassandraAnalysis a, Findings out) {
    for (ConsistencyCheck c : a.consistency()) {
      if (!c.pattern().readYourWrites() || c.overlapsWrites()) {
        continue;
      }
      out.report(
          Severity.ERROR,
          c.pattern().id(),
          c.pattern().location(),
          "pattern "
              + c.pattern().id()
              + " expects read-your-writes but runs at "
              + c.level()
              + " ("
              + c.replicas()
              + " of RF "
              + c.replicationFactor()
              + "): "
              + c.remaining().get(0),
          "raise the levels so that R + W > RF (LOCAL_QUORUM for both with RF 3), or drop the "
              + "expectation");
    }
  }
}
