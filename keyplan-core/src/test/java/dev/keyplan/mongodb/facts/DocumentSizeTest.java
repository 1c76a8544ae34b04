package dev.keyplan.mongodb.facts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.bson.BsonArray;
import org.bson.BsonBinarySubType;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonObjectId;
import org.bson.BsonString;
import org.bson.BsonType;
import org.bson.RawBsonDocument;
import org.bson.codecs.BsonDocumentCodec;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.Test;

/** Sizes as BSON (bsonspec.org) gives them, measured by the library; the notes §4 worked sizes. */
final class DocumentSizeTest {

  private static final List<FieldSpec> CHOCOLATES =
      List.of(
          new FieldSpec("_id", ValueSpec.of(BsonType.OBJECT_ID)),
          new FieldSpec("item", ValueSpec.string(10)),
          new FieldSpec("qty", ValueSpec.of(BsonType.INT32)));

  private static BsonDocument chocolates() {
    return new BsonDocument("_id", new BsonObjectId(new ObjectId("5b2be413c06d924ab26ff9ca")))
        .append("item", new BsonString("Chocolates"))
        .append("qty", new BsonInt32(25));
  }

  // Notes §4, verified there with bson 5.6.1: 4 (size) + 17 (_id: type, "_id\0", 12) + 21 (item:
  // type, "item\0", int32 length, 10 bytes, NUL) + 9 (qty: type, "qty\0", int32) + 1 (NUL) = 52.
  @Test
  void of_manualChocolates_is52Bytes() {
    assertThat(DocumentSize.of(chocolates())).isEqualTo(52);
    // The same bytes as RawBsonDocument's own encoding.
    var raw = new RawBsonDocument(chocolates(), new BsonDocumentCodec());
    assertThat(raw.getByteBuffer().remaining()).isEqualTo(52);
    assertThat(DocumentSize.of(raw)).isEqualTo(52);
  }

  @Test
  void of_chocolatesShape_is52BytesToo() {
    assertThat(DocumentSize.of(CHOCOLATES)).isEqualTo(52);
    assertThat(DocumentSize.of(DocumentSize.build(CHOCOLATES))).isEqualTo(52);
    assertThat(DocumentSize.build(CHOCOLATES).keySet()).containsExactly("_id", "item", "qty");
  }

  // An empty document is its int32 size and the closing NUL.
  @Test
  void of_emptyDocument_is5Bytes() {
    assertThat(DocumentSize.of(new BsonDocument())).isEqualTo(5);
    assertThat(DocumentSize.of(List.of())).isEqualTo(5);
  }

  // {a: [n int32s]} is 4 + 1 + 2 ("a\0") + (4 + Σ elements + 1) + 1. An element is its type byte,
  // its index as a name with a NUL, and 4 bytes: 7 bytes for 0–9, 8 for "10"–"99", 9 for "100".
  @Test
  void of_arrays_costMoreAsTheirIndexNamesGrow() {
    assertThat(arrayDocument(0)).isEqualTo(13);
    assertThat(arrayDocument(10)).isEqualTo(13 + 10 * 7);
    assertThat(arrayDocument(10) - arrayDocument(9)).isEqualTo(7);
    assertThat(arrayDocument(11) - arrayDocument(10)).isEqualTo(8);
    assertThat(arrayDocument(100) - arrayDocument(99)).isEqualTo(8);
    assertThat(arrayDocument(101) - arrayDocument(100)).isEqualTo(9);
    // A BsonDocument with a real BsonArray agrees with the shape.
    var array = new BsonArray();
    for (int i = 0; i < 11; i++) {
      array.add(new BsonInt32(i));
    }
    assertThat(DocumentSize.of(new BsonDocument("a", array))).isEqualTo(arrayDocument(11));
  }

  private static long arrayDocument(int n) {
    return DocumentSize.of(
        List.of(new FieldSpec("a", ValueSpec.array(n, ValueSpec.of(BsonType.INT32)))));
  }

  // {c: 1} = 4 + 7 + 1 = 12; {b: {c: 1}} = 4 + (1 + 2 + 12) + 1 = 20; {a: …} = 4 + 23 + 1 = 28.
  @Test
  void of_nestedDocuments_addTheirOwnSizeAndNul() {
    List<FieldSpec> nested =
        List.of(
            new FieldSpec(
                "a",
                ValueSpec.document(
                    new FieldSpec(
                        "b",
                        ValueSpec.document(new FieldSpec("c", ValueSpec.of(BsonType.INT32)))))));
    assertThat(DocumentSize.of(nested)).isEqualTo(28);
    assertThat(DocumentSize.nestingDepth(DocumentSize.build(nested))).isEqualTo(3);
  }

