package dev.keyplan.model;

import java.util.OptionalDouble;

/**
 * How the rows (and, unless a pattern says otherwise, the requests) of an entity spread over the
 * values of one attribute.
 *
 * <p>The busiest value's share of traffic is what heat and size checks need. It comes from, in
 * order: {@code busiest: 100/s} (a rate, divided by the entity's growth), {@code busiest: 2%},
 * {@code distribution: zipf(s)} over {@code distinct} values (share = 1 / H(distinct, s), the
 * generalised harmonic number), or a uniform spread (share = 1 / distinct).
 *
 * @param distinct number of distinct values, if declared
 * @param busiestPerSecond rows per second written for the busiest value, if declared as a rate
 * @param busiestShare the busiest value's share of rows, if declared as a percentage
 * @param zipfExponent the exponent {@code s} of a declared Zipf distribution
 */
public record Spread(
    String attribute,
    OptionalDouble distinct,
    OptionalDouble busiestPerSecond,
    OptionalDouble busiestShare,
    OptionalDouble zipfExponent,
    Location location) {

  /**
   * Returns the busiest value's share of the entity's rows, when it can be known.
   *
   * @param growthPerSecond the entity's growth, to turn a busiest rate into a share
   */
  public OptionalDouble busiestShare(double growthPerSecond) {
    if (busiestPerSecond.isPresent() && growthPerSecond > 0) {
      return OptionalDouble.of(Math.min(1, busiestPerSecond.getAsDouble() / growthPerSecond));
    }
    if (busiestShare.isPresent()) {
      return busiestShare;
    }
    if (distinct.isPresent() && zipfExponent.isPresent()) {
      return OptionalDouble.of(1 / Zipf.harmonic(distinct.getAsDouble(), zipfExponent.getAsDouble()));
    }
    if (distinct.isPresent()) {
      return OptionalDouble.of(1 / Math.max(1, distinct.getAsDouble()));
    }
    return OptionalDouble.empty();
  }
}
