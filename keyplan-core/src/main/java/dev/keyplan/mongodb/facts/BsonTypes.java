package dev.keyplan.mongodb.facts;

import dev.keyplan.model.Attribute;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;
import org.bson.BsonArray;
import org.bson.BsonBinary;
import org.bson.BsonBinarySubType;
import org.bson.BsonBoolean;
import org.bson.BsonDateTime;
import org.bson.BsonDecimal128;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonObjectId;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.bson.types.Decimal128;
import org.bson.types.ObjectId;

/**
 * How an entity attribute, typed in the model's store-neutral (CQL-like) vocabulary, is held in a
 * MongoDB document: a representative BSON value of the right type and size, which the BSON library
 * then measures. keyplan's conventions (each can be overridden per collection with {@code {type:
 * string, size: 24B}}):
 *
 * <ul>
 *   <li>text, varchar, ascii, duration, inet: a string of {@code size} UTF-8 bytes;
 *   <li>bigint, counter, varint: long; int, smallint, tinyint: int; double, float: double; decimal:
 *       decimal128;
 *   <li>boolean: bool; timestamp and date: date (UTC milliseconds); time: long (nanoseconds);
 *   <li>uuid, timeuuid: binary subtype 4 of 16 bytes, as the drivers' standard UUID representation;
 *   <li>blob: binary of {@code size} bytes;
 *   <li>list and set: an array of {@code items} elements, each as its element type with the
 *       attribute's {@code size}; map, frozen, tuple, vector, user types: a sub-document of {@code
 *       items} fields, each a string of {@code size} bytes;
 *   <li>an enumeration: a string of its values' average length.
 * </ul>
 *
 * As {@code string}, a timestamp is its ISO 8601 text ({@code 2026-12-02T16:57:26.123Z}, 24 bytes),
 * a date {@code 2026-12-02} (10), a boolean {@code true} (4) or {@code false} (5), a uuid its 36
 * characters, a number its digits: the forms TypedValueAsString flags.
 */
public final class BsonTypes {
  private BsonTypes() {}

  /** The BSON type names keyplan accepts in overrides. */
  public static final java.util.Set<String> NAMES =
      java.util.Set.of(
          "string",
          "int",
          "long",
          "double",
          "decimal",
          "bool",
          "date",
          "objectId",
          "uuid",
          "binData",
          "array",
          "object");

  /** CQL types keyplan stores as BSON numbers, and the BSON number types a field may name. */
  private static final java.util.Set<String> NUMBERS =
      java.util.Set.of(
          "bigint",
          "counter",
          "varint",
          "int",
          "smallint",
          "tinyint",
          "double",
          "float",
          "decimal",
          "long");

  /**
   * Returns true if an attribute of type {@code type}, or a field given that BSON type, is stored
   * as a number: zone bounds and config.tags values then compare as numbers, not strings.
   */
  public static boolean isNumber(String type) {
    return NUMBERS.contains(type);
  }

  /**
   * Returns keyplan's BSON type name for {@code a} without an override: {@code string}, {@code
   * long}, …
   */
  public static String natural(Attribute a) {
    return switch (base(a)) {
      case "text", "varchar", "ascii", "duration", "inet" -> "string";
      case "bigint", "counter", "varint", "time" -> "long";
      case "int", "smallint", "tinyint" -> "int";
      case "double", "float" -> "double";
      case "decimal" -> "decimal";
      case "boolean" -> "bool";
      case "timestamp", "date" -> "date";
      case "uuid", "timeuuid" -> "uuid";
      case "blob" -> "binData";
      case "list", "set" -> "array";
      default -> a.values().isEmpty() ? "object" : "string";
    };
  }

  /**
   * Returns the {@code $jsonSchema} {@code bsonType} alias of keyplan's BSON type name {@code type}
   * (MongoDB manual, "$jsonSchema" and "BSON Types": the aliases are the type names of {@code
   * $type}): the same name, except {@code uuid}, which BSON stores as binary data of subtype 4 and
   * {@code $jsonSchema} can only check as {@code binData}.
   */
  public static String schemaType(String type) {
    return type.equals("uuid") ? "binData" : type;
  }

