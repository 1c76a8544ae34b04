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
   * Returns the busiest value's share of the entity's writes for attribute {@code a}, uniform when
   * only the count is known: the share heat reads. A busiest rate counts as it is, also when a
   * {@code for:} window bounds it in time ({@link #rowShare} is the share sizes read).
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

  /**
   * Returns the busiest value's share of {@code rows} rows of attribute {@code a}: the share sizes
   * read (a partition's, an item collection's, a chunk's rows). It is {@link #busiestShare} unless
   * the spread bounds its busiest rate with {@code for:}; then the busiest value holds what it
   * writes during the window, {@link Spread#rowShare}, and never less than the rest of the spread
   * gives a value: its own {@code zipf} or {@code distinct}, else {@code 1 / values} of an
   * enumeration or boolean (docs/model.md, "Hot for a window").
   *
   * @param rows the rows the share is taken of: at the horizon, or one time bucket's
   */
  public static OptionalDouble rowShare(Entity e, String a, double rows) {
    Spread s = e.spread().get(a);
    if (s == null || s.windowRows().isEmpty()) {
      return busiestShare(e, a, rows);
    }
    OptionalDouble share = s.rowShare(e.growthPerSecond(), rows);
    if (share.isEmpty() || s.restShare().isPresent()) {
      return share;
    }
    OptionalDouble values =
        e.attribute(a)
            .flatMap(x -> x.knownCardinality().isPresent() ? Optional.of(x) : Optional.empty())
            .map(x -> OptionalDouble.of(x.knownCardinality().getAsLong()))
            .orElse(OptionalDouble.empty());
    return values.isPresent()
        ? OptionalDouble.of(Math.max(share.getAsDouble(), 1 / Math.max(1, values.getAsDouble())))
        : share;
  }
}
