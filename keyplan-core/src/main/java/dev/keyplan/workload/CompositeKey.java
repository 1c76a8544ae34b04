package dev.keyplan.workload;

import dev.keyplan.model.Entity;
import dev.keyplan.model.Quantities;
import dev.keyplan.model.Spread;
import dev.keyplan.model.Units;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.function.Function;

/**
 * The distinct values of a key built from several attributes of one entity, and the busiest value's
 * share of the rows, with the assumption the figure rests on so that an output can state it. Every
 * store's composite key (a Cassandra partition key {@code (country, user_id)}, a DynamoDB key
 * template over two attributes, a MongoDB compound shard key) is counted here.
 *
 * <p><b>The rules</b>, in order, for the attributes {@code A} of the key:
 *
 * <ol>
 *   <li><b>belongs_to.</b> When {@code b belongs_to a} (each value of {@code b} has one value of
 *       {@code a}: a user has one country), directly or through a chain ({@code b → c → a}), the
 *       pair {@code (a, b)} has as many values as {@code b} alone and the busiest pair is the
 *       busiest {@code b}: {@code a} is dropped from the product. When {@code a} and {@code b}
 *       belong to each other (1:1), the one written first in the key is kept.
 *   <li><b>per.</b> When a kept attribute {@code x} says {@code per: {y: N}} for a kept {@code y}
 *       (an artist has 10 albums), {@code x} adds a factor {@code N} to the distinct values instead
 *       of its global count, and {@code 1 / N} to the busiest share: a value of {@code y}'s rows
 *       are taken as even over its {@code N} values of {@code x}, since the model says nothing
 *       finer.
 *   <li><b>independence.</b> Every other attribute multiplies in as if independent of the rest:
 *       {@code distinct(A) = Π distinct(a)} and {@code busiest(A) = Π busiest share(a)}. This is an
 *       assumption whenever two or more attributes are left ({@link Assumption#INDEPENDENT});
 *       outputs state it with the syntax that would replace it.
 * </ol>
 *
 * <p><b>Worked numbers.</b> Messages keyed by {@code (country, user_id)}: 200 countries, the
 * busiest with 45% of the rows; 10M users, the busiest with 0.001%.
 *
 * <ul>
 *   <li>Nothing said: distinct = 200 × 10M = 2 × 10⁹, busiest = 45% × 0.001% = 4.5 × 10⁻⁶, the
 *       busiest user shrunk by the busiest country's share, as if that user's messages were spread
 *       over every country. {@link Assumption#INDEPENDENT}.
 *   <li>{@code user_id: {belongs_to: country}}: distinct = 10M (a user's messages are all in one
 *       country), busiest = 0.001% = 1 × 10⁻⁵, the busiest user: 2.2 times the independent figure.
 *       {@link Assumption#STATED}.
 *   <li>Albums keyed by {@code (artist_id, album_id)} with 1M artists (busiest 0.01%) and {@code
 *       album_id: {distinct: 10M, per: {artist_id: 10}}}: distinct = 1M × 10 = 10M, busiest = 0.01%
 *       / 10 = 0.001%, where independence would give 1M × 10M = 10¹³ pairs. {@link
 *       Assumption#STATED}.
 * </ul>
 *
 * <p>The independence product is what keyplan used before these statements existed; on a compound
 * key whose fields are correlated it understates the busiest value (issue 17 §4: a MongoDB shard
 * key {@code {country: 1, userid: 1}} printed 33.2 GB where the busiest user holds 73.7 GB).
 *
 * @param attributes the key's attributes, as asked
 * @param distinct the key's distinct values; NaN when an attribute kept in the product has none
 * @param busiestShare the busiest key value's share of the entity's rows; NaN when an attribute
 *     kept in the product has none
 * @param assumption which rule the figure rests on
 * @param independent the attributes multiplied as independent (two or more make the assumption)
 * @param statements the model's statements the figure used, in words ({@code user_id belongs_to
 *     country}, {@code album_id per artist_id: 10})
 * @param unknown kept attributes whose distinct values or busiest share the model does not give
 * @param windows for each attribute whose busiest rate a {@code for:} window bounds, what its
 *     busiest value holds, in words ({@code busiest post_id: 300/s for 1d = 25,920,000 rows}), for
 *     outputs to state where they print the busiest partition; empty when none does, or for a key
 *     of request shares ({@link #ofWrites})
 */