  /**
   * Returns a representative value of {@code a} as {@code type} (its natural type when empty) with
   * {@code size} overriding the attribute's size, or empty when the type cannot be given without a
   * size (a blob as string, say).
   */
  public static Optional<BsonValue> value(Attribute a, Optional<String> type, OptionalLong size) {
    String t = type.orElse(natural(a));
    long n = size.orElse(a.size().orElse(0));
    String natural = natural(a);
    if (!a.values().isEmpty() && t.equals("string")) {
      return Optional.of(text(n > 0 ? n : 1));
    }
    switch (t) {
      case "string":
        if (natural.equals("string")) {
          return Optional.of(text(n));
        }
        OptionalLong asText = size.isPresent() ? size : textLength(a);
        return asText.isPresent() ? Optional.of(text(asText.getAsLong())) : Optional.empty();
      case "long":
        return Optional.of(new BsonInt64(Long.MAX_VALUE));
      case "int":
        return Optional.of(new BsonInt32(Integer.MAX_VALUE));
      case "double":
        return Optional.of(new BsonDouble(Math.PI));
      case "decimal":
        return Optional.of(new BsonDecimal128(Decimal128.parse("12345.67")));
      case "bool":
        return Optional.of(BsonBoolean.TRUE);
      case "date":
        return Optional.of(new BsonDateTime(1_764_694_646_123L));
      case "objectId":
        return Optional.of(new BsonObjectId(new ObjectId("65f1a2b3c4d5e6f708192a3b")));
      case "uuid":
        return Optional.of(new BsonBinary(BsonBinarySubType.UUID_STANDARD, new byte[16]));
      case "binData":
        return n > 0
            ? Optional.of(new BsonBinary(new byte[(int) Math.min(n, Integer.MAX_VALUE)]))
            : Optional.empty();
      case "array":
        {
          BsonArray array = new BsonArray();
          Attribute element = element(a);
          for (int i = 0; i < a.items(); i++) {
            array.add(value(element, Optional.empty(), size).orElse(text(n)));
          }
          return Optional.of(array);
        }
      default:
        {
          BsonDocument doc = new BsonDocument();
          for (int i = 0; i < a.items(); i++) {
            doc.append("k" + i, text(n));
          }
          return Optional.of(doc);
        }
    }
  }

  /** The value of one element of a list or set attribute, typed by its element type. */
  public static Attribute element(Attribute a) {
    String type = a.type();
    int lt = type.indexOf('<');
    int gt = type.lastIndexOf('>');
    String inner = lt < 0 || gt < lt ? "text" : type.substring(lt + 1, gt).trim();
    return new Attribute(
        a.name(),
        inner,
        a.size(),
        1,
        false,
        java.util.List.of(),
        Optional.empty(),
        false,
        0,
        a.location());
  }

  /** How many characters the attribute's value takes when written as text. */
  private static OptionalLong textLength(Attribute a) {
    return switch (base(a)) {
      case "timestamp" -> OptionalLong.of(24);
      case "date" -> OptionalLong.of(10);
      case "boolean" -> OptionalLong.of(5);
      case "uuid", "timeuuid" -> OptionalLong.of(36);
      case "bigint", "counter" -> OptionalLong.of(19);
      case "int" -> OptionalLong.of(10);
      case "smallint" -> OptionalLong.of(5);
      case "tinyint" -> OptionalLong.of(3);
      default -> OptionalLong.empty();
    };
  }

  private static String base(Attribute a) {
    return a.type().toLowerCase(Locale.ROOT).replaceAll("<.*", "").trim();
  }

  /** A string of {@code bytes} one-byte characters. */
  private static BsonString text(long bytes) {
    return new BsonString("x".repeat((int) Math.max(0, Math.min(bytes, 16L * 1024 * 1024))));
  }
}