  // Every fixed-size value: double, int64, date, timestamp 8; int32 4; decimal 16; ObjectId 12;
  // boolean 1; null, undefined, MinKey, MaxKey 0. One field "v" = 4 + 1 + 2 + value + 1.
  @Test
  void of_fixedSizeValues_haveTheirBsonSize() {
    assertThat(single(ValueSpec.of(BsonType.DOUBLE))).isEqualTo(8 + 8);
    assertThat(single(ValueSpec.of(BsonType.INT64))).isEqualTo(8 + 8);
    assertThat(single(ValueSpec.of(BsonType.DATE_TIME))).isEqualTo(8 + 8);
    assertThat(single(ValueSpec.of(BsonType.TIMESTAMP))).isEqualTo(8 + 8);
    assertThat(single(ValueSpec.of(BsonType.INT32))).isEqualTo(8 + 4);
    assertThat(single(ValueSpec.of(BsonType.DECIMAL128))).isEqualTo(8 + 16);
    assertThat(single(ValueSpec.of(BsonType.OBJECT_ID))).isEqualTo(8 + 12);
    assertThat(single(ValueSpec.of(BsonType.BOOLEAN))).isEqualTo(8 + 1);
    assertThat(single(ValueSpec.of(BsonType.NULL))).isEqualTo(8);
    assertThat(single(ValueSpec.of(BsonType.MIN_KEY))).isEqualTo(8);
  }

  // A string is int32 length + bytes + NUL; binary int32 length + subtype + bytes, and subtype 2
  // (the old binary) repeats the length inside, 4 more.
  @Test
  void of_stringsAndBinaries_countTheirLengths() {
    assertThat(single(ValueSpec.string(0))).isEqualTo(8 + 5);
    assertThat(single(ValueSpec.string(100))).isEqualTo(8 + 105);
    assertThat(single(ValueSpec.binary(16))).isEqualTo(8 + 21);
    assertThat(single(new ValueSpec.Binary(16, BsonBinarySubType.OLD_BINARY.getValue())))
        .isEqualTo(8 + 25);
  }

  private static long single(ValueSpec value) {
    return DocumentSize.of(List.of(new FieldSpec("v", value)));
  }

  // {s: "x" × n} is 4 + 1 + 2 + (4 + n + 1) + 1 = 13 + n: n = 16,777,203 is exactly 16 MiB and
  // fits; one byte more does not.
  @Test
  void fits_16MibBoundary() {
    int n = (int) MongoDbLimits.MAX_DOCUMENT_BYTES - 13;
    long exact = DocumentSize.of(List.of(new FieldSpec("s", ValueSpec.string(n))));
    long over = DocumentSize.of(List.of(new FieldSpec("s", ValueSpec.string(n + 1))));
    assertThat(exact).isEqualTo(16_777_216);
    assertThat(DocumentSize.fits(exact)).isTrue();
    assertThat(over).isEqualTo(16_777_217);
    assertThat(DocumentSize.fits(over)).isFalse();
    // The same document as a real BsonDocument measures the same.
    assertThat(DocumentSize.of(new BsonDocument("s", new BsonString("x".repeat(n)))))
        .isEqualTo(exact);
  }

  // Checked against the measurement itself, not a formula: n fits, n + 1 does not.
  @Test
  void largestFitting_findsTheLastArrayLengthUnder16Mib() {
    int n = DocumentSize.largestFitting(DocumentSizeTest::itemsOf);
    assertThat(DocumentSize.of(itemsOf(n))).isEqualTo(16_777_210);
    assertThat(DocumentSize.of(itemsOf(n + 1))).isEqualTo(16_777_223);
    assertThat(n).isEqualTo(1_376_022);
  }

  @Test
  void largestFitting_tooBigEmpty_isMinusOne() {
    int huge = (int) MongoDbLimits.MAX_DOCUMENT_BYTES;
    assertThat(
            DocumentSize.largestFitting(
                n ->
                    List.of(
                        new FieldSpec("s", ValueSpec.string(huge)),
                        new FieldSpec("a", ValueSpec.array(n, ValueSpec.of(BsonType.INT32))))))
        .isEqualTo(-1);
  }

  private static List<FieldSpec> itemsOf(int n) {
    return List.of(
        new FieldSpec("_id", ValueSpec.of(BsonType.OBJECT_ID)),
        new FieldSpec("items", ValueSpec.array(n, ValueSpec.of(BsonType.INT32))));
  }

  // The server's count (insert.cpp validateDepth): the document is level 1; empty embedded
  // documents and arrays add nothing.
  @Test
  void nestingDepth_countsNonEmptyLevels() {
    assertThat(DocumentSize.nestingDepth(new BsonDocument())).isEqualTo(1);
    assertThat(DocumentSize.nestingDepth(new BsonDocument("a", new BsonDocument()))).isEqualTo(1);
    var deep =
        new BsonDocument("a", new BsonDocument("b", new BsonArray(List.of(new BsonInt32(1)))));
    assertThat(DocumentSize.nestingDepth(deep)).isEqualTo(3);
    var wide = new ArrayList<FieldSpec>();
    wide.add(new FieldSpec("x", ValueSpec.array(2, ValueSpec.array(0, ValueSpec.string(1)))));
    assertThat(DocumentSize.nestingDepth(DocumentSize.build(wide))).isEqualTo(2);
  }

  @Test
  void shapes_rejectWhatBsonCannotHold() {
    assertThatThrownBy(() -> ValueSpec.of(BsonType.STRING))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("no fixed size");
    assertThatThrownBy(() -> ValueSpec.string(-1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("negative");
    assertThatThrownBy(() -> new FieldSpec("a\0b", ValueSpec.string(1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("NUL");
  }
}
