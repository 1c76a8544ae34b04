package dev.keyplan.cassandra.check;

import dev.keyplan.cassandra.design.CassandraAnalysis;
import dev.keyplan.cassandra.design.CassandraPlan;
import dev.keyplan.cassandra.design.ConsistencyCheck;
import dev.keyplan.check.Category;
import dev.keyplan.check.Findings;
import dev.keyplan.check.RuleSpec;
import dev.keyplan.check.Severity;
import dev.keyplan.model.Units;

/**
 * Flags lightweight transactions on a busy key. Paxos serialises the transactions of a partition,
 * each taking {@code rounds × round trip} (4 round trips for a write, 3 for a serial read, with
 * paxos_variant v1, per the cassandra.yaml docs quoted by seed 000), so one partition commits at
 * most {@code 1 / (rounds × rtt)} per second: 250/s at 4 × 1 ms. Error at or above that.
 *
 * <p>Warning from {@value #WARN_PERCENT}% of it: with requests arriving at random, a share {@code 1
 * − e^(−0.1) ≈ 9.5%} of them then find another proposal in flight on the partition and contend for
 * it. That is keyplan's planning threshold, not a vendor figure.
 */
@RuleSpec(
    category = Category.CONSISTENCY,
    summary = "Lightweight transaction on a hot path",
    severity = Severity.ERROR)
public final class LwtOnHotPath implements CassandraRule {
  static final int WARN_PERCENT = 10;

  @Override
  public void check(CassandraAnalysis a, Findings out) {
    for (ConsistencyCheck c : a.consistency()) {
      if (c.paxosRoundTrips() == 0) {
        continue;
      }
      CassandraPlan plan = a.plan(c.pattern().id()).orElseThrow();
      if (plan.tables().isEmpty()) {
        continue;
      }
      var t = a.table(plan.tables().get(0)).orElseThrow();
      var share = t.patternShare(c.pattern(), a.sizing().get(t.name()).rows());
      if (share.isEmpty()) {
        continue;
      }
      double perPartition = c.pattern().ratePerSecond() * share.getAsDouble();
      double rtt = a.design().roundTripMillis();
      double capacity = 1000.0 / (c.paxosRoundTrips() * rtt);
      if (perPartition * 100 < capacity * WARN_PERCENT) {
        continue;
      }
      out.report(
          perPartition >= capacity ? Severity.ERROR : Severity.WARNING,
          c.pattern().id(),
          c.pattern().location(),
          "pattern "
              + c.pattern().id()
              + " runs "
              + Units.rate(perPartition)
              + " lightweight transactions on the busiest "
              + t.name()
              + " partition; Paxos ("
              + c.paxosRoundTrips()
              + " round trips of "
              + Units.count(rtt)
              + " ms) commits at most "
              + Units.rate(capacity)
              + " per partition",
          "keep LWTs for rare claims (a unique name); make the hot write a plain idempotent write, "
              + "or spread it over more partitions");
    }
  }
}
