package dev.keyplan.mongodb.verify;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * Counts the generated documents a filter matches, for the filters keyplan verify writes: equality
 * ({@code {f: v}}), {@code {f: {$in: [...]}}} and {@code {f: {$gte: lowest}}}, on root fields and
 * on paths into embedded arrays ({@code lines.product_id}), where an array matches when one of its
 * elements does (MongoDB manual, "Query an Array of Embedded Documents"). It tells how many
 * documents an index can at most lead a query to on the data loaded, the figure keyplan's
 * prediction is held to when the load is scaled down. Strings are compared as they are: generated
 * strings are lower case, so a case-insensitive collation matches the same documents.
 */
final class Matcher {
  private Matcher() {}

  /** Returns how many of {@code documents} match {@code filter}. */
  static long count(List<BsonDocument> documents, BsonDocument filter) {
    return documents.stream().filter(d -> matches(d, filter)).count();
  }

  static boolean matches(BsonDocument d, BsonDocument filter) {
    for (Map.Entry<String, BsonValue> e : filter.entrySet()) {
      List<BsonValue> values = resolve(d, e.getKey());
      if (!condition(values, e.getValue())) {
        return false;
      }
    }
    return true;
  }

  private static boolean condition(List<BsonValue> values, BsonValue c) {
    if (c.isDocument() && c.asDocument().containsKey("$in")) {
      return c.asDocument().getArray("$in").stream()
          .anyMatch(v -> values.stream().anyMatch(v::equals));
    }
    if (c.isDocument() && c.asDocument().containsKey("$gte")) {
      BsonValue low = c.asDocument().get("$gte");
      return values.stream()
          .anyMatch(v -> v.getBsonType() == low.getBsonType() || (v.isNumber() && low.isNumber()));
    }
    return values.stream().anyMatch(c::equals);
  }

  /**
   * The values at {@code path}: through arrays of sub-documents, and each element of an array at
   * the end as well as the array.
   */
  static List<BsonValue> resolve(BsonValue v, String path) {
    List<BsonValue> out = new ArrayList<>();
    int dot = path.indexOf('.');
    String head = dot < 0 ? path : path.substring(0, dot);
    if (v.isArray()) {
      for (BsonValue element : v.asArray()) {
        out.addAll(resolve(element, path));
      }
      return out;
    }
    if (!v.isDocument() || !v.asDocument().containsKey(head)) {
      return out;
    }
    BsonValue next = v.asDocument().get(head);
    if (dot >= 0) {
      return resolve(next, path.substring(dot + 1));
    }
    out.add(next);
    if (next instanceof BsonArray a) {
      out.addAll(a.getValues());
    }
    return out;
  }
}
