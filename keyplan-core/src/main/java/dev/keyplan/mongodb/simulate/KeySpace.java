package dev.keyplan.mongodb.simulate;

import dev.keyplan.model.Units;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;

/**
 * The shard key space of the simulated collection in pieces, in the order chunks cover it.
 *
 * <p>Each heavy value of the key's first field (one the spreads track on its own, {@link
 * dev.keyplan.simulate.Keys}) is a <em>point</em> piece: the documents sharing that value, ordered
 * by the key's later fields. Between two points lies a <em>gap</em> piece: the tail values that
 * sort there. Piece {@code i} covers coordinates {@code [i, i + 1)}; points are the odd pieces,
 * gaps the even ones, so {@code h} heavy values make {@code 2h + 1} pieces. MinKey is coordinate 0,
 * MaxKey +∞. Where values sort comes from {@link ValueOrder}.
 *
 * <p>A chunk bound can only fall between two shard key values (a chunk is a range of values), so
 * each piece knows how many distinct values it holds: a point with no later key field is one value
 * and cannot be cut at all, which is what makes a jumbo chunk; a point whose later fields include a
 * per-document unique one ({@code {country_code: 1, tenant_id: 1}}) holds as many values as
 * documents. {@link #valueStart} rounds a coordinate down onto a value bound. A point's values are
 * even, but for a compound key's busiest value, which may take a wider first place in its point
 * ({@link #head}).
 *
 * <p>A monotonic key (a ranged key whose first field grows with time) has a single piece, the
 * documents there at the start, and beyond coordinate 1 the documents inserted since, one unit per
 * document in insert order: every insert lands at the top, in the chunk holding MaxKey.
 */
final class KeySpace {
  /**
   * More values than this in a piece are treated as a continuum: the grid is finer than any chunk.
   */
  private static final double CONTINUUM = 1e12;

  private final String field;
  private final ValueOrder order;
  private final String[] names;
  private final double[] at;
  private final double[] values;
  // The width of a point's first value when it is busier than the rest (0: every value alike).
  private final double[] head;
  private final Map<String, Integer> pointByName = new HashMap<>();
  private final boolean monotonic;
  private final double docsPerValue;
  // Hashed bounds MongoDB states exactly (initial split points, zone bounds): a double coordinate
  // keeps 53 of a hash's 64 bits, so labels read them back from here.
  private final Map<Double, Long> exactHashes = new HashMap<>();

  private KeySpace(
      String field,
      ValueOrder order,
      String[] names,
      double[] at,
      double[] values,
      double[] head,
      boolean monotonic,
      double docsPerValue) {
    this.field = field;
    this.order = order;
    this.names = names;
    this.at = at;
    this.values = values;
    this.head = head;
    this.monotonic = monotonic;
    this.docsPerValue = docsPerValue;
    for (int k = 0; k < names.length; k++) {
      pointByName.put(names[k], 2 * k + 1);
    }
  }

  /**
   * A key space of points at {@code positions} (sorted with their names), with {@code values[i]}
   * distinct shard key values in piece {@code i}.
   */
  static KeySpace ordered(
      String field, ValueOrder order, List<String> names, double[] positions, double[] values) {
    if (values.length != 2 * names.size() + 1 || positions.length != names.size()) {
      throw new IllegalArgumentException(
          "expected " + (2 * names.size() + 1) + " pieces for " + names.size() + " points");
    }
    return ordered(field, order, names, positions, values, new double[values.length]);
  }

  /**
   * A key space as {@link #ordered(String, ValueOrder, List, double[], double[])}, in which the
   * first value of point {@code i} spans {@code head[i]} of the point (0 &lt; head &lt; 1), and so
   * holds that share of its documents, the point's other values sharing the rest evenly: the
   * busiest value of a compound key inside its first field's value (docs/simulate-mongodb.md,
   * "Compound keys").
   */
  static KeySpace ordered(
      String field,
      ValueOrder order,
      List<String> names,
      double[] positions,
      double[] values,
      double[] head) {
    if (values.length != 2 * names.size() + 1 || positions.length != names.size()) {
      throw new IllegalArgumentException(
          "expected " + (2 * names.size() + 1) + " pieces for " + names.size() + " points");
    }
    double[] v = capped(values);
    double[] h = new double[v.length];
    for (int i = 1; i < h.length; i += 2) {
      h[i] = v[i] >= 2 && head[i] > 0 && head[i] < 1 ? head[i] : 0;
    }
    return new KeySpace(
        field, order, names.toArray(String[]::new), positions.clone(), v, h, false, 1);
  }

  /**
   * A monotonic key space: {@code existingValues} values under the documents there at the start,
   * and each later value holding {@code docsPerValue} inserted documents (1 for a clock-unique
   * key).
   */
  static KeySpace monotonic(String field, double existingValues, double docsPerValue) {
    return new KeySpace(
        field,
        new ValueOrder(false, false),
        new String[0],
        new double[0],
        capped(new double[] {existingValues}),
        new double[1],
        true,
        Math.max(1, docsPerValue));
  }

  private static double[] capped(double[] values) {
    double[] v = values.clone();
    for (int i = 0; i < v.length; i++) {
      v[i] = Math.min(CONTINUUM, Math.max(0, v[i]));
    }
    return v;
  }

  /** Returns the pieces: {@code 2h + 1} for {@code h} heavy values, 1 for a monotonic key. */
  int pieces() {
    return values.length;
  }

  boolean monotonic() {
    return monotonic;
  }

  boolean hashed() {
    return order.hashed();
  }

  String field() {
    return field;
  }

  ValueOrder order() {
    return order;
  }

