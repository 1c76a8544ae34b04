package dev.keyplan.mongodb.facts;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.bson.BsonBinaryWriter;
import org.bson.BsonDocument;
import org.bson.BsonType;
import org.bson.BsonValue;
import org.bson.codecs.BsonDocumentCodec;
import org.bson.codecs.EncoderContext;
import org.bson.io.BasicOutputBuffer;
import org.bson.types.Decimal128;

/**
 * The value a hashed index stores and a hashed shard key routes by, exactly as MongoDB computes it
 * ({@code BSONElementHasher::hash64} with seed 0, mongodb/mongo src/mongo/db/hasher.cpp), and as
 * {@code convertShardKeyToHashed} and {@code $toHashedIndexKey} print it.
 *
 * <p>Why keyplan needs it: a hashed shard key spreads documents by this number, not by the value;
 * which chunk (and so which shard) a key value lands on is decided by where its hash falls among
 * the chunk bounds, and zones on a hashed key are written in hashes.
 *
 * <p>The algorithm is MD5 (RFC 1321) over:
 *
 * <ol>
 *   <li>the seed, 0, as a 4-byte little-endian int;
 *   <li>the value's canonical type ({@link #canonicalType}) as a 4-byte little-endian int; this is
 *       MongoDB's sort-order class, not the BSON type byte, so an int32, an int64, a double and a
 *       decimal share 10, and a string and a symbol share 15;
 *   <li>the value: a number as the 8-byte little-endian int64 of {@link #numberForHash}; a document
 *       or array as each element in order (its canonical type, its field name in UTF-8 and a NUL,
 *       array elements being named "0", "1", …, then its value, recursively) followed by 4 zero
 *       bytes, the canonical type of the end-of-object marker; code with scope as its code's bytes
 *       and NUL, then its scope document the same way; anything else as its value bytes exactly as
 *       BSON stores them, which are taken here from the {@code org.mongodb:bson} library's own
 *       encoding, not re-implemented.
 * </ol>
 *
 * The result is the first 8 digest bytes read as a little-endian signed long. The top-level field
 * name is not hashed: {@code {check: 42}} and {@code {a: 42}} hash alike.
 *
 * <p>Worked example, the int32 42: MD5 over the 16 bytes {@code 00000000 0a000000 2a00000000000000}
 * (seed 0, canonical type 10, 42 as an int64) is {@code 933f4ef6302ae5f27a173369088ef09e}; its
 * first 8 bytes read little-endian, 0xf2e52a30f64e3f93, are -944302157085130861, as mongodb/mongo's
 * hasher_test.cpp expects. 42.123 and 42L hash the same, because a double is truncated and every
 * number becomes an int64.
 *
 * <p>Not modelled: a hashed index applies the collection's collation to strings before hashing
 * ({@code $toHashedIndexKey} does not); keyplan hashes with the simple collation.
 */
public final class HashedKey {
  private HashedKey() {}

  /** The seed of every hashed index: {@code BSONElementHasher::DEFAULT_HASH_SEED}, 0. */
  private static final int SEED = 0;

  private static final BsonDocumentCodec DOCUMENT_CODEC = new BsonDocumentCodec();

  // 2^63 as a double: the least double an int64 cannot hold (kLongLongMaxPlusOneAsDouble).
  private static final double TWO_TO_63 = 0x1p63;

  private static final BigDecimal LONG_MAX = BigDecimal.valueOf(Long.MAX_VALUE);
  private static final BigDecimal LONG_MIN = BigDecimal.valueOf(Long.MIN_VALUE);

  /**
   * Returns the hashed-index value of {@code value}, the signed 64-bit number {@code
   * convertShardKeyToHashed(value)} prints: -944302157085130861 for 42, 8478485326885698097 for
   * "abc", 2338878944348059895 for null.
   */
  public static long hash64(BsonValue value) {
    MessageDigest md5 = md5();
    md5.update(int32(SEED));
    md5.update(int32(canonicalType(value.getBsonType())));
    hashValue(md5, value);
    byte[] digest = md5.digest();
    return ByteBuffer.wrap(digest, 0, Long.BYTES).order(ByteOrder.LITTLE_ENDIAN).getLong();
  }

