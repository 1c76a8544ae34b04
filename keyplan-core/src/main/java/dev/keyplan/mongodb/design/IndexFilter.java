package dev.keyplan.mongodb.design;

import dev.keyplan.model.Attribute;
import dev.keyplan.model.Entity;
import dev.keyplan.model.Operation;
import dev.keyplan.model.Operation.Comparison;
import dev.keyplan.model.Spread;
import dev.keyplan.mongodb.facts.PartialFilter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * Which documents a partial or sparse index holds, and which reads may use it.
 *
 * <p><b>Use.</b> MongoDB uses a partial index only for a query whose predicates imply its {@code
 * partialFilterExpression}: "the query must contain the filter expression (or a modified filter
 * expression that specifies a subset of the filter expression)" (MongoDB manual, "Partial Indexes",
 * https://www.mongodb.com/docs/manual/core/index-partial/). A keyplan pattern's values are
 * placeholders, so keyplan decides what the shape decides and states the rest: the read must
 * restrict every field of the filter; an equality in the filter is implied only by an equality (an
 * {@code in} of several values may name others); {@code $exists: true}, {@code $type} and a
 * comparison ({@code $gt}, {@code $gte}, {@code $lt}, {@code $lte}) are implied by an equality, an
 * {@code in} or a range on the field, whose values keyplan takes to satisfy the filter (said in a
 * note). An operator keyplan does not read ({@code $or}, {@code $in}, …) is never taken as implied.
 * A sparse index is used only by a read that bounds one of its fields: a sort alone, or a query
 * that could match documents without the fields, would miss documents (MongoDB manual, "Sparse
 * Indexes", https://www.mongodb.com/docs/manual/core/index-sparse/).
 *
 * <p><b>Entries.</b> A partial index holds the documents its filter matches: the product over its
 * fields (taken independent) of an equality value's named share ({@code spread: {status: {shares:
 * {pending: 5%}}}}), else {@code 1 / distinct} (a typical value), else all; {@code $exists: true}
 * and {@code $type} the attribute's {@code present:} share; a comparison all (its width is not in
 * the model: an upper bound). A sparse index holds the documents having at least one of its fields:
 * {@code 1 − Π(1 − present)}, the fields taken independent.
 */
final class IndexFilter {
  private IndexFilter() {}

  /**
   * Returns why {@code read} cannot use a partial index with filter text {@code filter}, or empty
   * when it can; {@code assumed} receives the fields whose values keyplan takes to satisfy it.
   *
   * @param byField the read's conditions by document field
   */
  static Optional<String> unmet(
      String filter, Map<String, Operation.Condition> byField, List<String> assumed) {
    Optional<BsonDocument> doc = PartialFilter.parse(filter);
    if (doc.isEmpty()) {
      return Optional.of("keyplan cannot read its filter " + filter);
    }
    for (Map.Entry<String, BsonValue> e : terms(doc.get())) {
      String field = e.getKey();
      Operation.Condition c = byField.get(field);
      if (field.startsWith("$")) {
        return Optional.of("keyplan does not match its " + field + " to a read");
      }
      if (c == null) {
        return Optional.of("the read does not give " + field);
      }
      BsonValue v = e.getValue();
      boolean equality =
          !v.isDocument() || (v.asDocument().size() == 1 && v.asDocument().containsKey("$eq"));
      if (equality) {
        if (c.comparison() != Comparison.EQ
            && !(c.comparison() == Comparison.IN && c.values() == 1)) {
          return Optional.of(
              "its filter needs " + field + " equal to one value, which the read's may not be");
        }
        assumed.add(field);
        continue;
      }
      for (String op : v.asDocument().keySet()) {
        switch (op) {
          case "$exists", "$type", "$gt", "$gte", "$lt", "$lte" -> {
            if (c.comparison() != Comparison.EQ
                && c.comparison() != Comparison.IN
                && c.comparison() != Comparison.RANGE) {
              return Optional.of("the read's condition on " + field + " does not imply " + op);
            }
          }
          default -> {
            return Optional.of("keyplan does not match its " + op + " on " + field + " to a read");
          }
        }
      }
      if (!assumed.contains(field)) {
        assumed.add(field);
      }
    }
    return Optional.empty();
  }

  /**
   * Returns the share of documents a partial filter matches, over the fields {@code attributeOf}
   * maps to {@code e}'s attributes (others count as all); 1 when the text is not a filter.
   */
  static double share(String filter, Entity e, Function<String, Optional<String>> attributeOf) {
    Optional<BsonDocument> doc = PartialFilter.parse(filter);
    if (doc.isEmpty()) {
      return 1;
    }
    double share = 1;
    for (Map.Entry<String, BsonValue> t : terms(doc.get())) {
      Optional<Attribute> a = attributeOf.apply(t.getKey()).flatMap(e::attribute);
      if (a.isEmpty()) {
        continue;
      }
      BsonValue v = t.getValue();
      if (!v.isDocument()) {
        share *= valueShare(e, a.get(), v);
      } else if (v.asDocument().containsKey("$eq")) {
        share *= valueShare(e, a.get(), v.asDocument().get("$eq"));
      } else if (v.asDocument().containsKey("$exists") || v.asDocument().containsKey("$type")) {
        share *= a.get().present();
      }
    }
    return share;
  }

  /** Returns the share of documents a sparse index over {@code attributes} holds. */
  static double sparseShare(List<Attribute> attributes) {
    if (attributes.size() == 1) {
      return attributes.get(0).present();
    }
    double none = 1;
    for (Attribute a : attributes) {
      none *= 1 - a.present();
    }
    return attributes.isEmpty() ? 1 : 1 - none;
  }

  /** The filter's top-level terms, with {@code $and}'s documents flattened into them. */
  private static List<Map.Entry<String, BsonValue>> terms(BsonDocument d) {
    List<Map.Entry<String, BsonValue>> out = new ArrayList<>();
    for (Map.Entry<String, BsonValue> e : d.entrySet()) {
      if (e.getKey().equals("$and") && e.getValue().isArray()) {
        e.getValue().asArray().stream()
            .filter(BsonValue::isDocument)
            .forEach(x -> out.addAll(terms(x.asDocument())));
      } else {
        out.add(e);
      }
    }
    return out;
  }

  /** A value's share of the documents: named, else a typical value's, else all. */
  private static double valueShare(Entity e, Attribute a, BsonValue v) {
    Spread s = e.spread().get(a.name());
    String text =
        v instanceof BsonString str
            ? str.getValue()
            : v.isNumber() ? v.asNumber().toString() : String.valueOf(v);
    double present = a.present();
    if (s != null && s.shares().containsKey(text)) {
      return present * s.shares().get(text);
    }
    if (s != null && s.distinct().isPresent()) {
      return present / Math.max(1, s.distinct().getAsDouble());
    }
    if (!a.values().isEmpty()) {
      return present / a.values().size();
    }
    return 1;
  }
}
