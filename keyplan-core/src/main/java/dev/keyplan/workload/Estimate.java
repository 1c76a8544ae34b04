package dev.keyplan.workload;

/**
 * A figure for a typical key value and for the busiest one: what one request of a pattern touches,
 * reads or costs depends on which key it asks for, and keyplan reports both. A query by channel on
 * a table whose channels hold 1,500 rows on average and 10,000 for the busiest one reads {@code
 * Estimate(1500, 10000)} rows. NaN in either means unknown (a key spread the model does not give).
 *
 * @param typical the figure for a typical key value
 * @param busiest the figure for the busiest key value
 */
public record Estimate(double typical, double busiest) {
  /** Unknown for every key: a pattern the design does not serve, a spread undeclared. */
  public static final Estimate UNKNOWN = new Estimate(Double.NaN, Double.NaN);

  /** The same figure for every key: a write of 3 tables writes 3 partitions whatever its key. */
  public static Estimate same(double value) {
    return new Estimate(value, value);
  }
}
