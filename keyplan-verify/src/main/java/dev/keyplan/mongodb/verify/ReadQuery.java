package dev.keyplan.mongodb.verify;

import java.util.Optional;
import java.util.OptionalInt;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;

/**
 * One read pattern's query as keyplan plans it: the filter over the documents' fields, the sort,
 * the limit, the collation of a case-insensitive comparison, and whether it counts.
 */
record ReadQuery(
    BsonDocument filter,
    BsonDocument sort,
    OptionalInt limit,
    Optional<BsonDocument> collation,
    boolean count) {

  /**
   * The collation of keyplan's case-insensitive indexes: strength 2 ignores case (MongoDB manual,
   * "Collation").
   */
  static final BsonDocument CASE_INSENSITIVE =
      new BsonDocument("locale", new BsonString("en")).append("strength", new BsonInt32(2));

  /** Returns the {@code find} or {@code count} command of this query on {@code collection}. */
  BsonDocument command(String collection) {
    BsonDocument c;
    if (count) {
      c = new BsonDocument("count", new BsonString(collection)).append("query", filter);
    } else {
      c = new BsonDocument("find", new BsonString(collection)).append("filter", filter);
      if (!sort.isEmpty()) {
        c.append("sort", sort);
      }
      limit.ifPresent(l -> c.append("limit", new BsonInt32(l)));
    }
    collation.ifPresent(x -> c.append("collation", x));
    return c;
  }

  /**
   * Returns the command's shape for the notes, every value a filter compares with written {@code ?}
   * ({@code {"find": "orders", "filter": {"customer_id": "?"}, "sort": {"created_at": -1}, "limit":
   * 20}}): the generated values tell a reader nothing and can be long.
   */
  String shape(String collection) {
    BsonDocument c = command(collection).clone();
    String key = count ? "query" : "filter";
    c.put(key, placeholders(c.getDocument(key)));
    return c.toJson();
  }

  private static BsonDocument placeholders(BsonDocument filter) {
    BsonDocument out = new BsonDocument();
    filter.forEach(
        (field, v) ->
            out.append(
                field,
                v.isDocument()
                    ? new BsonDocument(v.asDocument().getFirstKey(), new BsonString("?"))
                    : new BsonString("?")));
    return out;
  }

  /**
   * Returns {@code explain} of this query at {@code executionStats} verbosity (MongoDB manual,
   * "explain").
   */
  BsonDocument explain(String collection) {
    return new BsonDocument("explain", command(collection))
        .append("verbosity", new BsonString("executionStats"));
  }
}
