package dev.keyplan.mongodb.verify;

import dev.keyplan.model.Operation;
import dev.keyplan.mongodb.design.MongoDbAnalysis;
import dev.keyplan.mongodb.design.MongoDbCollection;
import dev.keyplan.mongodb.design.MongoDbFields;
import dev.keyplan.mongodb.design.MongoDbPlan;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * The shape of a query, to tell which read pattern an explain a user pasted belongs to: the
 * collection, each filtered field with how it is compared (an equality, an {@code $in}, a range),
 * the sort, the limit and whether it counts. keyplan's side is the query it plans for a pattern,
 * over the fields it plans on ({@link MongoDbFields}, as {@code keyplan verify} builds it on a
 * server); the explain's is its {@code command} ({@code find}'s {@code filter}, {@code sort},
 * {@code limit}; {@code count}'s {@code query}), or {@code queryPlanner.parsedQuery} and {@code
 * namespace} where the command is missing ("Explain Results",
 * https://www.mongodb.com/docs/manual/reference/explain-results/).
 *
 * @param collection the collection, empty when the explain does not name it
 * @param filter field → {@code eq}, {@code in} or {@code range}, in the order written
 * @param sort field → 1 or -1
 * @param other the filter has an operator keyplan does not plan ({@code $or}, {@code $nor}, {@code
 *     $expr}, …), so it matches no pattern by its shape
 */
record ExplainShape(
    Optional<String> collection,
    Map<String, String> filter,
    Map<String, Integer> sort,
    OptionalInt limit,
    boolean count,
    boolean other) {

  ExplainShape {
    filter = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(filter));
    sort = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(sort));
  }

  /** The query keyplan plans for {@code plan}, a served read of one find; empty otherwise. */
  static Optional<ExplainShape> planned(MongoDbAnalysis a, MongoDbPlan plan) {
    if (!plan.pattern().isRead()
        || plan.access() == MongoDbPlan.Access.NOT_SERVED
        || plan.collection().isEmpty()
        || plan.operation().contains(" + ")) {
      return Optional.empty();
    }
    Optional<MongoDbCollection> c = a.collection(plan.collection().get());
    Operation.Read r = (Operation.Read) plan.pattern().operation();
    Optional<MongoDbFields.View> v = c.flatMap(x -> MongoDbFields.of(x, r.entity()));
    if (v.isEmpty()) {
      return Optional.empty();
    }
    Map<String, String> filter = new LinkedHashMap<>();
    for (Operation.Condition x : r.where()) {
      String field = v.get().fields().getOrDefault(x.attribute(), x.attribute());
      filter.merge(
          field,
          switch (x.comparison()) {
            case IN -> "in";
            case RANGE -> "range";
            default -> "eq";
          },
          ExplainShape::both);
    }
    Map<String, Integer> sort = new LinkedHashMap<>();
    for (Operation.Order o : r.orderBy()) {
      sort.put(
          v.get().fields().getOrDefault(o.attribute(), o.attribute()), o.descending() ? -1 : 1);
    }
    return Optional.of(
        new ExplainShape(
            plan.collection(),
            filter,
            sort,
            r.count() ? OptionalInt.empty() : r.limit(),
            r.count(),
            false));
  }

  /** The query an explain ran. */
  static ExplainShape of(BsonDocument explain) {
    BsonDocument command = explain.getDocument("command", new BsonDocument());
    BsonDocument planner = explain.getDocument("queryPlanner", new BsonDocument());
    boolean count = command.containsKey("count");
    Optional<String> collection = Optional.empty();
    for (String verb : List.of("find", "count")) {
      if (command.isString(verb)) {
        collection = Optional.of(command.getString(verb).getValue());
      }
    }
    if (collection.isEmpty()) {
      collection = namespace(planner).map(ExplainShape::collectionOf);
    }
    BsonDocument filter =
        command.isDocument("filter")
            ? command.getDocument("filter")
            : command.isDocument("query")
                ? command.getDocument("query")
                : planner.getDocument("parsedQuery", new BsonDocument());
    Map<String, String> fields = new LinkedHashMap<>();
    boolean[] other = {false};
    fields(filter, fields, other);
    Map<String, Integer> sort = new LinkedHashMap<>();
    command
        .getDocument("sort", new BsonDocument())
        .forEach((k, v) -> sort.put(k, v.isNumber() && v.asNumber().intValue() < 0 ? -1 : 1));
    OptionalInt limit =
        command.isNumber("limit") && command.getNumber("limit").intValue() != 0
            ? OptionalInt.of(Math.abs(command.getNumber("limit").intValue()))
            : OptionalInt.empty();
    return new ExplainShape(collection, fields, sort, limit, count, other[0]);
  }

  /**
   * The namespace {@code db.coll} of the planner, or of its first shard's on a mongos, whose
   * planner names none.
   */
  private static Optional<String> namespace(BsonDocument planner) {
    if (planner.isString("namespace")) {
      return Optional.of(planner.getString("namespace").getValue());
    }
    BsonDocument winning = planner.getDocument("winningPlan", new BsonDocument());
    if (winning.isArray("shards")) {
      for (BsonValue s : winning.getArray("shards")) {
        if (s.isDocument() && s.asDocument().isString("namespace")) {
          return Optional.of(s.asDocument().getString("namespace").getValue());
        }
      }
    }
    return Optional.empty();
  }

  private static String collectionOf(String namespace) {
    int dot = namespace.indexOf('.');
    return dot < 0 ? namespace : namespace.substring(dot + 1);
  }

  /**
   * Adds the fields {@code filter} compares: {@code $and}'s clauses (parsedQuery writes two
   * conditions that way), each field's operators; anything else starting with {@code $} is an
   * operator keyplan does not plan.
   */
  private static void fields(BsonDocument filter, Map<String, String> out, boolean[] other) {
    for (Map.Entry<String, BsonValue> e : filter.entrySet()) {
      String k = e.getKey();
      BsonValue v = e.getValue();
      if (k.equals("$and") && v.isArray()) {
        for (BsonValue clause : v.asArray()) {
          if (clause.isDocument()) {
            fields(clause.asDocument(), out, other);
          }
        }
      } else if (k.startsWith("$")) {
        other[0] = true;
      } else {
        out.merge(k, comparison(v), ExplainShape::both);
      }
    }
  }

  private static String comparison(BsonValue v) {
    if (!v.isDocument()
        || v.asDocument().isEmpty()
        || !v.asDocument().getFirstKey().startsWith("$")) {
      return "eq";
    }
    String kind = "";
    for (String op : v.asDocument().keySet()) {
      String k =
          switch (op) {
            case "$eq" -> "eq";
            case "$in" -> "in";
            case "$gt", "$gte", "$lt", "$lte" -> "range";
            default -> "other:" + op;
          };
      kind = kind.isEmpty() ? k : both(kind, k);
    }
    return kind;
  }

  /** Two conditions on one field: two bounds of a range stay a range; anything else is both. */
  private static String both(String a, String b) {
    return a.equals(b) ? a : a + "+" + b;
  }

  /**
   * True if an explain of this shape can be of {@code planned}: the same collection (when the
   * explain names it), count or find, the same fields compared the same way, and the same sort or
   * its reverse (one index serves both). The limit is not required to agree, and tells apart
   * patterns that differ only in it.
   */
  boolean fits(ExplainShape planned) {
    if (other || count != planned.count) {
      return false;
    }
    if (collection.isPresent() && !collection.equals(planned.collection)) {
      return false;
    }
    if (!filter.equals(planned.filter)) {
      return false;
    }
    if (!new ArrayList<>(sort.keySet()).equals(new ArrayList<>(planned.sort.keySet()))) {
      return false;
    }
    boolean same = sort.equals(planned.sort);
    boolean reversed =
        sort.entrySet().stream().allMatch(e -> planned.sort.get(e.getKey()) == -e.getValue());
    return same || reversed;
  }

  /**
   * The shape in words for a message: {@code orders: find {customer_id: eq} sort {created_at: -1}
   * limit 20}.
   */
  String describe() {
    StringBuilder b = new StringBuilder(collection.orElse("?")).append(": ");
    b.append(count ? "count " : "find ");
    b.append(filter.toString().replace("=", ": "));
    if (!sort.isEmpty()) {
      b.append(" sort ").append(sort.toString().replace("=", ": "));
    }
    limit.ifPresent(l -> b.append(" limit ").append(l));
    if (other) {
      b.append(" (with an operator keyplan does not plan)");
    }
    return b.toString();
  }
}
