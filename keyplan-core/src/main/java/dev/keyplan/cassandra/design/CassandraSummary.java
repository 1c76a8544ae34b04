package dev.keyplan.cassandra.design;

import dev.keyplan.analysis.DataUnit;
import dev.keyplan.analysis.Grade;
import dev.keyplan.analysis.Growth;
import dev.keyplan.analysis.Hotspot;
import dev.keyplan.analysis.PlanSummary;
import dev.keyplan.cassandra.facts.CassandraLimits;
import dev.keyplan.cassandra.scylla.ScyllaLimits;
import dev.keyplan.model.AccessPattern;
import dev.keyplan.model.Entity;
import dev.keyplan.model.Units;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The store-neutral view of a Cassandra or ScyllaDB analysis (see {@link
 * dev.keyplan.analysis.StoreAnalysis}): each table's busiest partition against a replica's budget,
 * the largest partition against the 100 MB guideline, how each pattern is served, and each table's
 * partition size over the horizon. Every figure is one the analysis already holds or the partition
 * size formula of {@link Sizer} at fewer rows.
 */
final class CassandraSummary {
  private CassandraSummary() {}

  /**
   * One replica's load from each table's busiest partition against the node budget. On ScyllaDB a
   * partition is served by one shard (core) of each replica, so the budget is a shard's.
   */
  static List<Hotspot> hotspots(CassandraAnalysis a) {
    String per = a.design().isScylla() ? "shard" : "replica";
    List<Hotspot> out = new ArrayList<>();
    for (CassandraHeat h : a.heat().values()) {
      out.add(
          new Hotspot(
              h.table(),
              "ops/s on one " + per,
              "ops/s",
              h.replicaLoad(),
              h.budget(),
              "the " + Units.count(h.budget()) + " ops/s budget of a " + per,
              CassandraLimits.HOT_PARTITION_WARN_SHARE));
    }
    return out;
  }

  /** The busiest partition of the table where it is largest, against the 100 MB guideline. */
  static Optional<DataUnit> largestUnit(CassandraAnalysis a) {
    return a.sizing().values().stream()
        .filter(s -> s.busiest().known())
        .max(Comparator.comparingDouble(s -> s.busiest().bytes()))
        .map(
            s ->
                new DataUnit(
                    s.table() + " busiest partition",
                    s.busiest().bytes(),
                    CassandraLimits.GUIDELINE_BYTES_PER_PARTITION,
                    "the "
                        + Units.bytes(CassandraLimits.GUIDELINE_BYTES_PER_PARTITION)
                        + " guideline"));
  }

  /**
   * One partition, a bucket walk or a write is good; a fan-out over known partitions or a join in
   * the application fair; anything else (a scan, an index on every node, not served) poor.
   */
  static PlanSummary summary(CassandraAnalysis a, AccessPattern p) {
    Optional<CassandraPlan> plan = a.plan(p.id());
    if (plan.isEmpty()) {
      return new PlanSummary(Grade.POOR, CassandraAccess.NOT_SERVED.label(), "");
    }
    CassandraPlan x = plan.get();
    Grade grade =
        switch (x.access()) {
          case SINGLE_PARTITION, BUCKET_WALK, WRITE -> Grade.GOOD;
          case MULTI_PARTITION, APPLICATION_JOIN -> Grade.FAIR;
          default -> Grade.POOR;
        };
    String where = x.tables().isEmpty() ? "" : String.join(" + ", x.tables());
    String partitions =
        p.isRead()
            ? " · "
                + Units.count(x.partitions().typical())
                + (x.partitions().typical() == 1 ? " partition" : " partitions")
            : "";
    return new PlanSummary(grade, x.access().label(), where + partitions);
  }

