package dev.keyplan.dynamodb.simulate;

import dev.keyplan.model.AccessPattern;
import dev.keyplan.model.Entity;
import dev.keyplan.model.Spread;
import dev.keyplan.simulate.Keys;
import dev.keyplan.workload.KeyCounts;
import dev.keyplan.workload.KeySpread;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * The spread of a copy's partition key values, built from the same facts the analysis uses ({@link
 * KeySpread}, {@link KeyCounts}) so the busiest value here is the busiest value there.
 *
 * <ul>
 *   <li>no placeholder ({@code PK: "STATS"}): one value;
 *   <li>the entity's whole key or a unique attribute: one value per row, uniform;
 *   <li>one attribute: {@link Keys#of} over the pattern's own spread if it declares one (a busiest
 *       rate then divides by the pattern's rate), else the entity's;
 *   <li>several attributes ({@code {tenant}#{user}}): the busiest combination with its share, the
 *       others even ({@link Keys#hotspot}).
 * </ul>
 *
 * <p>A spread the model leaves unknown is simulated as uniform over the rows and said so in the
 * run's notes: with nothing declared no value is known to be hot.
 */
final class KeySpreads {
  private KeySpreads() {}

  /**
   * Returns the spread of {@code p}'s requests over values of {@code attributes}; null when
   * unknown.
   */
  static Keys requests(AccessPattern p, Entity e, Set<String> attributes, double rows) {
    String label = label(attributes);
    if (attributes.isEmpty()) {
      return Keys.single(label, label);
    }
    if (KeyCounts.identifies(e, attributes)
        && attributes.stream().noneMatch(p.spread()::containsKey)) {
      return Keys.uniform(label, Math.max(1, rows));
    }
    if (attributes.size() == 1) {
      String a = attributes.iterator().next();
      Spread own = p.spread().get(a);
      OptionalDouble distinct = KeySpread.distinct(e, a, rows);
      if (distinct.isEmpty()) {
        return null;
      }
      return own != null
          ? Keys.of(a, own, distinct.getAsDouble(), p.ratePerSecond(), timeOrdered(e, a))
          : Keys.of(
              a, e.spread().get(a), distinct.getAsDouble(), e.growthPerSecond(), timeOrdered(e, a));
    }
    return combined(
        label,
        KeyCounts.distinct(e, attributes, rows),
        KeyCounts.requestShare(p, e, attributes, rows));
  }

  /**
   * Returns the spread of {@code e}'s rows over values of {@code attributes}; null when unknown.
   */
  static Keys rows(Entity e, Set<String> attributes, double rows) {
    String label = label(attributes);
    if (attributes.isEmpty()) {
      return Keys.single(label, label);
    }
    if (KeyCounts.identifies(e, attributes)) {
      return Keys.uniform(label, Math.max(1, rows));
    }
    if (attributes.size() == 1) {
      String a = attributes.iterator().next();
      OptionalDouble distinct = KeySpread.distinct(e, a, rows);
      Spread s = e.spread().get(a);
      if (distinct.isPresent() && s != null && s.windowRows().isPresent()) {
        // A busiest rate bounded by for: holds its window's rows, as the analysis sizes it
        // (KeySpread.rowShare), not the rate's share of the horizon.
        return Keys.hotspot(
            a, distinct.getAsDouble(), KeySpread.rowShare(e, a, rows).getAsDouble());
      }
      return distinct.isEmpty()
          ? null
          : Keys.of(
              a, e.spread().get(a), distinct.getAsDouble(), e.growthPerSecond(), timeOrdered(e, a));
    }
    return combined(
        label,
        KeyCounts.distinct(e, attributes, rows),
        KeyCounts.busiestRowShare(e, attributes, rows));
  }

  /**
   * Returns the name values are numbered under: the attribute ({@code product_id-1}), or the
   * attributes joined with {@code +} ({@code tenant_id+user_id-1}), so the requests and the rows of
   * one value get one name whichever spread describes them.
   */
  static String label(Set<String> attributes) {
    return attributes.isEmpty() ? "value" : String.join("+", attributes);
  }

  private static Keys combined(String label, double distinct, double busiest) {
    if (Double.isNaN(distinct) || Double.isNaN(busiest)) {
      return null;
    }
    return Keys.hotspot(label, Math.max(1, distinct), Math.min(1, busiest));
  }

  private static boolean timeOrdered(Entity e, String a) {
    return e.attribute(a).map(x -> x.timeOrdered()).orElse(false);
  }
}
