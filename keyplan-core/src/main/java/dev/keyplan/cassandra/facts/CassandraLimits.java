package dev.keyplan.cassandra.facts;

/**
 * Apache Cassandra's limits, guidelines and defaults that keyplan checks against: one place, each
 * with its source and the date it was read (2026-12).
 */
public final class CassandraLimits {
  private CassandraLimits() {}

  /**
   * Hard limit of cells (values) in one partition: 2 billion. Source: Apache Cassandra docs,
   * "Evaluating and refining data models" (data-modeling_refining.adoc).
   */
  public static final double MAX_CELLS_PER_PARTITION = 2e9;

  /**
   * Guideline: keep a partition under 100,000 values. Source: DataStax CQL docs, "Data modeling
   * analysis" (docs.datastax.com/en/cql/3.3/cql/ddl/dataModelingAnalysis.html), quoted by seed 000.
   */
  public static final double GUIDELINE_VALUES_PER_PARTITION = 100_000;

  /** Guideline: keep a partition under 100 MB on disk. Same source as the values guideline. */
  public static final double GUIDELINE_BYTES_PER_PARTITION = 100e6;

  /**
   * Average metadata bytes stored per cell (timestamps), {@code sizeOf(t_avg)} in the sizing
   * formula: "It is typical to use an estimate of 8 bytes". Source: Apache Cassandra docs,
   * "Evaluating and refining data models".
   */
  public static final int CELL_METADATA_BYTES = 8;

  /**
   * {@code tombstone_warn_threshold}: tombstones one read may scan before a warning.
   * cassandra.yaml, 5.0.
   */
  public static final int TOMBSTONE_WARN_THRESHOLD = 1_000;

  /**
   * {@code tombstone_failure_threshold}: tombstones one read may scan before it aborts.
   * cassandra.yaml, 5.0.
   */
  public static final int TOMBSTONE_FAILURE_THRESHOLD = 100_000;

  /** Default {@code gc_grace_seconds}: 864,000 s (10 days). CQL reference, CREATE TABLE options. */
  public static final long DEFAULT_GC_GRACE_SECONDS = 864_000;

  /**
   * Round trips of a lightweight-transaction write with {@code paxos_variant: v1} (the 5.0
   * default): prepare, read, propose, commit. Source: cassandra.yaml docs, quoted by seed 000 ("4
   * round trips for a write and 3 for a read").
   */
  public static final int PAXOS_V1_WRITE_ROUND_TRIPS = 4;

  /** Round trips of a serial (LWT) read with {@code paxos_variant: v1}. Same source. */
  public static final int PAXOS_V1_READ_ROUND_TRIPS = 3;

  /** {@code batch_size_warn_threshold}: 5 KiB. Config.java, Cassandra 5.0.6. */
  public static final long BATCH_SIZE_WARN_BYTES = 5 * 1024;

  /**
   * {@code unlogged_batch_across_partitions_warn_threshold}: 10 partitions. Config.java, Cassandra
   * 5.0.6.
   */
  public static final int UNLOGGED_BATCH_PARTITIONS_WARN = 10;

  /**
   * Planning default for {@code node_budget}: 20,000 operations/s per node, the low end of the
   * 20,000–100,000 ops/s per node that cassandra-stress write tests are expected to reach (AxonOps,
   * "Cassandra Benchmarking", docs.axonops.com, read 2026-12). A planning figure, not a limit: set
   * your own from a cassandra-stress run on your hardware.
   */
  public static final double DEFAULT_NODE_BUDGET = 20_000;

  /**
   * Planning default for {@code round_trip}: the coordinator–replica round trip in one datacenter,
   * for Paxos cost: 1 ms.
   */
  public static final double DEFAULT_ROUND_TRIP_MILLIS = 1.0;

  /**
   * Planning default for {@code nodes}: 6 nodes in each datacenter, the same cluster {@code keyplan
   * simulate} builds when neither the model nor {@code --nodes} says, so check and simulate agree.
   * Two replica sets of RF 3: the smallest cluster where a read through an index or a scan asks
   * more replicas than a keyed read does. keyplan's choice, not a Cassandra default.
   */
  public static final int DEFAULT_NODES_PER_DATACENTER = 6;

  /**
   * Guideline: up to 2 TB of data on one node, with free disk beside it for the compaction
   * strategy. Source: DataStax, "Capacity planning and hardware selection for HCD deployments",
   * section "Maximum capacity per node (node density)"
   * (https://docs.datastax.com/en/hyper-converged-database/1.1/install/capacity-planning.html, read
   * 2026-12), DataStax's current guide for Cassandra 5.0-based clusters; the older Apache Cassandra
   * guidance was 1–4 TB per node. Exceeding it makes compaction fall behind and streaming
   * (bootstrap, repair, replacing a node) slow. keyplan compares it with its own uncompressed
   * sizing (one replica's table bytes × replicas ÷ nodes), so a design within it by less than its
   * compression ratio is still within it on disk.
   */
  public static final double GUIDELINE_BYTES_PER_NODE = 2e12;

  /**
   * Share of a replica's (a ScyllaDB shard's) budget from which one partition's load is a warning
   * (rule HotPartition, the report's heat bars): keyplan's choice, leaving room for a burst of
   * twice the modelled rate before the replica saturates.
   */
  public static final double HOT_PARTITION_WARN_SHARE = 0.5;

  /**
   * The most nodes per datacenter a design may declare ({@code nodes:}, docs/model.md): keyplan's
   * bound on what it models and simulates, not Cassandra's.
   */
  public static final int MAX_NODES_PER_DATACENTER = 10_000;
}
