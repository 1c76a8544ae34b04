package dev.keyplan.mongodb.catalog;

import dev.keyplan.input.Diagnostic;
import dev.keyplan.mongodb.catalog.LocatedBson.Member;
import dev.keyplan.mongodb.catalog.LocatedBson.Node;
import dev.keyplan.mongodb.facts.MongoDbLimits;
import dev.keyplan.mongodb.model.MongoDbDesign.Index;
import dev.keyplan.mongodb.model.MongoDbDesign.IndexKey;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.bson.BsonValue;

/**
 * Reads one index document of getIndexes() output, and the key patterns it shares with
 * config.collections ({@code key: {customer_id: 1, created_at: -1}}).
 *
 * <p>A key's value is a number, positive for ascending and negative for descending (MongoDB manual,
 * "db.collection.createIndex()": "1 … ascending … -1 … descending"), or {@code "hashed"}, {@code
 * "text"} or {@code "2dsphere"}; {@code "2d"} and other kinds are not modelled. A collation of
 * strength 1 or 2 compares without case (MongoDB manual, "Collation": strength 1 compares base
 * characters only, 2 adds diacritics, 3, the default, adds case), which is what keyplan's {@code
 * collation: case-insensitive} means. {@code expireAfterSeconds: 0} expires each document at the
 * date it holds, a lifetime keyplan does not know: it is read as no TTL.
 */
final class IndexDocument {
  private IndexDocument() {}

  static Optional<Index> read(Node d, List<Diagnostic> problems) {
    Optional<Member> key = d.member("key");
    if (key.isEmpty()) {
      problems.add(
          new Diagnostic(
              d.location(),
              "an index document needs 'key', its key pattern such as"
                  + " key: {email: 1}; found the members "
                  + names(d)));
      return Optional.empty();
    }
    int before = problems.size();
    List<IndexKey> keys = textFields(d, key.get(), keys(key.get(), "index", problems), problems);
    Optional<String> name = d.member("name").flatMap(m -> string(m, problems));
    if (flag(d, "hidden", problems)) {
      return Optional.empty();
    }
    boolean unique = flag(d, "unique", problems);
    boolean sparse = flag(d, "sparse", problems);
    Optional<String> partial =
        d.member("partialFilterExpression")
            .flatMap(
                m -> {
                  if (m.value().value().isDocument()) {
                    return Optional.of(m.value().value().asDocument().toJson());
                  }
                  problems.add(
                      new Diagnostic(
                          m.location(),
                          "'partialFilterExpression' must be a document such as {status:"
                              + " \"open\"}, found "
                              + CatalogFile.describe(m.value().value())));
                  return Optional.empty();
                });
    long ttl = d.member("expireAfterSeconds").map(m -> seconds(m, problems)).orElse(0L);
    if (ttl > 0 && keys.size() > 1) {
      problems.add(
          new Diagnostic(
              d.member("expireAfterSeconds").get().location(),
              "a TTL index has one key, a"
                  + " date field (MongoDB manual, \"TTL Indexes\"); this one has "
                  + keys.size()));
    }
    boolean caseInsensitive =
        d.member("collation").map(m -> caseInsensitive(m, problems)).orElse(false);
    if (problems.size() > before) {
      return Optional.empty();
    }
    return Optional.of(
        new Index(name, keys, unique, sparse, partial, ttl, caseInsensitive, d.location()));
  }

  /** Reads a key pattern: members in order, each a direction or a kind. */
  static List<IndexKey> keys(Member key, String what, List<Diagnostic> problems) {
    Node pattern = key.value();
    if (!pattern.value().isDocument()) {
      problems.add(
          new Diagnostic(
              key.location(),
              "'key' must be a document such as {email: 1}, found "
                  + CatalogFile.describe(pattern.value())));
      return List.of();
    }
    List<IndexKey> out = new ArrayList<>();
    for (Member m : pattern.members()) {
      BsonValue v = m.value().value();
      if (m.name().equals("_ftsx")) {
        continue;
      }
      if (m.name().equals("_fts")) {
        // A placeholder: a text index's fields are in its weights (textFields).
        out.add(new IndexKey("_fts", IndexKey.Kind.TEXT));
        continue;
      }
      Optional<IndexKey.Kind> kind = kind(v);
      if (kind.isEmpty()) {
        problems.add(
            new Diagnostic(
                m.location(),
                "expected 1, -1, \"hashed\", \"text\" or \"2dsphere\" for '"
                    + m.name()
                    + "', found "
                    + CatalogFile.describe(v)));
      } else {
        out.add(new IndexKey(m.name(), kind.get()));
      }
    }
    if (pattern.members().isEmpty()) {
      problems.add(new Diagnostic(key.location(), "an " + what + " needs at least one key"));
    }
    if (out.size() > MongoDbLimits.MAX_COMPOUND_INDEX_FIELDS) {
      problems.add(
          new Diagnostic(
              key.location(),
              "a compound index has at most "
                  + MongoDbLimits.MAX_COMPOUND_INDEX_FIELDS
                  + " fields (MongoDB manual, \"MongoDB Limits and Thresholds\");"
                  + " this one has "
                  + out.size()));
    }
    if (out.stream().filter(k -> k.kind() == IndexKey.Kind.HASHED).count() > 1) {
      problems.add(new Diagnostic(key.location(), "an " + what + " has at most one hashed field"));
    }
    return out;
  }

