package dev.keyplan.mongodb.facts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HexFormat;
import java.util.List;
import org.bson.BsonArray;
import org.bson.BsonBinary;
import org.bson.BsonBinarySubType;
import org.bson.BsonBoolean;
import org.bson.BsonDateTime;
import org.bson.BsonDbPointer;
import org.bson.BsonDecimal128;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonJavaScript;
import org.bson.BsonJavaScriptWithScope;
import org.bson.BsonMaxKey;
import org.bson.BsonMinKey;
import org.bson.BsonNull;
import org.bson.BsonObjectId;
import org.bson.BsonRegularExpression;
import org.bson.BsonString;
import org.bson.BsonSymbol;
import org.bson.BsonTimestamp;
import org.bson.BsonType;
import org.bson.BsonUndefined;
import org.bson.BsonValue;
import org.bson.types.Decimal128;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.Test;

/**
 * Every vector of the research notes §2.5, each from the file that asserts it:
 *
 * <ul>
 *   <li>[hasher_test] mongodb/mongo src/mongo/db/hasher_test.cpp ("All of the values in the
 *       remaining tests have been determined experimentally"), read at commit d75d329;
 *   <li>[toHashed] mongodb/mongo's {@code $toHashedIndexKey} expression tests, {@code
 *       ExpressionToHashedIndexKeyTest} (2025);
 *   <li>[docs] the manual's $toHashedIndexKey page,
 *       https://www.mongodb.com/docs/manual/reference/operator/aggregation/toHashedIndexKey/ ;
 *   <li>[bsonelement_test] mongodb/mongo src/mongo/bson/bsonelement_test.cpp, for
 *       safeNumberLongForHash(2^63).
 * </ul>
 */
final class HashedKeyTest {

  private static long hash(BsonValue v) {
    return HashedKey.hash64(v);
  }

  private static BsonObjectId oid(String hex) {
    return new BsonObjectId(new ObjectId(hex));
  }

  // ----- [hasher_test] HashIntOrLongOrDouble -----

  @Test
  void hash_42_asInt32Int64OrTruncatedDouble() {
    assertThat(hash(new BsonInt32(42))).isEqualTo(-944302157085130861L);
    assertThat(hash(new BsonDouble(42.123))).isEqualTo(-944302157085130861L);
    assertThat(hash(new BsonInt64(42))).isEqualTo(-944302157085130861L);
  }

  // "NAN is treated as zero": signaling and quiet NaN alike.
  @Test
  void hash_zeroFractionAndNan_hashAsZero() {
    long zero = 4854801880128277513L;
    assertThat(hash(new BsonInt32(0))).isEqualTo(zero);
    assertThat(hash(new BsonDouble(0.456))).isEqualTo(zero);
    assertThat(hash(new BsonInt64(0))).isEqualTo(zero);
    assertThat(hash(new BsonDouble(Double.longBitsToDouble(0x7ff0000000000001L)))).isEqualTo(zero);
    assertThat(hash(new BsonDouble(Double.NaN))).isEqualTo(zero);
  }

  @Test
  void hash_oneAndMinusOne_truncateTowardZero() {
    assertThat(hash(new BsonInt32(1))).isEqualTo(5902408780260971510L);
    assertThat(hash(new BsonDouble(1.987))).isEqualTo(5902408780260971510L);
    assertThat(hash(new BsonInt64(1))).isEqualTo(5902408780260971510L);
    assertThat(hash(new BsonInt32(-1))).isEqualTo(1140205862565771219L);
    assertThat(hash(new BsonDouble(-1.789))).isEqualTo(1140205862565771219L);
    assertThat(hash(new BsonInt64(-1))).isEqualTo(1140205862565771219L);
  }

  @Test
  void hash_int32Bounds_asEveryNumberType() {
    assertThat(hash(new BsonInt32(Integer.MIN_VALUE))).isEqualTo(6165898260261354870L);
    assertThat(hash(new BsonDouble(Integer.MIN_VALUE))).isEqualTo(6165898260261354870L);
    assertThat(hash(new BsonInt64(Integer.MIN_VALUE))).isEqualTo(6165898260261354870L);
    assertThat(hash(new BsonInt32(Integer.MAX_VALUE))).isEqualTo(1143184177162245883L);
    assertThat(hash(new BsonDouble(Integer.MAX_VALUE))).isEqualTo(1143184177162245883L);
    assertThat(hash(new BsonInt64(Integer.MAX_VALUE))).isEqualTo(1143184177162245883L);
  }

