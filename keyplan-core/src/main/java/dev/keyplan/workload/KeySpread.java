package dev.keyplan.workload;

import dev.keyplan.model.Attribute;
import dev.keyplan.model.Entity;
import dev.keyplan.model.Spread;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * What the model says about the values of one key attribute: how many there are and the busiest
 * one's share. Sources, in order: the entity's {@code spread:}, an enumeration's or boolean's value
 * count, and a sole identifying key or a {@code unique:} attribute (one value per row).
 */
public final class KeySpread {
  private KeySpread() {}

  /**
   * Returns the distinct values of attribute {@code a}: declared, enumerated, or the row count of a
   * sole key.
   */
  public static OptionalDouble distinct(Entity e, String a, double rows) {
    Spread s = e.spread().get(a);
    if (s != null && s.distinct().isPresent()) {
      return s.distinct();
    }
    Optional<Attribute> attr = e.attribute(a);
    if (attr.isPresent() && attr.get().knownCardinality().isPresent()) {
      return OptionalDouble.of(attr.get().knownCardinality().getAsLong());
    }
    if (e.key().equals(List.of(a)) || (attr.isPresent() && attr.get().unique())) {
      return OptionalDouble.of(Math.max(1, rows));
    }
    if (s != null && s.busiestShare(e.growthPerSecond()).isPresent()) {
      // Only the busiest value is known: at least 1 / share values exist.
      return OptionalDouble.of(Math.ceil(1 / s.busiestShare(e.growthPerSecond()).getAsDouble()));
    }
    return OptionalDouble.empty();
  }

  /**
   * Returns the busiest value's share of rows for attribute {@code a}, uniform when only the count
   * is known.
   */
  public static OptionalDouble busiestShare(Entity e, String a, double rows) {
    Spread s = e.spread().get(a);
    if (s != null) {
      OptionalDouble share = s.busiestShare(e.growthPerSecond());
      if (share.isPresent()) {
        return share;
      }
    }
    OptionalDouble d = distinct(e, a, rows);
    return d.isPresent() ? OptionalDouble.of(1 / d.getAsDouble()) : OptionalDouble.empty();
  }
}
