package dev.keyplan.mongodb.design;

import dev.keyplan.model.Attribute;
import dev.keyplan.model.Entity;
import dev.keyplan.mongodb.facts.BsonTypes;
import dev.keyplan.mongodb.facts.DocumentSize;
import dev.keyplan.mongodb.model.MongoDbDesign.Field;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonObjectId;
import org.bson.BsonValue;
import org.bson.types.ObjectId;

/**
 * Builds representative documents from an entity's attributes and measures them with the BSON
 * library ({@link DocumentSize}), so every size keyplan reports is the library's, not a formula's.
 *
 * <p>An array of more than {@value #BUILT} elements is built with {@value #BUILT} and extended by
 * BSON's array rule (an array is a document whose keys are "0", "1", …): element i adds the bytes
 * element 0 adds, plus one byte per extra digit of i. A million-element array of 30-byte
 * sub-documents is then 30 + 2 + ... bytes per element without a million-element build.
 */
final class DocumentShape {
  /** Largest array built element by element. */
  static final int BUILT = 10_000;

  private DocumentShape() {}

  /** Returns the BSON size of {@code doc}, as the library encodes it ({@link DocumentSize}). */
  static long size(BsonDocument doc) {
    return DocumentSize.of(doc);
  }

  /**
   * Returns the bytes field {@code name} with {@code value} adds to a document (type, name, value).
   */
  static long fieldBytes(String name, BsonValue value) {
    return size(new BsonDocument(name, value)) - size(new BsonDocument());
  }

  /**
   * Returns the fields a document holds for {@code e}: its attributes (all, or those listed) with
   * the overrides' types, minus {@code skip} (the {@code _id} attribute, an embed's parent key).
   */
  static BsonDocument fields(Entity e, List<Field> listed, boolean all, List<String> skip) {
    BsonDocument doc = new BsonDocument();
    for (Attribute a : e.attributes().values()) {
      Optional<Field> f = listed.stream().filter(x -> x.name().equals(a.name())).findFirst();
      if ((!all && f.isEmpty()) || skip.contains(a.name())) {
        continue;
      }
      BsonTypes.value(a, f.flatMap(Field::type), f.map(Field::size).orElse(OptionalLong.empty()))
          .ifPresent(v -> doc.append(a.name(), v));
    }
    return doc;
  }

  /** Returns the {@code _id} value: the id attribute's representative value, or an ObjectId. */
  static BsonValue id(Entity e, Optional<String> idField, Map<String, BsonValue> values) {
    return idField
        .map(values::get)
        .orElse(new BsonObjectId(new ObjectId("65f1a2b3c4d5e6f708192a3b")));
  }

  /**
   * Returns the size of {@code root} with {@code arrays} set to {@code counts} elements of their
   * element documents: built up to {@value #BUILT} elements each, extended beyond by the array
   * rule.
   */
  static long size(
      BsonDocument root, List<String> arrays, List<BsonDocument> elements, List<Double> counts) {
    BsonDocument doc = root.clone();
    long extra = 0;
    for (int i = 0; i < arrays.size(); i++) {
      long n = (long) Math.ceil(Math.max(0, counts.get(i)));
      long built = Math.min(n, BUILT);
      BsonArray array = new BsonArray();
      for (long k = 0; k < built; k++) {
        array.add(elements.get(i));
      }
      doc.append(arrays.get(i), array);
      if (n > built) {
        long element0 = fieldBytes("0", elements.get(i));
        extra += (n - built) * element0 + extraDigits(built, n);
      }
    }
    return size(doc) + extra;
  }

  /** Σ (digits(i) − 1) for i in [from, to): the longer array keys beyond "9". */
  static long extraDigits(long from, long to) {
    long sum = 0;
    long low = 1;
    for (int digits = 1; low < to; digits++, low *= 10) {
      long high = low * 10;
      long a = Math.max(from, digits == 1 ? 0 : low);
      long b = Math.min(to, high);
      if (b > a) {
        sum += (b - a) * (digits - 1);
      }
    }
    return sum;
  }
}
