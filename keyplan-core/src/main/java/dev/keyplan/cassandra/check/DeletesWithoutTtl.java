package dev.keyplan.cassandra.check;

import dev.keyplan.cassandra.design.BoundTable;
import dev.keyplan.cassandra.design.CassandraAnalysis;
import dev.keyplan.cassandra.design.CassandraPlan;
import dev.keyplan.check.Category;
import dev.keyplan.check.Findings;
import dev.keyplan.check.RuleSpec;
import dev.keyplan.check.Severity;
import dev.keyplan.model.AccessPattern;
import dev.keyplan.model.Operation;
import dev.keyplan.model.Units;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Flags frequent explicit deletes of data that has no TTL: "Frequent deletes without TTL: tombstone
 * accumulation, read slowdown: use TTL for time-bounded data" (seed 003, "Cassandra
 * Anti-Patterns"). Frequent means a tombstone ratio above the {@value #TOMBSTONE_RATIO_PERCENT}% at
 * which seed 003 says to alert ("Check tombstone ratio (alert if &gt; 20%)").
 *
 * <p>Over gc_grace_seconds {@code g} the entity gains {@code i × g} rows and {@code d × g}
 * tombstones, so its ratio is {@code d / i}. With no inserts (a fixed set of rows) the {@code d ×
 * g} tombstones are compared with the rows the table holds.
 */
@RuleSpec(
    category = Category.WRITE,
    summary = "Frequent deletes of rows that have no TTL",
    severity = Severity.WARNING)
public final class DeletesWithoutTtl implements CassandraRule {
  static final int TOMBSTONE_RATIO_PERCENT = 20;

  @Override
  public void check(CassandraAnalysis a, Findings out) {
    for (CassandraPlan d : a.plans()) {
      var op = d.pattern().operation();
      if (!op.isWriteOf(Operation.Kind.DELETE)) {
        continue;
      }
      List<AccessPattern> inserts =
          a.plansOf(op.entity()).stream()
              .map(CassandraPlan::pattern)
              .filter(p -> p.operation().isWriteOf(Operation.Kind.INSERT, Operation.Kind.UPSERT))
              .collect(Collectors.toList());
      boolean insertsExpire =
          !inserts.isEmpty()
              && inserts.stream().allMatch(p -> ((Operation.Write) p.operation()).ttlSeconds() > 0);
      List<BoundTable> noTtl =
          d.tables().stream()
              .map(n -> a.table(n).orElseThrow())
              .filter(t -> t.table().defaultTimeToLiveSeconds() == 0 && !insertsExpire)
              .collect(Collectors.toList());
      if (noTtl.isEmpty()) {
        continue;
      }
      double rate = d.pattern().ratePerSecond();
      double inserted = inserts.stream().mapToDouble(AccessPattern::ratePerSecond).sum();
      if (inserts.isEmpty()) {
        inserted = a.model().entity(op.entity()).orElseThrow().growthPerSecond();
      }
      String names = noTtl.stream().map(BoundTable::name).collect(Collectors.joining(", "));
      long gcGrace = noTtl.stream().mapToLong(t -> t.table().gcGraceSeconds()).max().orElse(0);
      String why;
      if (inserted > 0) {
        if (rate * 100 <= inserted * TOMBSTONE_RATIO_PERCENT) {
          continue;
        }
        why = Units.percent(rate / inserted) + " of the " + Units.rate(inserted) + " inserted";
      } else {
        double rows =
            noTtl.stream().mapToDouble(t -> a.sizing().get(t.name()).rows()).max().orElse(0);
        double tombstones = rate * gcGrace;
        if (tombstones * 100 <= rows * TOMBSTONE_RATIO_PERCENT) {
          continue;
        }
        why =
            Units.count(tombstones)
                + " tombstones over "
                + Units.count(gcGrace)
                + " s gc_grace_seconds against "
                + Units.count(rows)
                + " rows, "
                + Units.percent(rows > 0 ? tombstones / rows : 1);
      }
      out.report(
          Severity.WARNING,
          d.pattern().id(),
          d.pattern().location(),
          "pattern "
              + d.pattern().id()
              + " deletes "
              + Units.rate(rate)
              + " "
              + op.entity()
              + " rows ("
              + why
              + ", above the "
              + TOMBSTONE_RATIO_PERCENT
              + "% tombstone ratio) from "
              + names
              + (noTtl.size() == 1 ? ", which has" : ", which have")
              + " no TTL: each delete is a tombstone kept for gc_grace_seconds",
          "if rows live for a known time, set default_time_to_live (or USING TTL) and drop the "
              + "deletes; otherwise bucket by time so whole partitions can be dropped");
    }
  }
}
