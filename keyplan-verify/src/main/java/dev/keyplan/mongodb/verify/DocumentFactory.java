package dev.keyplan.mongodb.verify;

import dev.keyplan.model.Attribute;
import dev.keyplan.model.Entity;
import dev.keyplan.mongodb.design.MongoDbAnalysis;
import dev.keyplan.mongodb.design.MongoDbCollection;
import dev.keyplan.mongodb.design.MongoDbEmbed;
import dev.keyplan.mongodb.facts.BsonTypes;
import dev.keyplan.mongodb.model.MongoDbDesign;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Random;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonObjectId;
import org.bson.BsonValue;
import org.bson.types.ObjectId;

/**
 * Makes a collection's documents in the shape keyplan sized: {@code _id} (the id attribute, or an
 * ObjectId), the held attributes with their BSON types and sizes ({@link BsonTypes#value} with the
 * collection's overrides, as the analysis builds its representative document), the single embedded
 * sub-documents, then the embedded arrays with a typical parent's element count (the busiest
 * parent's for the largest document), each element without its pointer to the parent. BsonValues
 * vary per document ({@link BsonValues}); document {@code n} of a seed is always the same.
 */
final class DocumentFactory {
  private final MongoDbCollection c;
  private final MongoDbDesign.Collection design;
  private final long seed;
  private final Map<String, BsonValue> held = new LinkedHashMap<>();

  DocumentFactory(MongoDbAnalysis a, MongoDbCollection c, long seed) {
    this.c = c;
    this.design =
        a.design().collections().stream()
            .filter(x -> x.name().equals(c.name()))
            .findFirst()
            .orElseThrow();
    this.seed = seed;
    held.putAll(representative(c.entity(), design.fields(), design.allFields(), List.of()));
  }

  MongoDbCollection collection() {
    return c;
  }

  /** Returns document {@code n}, with the attributes in {@code fixed} set to their values. */
  BsonDocument make(long n, Map<String, BsonValue> fixed, boolean largest) {
    Random r = random(n);
    Entity e = c.entity();
    BsonDocument doc = new BsonDocument();
    Optional<String> id = c.idField();
    doc.append(
        "_id",
        id.map(x -> value(x, fixed, r, n))
            .orElseGet(
                () -> BsonValues.vary(new BsonObjectId(new ObjectId()), Optional.empty(), r, n)));
    held.forEach(
        (attribute, rep) -> {
          if (!id.map(attribute::equals).orElse(false)) {
            doc.append(
                attribute,
                fixed.containsKey(attribute)
                    ? fixed.get(attribute)
                    : BsonValues.vary(rep, e.attribute(attribute), r, n));
          }
        });
    BsonDocument arrays = new BsonDocument();
    for (MongoDbDesign.Embed d : design.embeds()) {
      MongoDbEmbed em = c.embedOf(d.entity()).orElse(null);
      if (em == null) {
        continue;
      }
      Map<String, BsonValue> element =
          representative(em.entity(), d.fields(), d.allFields(), d.by());
      if (!em.many()) {
        doc.append(em.field(), element(em, element, r, n));
        continue;
      }
      long count = (long) Math.ceil(Math.max(0, largest ? em.busiest() : em.typical()));
      BsonArray array = new BsonArray();
      for (long k = 0; k < count; k++) {
        array.add(element(em, element, r, n * 100_000 + k));
      }
      arrays.append(em.field(), array);
    }
    // Arrays after every other field, in design order, as the analysis builds its document.
    arrays.forEach(doc::append);
    return doc;
  }

  /** Returns element {@code n} of embed {@code field}, as a new one an insert pushes. */
  BsonDocument element(String field, long n) {
    MongoDbDesign.Embed d =
        design.embeds().stream().filter(x -> x.field().equals(field)).findFirst().orElseThrow();
    MongoDbEmbed em = c.embedOf(d.entity()).orElseThrow();
    return element(
        em, representative(em.entity(), d.fields(), d.allFields(), d.by()), random(-n), n);
  }

  /**
   * Returns a value of {@code attribute} that no generated document holds (an extra key of an
   * {@code in}).
   */
  BsonValue fresh(String attribute, long n) {
    BsonValue rep = held.get(attribute);
    Optional<Attribute> a = c.entity().attribute(attribute);
    if (rep == null) {
      return new org.bson.BsonString("absent-" + n);
    }
    return BsonValues.vary(
        rep, a.filter(x -> x.values().isEmpty()), random(-1_000_000 - n), -1_000_000 - n);
  }

  /** The representative value of every held root attribute, by name. */
  Map<String, BsonValue> held() {
    return java.util.Collections.unmodifiableMap(held);
  }

  private BsonValue value(String attribute, Map<String, BsonValue> fixed, Random r, long n) {
    return fixed.containsKey(attribute)
        ? fixed.get(attribute)
        : BsonValues.vary(held.get(attribute), c.entity().attribute(attribute), r, n);
  }

  private static BsonDocument element(
      MongoDbEmbed em, Map<String, BsonValue> rep, Random r, long n) {
    BsonDocument out = new BsonDocument();
    rep.forEach(
        (attribute, v) ->
            out.append(attribute, BsonValues.vary(v, em.entity().attribute(attribute), r, n)));
    return out;
  }

  private Random random(long n) {
    return new Random(seed * 1_000_003L + c.name().hashCode() * 31L + n);
  }

  /**
   * The values keyplan sizes {@code e}'s held attributes with: all of them, or those listed, less
   * {@code skip}.
   */
  static Map<String, BsonValue> representative(
      Entity e, List<MongoDbDesign.Field> listed, boolean all, List<String> skip) {
    Map<String, BsonValue> out = new LinkedHashMap<>();
    for (Attribute a : e.attributes().values()) {
      Optional<MongoDbDesign.Field> f =
          listed.stream().filter(x -> x.name().equals(a.name())).findFirst();
      if ((!all && f.isEmpty()) || skip.contains(a.name())) {
        continue;
      }
      BsonTypes.value(
              a,
              f.flatMap(MongoDbDesign.Field::type),
              f.map(MongoDbDesign.Field::size).orElse(OptionalLong.empty()))
          .ifPresent(v -> out.put(a.name(), v));
    }
    return out;
  }
}