  /**
   * Returns MongoDB's canonical type of a BSON type ({@code canonicalizeBSONType}, mongodb/mongo
   * src/mongo/bson/bsontypes.h): the class a value sorts and compares in. MinKey −1, undefined 0,
   * null 5, numbers 10, string and symbol 15, document 20, array 25, binary 30, ObjectId 35,
   * boolean 40, date 45, timestamp 47, regular expression 50, DBPointer 55, code 60, code with
   * scope 65, MaxKey 127. Older servers gave a timestamp 45, like a date; the 2013 hasher test that
   * expects a timestamp to hash like a date comes from then, and no longer holds.
   */
  public static int canonicalType(BsonType type) {
    switch (type) {
      case MIN_KEY:
        return -1;
      case END_OF_DOCUMENT:
      case UNDEFINED:
        return 0;
      case NULL:
        return 5;
      case DOUBLE:
      case INT32:
      case INT64:
      case DECIMAL128:
        return 10;
      case STRING:
      case SYMBOL:
        return 15;
      case DOCUMENT:
        return 20;
      case ARRAY:
        return 25;
      case BINARY:
        return 30;
      case OBJECT_ID:
        return 35;
      case BOOLEAN:
        return 40;
      case DATE_TIME:
        return 45;
      case TIMESTAMP:
        return 47;
      case REGULAR_EXPRESSION:
        return 50;
      case DB_POINTER:
        return 55;
      case JAVASCRIPT:
        return 60;
      case JAVASCRIPT_WITH_SCOPE:
        return 65;
      case MAX_KEY:
        return 127;
      default:
        throw new IllegalArgumentException("no canonical type for BSON type " + type);
    }
  }

  /**
   * Returns the int64 a number is hashed as: {@code BSONElement::safeNumberLongForHash}
   * (mongodb/mongo src/mongo/bson/bsonelement.h).
   *
   * <ul>
   *   <li>int32 and int64: the value itself.
   *   <li>double: NaN is 0; exactly 2^63 is {@link Long#MIN_VALUE}, a legacy result the server
   *       keeps on purpose for data already on disk; above 2^63 (and +∞) {@link Long#MAX_VALUE};
   *       below −2^63 (and −∞) {@link Long#MIN_VALUE}; otherwise truncated toward zero, so 2.9 and
   *       −1.789 hash like 2 and −1.
   *   <li>decimal: NaN is 0; above {@link Long#MAX_VALUE} (and +∞) MAX, below {@link
   *       Long#MIN_VALUE} (and −∞) MIN; otherwise rounded to the nearest integer, ties to even
   *       ({@code Decimal128::toLong}'s default rounding, src/mongo/platform/decimal128.h), so 2.5
   *       hashes like 2 and 3.5 like 4, unlike a double. This follows the source and has not been
   *       checked against a server.
   * </ul>
   *
   * @throws IllegalArgumentException if {@code number} is not one of the four number types
   */
  public static long numberForHash(BsonValue number) {
    switch (number.getBsonType()) {
      case INT32:
        return number.asInt32().getValue();
      case INT64:
        return number.asInt64().getValue();
      case DOUBLE:
        return doubleForHash(number.asDouble().getValue());
      case DECIMAL128:
        return decimalForHash(number.asDecimal128().getValue());
      default:
        throw new IllegalArgumentException("not a number: " + number.getBsonType());
    }
  }

  private static long doubleForHash(double d) {
    if (Double.isNaN(d)) {
      return 0;
    }
    if (d == TWO_TO_63) {
      return Long.MIN_VALUE;
    }
    if (!(d < TWO_TO_63)) {
      return Long.MAX_VALUE;
    }
    if (d < -TWO_TO_63) {
      return Long.MIN_VALUE;
    }
    return (long) d;
  }