  // "Large/small double values": Double.MAX clamps to Long.MAX, -Double.MAX to Long.MIN.
  @Test
  void hash_hugeDoubles_clampToInt64Bounds() {
    assertThat(hash(new BsonDouble(Double.MAX_VALUE))).isEqualTo(921523596458303250L);
    assertThat(hash(new BsonInt64(Long.MAX_VALUE))).isEqualTo(921523596458303250L);
    assertThat(hash(new BsonDouble(-Double.MAX_VALUE))).isEqualTo(4532067210535695462L);
    assertThat(hash(new BsonInt64(Long.MIN_VALUE))).isEqualTo(4532067210535695462L);
  }

  // [bsonelement_test] kLongLongMaxPlusOneAsDouble: safeNumberLongForHash(2^63) is the *lowest*
  // int64, a legacy overflow kept "indefinitely for compatibility with on-disk data"; so double
  // 2^63 hashes like Long.MIN (4532067210535695462), while 2^63 + one quantum clamps to MAX.
  @Test
  void hash_doubleTwoToThe63_hashesLikeLongMin() {
    assertThat(HashedKey.numberForHash(new BsonDouble(0x1p63))).isEqualTo(Long.MIN_VALUE);
    assertThat(hash(new BsonDouble(0x1p63))).isEqualTo(4532067210535695462L);
    assertThat(HashedKey.numberForHash(new BsonDouble(Math.nextUp(0x1p63))))
        .isEqualTo(Long.MAX_VALUE);
    assertThat(HashedKey.numberForHash(new BsonDouble(Math.nextDown(0x1p63))))
        .isEqualTo(0x7ffffffffffffc00L);
    assertThat(HashedKey.numberForHash(new BsonDouble(Double.POSITIVE_INFINITY)))
        .isEqualTo(Long.MAX_VALUE);
    assertThat(HashedKey.numberForHash(new BsonDouble(Double.NEGATIVE_INFINITY)))
        .isEqualTo(Long.MIN_VALUE);
  }

  // ----- [hasher_test] MinKey, MaxKey, undefined, null -----

  @Test
  void hash_minKeyMaxKeyUndefinedNull() {
    assertThat(hash(new BsonMinKey())).isEqualTo(7961148599568647290L);
    assertThat(hash(new BsonMaxKey())).isEqualTo(5504842513779440750L);
    // Also [toHashed] UndefinedInputSucceeds.
    assertThat(hash(new BsonUndefined())).isEqualTo(40158834000849533L);
    // Also [toHashed] NullInputSucceeds, and MissingInputValueSucceeds: a missing field hashes
    // as null.
    assertThat(hash(BsonNull.VALUE)).isEqualTo(2338878944348059895L);
  }

  // ----- [hasher_test] HashString: a symbol is a string (canonical type 15) -----

  @Test
  void hash_stringsAndSymbols() {
    assertThat(hash(new BsonString("abc"))).isEqualTo(8478485326885698097L);
    assertThat(hash(new BsonSymbol("abc"))).isEqualTo(8478485326885698097L);
    assertThat(hash(new BsonString(""))).isEqualTo(2049396243249673340L);
    assertThat(hash(new BsonSymbol(""))).isEqualTo(2049396243249673340L);
  }

  // ----- [hasher_test] HashObject, HashArray -----

  @Test
  void hash_documents() {
    var doc = new BsonDocument("a", new BsonString("abc")).append("b", new BsonInt64(123));
    assertThat(hash(doc)).isEqualTo(4771603801758380216L);
    assertThat(hash(new BsonDocument())).isEqualTo(7980500913326740417L);
  }

  @Test
  void hash_arrays() {
    var array =
        new BsonArray(List.of(new BsonString("bar"), new BsonString("baz"), new BsonString("qux")));
    assertThat(hash(array)).isEqualTo(-2938911267422831539L);
    assertThat(hash(new BsonArray())).isEqualTo(8849948234993459283L);
  }