  /** Returns true if piece {@code i} is one heavy value. */
  static boolean isPoint(int piece) {
    return piece % 2 == 1;
  }

  /** Returns the heavy value piece {@code piece} holds. */
  String name(int piece) {
    return names[piece / 2];
  }

  /** Returns the heavy values in key order. */
  List<String> names() {
    return List.of(names);
  }

  /** Returns the position in [0, 1) of heavy value {@code k} (in key order). */
  double position(int k) {
    return at[k];
  }

  /**
   * Returns the value-order width of gap piece {@code piece}: the share of the tail's order it
   * spans.
   */
  double gapWidth(int piece) {
    int k = piece / 2;
    double from = k == 0 ? 0 : at[k - 1];
    double to = k == names.length ? 1 : at[k];
    return Math.max(0, to - from);
  }

  /** Returns the distinct shard key values in piece {@code piece}. */
  double values(int piece) {
    return values[piece];
  }

  /** Returns the piece of heavy value {@code name}, if it is one. */
  OptionalInt pointOf(String name) {
    Integer p = pointByName.get(name);
    return p == null ? OptionalInt.empty() : OptionalInt.of(p);
  }

  /**
   * Returns the coordinate where values from {@code value} on start: a heavy value's own piece, or
   * the place in a gap where its position falls. Used for zone bounds and traced keys.
   */
  double coordinateOf(String value) {
    if (value.equals("MinKey")) {
      return 0;
    }
    if (value.equals("MaxKey")) {
      return Double.POSITIVE_INFINITY;
    }
    OptionalInt p = pointOf(value);
    if (p.isPresent()) {
      return p.getAsInt();
    }
    double position = order.ofSpelled(value);
    int k = 0;
    while (k < names.length
        && (at[k] < position
            || (at[k] == position && ValueOrder.compareSpelling(names[k], value) < 0))) {
      k++;
    }
    return gapCoordinate(k, position);
  }

  /**
   * Returns the coordinate of hashed value {@code hash}, remembering it so the bound prints
   * exactly.
   */
  double coordinateOfHash(long hash) {
    double x = coordinateOfPosition(ValueOrder.unit(hash));
    exactHashes.putIfAbsent(x, hash);
    return x;
  }

  /** Returns the coordinate of value-order position {@code position} (a hashed split point). */
  double coordinateOfPosition(double position) {
    int k = Arrays.binarySearch(at, position);
    if (k >= 0) {
      return 2 * k + 1;
    }
    return gapCoordinate(-k - 1, position);
  }

  private double gapCoordinate(int k, double position) {
    int gap = 2 * k;
    double width = gapWidth(gap);
    double from = k == 0 ? 0 : at[k - 1];
    return gap
        + (width <= 0 ? 0 : Math.min(Math.nextDown(1.0), Math.max(0, (position - from) / width)));
  }

  /**
   * Returns the start of the shard key value holding coordinate {@code x}: the bound at or below
   * it.
   */
  double valueStart(double x) {
    if (Double.isInfinite(x)) {
      return x;
    }
    if (monotonic && x >= 1) {
      return 1 + Math.floor((x - 1) / docsPerValue + 1e-9) * docsPerValue;
    }
    int i = (int) Math.min(Math.floor(x), pieces() - 1);
    double v = values[i];
    if (v < 2) {
      return i;
    }
    double h = head[i];
    if (h > 0) {
      if (x - i < h) {
        return i;
      }
      double width = (1 - h) / (v - 1);
      return i + h + Math.floor((x - i - h) / width + 1e-9) * width;
    }
    return i + Math.floor((x - i) * v + 1e-9) / v;
  }

  /** Returns the start of the next shard key value after the one holding {@code x}. */
  double valueEnd(double x) {
    if (Double.isInfinite(x)) {
      return x;
    }
    if (monotonic && x >= 1) {
      return valueStart(x) + docsPerValue;
    }
    int i = (int) Math.min(Math.floor(x), pieces() - 1);
    double v = values[i];
    if (v < 2) {
      return i + 1;
    }
    double h = head[i];
    if (h > 0) {
      return x - i < h ? i + h : Math.min(i + 1, valueStart(x) + (1 - h) / (v - 1));
    }
    return Math.min(i + 1, valueStart(x) + 1 / v);
  }

  /** Returns the width of point {@code piece}'s first value when it is the busier one, else 0. */
  double head(int piece) {
    return head[piece];
  }

  /**
   * Returns a bound as a reader would write it: a value, a place among a value's documents, or a
   * hash.
   */
  String label(double x) {
    if (x <= 0) {
      return "MinKey";
    }
    if (Double.isInfinite(x)) {
      return "MaxKey";
    }
    if (monotonic) {
      return x < 1
          ? field + " @" + Units.percent(x) + " of the first documents"
          : field + " of insert #" + Units.count(Math.floor(x - 1) + 1);
    }
    int i = (int) Math.min(Math.floor(x), pieces() - 1);
    double f = x - i;
    if (isPoint(i)) {
      return f <= 0 ? name(i) : name(i) + " @" + Units.percent(f);
    }
    int k = i / 2;
    double from = k == 0 ? 0 : at[k - 1];
    double position = from + f * gapWidth(i);
    if (!order.hashed() && values[i] < 1) {
      // No value sorts between the two heavy values: the bound is where the next one starts.
      return k == names.length ? "MaxKey" : names[k];
    }
    if (order.hashed()) {
      return "hash " + exactHashes.getOrDefault(x, ValueOrder.hashAt(position));
    }
    String after = k == 0 ? "MinKey" : names[k - 1];
    String before = k == names.length ? "MaxKey" : names[k];
    return "tail (" + after + ", " + before + ") @" + Units.percent(f);
  }
}
