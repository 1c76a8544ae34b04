package dev.keyplan.dynamodb.simulate;

/**
 * A provisioned copy's capacity for one kind of unit, with adaptive and burst capacity.
 *
 * <p>Each partition owns a share of the provisioned units. Adaptive capacity "enables your
 * application to continue reading and writing to hot partitions without being throttled, provided
 * that traffic does not exceed your table's total provisioned capacity or the partition maximum
 * capacity", and "works by automatically and instantly increasing throughput capacity for
 * partitions that receive more traffic" (AWS DG, bp-partition-key-design, awsdocs/amazon-dynamodb-
 * developer-guide doc_source/bp-partition-key-design.md). So in a second:
 *
 * <ol>
 *   <li>if the partitions' demand {@code A} (each held to its ceiling) is within the provisioned
 *       {@code P}, all of it is served, unused shares lent to hot partitions at once, and {@code P
 *       − A} goes to the {@link BurstBucket};
 *   <li>otherwise the excess {@code A − P} is drawn from the burst bucket;
 *   <li>what burst cannot cover is throttled, on the partitions above their own share, in
 *       proportion to how far above it they are: a partition within its share is never throttled
 *       for the table's sake.
 * </ol>
 *
 * <p>The guide's example: 400 WCU over 4 partitions (100 each), three at 50 WCU/s and one at 150:
 * 300 ≤ 400, so the hot one is served in full, on the 50 its neighbours leave unused.
 */
final class ProvisionedTableCapacity implements TableCapacity {
  private final double provisioned;
  private final BurstBucket bucket;

  /** A copy provisioned with {@code units} per second, its burst bucket full or empty. */
  ProvisionedTableCapacity(double units, boolean burstFull) {
    this.provisioned = units;
    this.bucket = new BurstBucket(units, burstFull);
  }

  @Override
  public void admit(long second, double[] served, double[] shares, double[] throttled, int n) {
    double asked = 0;
    for (int i = 0; i < n; i++) {
      asked += served[i];
      throttled[i] = 0;
    }
    if (asked <= provisioned) {
      bucket.keep(provisioned - asked);
      return;
    }
    double excess = asked - provisioned;
    double shortfall = excess - bucket.draw(excess);
    if (shortfall <= 0) {
      return;
    }
    double over = 0;
    for (int i = 0; i < n; i++) {
      over += Math.max(0, served[i] - shares[i]);
    }
    for (int i = 0; i < n; i++) {
      // Shares add up to the provisioned units, so the partitions above theirs hold at least the
      // shortfall; rounding aside, when none is above its share the refusal is spread by demand.
      double weight = over > 0 ? Math.max(0, served[i] - shares[i]) / over : served[i] / asked;
      double t = Math.min(served[i], shortfall * weight);
      throttled[i] = t;
      served[i] -= t;
    }
  }

  @Override
  public double limit() {
    return provisioned;
  }

  @Override
  public double burst() {
    return bucket.level();
  }

  /** Returns the burst bucket's capacity, 300 s of provisioned units. */
  double burstCapacity() {
    return bucket.capacity();
  }

  @Override
  public boolean onDemand() {
    return false;
  }
}
