package dev.keyplan.model;

import dev.keyplan.input.Location;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * How much of its attribute's values a pattern's range covers: a width of time ({@code 30d} of a
 * timestamp), or a share of the values ({@code 5%}). A range without one is counted as covering
 * every value, an upper bound the plan states.
 *
 * <p>Worked example: {@code range: {created_at: 30d}} on a partition that holds 2 years of orders
 * reads 30 / 730 ≈ 4.1% of its rows.
 *
 * @param seconds the width as a duration, for a time-ordered or time-typed attribute
 * @param share the width as a share of the values, above 0 and at most 1
 */
public record RangeWidth(OptionalLong seconds, OptionalDouble share, Location location) {

  /**
   * Returns the share of values the range covers when the attribute's values span {@code
   * spanSeconds}: the share itself, or the width over the span (at most 1); 1 for a width of time
   * when the span is unknown (0).
   */
  public double shareOf(long spanSeconds) {
    if (share.isPresent()) {
      return share.getAsDouble();
    }
    return spanSeconds > 0 ? Math.min(1, seconds.getAsLong() / (double) spanSeconds) : 1;
  }

  /**
   * Returns where {@link #shareOf} comes from, for a plan's note: "its stated share", or the width
   * over the span ("1 h of 1 y").
   */
  public String sourceOver(long spanSeconds) {
    return share.isPresent()
        ? "its stated share"
        : Quantities.formatSeconds(seconds.getAsLong())
            + " of "
            + Quantities.formatSeconds(spanSeconds);
  }
}