  private static long decimalForHash(Decimal128 d) {
    if (d.isNaN()) {
      return 0;
    }
    if (d.isInfinite()) {
      return d.isNegative() ? Long.MIN_VALUE : Long.MAX_VALUE;
    }
    BigDecimal exact;
    try {
      exact = d.bigDecimalValue();
    } catch (ArithmeticException negativeZero) {
      // The only finite Decimal128 without a BigDecimal form is -0, which is 0.
      return 0;
    }
    if (exact.compareTo(LONG_MAX) > 0) {
      return Long.MAX_VALUE;
    }
    if (exact.compareTo(LONG_MIN) < 0) {
      return Long.MIN_VALUE;
    }
    return exact.setScale(0, RoundingMode.HALF_EVEN).longValueExact();
  }

  /** Feeds what follows the canonical type: the number, the elements, or the stored bytes. */
  private static void hashValue(MessageDigest md5, BsonValue value) {
    switch (value.getBsonType()) {
      case INT32:
      case INT64:
      case DOUBLE:
      case DECIMAL128:
        md5.update(int64(numberForHash(value)));
        return;
      case DOCUMENT:
        hashElements(md5, value.asDocument());
        return;
      case ARRAY:
        List<BsonValue> values = value.asArray().getValues();
        for (int i = 0; i < values.size(); i++) {
          hashElement(md5, Integer.toString(i), values.get(i));
        }
        md5.update(int32(canonicalType(BsonType.END_OF_DOCUMENT)));
        return;
      case JAVASCRIPT_WITH_SCOPE:
        // Stored as int32 total, int32 code length (with its NUL), the code, the NUL, the scope.
        // The hasher feeds the code and its NUL, then hashes the scope like a document.
        byte[] stored = storedValueBytes(value);
        int codeLength = ByteBuffer.wrap(stored, 4, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
        md5.update(stored, 8, codeLength);
        hashElements(md5, value.asJavaScriptWithScope().getScope());
        return;
      default:
        md5.update(storedValueBytes(value));
    }
  }

  /** Feeds a document's elements, then the end-of-object marker: 4 zero bytes, no name. */
  private static void hashElements(MessageDigest md5, BsonDocument document) {
    for (Map.Entry<String, BsonValue> e : document.entrySet()) {
      hashElement(md5, e.getKey(), e.getValue());
    }
    md5.update(int32(canonicalType(BsonType.END_OF_DOCUMENT)));
  }

  /** Feeds one nested element: canonical type, field name and NUL, then the value. */
  private static void hashElement(MessageDigest md5, String name, BsonValue value) {
    md5.update(int32(canonicalType(value.getBsonType())));
    md5.update(name.getBytes(StandardCharsets.UTF_8));
    md5.update((byte) 0);
    hashValue(md5, value);
  }

  /**
   * Returns the bytes BSON stores for {@code value}, without type byte and field name, as the
   * library writes them: the one-element document {@code {"": value}} is int32 size, the type byte,
   * the empty name's NUL, the value and the document's closing NUL, so the value is bytes 6 to size
   * − 1. A string "abc" is {@code 04000000 61626300}; a boolean one byte; null none.
   */
  static byte[] storedValueBytes(BsonValue value) {
    var buffer = new BasicOutputBuffer();
    try (var writer = new BsonBinaryWriter(buffer)) {
      DOCUMENT_CODEC.encode(writer, new BsonDocument("", value), EncoderContext.builder().build());
    }
    byte[] document = buffer.toByteArray();
    return Arrays.copyOfRange(document, 6, document.length - 1);
  }

  private static byte[] int32(int value) {
    return ByteBuffer.allocate(Integer.BYTES).order(ByteOrder.LITTLE_ENDIAN).putInt(value).array();
  }

  private static byte[] int64(long value) {
    return ByteBuffer.allocate(Long.BYTES).order(ByteOrder.LITTLE_ENDIAN).putLong(value).array();
  }

  private static MessageDigest md5() {
    try {
      return MessageDigest.getInstance("MD5");
    } catch (NoSuchAlgorithmException e) {
      // Every Java platform must provide MD5 (java.security.MessageDigest's Javadoc).
      throw new IllegalStateException(e);
    }
  }
}