  // ----- [hasher_test] HashBinary: the subtype byte is part of the stored value -----

  @Test
  void hash_binaries() {
    byte[] bytes = {0, 1, 2, 3, 4, 6};
    assertThat(hash(new BsonBinary(BsonBinarySubType.BINARY, bytes)))
        .isEqualTo(7252465090394235301L);
    assertThat(hash(new BsonBinary((byte) 128, bytes))).isEqualTo(5736670452907618262L);
    byte[] uuid = HexFormat.of().parseHex("000102030405060708090a0b0c0d0e0f");
    assertThat(hash(new BsonBinary(BsonBinarySubType.UUID_STANDARD, uuid)))
        .isEqualTo(6084661258071355978L);
  }

  // ----- [hasher_test] HashObjectId; [toHashed] ObjectIdInputSucceeds -----

  @Test
  void hash_objectIds() {
    assertThat(hash(oid("010203040506070809101112"))).isEqualTo(-5588663249627035708L);
    assertThat(hash(oid("000000000000000000000000"))).isEqualTo(-4293118519463489418L);
    assertThat(hash(oid("47cc67093475061e3d95369d"))).isEqualTo(1576265281381834298L);
  }

  // ----- [hasher_test] HashBoolean -----

  @Test
  void hash_booleans() {
    assertThat(hash(BsonBoolean.TRUE)).isEqualTo(6405873908747105701L);
    assertThat(hash(BsonBoolean.FALSE)).isEqualTo(6289544573401934092L);
  }

  // ----- [hasher_test] HashTimeStamp (dates); [toHashed] DateInputSucceeds, TimestampInputSucceeds

  @Test
  void hash_dates() {
    assertThat(hash(new BsonDateTime(0x5566778811223344L))).isEqualTo(4476222765095560467L);
    assertThat(hash(new BsonDateTime(0))).isEqualTo(-1178696894582842035L);
  }

  // The 2013 hasher_test also expects Timestamp(0x55667788, 0x11223344) and Timestamp(0) to hash
  // like the two dates: timestamps then had the date's canonical type, 45. Today's servers give
  // them 47 ([toHashed], 2025, expects Timestamp(0, 0) → -7867208682377458672), so those two 2013
  // rows no longer hold; the notes §2.2 say the same.
  @Test
  void hash_timestamps_haveTheirOwnCanonicalType() {
    assertThat(hash(new BsonTimestamp(0, 0))).isEqualTo(-7867208682377458672L);
    assertThat(hash(new BsonTimestamp(0x55667788, 0x11223344))).isNotEqualTo(4476222765095560467L);
    assertThat(hash(new BsonTimestamp(0L))).isNotEqualTo(hash(new BsonDateTime(0)));
  }

  // ----- [hasher_test] HashRegEx -----

  @Test
  void hash_regularExpressions() {
    assertThat(hash(new BsonRegularExpression("mongodb"))).isEqualTo(-7275792090268217043L);
    assertThat(hash(new BsonRegularExpression(".*", "i"))).isEqualTo(7095855029187981886L);
  }

  // ----- [hasher_test] HashDBRef, HashCode, HashCodeWScope -----
  // The notes §2.5 list these four rows "for completeness": they were not re-run there. They pass
  // here. BSONDBRef in the test is the BSON DBPointer type (0x0C), not a {$ref, $id} document.

  @Test
  void hash_dbPointers() {
    ObjectId id = new ObjectId("010203040506070809101112");
    assertThat(hash(new BsonDbPointer("c", id))).isEqualTo(940175826736461384L);
    assertThat(hash(new BsonDbPointer("db.c", id))).isEqualTo(2426768198104018194L);
  }

  @Test
  void hash_code() {
    assertThat(hash(new BsonJavaScript("func f() { return 1; }"))).isEqualTo(6861638109178014270L);
  }

