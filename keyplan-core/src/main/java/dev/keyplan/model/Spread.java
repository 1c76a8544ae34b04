package dev.keyplan.model;

import dev.keyplan.input.Location;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
 * @param shares named values' shares of the rows, in file order ({@code shares: {US: 45%, EU:
 *     35%}}): what zones need to know which shards hold how much; empty if none are named
 * @param per distinct values of this attribute under one value of another, on average ({@code per:
 *     {artist_id: 10}}: an artist has 10 albums), in file order; empty if not said. Only an
 *     entity's spread says it
 * @param belongsTo attributes of which each value of this one belongs to exactly one value ({@code
 *     belongs_to: country}: a user has one country), in file order; empty if not said. Only an
 *     entity's spread says it
 */
public record Spread(
    String attribute,
    OptionalDouble distinct,
    OptionalDouble busiestPerSecond,
    OptionalDouble busiestShare,
    OptionalDouble zipfExponent,
    Map<String, Double> shares,
    Map<String, Double> per,
    List<String> belongsTo,
    Location location) {

  public Spread {
    shares = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(shares));
    per = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(per));
    belongsTo = List.copyOf(belongsTo);
  }

  /** A spread that states no per-value counts and no correlation. */
  public Spread(
      String attribute,
      OptionalDouble distinct,
      OptionalDouble busiestPerSecond,
      OptionalDouble busiestShare,
      OptionalDouble zipfExponent,
      Map<String, Double> shares,
      Location location) {
    this(
        attribute,
        distinct,
        busiestPerSecond,
        busiestShare,
        zipfExponent,
        shares,
        Map.of(),
        List.of(),
        location);
  }

  /** A spread without named shares. */
  public Spread(
      String attribute,
      OptionalDouble distinct,
      OptionalDouble busiestPerSecond,
      OptionalDouble busiestShare,
      OptionalDouble zipfExponent,
      Location location) {
    this(attribute, distinct, busiestPerSecond, busiestShare, zipfExponent, Map.of(), location);
  }

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
    if (!shares.isEmpty()) {
      return OptionalDouble.of(busiestNamed());
    }
    if (distinct.isPresent() && zipfExponent.isPresent()) {
      return OptionalDouble.of(
          1 / Zipf.harmonic(distinct.getAsDouble(), zipfExponent.getAsDouble()));
    }
    if (distinct.isPresent()) {
      return OptionalDouble.of(1 / Math.max(1, distinct.getAsDouble()));
    }
    return OptionalDouble.empty();
  }

  /**
   * The busiest share when only named shares say it: the largest named share, or the rest (1 − Σ
   * named) spread evenly over the unnamed values when {@code distinct} counts them, or the whole
   * rest as one value when it does not. With {@code {US: 45%, EU: 35%}} and 3 values the rest is
   * 20% for the third: the US's 45% is the busiest; with 5 values the other three have 6.7% each.
   */
  private double busiestNamed() {
    double named = shares.values().stream().mapToDouble(Double::doubleValue).sum();
    double largest = shares.values().stream().mapToDouble(Double::doubleValue).max().orElse(0);
    double rest = Math.max(0, 1 - named);
    int unnamed =
        distinct.isPresent() ? (int) Math.max(0, distinct.getAsDouble() - shares.size()) : 1;
    return unnamed == 0 ? largest : Math.max(largest, rest / unnamed);
  }
}