  private static Optional<IndexKey.Kind> kind(BsonValue v) {
    if (v.isNumber() && v.asNumber().doubleValue() != 0) {
      return Optional.of(
          v.asNumber().doubleValue() > 0 ? IndexKey.Kind.ASCENDING : IndexKey.Kind.DESCENDING);
    }
    if (v.isString()) {
      for (IndexKey.Kind k :
          List.of(IndexKey.Kind.HASHED, IndexKey.Kind.TEXT, IndexKey.Kind.GEO_2DSPHERE)) {
        if (k.text().equals(v.asString().getValue())) {
          return Optional.of(k);
        }
      }
    }
    return Optional.empty();
  }

  private static Optional<String> string(Member m, List<Diagnostic> problems) {
    if (m.value().value().isString()) {
      return Optional.of(m.value().value().asString().getValue());
    }
    problems.add(
        new Diagnostic(
            m.location(),
            "'"
                + m.name()
                + "' must be a string, found "
                + CatalogFile.describe(m.value().value())));
    return Optional.empty();
  }

  /** Reads an option that is true or false; old servers stored some as 1 and 0, read alike. */
  static boolean flag(Node d, String name, List<Diagnostic> problems) {
    Optional<Member> m = d.member(name);
    if (m.isEmpty()) {
      return false;
    }
    BsonValue v = m.get().value().value();
    if (v.isBoolean()) {
      return v.asBoolean().getValue();
    }
    if (v.isNumber()) {
      return v.asNumber().doubleValue() != 0;
    }
    problems.add(
        new Diagnostic(
            m.get().location(),
            "'" + name + "' must be true or false, found " + CatalogFile.describe(v)));
    return false;
  }

  private static long seconds(Member m, List<Diagnostic> problems) {
    BsonValue v = m.value().value();
    if (v.isNumber()
        && v.asNumber().doubleValue() >= 0
        && v.asNumber().doubleValue() == Math.floor(v.asNumber().doubleValue())) {
      return v.asNumber().longValue();
    }
    problems.add(
        new Diagnostic(
            m.location(),
            "'expireAfterSeconds' must be a whole number of seconds, 0 or"
                + " more, found "
                + CatalogFile.describe(v)));
    return 0;
  }

  private static boolean caseInsensitive(Member m, List<Diagnostic> problems) {
    BsonValue v = m.value().value();
    if (!v.isDocument()) {
      problems.add(
          new Diagnostic(
              m.location(),
              "'collation' must be a document such as {locale: \"en\","
                  + " strength: 2}, found "
                  + CatalogFile.describe(v)));
      return false;
    }
    BsonValue locale = v.asDocument().get("locale");
    BsonValue strength = v.asDocument().get("strength");
    boolean simple =
        locale != null && locale.isString() && locale.asString().getValue().equals("simple");
    return !simple
        && strength != null
        && strength.isNumber()
        && strength.asNumber().intValue() <= 2;
  }

  private static String names(Node d) {
    return d.members().isEmpty()
        ? "none"
        : String.join(", ", d.members().stream().map(Member::name).toList());
  }

  /** Puts a text index's fields, from {@code weights}, where its key has {@code _fts}. */
  private static List<IndexKey> textFields(
      Node d, Member key, List<IndexKey> keys, List<Diagnostic> problems) {
    int at = keys.indexOf(new IndexKey("_fts", IndexKey.Kind.TEXT));
    if (at < 0) {
      return keys;
    }
    Optional<Member> weights = d.member("weights").filter(w -> w.value().value().isDocument());
    if (weights.isEmpty() || weights.get().value().members().isEmpty()) {
      problems.add(
          new Diagnostic(
              key.location(),
              "a text index's key {_fts: \"text\", _ftsx: 1} needs 'weights',"
                  + " a document of its fields such as weights: {title: 1}"));
      return keys;
    }
    List<IndexKey> out = new ArrayList<>(keys.subList(0, at));
    weights
        .get()
        .value()
        .members()
        .forEach(w -> out.add(new IndexKey(w.name(), IndexKey.Kind.TEXT)));
    out.addAll(keys.subList(at + 1, keys.size()));
    return out;
  }
}
