package dev.keyplan.cassandra.scylla;

/**
 * ScyllaDB's large-data warning thresholds (scylla.yaml defaults), each with its source, read
 * 2026-12: ScyllaDB docs, troubleshooting/large-partition-table.rst and the configuration
 * reference. ScyllaDB logs "Writing large partition" and records the offender in {@code
 * system.large_partitions} when a partition passes them at flush or compaction.
 */
public final class ScyllaLimits {
  private ScyllaLimits() {}

  /** {@code compaction_large_partition_warning_threshold_mb}: 1000 MB. */
  public static final double LARGE_PARTITION_BYTES = 1000 * 1024.0 * 1024;

  /** {@code compaction_rows_count_warning_threshold}: 100,000 rows. */
  public static final double LARGE_PARTITION_ROWS = 100_000;

  /** {@code compaction_large_row_warning_threshold_mb}: 10 MB. */
  public static final double LARGE_ROW_BYTES = 10 * 1024.0 * 1024;

  /** {@code compaction_large_cell_warning_threshold_mb}: 1 MB. */
  public static final double LARGE_CELL_BYTES = 1024.0 * 1024;
}
