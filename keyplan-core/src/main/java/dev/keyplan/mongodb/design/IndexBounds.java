package dev.keyplan.mongodb.design;

import dev.keyplan.model.Operation;
import dev.keyplan.model.Operation.Comparison;
import dev.keyplan.mongodb.model.MongoDbDesign.IndexKey;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The bounds one index scan gets from a read, as MongoDB's planner builds them, and the keys and
 * documents that scan examines. The rules, numbered as in docs/mongodb-arithmetic.md ("Index bounds
 * and keys examined"), each with its source:
 *
 * <ol>
 *   <li>The leading keys given by an equality or an {@code in} are points; the first key after them
 *       bounds the scan if the read gives it a range; any later key narrows nothing (MongoDB
 *       manual, "The ESR (Equality, Sort, Range) Guideline",
 *       https://www.mongodb.com/docs/manual/tutorial/equality-sort-range-guideline/).
 *   <li>Bounds of one interval (one point prefix, with or without a range) are read with the
 *       cursor's end position set: no key past the end is read. Bounds of several intervals (an
 *       {@code in}) are checked key by key, and the first key past each interval's end is read and
 *       counted before the scan seeks to the next (src/mongo/db/exec/index_scan.cpp in
 *       https://github.com/mongodb/mongo: {@code isSingleInterval} → {@code setEndPosition}, else
 *       {@code IndexBoundsChecker}; {@code keysExamined} counts every key the cursor returns).
 *   <li>The index gives the sort when the sort, less the fields bound to one point, is a prefix of
 *       the key pattern less those fields, or of its reverse, and no field of that prefix is inside
 *       an array the read bounds (src/mongo/db/query/planner_analysis.cpp, {@code analyzeSort};
 *       MongoDB manual, "Multikey Indexes", sorting: a blocking sort unless the sort fields' bounds
 *       are [MinKey, MaxKey]). A limit then stops the scan.
 *   <li>Otherwise, when the keys before the sort fields are all points and there are at most 200
 *       point combinations ({@code internalQueryMaxScansToExplode}, default 200,
 *       src/mongo/db/query/query_knobs.idl), the planner "explodes" the scan into one scan per
 *       combination, each of one interval and in sort order, and merges them (SORT_MERGE; {@code
 *       explodeForSort} in planner_analysis.cpp). The merge reads one key from every scan before
 *       returning the first, then one more per document returned
 *       (src/mongo/db/exec/merge_sort.cpp): with a limit L, {@code scans + L − 1} keys; FETCH is
 *       above the merge, so L documents.
 *   <li>Otherwise the sort is blocking: every key inside the bounds is read and its document
 *       fetched and sorted in memory (100 MB without {@code allowDiskUse}).
 *   <li>A two-sided range on a field inside an array is not intersected without {@code $elemMatch}:
 *       the server keeps one bound (MongoDB manual, "Multikey Index Bounds",
 *       https://www.mongodb.com/docs/manual/core/multikey-index-bounds/), so the range narrows
 *       nothing keyplan can count.
 * </ol>
 *
 * <p>Worked numbers ({@code MongoDbIndexBoundsTest}): 10,000 readings a sensor, {@code {sensor_id:
 * 1, t: 1}}. {@code sensor_id in (3) order by t limit 10} merges 3 scans: 3 + 10 − 1 = 12 keys, 10
 * documents. {@code sensor_id in (3)} without a sort: 3 × 10,000 + 3 = 30,003 keys, 30,000
 * documents. {@code sensor_id = ? and t > ?} with {@code range: {t: 1d}} of a 100-day horizon:
 * 10,000 / 100 = 100 keys.
 *
 * @param points the leading keys given by points (equality or {@code in})
 * @param pointAttributes the read's attributes those keys hold, in key order
 * @param scans the point combinations: the product of each {@code in}'s values
 * @param rangedKey the key whose range bounds the scan, or -1
 * @param rangedAttribute the attribute of that range, if any
 * @param oneBoundKept the range is two-sided on a field inside an array: one bound is kept (rule 6)
 * @param sort how the read's order is given
 * @param explodeLimitReached the sort would merge but the combinations exceed 200
 * @param residual the read's attributes filtered after the scan: not bounds of it
 */
record IndexBounds(
    int points,
    List<String> pointAttributes,
    long scans,
    int rangedKey,
    Optional<String> rangedAttribute,
    boolean oneBoundKept,
    Sort sort,
    boolean explodeLimitReached,
    List<String> residual) {

  /** {@code internalQueryMaxScansToExplode}'s default (src/mongo/db/query/query_knobs.idl). */
  static final int MAX_SCANS_TO_EXPLODE = 200;

  IndexBounds {
    pointAttributes = List.copyOf(pointAttributes);
    residual = List.copyOf(residual);
  }

  /** How a read's order is given. */
  enum Sort {
    /** The read has no order. */
    NONE,
    /** One scan walks the index in the read's order (rule 3). */
    INDEX,
    /** One scan per point combination, merged in order (rule 4). */
    MERGE,
    /** The documents are sorted in memory (rule 5). */
    BLOCKING
  }

  /**
   * The read as the index sees it.
   *
   * @param where the read's conditions
   * @param order the read's order
   * @param fields attribute → document field
   * @param ignoreCase the fields compared ignoring case
   * @param arrayOf field → the embedded array holding it, for fields inside an array
   */
  record Read(
      List<Operation.Condition> where,
      List<Operation.Order> order,
      Map<String, String> fields,
      Set<String> ignoreCase,
      Map<String, String> arrayOf) {}

  /** Returns the bounds {@code ix} gets from {@code r}. */
  static IndexBounds of(MongoDbIndex ix, Read r) {
    Map<String, Operation.Condition> byField = new java.util.LinkedHashMap<>();
    for (Operation.Condition c : r.where()) {
      byField.putIfAbsent(r.fields().get(c.attribute()), c);
    }
    List<IndexKey> keys = ix.keys();
    // Rule 1: the leading keys given by points.
    List<String> pointAttributes = new ArrayList<>();
    Set<String> onePoint = new LinkedHashSet<>();
    long scans = 1;
    int k = 0;
    while (k < keys.size()) {
      IndexKey key = keys.get(k);
      Operation.Condition c = byField.get(key.field());
      if (c == null
          || !point(c.comparison())
          || key.kind() == IndexKey.Kind.TEXT
          || (r.ignoreCase().contains(key.field()) && !ix.caseInsensitive())) {
        break;
      }
      pointAttributes.add(c.attribute());
      if (c.comparison() == Comparison.IN && c.values() > 1) {
        scans *= c.values();
      } else {
        onePoint.add(key.field());
      }
      k++;
    }
    int rangedKey = -1;
    if (k < keys.size()) {
      IndexKey key = keys.get(k);
      Operation.Condition c = byField.get(key.field());
      if (c != null
          && c.comparison() == Comparison.RANGE
          && key.kind() != IndexKey.Kind.HASHED
          && key.kind() != IndexKey.Kind.TEXT
          && !(r.ignoreCase().contains(key.field()) && !ix.caseInsensitive())) {
        rangedKey = k;
      }
    }
    Optional<String> rangedAttribute =
        rangedKey < 0
            ? Optional.empty()
            : Optional.of(byField.get(keys.get(rangedKey).field()).attribute());
    boolean oneBoundKept =
        rangedAttribute.isPresent()
            && r.arrayOf().containsKey(keys.get(rangedKey).field())
            && twoSided(r.where(), rangedAttribute.get());
    // The arrays the scan bounds: a sort on a field inside one of them is not from the index.
    Set<String> boundArrays = new LinkedHashSet<>();
    for (int i = 0; i < keys.size(); i++) {
      String array = r.arrayOf().get(keys.get(i).field());
      if (array != null && byField.containsKey(keys.get(i).field())) {
        boundArrays.add(array);
      }
    }
    List<Operation.Order> desired =
        r.order().stream().filter(o -> !onePoint.contains(r.fields().get(o.attribute()))).toList();
    Sort sort;
    boolean limitReached = false;
    if (r.order().isEmpty()) {
      sort = Sort.NONE;
    } else if (desired.isEmpty()
        || follows(desired, sortable(keys, 0, onePoint, r, boundArrays), r)) {
      sort = Sort.INDEX;
    } else if (k > 0
        && scans > 1
        && follows(
            desired,
            sortable(keys, k, Set.of(), r, new LinkedHashSet<>(r.arrayOf().values())),
            r)) {
      // explodeForSort stops the order it can give at any field inside an array, bounded or not.
      limitReached = scans > MAX_SCANS_TO_EXPLODE;
      sort = limitReached ? Sort.BLOCKING : Sort.MERGE;
    } else {
      sort = Sort.BLOCKING;
    }
    List<String> residual = new ArrayList<>();
    for (Operation.Condition c : r.where()) {
      if (!pointAttributes.contains(c.attribute())
          && !(rangedAttribute.isPresent()
              && rangedAttribute.get().equals(c.attribute())
              && !oneBoundKept)
          && !residual.contains(c.attribute())) {
        residual.add(c.attribute());
      }
    }
    return new IndexBounds(
        k,
        pointAttributes,
        scans,
        rangedKey,
        rangedAttribute,
        oneBoundKept,
        sort,
        limitReached,
        residual);
  }

  /** Returns true if the scan is bounded at all: by points, a range, or the order it gives. */
  boolean bounded() {
    return points > 0 || rangedKey >= 0 || sort == Sort.INDEX;
  }

  /** Returns true if the index narrows the scan by the read's conditions (not by order alone). */
  boolean narrowed() {
    return points > 0 || rangedKey >= 0;
  }

  /**
   * Returns the keys inside the bounds: {@code scans} point combinations, the first holding {@code
   * firstPoint} keys and each other {@code otherPoint} (the busiest request names the busiest value
   * once), times the share of them the range covers.
   */
  double keysInBounds(double firstPoint, double otherPoint, double rangeShare) {
    double share = rangedKey >= 0 && !oneBoundKept ? rangeShare : 1;
    return (firstPoint + (scans - 1) * otherPoint) * share;
  }

  /**
   * Returns the keys the scan examines (rules 2 to 5), {@code inBounds} being {@link #keysInBounds}
   * and {@code limit} the read's limit when it can stop the scan (no filter after it, not a count),
   * else {@code Long.MAX_VALUE}.
   */
  double keysExamined(double inBounds, long limit) {
    boolean stops = limit != Long.MAX_VALUE && residual.isEmpty();
    double pastEnds = scans > 1 ? scans : 0;
    switch (sort) {
      case MERGE:
        // Each exploded scan is one interval: no key past its end (rule 2).
        return stops ? Math.min(inBounds, scans + limit - 1) : inBounds;
      case BLOCKING:
        return inBounds + pastEnds;
      default:
        if (!stops) {
          return inBounds + pastEnds;
        }
        if (scans == 1) {
          return Math.min(inBounds, limit);
        }
        // Intervals walked one after another: the limit's keys and one past each interval it
        // finished.
        double perInterval = inBounds / scans;
        return Math.min(inBounds + pastEnds, limit + Math.floor(limit / Math.max(1, perInterval)));
    }
  }

  /**
   * Returns the index keys read for documents (keys past an interval's end point at none): the keys
   * inside the bounds the scan reads, or, with a merge the limit stops, the limit.
   */
  double keysFetched(double inBounds, long limit) {
    boolean stops = limit != Long.MAX_VALUE && residual.isEmpty();
    if (!stops || sort == Sort.BLOCKING) {
      return inBounds;
    }
    return Math.min(inBounds, limit);
  }

  private static boolean point(Comparison c) {
    return c == Comparison.EQ || c == Comparison.IN || c == Comparison.CONTAINS;
  }

  private static boolean twoSided(List<Operation.Condition> where, String attribute) {
    long ranges =
        where.stream()
            .filter(c -> c.attribute().equals(attribute) && c.comparison() == Comparison.RANGE)
            .count();
    return ranges > 1
        || where.stream()
            .anyMatch(
                c ->
                    c.attribute().equals(attribute)
                        && c.comparison() == Comparison.RANGE
                        && c.values() == 2);
  }

  /**
   * The sort keys from position {@code from} on, less the fields bound to one point, up to the
   * first key that cannot give an order: hashed, text, or inside an array the read bounds.
   */
  private static List<IndexKey> sortable(
      List<IndexKey> keys, int from, Set<String> onePoint, Read r, Set<String> boundArrays) {
    List<IndexKey> out = new ArrayList<>();
    for (int i = from; i < keys.size(); i++) {
      IndexKey key = keys.get(i);
      if (onePoint.contains(key.field())) {
        continue;
      }
      String array = r.arrayOf().get(key.field());
      if (key.kind() == IndexKey.Kind.HASHED
          || key.kind() == IndexKey.Kind.TEXT
          || (array != null && boundArrays.contains(array))) {
        break;
      }
      out.add(key);
    }
    return out;
  }

  /** Returns true if {@code desired} is a prefix of {@code keys}, all forward or all reversed. */
  private static boolean follows(List<Operation.Order> desired, List<IndexKey> keys, Read r) {
    if (desired.size() > keys.size()) {
      return false;
    }
    Boolean reverse = null;
    for (int i = 0; i < desired.size(); i++) {
      Operation.Order o = desired.get(i);
      if (!keys.get(i).field().equals(r.fields().get(o.attribute()))) {
        return false;
      }
      boolean against = o.descending() != (keys.get(i).kind() == IndexKey.Kind.DESCENDING);
      if (reverse != null && reverse != against) {
        return false;
      }
      reverse = against;
    }
    return true;
  }
}
