package dev.keyplan.analyze.measured;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * How an entity's rows fall over one attribute's values, as its data shows it, in the model's terms
 * (docs/model.md, "Spread").
 *
 * @param attribute the attribute's name
 * @param distinct distinct values ({@code distinct:}), exact or a sketch's estimate
 * @param distinctRelativeError the estimate's relative standard error; 0 when counted exactly
 * @param busiestShare the busiest value's share of the rows ({@code busiest: P%})
 * @param busiestPerSecond the busiest value's rows per second over the time span ({@code busiest:
 *     N/s}); empty without a time column
 * @param zipfExponent the fitted exponent when the values follow a Zipf law ({@code distribution:
 *     zipf(s)}); empty when they do not
 * @param per distinct values of this attribute under one value of another ({@code per:}), for a
 *     composite key measured together
 */
public record MeasuredSpread(
    String attribute,
    double distinct,
    double distinctRelativeError,
    double busiestShare,
    OptionalDouble busiestPerSecond,
    OptionalDouble zipfExponent,
    Map<String, Double> per) {

  public MeasuredSpread {
    per = Collections.unmodifiableMap(new LinkedHashMap<>(per));
  }
}
