package dev.keyplan.mongodb.facts;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.bson.BsonBinarySubType;
import org.bson.BsonType;

/**
 * The shape of one value of a representative document: its BSON type and, where the type has no
 * fixed size, its length. {@link DocumentSize} builds a real document from the shapes and has the
 * {@code org.mongodb:bson} library measure it, so sizes come from BSON itself, not from a formula.
 *
 * <p>Example: an order with 3 lines of a product id and a quantity is
 *
 * <pre>{@code
 * List.of(
 *     new FieldSpec("_id", ValueSpec.of(BsonType.OBJECT_ID)),
 *     new FieldSpec("customer", ValueSpec.string(12)),
 *     new FieldSpec("lines", ValueSpec.array(3, ValueSpec.document(
 *         new FieldSpec("product", ValueSpec.of(BsonType.INT64)),
 *         new FieldSpec("qty", ValueSpec.of(BsonType.INT32))))))
 * }</pre>
 *
 * Values are immutable.
 */
public sealed interface ValueSpec {

  /** The types whose values all have one size: 8 bytes for a double, 12 for an ObjectId, …. */
  Set<BsonType> FIXED_SIZE =
      Set.copyOf(
          EnumSet.of(
              BsonType.DOUBLE,
              BsonType.INT32,
              BsonType.INT64,
              BsonType.DECIMAL128,
              BsonType.OBJECT_ID,
              BsonType.BOOLEAN,
              BsonType.DATE_TIME,
              BsonType.TIMESTAMP,
              BsonType.NULL,
              BsonType.UNDEFINED,
              BsonType.MIN_KEY,
              BsonType.MAX_KEY));

  /** A value of a fixed-size type; {@link #FIXED_SIZE} lists them. */
  record Fixed(BsonType type) implements ValueSpec {
    public Fixed {
      if (!FIXED_SIZE.contains(type)) {
        throw new IllegalArgumentException(
            type
                + " has no fixed size; use string, binary,"
                + " array or document (fixed-size types: "
                + FIXED_SIZE
                + ")");
      }
    }
  }

  /** A string of {@code utf8Bytes} bytes of UTF-8 (its characters do not change its size). */
  record Text(int utf8Bytes) implements ValueSpec {
    public Text {
      requireNonNegative(utf8Bytes, "a string's length");
    }
  }

  /** Binary data of {@code bytes} bytes and a subtype (0, generic; 4, UUID; …). */
  record Binary(int bytes, byte subtype) implements ValueSpec {
    public Binary {
      requireNonNegative(bytes, "binary data's length");
    }
  }

  /** An array of {@code count} elements, each shaped like {@code element}. */
  record Array(int count, ValueSpec element) implements ValueSpec {
    public Array {
      requireNonNegative(count, "an array's length");
      if (element == null) {
        throw new IllegalArgumentException("an array needs the shape of its elements");
      }
    }
  }

  /** An embedded document of these fields, in order. */
  record Document(List<FieldSpec> fields) implements ValueSpec {
    public Document {
      fields = List.copyOf(fields);
    }
  }

  /** Returns a value of a fixed-size type, such as {@code of(BsonType.OBJECT_ID)}. */
  static ValueSpec of(BsonType type) {
    return new Fixed(type);
  }

  /** Returns a string of {@code utf8Bytes} bytes. */
  static ValueSpec string(int utf8Bytes) {
    return new Text(utf8Bytes);
  }

  /** Returns generic binary data (subtype 0) of {@code bytes} bytes. */
  static ValueSpec binary(int bytes) {
    return new Binary(bytes, BsonBinarySubType.BINARY.getValue());
  }

  /** Returns an array of {@code count} elements shaped like {@code element}. */
  static ValueSpec array(int count, ValueSpec element) {
    return new Array(count, element);
  }

  /** Returns an embedded document of {@code fields}. */
  static ValueSpec document(FieldSpec... fields) {
    return new Document(List.of(fields));
  }

  private static void requireNonNegative(int n, String what) {
    if (n < 0) {
      throw new IllegalArgumentException(what + " cannot be negative, found " + n);
    }
  }
}
