package dev.keyplan.cassandra.facts;

/**
 * The node {@code keyplan design} prices a self-managed Cassandra or ScyllaDB cluster on, one place
 * for its figures (docs/design.md, "Costs"). Override the price with {@code --price
 * cassandra.node=USD_PER_HOUR} (or {@code scylladb.node}).
 *
 * <p>An i3.2xlarge: 8 vCPUs on 4 physical cores, 61 GiB of memory and one 1,900 GB local NVMe disk,
 * about the 2 TB a node keyplan plans for; Linux on demand in US East (N. Virginia), $0.624 an
 * hour, $455.52 a 730-hour month. AWS's EC2 price page is not among the sources keyplan's
 * developers could store; the figure is the one third-party price tables agree on (for example the
 * gist "AWS EC2 instance types" by ebekker, "i3.2xlarge 8 27 61 1 x 1900 NVMe SSD $0.624 per
 * Hour"), read on 2026-12-06: check https://aws.amazon.com/ec2/pricing/on-demand/ before relying on
 * it.
 */
public final class CassandraNodePrice {
  private CassandraNodePrice() {}

  /** The instance type. */
  public static final String INSTANCE = "i3.2xlarge";

  /** Its vCPUs: ScyllaDB runs one shard per core it is given, so 8 shards a node. */
  public static final int VCPUS = 8;

  /** Its physical cores (two vCPUs each). */
  public static final int PHYSICAL_CORES = 4;

  /** On-demand Linux, US East (N. Virginia), US dollars an hour. */
  public static final double USD_PER_HOUR = 0.624;

  /** The price's region. */
  public static final String REGION = "us-east-1";

  /** The day the price was read. */
  public static final String CHECKED = "2026-12-06";

  /** Where the price was read. */
  public static final String SOURCE =
      "third-party EC2 price tables (gist ebekker \"AWS EC2 instance types\"); AWS's page"
          + " https://aws.amazon.com/ec2/pricing/on-demand/ was not among the stored sources";

  /**
   * Operations a second ScyllaDB plans per physical core: "expect to get at least 12.5K operations
   * per second (OPS) per physical core for simple operations on selected hardware" (ScyllaDB
   * manual, "Benchmarking ScyllaDB", benchmark tips). On an i3.2xlarge: 4 × 12,500 = 50,000/s a
   * node, the {@code node_budget} a ScyllaDB proposal sets.
   */
  public static final double SCYLLA_OPS_PER_CORE = 12_500;
}
