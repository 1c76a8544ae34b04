package dev.keyplan.mongodb.verify;

import dev.keyplan.model.Attribute;
import dev.keyplan.mongodb.facts.BsonTypes;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.util.Optional;
import java.util.Random;
import org.bson.BsonArray;
import org.bson.BsonBinary;
import org.bson.BsonBoolean;
import org.bson.BsonDateTime;
import org.bson.BsonDecimal128;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonMinKey;
import org.bson.BsonObjectId;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.bson.types.Decimal128;
import org.bson.types.ObjectId;

/**
 * Values for generated documents: each like keyplan's representative value of the attribute ({@link
 * BsonTypes#value}), of the same BSON type and size, with different content drawn from a seeded
 * {@link Random}, so the documents are distinct but measure as keyplan sized them:
 *
 * <ul>
 *   <li>a string: as many random characters of {@code [a-z0-9]} (one UTF-8 byte each, lower case so
 *       a case-insensitive index sees the same values); an enumeration: one of its values in turn
 *       (the validator's {@code enum} accepts nothing else; keyplan sizes it at the values' average
 *       length, so the average document matches);
 *   <li>numbers, booleans, decimals: random, of the same type (fixed sizes);
 *   <li>a date: before {@link #EPOCH} by up to a year, or, time-ordered, {@code n} seconds after
 *       it;
 *   <li>an ObjectId: {@link #EPOCH} + {@code n} seconds, then random bytes (ObjectIds grow with
 *       time, MongoDB manual, "ObjectId"); binary data: random bytes of the same length and
 *       subtype;
 *   <li>arrays and sub-documents: each element or field varied in turn.
 * </ul>
 */
final class BsonValues {
  /** 2026-01-01T00:00:00Z in milliseconds: the clock of generated dates. */
  static final long EPOCH = 1_767_225_600_000L;

  private static final String CHARS = "abcdefghijklmnopqrstuvwxyz0123456789";

  private BsonValues() {}

  /**
   * Returns a value like {@code rep} for attribute {@code a} (when known), drawn from {@code r};
   * {@code n} orders time-ordered ones.
   */
  static BsonValue vary(BsonValue rep, Optional<Attribute> a, Random r, long n) {
    boolean timed = a.map(Attribute::timeOrdered).orElse(false);
    switch (rep.getBsonType()) {
      case STRING:
        if (a.isPresent() && !a.get().values().isEmpty()) {
          return new BsonString(
              a.get().values().get((int) Math.floorMod(n, (long) a.get().values().size())));
        }
        return new BsonString(text(rep.asString().getValue().length(), r));
      case INT32:
        return new BsonInt32(timed ? (int) n : r.nextInt());
      case INT64:
        return new BsonInt64(timed ? EPOCH + n : r.nextLong());
      case DOUBLE:
        return new BsonDouble(r.nextInt(1_000_000) / 100.0);
      case DECIMAL128:
        return new BsonDecimal128(new Decimal128(BigDecimal.valueOf(r.nextInt(10_000_000), 2)));
      case BOOLEAN:
        return BsonBoolean.valueOf(r.nextBoolean());
      case DATE_TIME:
        return new BsonDateTime(
            timed ? EPOCH + n * 1_000 : EPOCH - (long) (r.nextDouble() * 365 * 86_400_000L));
      case OBJECT_ID:
        return new BsonObjectId(objectId(n, r));
      case BINARY:
        {
          BsonBinary b = rep.asBinary();
          byte[] bytes = new byte[b.getData().length];
          r.nextBytes(bytes);
          return new BsonBinary(b.getType(), bytes);
        }
      case ARRAY:
        {
          Optional<Attribute> element = a.map(BsonTypes::element);
          BsonArray out = new BsonArray();
          long k = 0;
          for (BsonValue v : rep.asArray()) {
            out.add(vary(v, element, r, n * 1_000 + k++));
          }
          return out;
        }
      case DOCUMENT:
        {
          BsonDocument out = new BsonDocument();
          rep.asDocument().forEach((name, v) -> out.append(name, vary(v, Optional.empty(), r, n)));
          return out;
        }
      default:
        return rep;
    }
  }

  /**
   * Returns the least value of {@code v}'s type, so that {@code $gte} it matches every value of the
   * field.
   */
  static BsonValue lowest(BsonValue v) {
    return switch (v.getBsonType()) {
      case STRING -> new BsonString("");
      case INT32 -> new BsonInt32(Integer.MIN_VALUE);
      case INT64 -> new BsonInt64(Long.MIN_VALUE);
      case DOUBLE -> new BsonDouble(Double.NEGATIVE_INFINITY);
      case DECIMAL128 -> new BsonDecimal128(Decimal128.NEGATIVE_INFINITY);
      case DATE_TIME -> new BsonDateTime(Long.MIN_VALUE);
      case OBJECT_ID -> new BsonObjectId(new ObjectId(new byte[12]));
      case BINARY -> new BsonBinary(v.asBinary().getType(), new byte[0]);
      case BOOLEAN -> BsonBoolean.FALSE;
      default -> new BsonMinKey();
    };
  }

  private static String text(int length, Random r) {
    StringBuilder s = new StringBuilder(length);
    for (int i = 0; i < length; i++) {
      s.append(CHARS.charAt(r.nextInt(CHARS.length())));
    }
    return s.toString();
  }

  private static ObjectId objectId(long n, Random r) {
    byte[] rest = new byte[8];
    r.nextBytes(rest);
    return new ObjectId(
        ByteBuffer.allocate(12).putInt((int) (EPOCH / 1_000 + n)).put(rest).array());
  }
}
