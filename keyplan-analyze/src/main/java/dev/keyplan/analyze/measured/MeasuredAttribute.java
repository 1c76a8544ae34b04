package dev.keyplan.analyze.measured;

import java.util.OptionalDouble;

/**
 * One attribute as its data shows it, in the model's terms (docs/model.md, "Attributes").
 *
 * @param name the attribute's name in the model (after any column mapping)
 * @param type a CQL type name as the model writes it ({@code bigint}, {@code text}, {@code
 *     list<text>}), inferred from the data's column type
 * @param averageBytes average serialised size of one value (of one element for a collection), as
 *     the model's {@code size:} means it; empty for a fixed-size type, whose size the type gives
 * @param items average elements of a collection ({@code items:}); empty for a scalar
 * @param present share of rows that hold a value, in [0, 1] ({@code present:}); 0 when no row holds
 *     one, which the model cannot write (its {@code present:} is above 0%)
 * @param timeOrdered whether values grow with time or file order ({@code time_ordered:})
 * @param orderMeasured whether {@code timeOrdered} was measured: monotonicity is measured per
 *     candidate key, so an attribute that is no key of its own has none, and its {@code
 *     timeOrdered} false says nothing (a model's {@code time_ordered: true} is then kept)
 */
public record MeasuredAttribute(
    String name,
    String type,
    OptionalDouble averageBytes,
    OptionalDouble items,
    double present,
    boolean timeOrdered,
    boolean orderMeasured) {

  public MeasuredAttribute {
    if (!(present >= 0 && present <= 1)) {
      throw new IllegalArgumentException("present must be in [0, 1], was " + present);
    }
  }

  /** True when no row of the data holds a value: nothing about the attribute was measured. */
  public boolean neverPresent() {
    return present == 0;
  }

  /** An attribute whose order was measured. */
  public MeasuredAttribute(
      String name,
      String type,
      OptionalDouble averageBytes,
      OptionalDouble items,
      double present,
      boolean timeOrdered) {
    this(name, type, averageBytes, items, present, timeOrdered, true);
  }
}