  /**
   * Each table's typical and busiest partition at {@code samples} times from today to the horizon.
   * The point at the horizon is {@link CassandraSizing#typical()} and {@link
   * CassandraSizing#busiest()} exactly. Before it:
   *
   * <ul>
   *   <li>a table with a time bucket, or whose key identifies one row, holds the same partition at
   *       any time, so its curves are flat;
   *   <li>an unbucketed table's partitions hold a fixed share of the table's rows, and the rows
   *       grow linearly ({@code count + growth × t}, capped at the horizon's rows when a TTL holds
   *       them there), so each partition's rows scale with them and its bytes follow {@link
   *       Sizer#partition}: a table of 1,000 rows growing to 2,000 has, half way, partitions of
   *       three quarters of their horizon rows.
   * </ul>
   *
   * Deliberately left out: the number of partitions is held at its horizon value (a key whose
   * distinct values grow with the rows would make early partitions slightly larger than drawn).
   *
   * <p>The limits: the 100 MB guideline; on ScyllaDB the large-partition warning (1000 MB,
   * scylla.yaml); and Cassandra's 2 billion values per partition, converted to bytes for the
   * table's row shape with the same formula.
   */
  static List<Growth> growth(CassandraAnalysis a, int samples) {
    List<Growth> out = new ArrayList<>();
    long horizon = a.model().horizonSeconds();
    for (CassandraSizing s : a.sizing().values()) {
      Optional<BoundTable> t = a.table(s.table());
      double[] at = new double[samples];
      double[] typical = new double[samples];
      double[] busiest = new double[samples];
      boolean known = t.isPresent() && s.typical().known() && s.busiest().known();
      boolean flat = s.windowSeconds() > 0 || s.keyIdentifiesRow() || !(s.rows() > 0);
      for (int i = 0; i < samples; i++) {
        at[i] = horizon * (double) i / (samples - 1);
        if (!known) {
          typical[i] = Double.NaN;
          busiest[i] = Double.NaN;
          continue;
        }
        Entity e = t.get().entity();
        double share =
            flat ? 1 : Math.min(e.count() + e.growthPerSecond() * at[i], s.rows()) / s.rows();
        typical[i] =
            i == samples - 1 || flat
                ? s.typical().bytes()
                : Sizer.partition(t.get(), s.typical().rows() * share).bytes();
        busiest[i] =
            i == samples - 1 || flat
                ? s.busiest().bytes()
                : Sizer.partition(t.get(), s.busiest().rows() * share).bytes();
      }
      out.add(
          new Growth(
              s.table(),
              "Partition size of " + s.table() + " over the horizon",
              at,
              List.of(
                  new Growth.Curve("typical", "typical", typical),
                  new Growth.Curve("busiest", "busiest", busiest)),
              t.map(b -> limits(b, a.design().isScylla())).orElse(List.of())));
    }
    return out;
  }

  /** The reference lines for table {@code t}: the guideline, ScyllaDB's warning, the hard limit. */
  static List<Growth.Limit> limits(BoundTable t, boolean scylla) {
    List<Growth.Limit> out = new ArrayList<>();
    out.add(
        new Growth.Limit(
            "guideline",
            "guideline " + Units.bytes(CassandraLimits.GUIDELINE_BYTES_PER_PARTITION),
            CassandraLimits.GUIDELINE_BYTES_PER_PARTITION));
    if (scylla) {
      // Named as scylla.yaml states it (1000 "MB" of 1024 × 1024 bytes), not as Units would print
      // it (1.05 GB).
      out.add(
          new Growth.Limit(
              "warning", "ScyllaDB warning 1000 MB", ScyllaLimits.LARGE_PARTITION_BYTES));
    }
    // Values grow linearly in rows, so two points give the rows at which they reach the limit.
    PartitionSize none = Sizer.partition(t, 0);
    double perRow = Sizer.partition(t, 1).values() - none.values();
    if (perRow > 0) {
      double rows = (CassandraLimits.MAX_CELLS_PER_PARTITION - none.values()) / perRow;
      double bytes = Sizer.partition(t, rows).bytes();
      out.add(
          new Growth.Limit("hard", "hard limit 2 billion values ≈ " + Units.bytes(bytes), bytes));
    }
    return out;
  }
}
