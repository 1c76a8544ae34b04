package dev.keyplan.dynamodb.simulate;

import java.util.Arrays;

/**
 * An on-demand copy's capacity for one kind of unit: twice its previous peak, at most the table
 * quota.
 *
 * <p>"On-demand capacity mode instantly accommodates up to double the previous peak traffic on a
 * table ... throttling can occur if you exceed double your previous peak within 30 minutes"; a new
 * table's previous peak is "2,000 write request units or 6,000 read request units" (AWS DG,
 * "Read/write capacity mode", awsdocs/amazon-dynamodb-developer-guide
 * doc_source/HowItWorks.ReadWriteCapacityMode.md). keyplan's reading of "previous peak": the most
 * units the copy consumed in any one second counts as its peak 30 minutes (1,800 s) after that
 * second; until then the older peak holds. So a new table asked for 10,000 WRU a second serves
 * 4,000 for 30 minutes, 8,000 for the next 30, then all of it. The default quota is 40,000 units
 * per table or index ({@link dev.keyplan.dynamodb.facts.DynamoDbLimits#DEFAULT_TABLE_MAX_WCU}).
 *
 * <p>When the partitions ask for more than the limit, each is refused the same share of its demand.
 */
final class OnDemandCapacity implements TableCapacity {
  /** A second's consumption becomes the previous peak this long after it: 30 minutes. */
  static final int PEAK_DELAY_SECONDS = 1_800;

  private final double quota;
  private final double[] recent = new double[PEAK_DELAY_SECONDS];
  private double peak;
  private double limit;

  /**
   * An on-demand copy whose previous peak is {@code peak} units per second, under {@code quota}.
   */
  OnDemandCapacity(double peak, double quota) {
    this.peak = peak;
    this.quota = quota;
    this.limit = Math.min(2 * peak, quota);
    Arrays.fill(recent, 0);
  }

  /** Returns the limit for {@code second}, folding in the consumption of {@code second − 1,800}. */
  double limitAt(long second) {
    if (second >= PEAK_DELAY_SECONDS) {
      peak = Math.max(peak, recent[(int) (second % PEAK_DELAY_SECONDS)]);
    }
    limit = Math.min(2 * peak, quota);
    return limit;
  }

  @Override
  public void admit(long second, double[] served, double[] shares, double[] throttled, int n) {
    double cap = limitAt(second);
    double asked = 0;
    for (int i = 0; i < n; i++) {
      asked += served[i];
    }
    double keep = asked > cap ? cap / asked : 1;
    double consumed = 0;
    for (int i = 0; i < n; i++) {
      throttled[i] = served[i] * (1 - keep);
      served[i] -= throttled[i];
      consumed += served[i];
    }
    recent[(int) (second % PEAK_DELAY_SECONDS)] = consumed;
  }

  @Override
  public double limit() {
    return limit;
  }

  @Override
  public double burst() {
    return 0;
  }

  @Override
  public boolean onDemand() {
    return true;
  }
}
