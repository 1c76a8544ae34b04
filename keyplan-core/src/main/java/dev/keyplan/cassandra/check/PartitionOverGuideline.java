package dev.keyplan.cassandra.check;

import dev.keyplan.cassandra.design.BoundTable;
import dev.keyplan.cassandra.design.CassandraAnalysis;
import dev.keyplan.cassandra.design.CassandraSizing;
import dev.keyplan.cassandra.design.PartitionSize;
import dev.keyplan.cassandra.design.Sizer;
import dev.keyplan.cassandra.facts.CassandraLimits;
import dev.keyplan.cassandra.scylla.ScyllaLimits;
import dev.keyplan.check.Category;
import dev.keyplan.check.Findings;
import dev.keyplan.check.RuleSpec;
import dev.keyplan.check.Severity;
import dev.keyplan.model.Quantities;
import dev.keyplan.model.Units;
import java.util.ArrayList;
import java.util.List;

/**
 * Compares the busiest partition at the horizon (one bucket, for a bucketed key) with Cassandra's
 * hard limit of 2 billion cells (error) and the guideline of 100,000 values and 100 MB (warning),
 * all from {@link CassandraLimits}; on ScyllaDB also with its large-data warnings of 1,000 MB and
 * 100,000 rows per partition, 10 MB per row and 1 MB per cell ({@link ScyllaLimits}). The guideline
 * is to keep a partition <em>below</em> 100,000 values and 100 MB, so reaching either is over it,
 * as in the bucket advice; the limit and ScyllaDB's warnings apply past their values.
 *
 * <p>Bytes are the partition's on-disk figure ({@link PartitionSize#diskBytes()}, {@link
 * dev.keyplan.cassandra.design.SstableFootprint}), what Cassandra's {@code max_partition_size}
 * (cassandra.yaml, the compaction-time large-partition warning) and {@code
 * partition_size_warn_threshold} guardrail measure: <a
 * href="https://cassandra.apache.org/doc/5.0/cassandra/managing/configuration/cass_yaml_file.html">cassandra.yaml</a>.
 * The docs' formula is printed beside it.
 */
@RuleSpec(
    category = Category.SIZE,
    summary = "Busiest partition over the size guideline or limit",
    severity = Severity.ERROR)
public final class PartitionOverGuideline implements CassandraRule {
  @Override
  public void check(CassandraAnalysis a, Findings out) {
    for (BoundTable t : a.tables()) {
      CassandraSizing s = a.sizing().get(t.name());
      if (s == null || !s.busiest().known()) {
        continue;
      }
      PartitionSize p = s.busiest();
      List<String> over = new ArrayList<>();
      Severity severity = Severity.WARNING;
      if (p.values() > CassandraLimits.MAX_CELLS_PER_PARTITION) {
        over.add("the hard limit of 2 billion cells");
        severity = Severity.ERROR;
      }
      if (p.values() >= CassandraLimits.GUIDELINE_VALUES_PER_PARTITION) {
        over.add("100,000 values");
      }
      // The on-disk figure, not the docs' formula: max_partition_size (the compaction warning) and
      // the partition_size guardrail both measure the bytes a partition takes in Data.db.
      if (p.diskBytes() >= CassandraLimits.GUIDELINE_BYTES_PER_PARTITION) {
        over.add("100 MB");
      }
      if (a.design().isScylla() && p.diskBytes() > ScyllaLimits.LARGE_PARTITION_BYTES) {
        over.add("ScyllaDB's large-partition warning of 1000 MiB (1.05 GB)");
      }
      if (a.design().isScylla() && p.rows() > ScyllaLimits.LARGE_PARTITION_ROWS) {
        over.add("ScyllaDB's rows warning of 100,000 rows");
      }
      if (a.design().isScylla()) {
        double row = Sizer.rowBytes(t);
        if (row > ScyllaLimits.LARGE_ROW_BYTES) {
          over.add("ScyllaDB's large-row warning of 10 MiB (a row is " + Units.bytes(row) + ")");
        }
        t.entity().attributes().values().stream()
            .filter(
                x ->
                    t.column(x.name()).isPresent()
                        && x.size().orElse(0) > ScyllaLimits.LARGE_CELL_BYTES)
            .forEach(
                x ->
                    over.add(
                        "ScyllaDB's large-cell warning of 1 MiB ("
                            + x.name()
                            + " averages "
                            + Units.bytes(x.size().getAsLong())
                            + ")"));
      }
      if (over.isEmpty()) {
        continue;
      }
      String scope =
          s.windowSeconds() > 0
              ? "one " + Quantities.formatSeconds(s.windowSeconds()) + " bucket"
              : "after " + Quantities.formatSeconds(a.model().horizonSeconds());
      String fix =
          s.advice()
              .flatMap(b -> b.chosen())
              .map(
                  o ->
                      "use a "
                          + Quantities.formatSeconds(o.windowSeconds())
                          + " bucket: busiest partition "
                          + Units.count(o.busiest().rows())
                          + " rows, "
                          + Units.count(o.busiest().values())
                          + " values, "
                          + Units.bytes(o.busiest().bytes())
                          + " (on disk "
                          + Units.bytes(o.busiest().diskBytes())
                          + "); a latest read then walks about "
                          + Units.count(o.latestReadPartitions())
                          + (o.latestReadPartitions() == 1 ? " partition" : " partitions")
                          + " for a typical key")
              .orElse(
                  over.stream().allMatch(o -> o.contains("large-cell") || o.contains("large-row"))
                      ? "a bucket cannot shrink a row or a cell: split the value into chunks (one row per chunk) or keep it "
                          + "in an object store and store its address"
                      : "split the partition: add a time bucket or a shard suffix to the partition key");
      out.report(
          severity,
          t.name(),
          t.table().location(),
          "the busiest partition of "
              + t.name()
              + " ("
              + scope
              + ") holds "
              + Units.count(p.rows())
              + " rows, "
              + Units.count(p.values())
              + " values, "
              + Units.bytes(p.bytes())
              + " (on disk "
              + Units.bytes(p.diskBytes())
              + "): over "
              + String.join(" and ", over),
          fix);
    }
  }
}