public record CompositeKey(
    List<String> attributes,
    double distinct,
    double busiestShare,
    Assumption assumption,
    List<String> independent,
    List<String> statements,
    List<String> unknown,
    List<String> windows) {

  /** What a composite key's figure rests on. */
  public enum Assumption {
    /** One attribute and no statement: nothing to assume. */
    ONE_ATTRIBUTE,
    /**
     * The model's belongs_to and per: statements combine the attributes, at most one left to
     * multiply.
     */
    STATED,
    /** Two or more attributes are multiplied as if independent. */
    INDEPENDENT
  }

  public CompositeKey {
    attributes = List.copyOf(attributes);
    independent = List.copyOf(independent);
    statements = List.copyOf(statements);
    unknown = List.copyOf(unknown);
    windows = List.copyOf(windows);
  }

  /** Returns true when the figure is known (no kept attribute lacks a spread). */
  public boolean known() {
    return unknown.isEmpty();
  }

  /**
   * Returns the assumption in words, for outputs: "assumes country and device_id independent …",
   * the statements used ("user_id belongs_to country"), or "one attribute".
   */
  public String text() {
    return switch (assumption) {
      case ONE_ATTRIBUTE -> "one attribute";
      case STATED -> String.join("; ", statements);
      case INDEPENDENT ->
          "assumes "
              + String.join(" and ", independent)
              + " independent (distinct values and busiest shares multiply); say belongs_to or"
              + " per: in the entity's spread if one determines or bounds another"
              + (statements.isEmpty() ? "" : "; " + String.join("; ", statements));
    };
  }

  /**
   * Returns the key {@code attributes} of {@code e} with {@code rows} rows, each attribute's
   * distinct values and busiest share of the rows from the model ({@link KeySpread#rowShare}): the
   * figure sizes read. A busiest rate bounded by a {@code for:} window counts the rows the window
   * holds, and {@link #windows} says so.
   */
  public static CompositeKey of(Entity e, Collection<String> attributes, double rows) {
    CompositeKey k =
        of(e, attributes, a -> KeySpread.distinct(e, a, rows), a -> KeySpread.rowShare(e, a, rows));
    List<String> windows = new ArrayList<>();
    for (String a : k.independent()) {
      Spread s = e.spread().get(a);
      OptionalDouble share = KeySpread.rowShare(e, a, rows);
      if (s != null && s.windowRows().isPresent() && share.isPresent()) {
        windows.add(window(s, share.getAsDouble() * rows));
      }
    }
    return windows.isEmpty()
        ? k
        : new CompositeKey(
            k.attributes,
            k.distinct,
            k.busiestShare,
            k.assumption,
            k.independent,
            k.statements,
            k.unknown,
            windows);
  }

  /**
   * Returns the key {@code attributes} of {@code e} with {@code rows} rows, each attribute's
   * busiest share of the entity's writes ({@link KeySpread#busiestShare}): the figure heat reads,
   * in which a busiest rate counts as it is whether or not a {@code for:} window bounds it.
   */
  public static CompositeKey ofWrites(Entity e, Collection<String> attributes, double rows) {
    return of(
        e,
        attributes,
        a -> KeySpread.distinct(e, a, rows),
        a -> KeySpread.busiestShare(e, a, rows));
  }

  /**
   * Returns what the busiest value of a spread with a {@code for:} window holds, {@code held} rows,
   * in words: "busiest post_id: 300/s for 1d = 25,920,000 rows", or, when the rows at the horizon
   * cap the window or the rest of the spread gives more, the rows it holds and why.
   */
  static String window(Spread s, double held) {
    double burst = s.windowRows().getAsDouble();
    String said =
        "busiest "
            + s.attribute()
            + ": "
            + Units.rate(s.busiestPerSecond().getAsDouble())
            + " for "
            + Quantities.formatSeconds(s.busiestForSeconds().getAsLong());
    // Compared to 1 row: the shares are products and quotients of doubles.
    if (Math.abs(held - burst) < 1) {
      return said + " = " + Units.count(burst) + " rows";
    }
    return said
        + " = "
        + Units.count(burst)
        + " rows; holds "
        + Units.count(held)
        + (held < burst
            ? " (the rows written at that rate, a shorter span than the window)"
            : " (the share the rest of its spread gives a value)");
  }

  /**
   * Returns the key {@code attributes} of {@code e}, each attribute's distinct values and busiest
   * share given by {@code distinct} and {@code share} (a pattern's own spread may override the
   * entity's share); the correlation statements are the entity's.
   */
  public static CompositeKey of(
      Entity e,
      Collection<String> attributes,
      Function<String, OptionalDouble> distinct,
      Function<String, OptionalDouble> share) {
    List<String> asked = new ArrayList<>(new LinkedHashSet<>(attributes));
    List<String> statements = new ArrayList<>();
    // 1. belongs_to: drop an attribute another key attribute determines.
    List<String> kept = new ArrayList<>();
    for (String a : asked) {
      String by = null;
      for (String b : asked) {
        if (b.equals(a) || !determines(e, b, a)) {
          continue;
        }
        boolean mutual = determines(e, a, b);
        if (mutual && asked.indexOf(a) < asked.indexOf(b)) {
          continue; // 1:1: the first written stays
        }
        by = b;
        break;
      }
      if (by == null) {
        kept.add(a);
      } else {
        statements.add(by + " belongs_to " + a);
      }
    }
    // 2. per: a kept attribute counted per value of another kept one.
    Map<String, String> perOf = new LinkedHashMap<>();
    for (String x : kept) {
      Spread s = e.spread().get(x);
      if (s == null) {
        continue;
      }
      for (String y : s.per().keySet()) {
        if (!y.equals(x) && kept.contains(y) && !x.equals(perOf.get(y))) {
          perOf.put(x, y);
          break;
        }
      }
    }
    // 3. the rest multiply as independent.
    double d = 1;
    double busiest = 1;
    List<String> independent = new ArrayList<>();
    List<String> unknown = new ArrayList<>();
    for (String x : kept) {
      String y = perOf.get(x);
      if (y != null) {
        double n = e.spread().get(x).per().get(y);
        d *= n;
        busiest /= n;
        statements.add(x + " per " + y + ": " + Math.round(n));
        continue;
      }
      independent.add(x);
      OptionalDouble dx = distinct.apply(x);
      OptionalDouble sx = share.apply(x);
      if (dx.isEmpty() || sx.isEmpty()) {
        unknown.add(x);
      }
      // Each figure is unknown only when its own factor is: a pattern's spread may give a share
      // for an attribute whose distinct values the model does not give.
      d *= dx.orElse(Double.NaN);
      busiest *= sx.orElse(Double.NaN);
    }
    Assumption assumption =
        independent.size() >= 2
            ? Assumption.INDEPENDENT
            : statements.isEmpty() ? Assumption.ONE_ATTRIBUTE : Assumption.STATED;
    return new CompositeKey(
        asked, d, busiest, assumption, independent, statements, unknown, List.of());
  }

  /**
   * Returns true if each value of {@code b} has one value of {@code a}: {@code b belongs_to a},
   * directly or through a chain of belongs_to.
   */
  public static boolean determines(Entity e, String b, String a) {
    List<String> queue = new ArrayList<>(List.of(b));
    java.util.Set<String> seen = new java.util.HashSet<>();
    while (!queue.isEmpty()) {
      String x = queue.remove(0);
      if (!seen.add(x)) {
        continue;
      }
      Spread s = e.spread().get(x);
      if (s == null) {
        continue;
      }
      for (String owner : s.belongsTo()) {
        if (owner.equals(a)) {
          return true;
        }
        queue.add(owner);
      }
    }
    return false;
  }
}