  // hasher.cpp feeds codeWScopeCode() for codeWScopeCodeLen() bytes: the code and its NUL, with
  // neither int32 before it. The notes' pseudocode says "int32 len + bytes + NUL"; that form gives
  // another number, and this one is the vector.
  @Test
  void hash_codeWithScope() {
    var code =
        new BsonJavaScriptWithScope(
            "func f() { return 1; }", new BsonDocument("c", BsonBoolean.TRUE));
    assertThat(hash(code)).isEqualTo(501342939894575968L);
  }

  // ----- [toHashed] the other expression vectors; [docs] the manual's example -----

  @Test
  void hash_toHashedIndexKeyExpressionVectors() {
    assertThat(hash(new BsonString("hashThisStringLiteral"))).isEqualTo(-5776344739422278694L);
    assertThat(hash(new BsonInt32(123))).isEqualTo(-6548868637522515075L);
    // ExpressionInputSucceeds: {$pow: [2, 4]} evaluates to the int 16 before it is hashed.
    assertThat(hash(new BsonInt32(16))).isEqualTo(2598032665634823220L);
  }

  @Test
  void hash_docsExample() {
    assertThat(hash(new BsonString("string to hash"))).isEqualTo(763543691661428748L);
  }

  // Not a MongoDB vector: the notes' two implementations (Python, and Java on bson 5.6.1) computed
  // this for the manual's example convertShardKeyToHashed(ObjectId("5b2be413c06d924ab26ff9ca")),
  // whose stored copy shows no output. Kept as a cross-implementation regression.
  @Test
  void hash_convertShardKeyToHashedDocsInput_matchesTheNotesImplementations() {
    assertThat(hash(oid("5b2be413c06d924ab26ff9ca"))).isEqualTo(2523394966799057167L);
  }

  // ----- [hasher_test] the relations its other tests assert -----

  @Test
  void hash_numbersOfOneIntegerPart_hashAlike() {
    // ConsistentHashOfIntLongAndDouble, DifferentIntHashesDiffer
    assertThat(hash(new BsonInt32(3)))
        .isEqualTo(hash(new BsonInt64(3)))
        .isEqualTo(hash(new BsonDouble(3.1)));
    assertThat(hash(new BsonInt32(3))).isNotEqualTo(hash(new BsonInt32(4)));
    // VeryLargeAndSmallDoubles: maxInt/2 as a double differs; maxInt² clamps to maxInt.
    assertThat(hash(new BsonInt64(Long.MAX_VALUE)))
        .isNotEqualTo(hash(new BsonDouble(Long.MAX_VALUE / 2)))
        .isEqualTo(hash(new BsonDouble((double) Long.MAX_VALUE * (double) Long.MAX_VALUE)));
    assertThat(hash(new BsonInt64(Long.MIN_VALUE)))
        .isEqualTo(hash(new BsonDouble(-(double) Long.MAX_VALUE * (double) Long.MAX_VALUE)));
  }

  @Test
  void hash_typesAndShapes_areDistinguished() {
    // IntAndStringHashesDiffer, RegexAndStringHashesDiffer, MinKeyMaxKeyHashesDiffer
    assertThat(hash(new BsonInt32(3))).isNotEqualTo(hash(new BsonString("3")));
    assertThat(hash(new BsonString("3"))).isNotEqualTo(hash(new BsonRegularExpression("3")));
    assertThat(hash(new BsonMaxKey())).isNotEqualTo(hash(new BsonMinKey()));
    // ArrayAndSubobjectHashesDiffer: {'0': 0, '1': 1} against [0, 1]
    var object = new BsonDocument("0", new BsonInt32(0)).append("1", new BsonInt32(1));
    var array = new BsonArray(List.of(new BsonInt32(0), new BsonInt32(1)));
    assertThat(hash(object)).isNotEqualTo(hash(array));
    // SubDocumentGroupingHashesDiffer: {a: {}, b: 1} against {a: {b: 1}}
    var flat = new BsonDocument("a", new BsonDocument()).append("b", new BsonInt32(1));
    var nested = new BsonDocument("a", new BsonDocument("b", new BsonInt32(1)));
    assertThat(hash(flat)).isNotEqualTo(hash(nested));
  }

