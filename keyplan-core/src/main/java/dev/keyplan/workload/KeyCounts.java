package dev.keyplan.workload;

import dev.keyplan.model.AccessPattern;
import dev.keyplan.model.Entity;
import dev.keyplan.model.KeyTemplate;
import dev.keyplan.model.Spread;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * How many items share a partition key value, and what share of a pattern's requests the busiest
 * value takes, from the model's spreads ({@link KeySpread}: declared spread, enumeration, or one
 * value per row for a sole identifying key).
 *
 * <p>For an item type whose partition key is built from attributes P on some path: distinct values
 * {@code D = Π distinct(p)}, items per value {@code rows / D} for a typical value and {@code rows ×
 * Π share(p)} for the busiest (one when P holds the entity's whole key); {@link CompositeKey} drops
 * from the products what the model's {@code belongs_to} and {@code per:} statements say. Example:
 * 50M orders under {@code C#{customer_id}} with 5M customers hold 10 per customer; a customer with
 * 0.1% of the orders holds 50,000.
 */
public final class KeyCounts {
  private KeyCounts() {}

  /** Returns the entity attributes a list of templates is built from. */
  public static Set<String> placeholders(Collection<KeyTemplate> templates) {
    Set<String> out = new LinkedHashSet<>();
    templates.forEach(t -> out.addAll(t.attributes()));
    return out;
  }

  /** Returns the product of the templates' shard counts. */
  public static int shards(Collection<KeyTemplate> templates) {
    int n = 1;
    for (KeyTemplate t : templates) {
      n *= t.shards();
    }
    return n;
  }

  /**
   * Returns true if {@code attributes} include the entity's whole identifying key, or a unique
   * attribute: one item per value.
   */
  public static boolean identifies(Entity e, Set<String> attributes) {
    if (!e.key().isEmpty() && attributes.containsAll(e.key())) {
      return true;
    }
    return attributes.stream().anyMatch(a -> e.attribute(a).map(x -> x.unique()).orElse(false));
  }

  /** Returns the distinct values of the combined attributes, or NaN when a spread is unknown. */
  public static double distinct(Entity e, Set<String> attributes, double rows) {
    if (identifies(e, attributes)) {
      return Math.max(1, rows);
    }
    return CompositeKey.of(e, attributes, rows).distinct();
  }

  /**
   * Returns the busiest combined value's share of the entity's rows, or NaN when unknown: the share
   * sizes read, in which a busiest rate bounded by {@code for:} holds only its window's rows
   * ({@link KeySpread#rowShare}).
   */
  public static double busiestRowShare(Entity e, Set<String> attributes, double rows) {
    if (identifies(e, attributes)) {
      return 1 / Math.max(1, rows);
    }
    return CompositeKey.of(e, attributes, rows).busiestShare();
  }

  /**
   * Returns the rows of {@code e} under a typical value of {@code attributes}, {@code rows /
   * distinct}, at least 1; NaN if unknown.
   */
  public static double typicalPerValue(Entity e, Set<String> attributes, double rows) {
    double d = distinct(e, attributes, rows);
    return Double.isNaN(d) ? Double.NaN : Math.max(1, rows / Math.max(1, d));
  }

  /**
   * Returns true if {@code child}'s rows under one value of {@code by}, its pointer to {@code
   * parent}'s key, never grow in number: new children come with new parents. It holds when the
   * parent grows, the child's spread declares none of {@code by} (its rows spread evenly over the
   * parents there are; a declared busiest share would take a share of every new child), and the
   * children per parent never rise: {@code (count_c + g_c t) / (count_p + g_p t)} does not increase
   * with {@code t} exactly when {@code g_c × count_p ≤ count_c × g_p}.
   *
   * <p>Seed 003's orders and their lines: 60M lines over 20M orders, 30 lines a second with 10
   * orders a second: 30 × 20M = 600M ≤ 60M × 10 = 600M, 3 lines an order today and at any horizon.
   * Seed 000's reviews of 50k products that never grow: not bounded this way.
   */
  public static boolean arriveWithNewParents(Entity child, Entity parent, Collection<String> by) {
    if (parent.growthPerSecond() <= 0 || by.stream().anyMatch(child.spread()::containsKey)) {
      return false;
    }
    double rising = child.growthPerSecond() * parent.count();
    double falling = child.count() * parent.growthPerSecond();
    // A relative tolerance: counts and rates written as 60M and 30/s multiply exactly, but not
    // every pair that is equal on paper is equal in binary.
    return rising <= falling * (1 + 1e-9);
  }

  /**
   * Returns the rows of {@code e} under the busiest value of {@code attributes}, at least 1; NaN if
   * unknown.
   */
  public static double busiestPerValue(Entity e, Set<String> attributes, double rows) {
    if (identifies(e, attributes)) {
      return 1;
    }
    double s = busiestRowShare(e, attributes, rows);
    return Double.isNaN(s) ? Double.NaN : Math.max(1, rows * s);
  }

  /**
   * Returns the share of {@code p}'s requests that reach the busiest value of {@code attributes}:
   * the pattern's own spread where it declares one (a read everybody makes of one channel), else
   * the entity's (reads follow writes); NaN when unknown. A busiest rate counts as it is, whether
   * or not a {@code for:} window bounds it: heat is the rate while it lasts.
   */
  public static double requestShare(
      AccessPattern p, Entity e, Set<String> attributes, double rows) {
    if (identifies(e, attributes) && attributes.stream().noneMatch(p.spread()::containsKey)) {
      return 1 / Math.max(1, rows);
    }
    return CompositeKey.of(
            e,
            attributes,
            a -> KeySpread.distinct(e, a, rows),
            a -> {
              Spread own = p.spread().get(a);
              return own != null
                  ? own.busiestShare(p.ratePerSecond())
                  : KeySpread.busiestShare(e, a, rows);
            })
        .busiestShare();
  }
}
