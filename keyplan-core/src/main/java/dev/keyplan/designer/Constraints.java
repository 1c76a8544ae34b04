package dev.keyplan.designer;

import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * What the caller fixes instead of letting the designers size it (issue 20, "Constraints as
 * input"). Each designer applies those its store has and ignores the others; a proposal that cannot
 * meet one says which patterns it leaves unsupported, or which finding it breaks, with the figures.
 *
 * @param shards the shards of a sharded cluster (MongoDB), when fixed
 * @param nodes the nodes per datacenter of a ring (Cassandra, ScyllaDB), when fixed
 * @param indexes at most this many secondary indexes a table (DynamoDB's global secondary indexes;
 *     DynamoDB's own quota, 20 by default, applies always), when fixed
 * @param budget at most this many US dollars a month: a proposal whose cheapest offer costs more
 *     does not pass the verdict, when given
 */
public record Constraints(
    OptionalInt shards, OptionalInt nodes, OptionalInt indexes, OptionalDouble budget) {

  /** No constraint: every designer sizes everything from the workload. */
  public static final Constraints NONE =
      new Constraints(
          OptionalInt.empty(), OptionalInt.empty(), OptionalInt.empty(), OptionalDouble.empty());

  /** The same constraints with {@code n} shards. */
  public Constraints withShards(int n) {
    return new Constraints(OptionalInt.of(n), nodes, indexes, budget);
  }

  /** Whether a proposal costing {@code usd} a month is within the budget (always, without one). */
  public boolean affords(double usd) {
    return budget.isEmpty() || usd <= budget.getAsDouble();
  }
}
