package dev.keyplan.model;

import dev.keyplan.input.Location;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalLong;

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
 * @param busiestForSeconds how long the busiest value writes at {@code busiestPerSecond} ({@code
 *     for: 1d}): a burst, after which it falls back to the rest of the spread; empty when the rate
 *     lasts the whole horizon. Heat reads the rate, sizes the rows the window holds ({@link
 *     #rowShare})
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
    OptionalLong busiestForSeconds,
    Location location) {

  public Spread {
    shares = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(shares));
    per = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(per));
    belongsTo = List.copyOf(belongsTo);
  }

  /** A spread whose busiest rate, if any, lasts the whole horizon. */
  public Spread(
      String attribute,
      OptionalDouble distinct,
      OptionalDouble busiestPerSecond,
      OptionalDouble busiestShare,
      OptionalDouble zipfExponent,
      Map<String, Double> shares,
      Map<String, Double> per,
      List<String> belongsTo,
      Location location) {
    this(
        attribute,
        distinct,
        busiestPerSecond,
        busiestShare,
        zipfExponent,
        shares,
        per,
        belongsTo,
        OptionalLong.empty(),
        location);
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
   * Returns the busiest value's share of the entity's writes (and, unless a {@code for:} window
   * bounds the rate, of its rows), when it can be known: the share heat reads. {@link #rowShare} is
   * the share sizes read.
   *
   * @param growthPerSecond the entity's growth (or a pattern's rate), to turn a busiest rate into a
   *     share
   */
  public OptionalDouble busiestShare(double growthPerSecond) {
    if (busiestPerSecond.isPresent() && growthPerSecond > 0) {
      return OptionalDouble.of(Math.min(1, busiestPerSecond.getAsDouble() / growthPerSecond));
    }
    if (busiestShare.isPresent()) {
      return busiestShare;
    }
    return restShare();
  }

  /**
   * Returns the busiest value's share of {@code rows} rows written at {@code growthPerSecond}: the
   * share sizes read (partitions, item collections, chunks). Without a {@code for:} window it is
   * {@link #busiestShare}. With one, the busiest value holds what it writes during the window,
   * {@code rate × window} rows, and nothing more: its share is
   *
   * <pre>
   *   max(rest, min(rate / growth, rate × window / rows))
   * </pre>
   *
   * where {@code rate / growth} caps it at the share of a rate that lasted as long as the rows took
   * to arrive, and {@code rest} ({@link #restShare}) is the share the rest of the spread gives any
   * value (zipf or {@code 1 / distinct}), below which the busiest value does not fall. Worked
   * number: 300 likes/s on one post for 1d of 10k likes/s over 1y (315.36 × 10⁹ rows): the rate
   * share is 3%, the window holds 300 × 86,400 = 25,920,000 rows, a share of 25,920,000 /
   * 315,360,000,000 ≈ 8.2 × 10⁻⁵, above 1 / 10M: the busiest post holds 25,920,000 rows, not 3% of
   * the year (9,460,800,000).
   *
   * @param growthPerSecond the growth the rate is a share of
   * @param rows the rows the share is taken of: the rows at the horizon, or one time bucket's
   */
  public OptionalDouble rowShare(double growthPerSecond, double rows) {
    OptionalDouble rate = busiestShare(growthPerSecond);
    if (busiestForSeconds.isEmpty()
        || busiestPerSecond.isEmpty()
        || growthPerSecond <= 0
        || rate.isEmpty()
        || !(rows > 0)) {
      return rate;
    }
    double window = Math.min(rate.getAsDouble(), windowRows().getAsDouble() / rows);
    return OptionalDouble.of(Math.max(restShare().orElse(0), window));
  }

  /**
   * Returns the rows the busiest value writes during its {@code for:} window, {@code rate × window}
   * (300/s for 1d = 25,920,000); empty without a window.
   */
  public OptionalDouble windowRows() {
    if (busiestForSeconds.isEmpty() || busiestPerSecond.isEmpty()) {
      return OptionalDouble.empty();
    }
    return OptionalDouble.of(busiestPerSecond.getAsDouble() * busiestForSeconds.getAsLong());
  }

  /**
   * Returns the share the spread gives its busiest value when a busiest rate or share is not
   * counted: the named {@code shares}, else {@code zipf(s)} over {@code distinct}, else {@code 1 /
   * distinct}; empty when none is said.
   */
  public OptionalDouble restShare() {
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
