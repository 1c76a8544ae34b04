package dev.keyplan.mongodb.facts;

/**
 * The prices {@code keyplan design} puts on a MongoDB cluster, one place for their figures
 * (docs/design.md, "Costs"): self-managed replica sets on EC2, and Atlas. Override with {@code
 * --price mongodb.member=USD_PER_HOUR} and {@code --price mongodb.atlas=USD_PER_HOUR}.
 *
 * <ul>
 *   <li><b>Self-managed</b>: each shard a replica set of 3 members (MongoDB manual, "Replica Set
 *       Deployment Architectures": three members is the recommended minimum), each an r6i.2xlarge
 *       (8 vCPUs, 64 GiB, storage on EBS), Linux on demand in US East (N. Virginia), $0.504 an
 *       hour, with gp3 volumes at $0.08 per GB-month holding each member's copy of the data and
 *       indexes. The instance price is from third-party tables (a "pinned snapshot of us-east-1
 *       on-demand prices"), the gp3 price from AWS's own sample TCO calculator
 *       (aws-samples/sample-pricing-calculator-for-keyspaces, cassandra_tco_helper.py, "ebs-gp3":
 *       0.08), both read on 2026-12-06: check https://aws.amazon.com/ec2/pricing/on-demand/ and
 *       https://aws.amazon.com/ebs/pricing/.
 *   <li><b>Atlas</b>: an M30 node (8 GB of memory, 40 GB of storage by default) at $0.54 an hour on
 *       AWS with default settings ("roughly $388/month"; MongoDB Atlas docs, "Invoice Breakdown",
 *       mongodb/docs source/billing/invoice-breakdown.txt), data-bearing nodes = 3 × shards
 *       ("Cluster Configuration Costs"); the config servers a sharded cluster adds are charged at a
 *       separate rate not priced here. A shard whose data passes M30's 40 GB needs a larger tier,
 *       which keyplan does not price.
 * </ul>
 */
public final class MongoDbNodePrice {
  private MongoDbNodePrice() {}

  /** Members of each shard's replica set. */
  public static final int MEMBERS = 3;

  /** The self-managed member's instance type. */
  public static final String INSTANCE = "r6i.2xlarge";

  /** Its on-demand Linux price in US East (N. Virginia), US dollars an hour. */
  public static final double MEMBER_USD_PER_HOUR = 0.504;

  /** gp3 storage in US East (N. Virginia), US dollars per GB-month (2^30 bytes). */
  public static final double GP3_USD_PER_GB_MONTH = 0.08;

  /**
   * The most one gp3 volume holds: 65,536 GiB, 64 TiB (Amazon EC2 API Reference, ModifyVolume,
   * "gp3: 1 - 65,536 GiB"); a shard's member keeps its copy on one, so the data needs at least data
   * ÷ 64 TiB shards.
   */
  public static final double GP3_MAX_VOLUME_BYTES = 65_536.0 * (1L << 30);

  /** The Atlas tier priced. */
  public static final String ATLAS_TIER = "M30";

  /** The Atlas tier's price per node on AWS with default settings, US dollars an hour. */
  public static final double ATLAS_USD_PER_HOUR = 0.54;

  /** The Atlas tier's default storage per node, bytes (40 GB). */
  public static final double ATLAS_STORAGE_BYTES = 40.0 * (1L << 30);

  /** The day the prices were read. */
  public static final String CHECKED = "2026-12-06";
}