  @Test
  void hash_nestedNumbers_areSquashedToo() {
    // RecursiveSquashingIntsAndDoubles: {a: 3, b: [3.1, {c: 3}]} = {a: 3.1, b: [3, {c: 3.0}]}
    var left =
        new BsonDocument("a", new BsonInt32(3))
            .append(
                "b",
                new BsonArray(
                    List.of(new BsonDouble(3.1), new BsonDocument("c", new BsonInt32(3)))));
    var right =
        new BsonDocument("a", new BsonDouble(3.1))
            .append(
                "b",
                new BsonArray(
                    List.of(new BsonInt32(3), new BsonDocument("c", new BsonDouble(3.0)))));
    assertThat(hash(left)).isEqualTo(hash(right));
    // CodeWithScopeSquashesScopeIntsAndDoubles
    String code = "print('this is some stupid code')";
    assertThat(hash(new BsonJavaScriptWithScope(code, new BsonDocument("a", new BsonInt32(3)))))
        .isEqualTo(
            hash(new BsonJavaScriptWithScope(code, new BsonDocument("a", new BsonDouble(3.1)))))
        .isNotEqualTo(
            hash(
                new BsonJavaScriptWithScope(
                    "print('this is \nsome stupider code')",
                    new BsonDocument("a", new BsonInt32(3)))));
  }

  // ----- Decimal128: normalised like the other numbers (bsonelement.h, decimal128.h) -----

  @Test
  void hash_decimals_normaliseToInt64() {
    assertThat(hash(new BsonDecimal128(Decimal128.parse("42")))).isEqualTo(-944302157085130861L);
    assertThat(hash(new BsonDecimal128(Decimal128.NaN))).isEqualTo(4854801880128277513L);
    assertThat(hash(new BsonDecimal128(Decimal128.NEGATIVE_ZERO))).isEqualTo(4854801880128277513L);
    assertThat(hash(new BsonDecimal128(Decimal128.parse("1E+30")))).isEqualTo(921523596458303250L);
    assertThat(hash(new BsonDecimal128(Decimal128.NEGATIVE_INFINITY)))
        .isEqualTo(4532067210535695462L);
  }

  // Decimal128::toLong rounds ties to even by default; unlike a double, a decimal is not
  // truncated. From the source, not checked against a server (notes §2.4).
  @Test
  void numberForHash_decimalFractions_roundHalfEven() {
    assertThat(HashedKey.numberForHash(new BsonDecimal128(Decimal128.parse("2.5")))).isEqualTo(2);
    assertThat(HashedKey.numberForHash(new BsonDecimal128(Decimal128.parse("3.5")))).isEqualTo(4);
    assertThat(HashedKey.numberForHash(new BsonDecimal128(Decimal128.parse("-2.7")))).isEqualTo(-3);
    assertThat(HashedKey.numberForHash(new BsonDouble(-2.7))).isEqualTo(-2);
  }

  // ----- the pieces -----

  // A string is stored as int32 length (with the NUL), bytes, NUL; null as nothing; a timestamp
  // as its increment, then its seconds, each a little-endian uint32.
  @Test
  void storedValueBytes_areTheLibrarysEncoding() {
    assertThat(HexFormat.of().formatHex(HashedKey.storedValueBytes(new BsonString("abc"))))
        .isEqualTo("0400000061626300");
    assertThat(HashedKey.storedValueBytes(BsonNull.VALUE)).isEmpty();
    assertThat(HexFormat.of().formatHex(HashedKey.storedValueBytes(new BsonTimestamp(2, 1))))
        .isEqualTo("0100000002000000");
  }

  @Test
  void canonicalType_ofEveryHashableType() {
    assertThat(HashedKey.canonicalType(BsonType.MIN_KEY)).isEqualTo(-1);
    assertThat(HashedKey.canonicalType(BsonType.UNDEFINED)).isZero();
    assertThat(HashedKey.canonicalType(BsonType.DECIMAL128)).isEqualTo(10);
    assertThat(HashedKey.canonicalType(BsonType.TIMESTAMP)).isEqualTo(47);
    assertThat(HashedKey.canonicalType(BsonType.MAX_KEY)).isEqualTo(127);
  }

  @Test
  void numberForHash_ofANonNumber_isRejected() {
    assertThatThrownBy(() -> HashedKey.numberForHash(new BsonString("1")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("STRING");
  }
}
