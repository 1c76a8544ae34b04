package dev.keyplan.mongodb.export;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.keyplan.analyze.export.ExportFormat;
import dev.keyplan.analyze.export.ExportRecord;
import dev.keyplan.analyze.export.NativeTypes;
import dev.keyplan.input.InputException;
import dev.keyplan.mongodb.facts.ExtendedJson;
import java.util.Map;
import java.util.TreeMap;
import org.bson.BsonDocument;
import org.bson.RawBsonDocument;
import org.bson.codecs.BsonDocumentCodec;
import org.junit.jupiter.api.Test;

/**
 * One line of {@code mongoexport} output, relaxed (its default) and canonical ({@code
 * --jsonFormat=canonical}), shaped as the MongoDB manual's Extended JSON examples with keyplan's
 * own values.
 */
class MongoExportFormatTest {
  private final MongoExportFormat format = new MongoExportFormat();

  @Test
  void theManualsChocolates_are52BytesOfBson_relaxedOrCanonical() {
    // The manual's {_id: ObjectId(…), item: "Chocolates", qty: 25} (DocumentSize's worked
    // example): 4 + (1 + 4 + 12) + (1 + 5 + 4 + 10 + 1) + (1 + 4 + 4) + 1 = 52 bytes.
    String relaxed =
        "{\"_id\":{\"$oid\":\"5099803df3f4948bd2f98391\"},\"item\":\"Chocolates\",\"qty\":25}";
    String canonical =
        "{\"_id\":{\"$oid\":\"5099803df3f4948bd2f98391\"},\"item\":\"Chocolates\","
            + "\"qty\":{\"$numberInt\":\"25\"}}";

    for (String line : new String[] {relaxed, canonical}) {
      ExportRecord r = format.convert("export.json", line);
      assertThat(r.nativeBytes()).isEqualTo(52);
      assertThat(r.json())
          .isEqualTo("{\"_id\":\"5099803df3f4948bd2f98391\",\"item\":\"Chocolates\",\"qty\":25}");
      assertThat(r.attributes())
          .extracting(ExportRecord.Attribute::type)
          .containsExactly("objectId", "string", "int");
    }
  }

  @Test
  void theSizeIsTheBsonLibrarysOwnEncodingLength() {
    // Round trip with the org.mongodb:bson library: the bytes RawBsonDocument encodes. By hand:
    // 4 + _id (1 + 4 + 12) + placed (1 + 7 + 8) + total (1 + 6 + 16) + n (1 + 2 + 8) + 1 = 72.
    String line =
        "{\"_id\":{\"$oid\":\"5099803df3f4948bd2f98392\"},"
            + "\"placed\":{\"$date\":\"2026-12-01T10:00:00Z\"},"
            + "\"total\":{\"$numberDecimal\":\"12.50\"},\"n\":{\"$numberLong\":\"3\"}}";
    BsonDocument document = ExtendedJson.parseDocument("x", line);
    int encoded =
        new RawBsonDocument(document, new BsonDocumentCodec()).getByteBuffer().remaining();

    ExportRecord r = format.convert("export.json", line);
    assertThat(r.nativeBytes()).isEqualTo(72).isEqualTo(encoded);
    assertThat(r.json())
        .isEqualTo(
            "{\"_id\":\"5099803df3f4948bd2f98392\",\"placed\":\"2026-12-01T10:00:00Z\","
                + "\"total\":12.50,\"n\":3}");
  }

  @Test
  void everyOtherType_isUnwrappedAsDocumented() {
    // Canonical forms from the Extended JSON specification's type table. 1,764,583,200,123 ms is
    // 2025-12-01T10:00:00.123Z; 16 bytes 0x01 … 0x10 are AQIDBAUGBwgJCgsMDQ4PEA== in base64.
    String line =
        "{\"_id\":1,"
            + "\"d\":{\"$date\":{\"$numberLong\":\"1764583200123\"}},"
            + "\"u\":{\"$binary\":{\"base64\":\"AQIDBAUGBwgJCgsMDQ4PEA==\",\"subType\":\"04\"}},"
            + "\"b\":{\"$binary\":{\"base64\":\"AQI=\",\"subType\":\"00\"}},"
            + "\"ts\":{\"$timestamp\":{\"t\":1764583200,\"i\":7}},"
            + "\"re\":{\"$regularExpression\":{\"pattern\":\"^a\",\"options\":\"i\"}},"
            + "\"nan\":{\"$numberDouble\":\"NaN\"},\"inf\":{\"$numberDouble\":\"-Infinity\"},"
            + "\"min\":{\"$minKey\":1},\"max\":{\"$maxKey\":1},"
            + "\"sub\":{\"a\":[true,null,{\"$numberLong\":\"-9223372036854775808\"}]}}";
    ExportRecord r = format.convert("e", line);

    assertThat(r.json())
        .isEqualTo(
            "{\"_id\":1,\"d\":\"2025-12-01T10:00:00.123Z\",\"u\":\"AQIDBAUGBwgJCgsMDQ4PEA==\","
                + "\"b\":\"AQI=\",\"ts\":{\"t\":1764583200,\"i\":7},\"re\":\"/^a/i\","
                + "\"nan\":\"NaN\",\"inf\":\"-Infinity\",\"min\":\"MinKey\",\"max\":\"MaxKey\","
                + "\"sub\":{\"a\":[true,null,-9223372036854775808]}}");
    assertThat(r.attributes())
        .extracting(ExportRecord.Attribute::type)
        .containsExactly(
            "int",
            "date",
            "uuid",
            "binData",
            "timestamp",
            "regex",
            "double",
            "double",
            "minKey",
            "maxKey",
            "object");
  }

  @Test
  void aDocumentOver16MiB_isRefusedAtItsFirstBrace() {
    // {"_id":1,"s":"…"} with a string of 16,777,200 bytes: 4 + (1 + 4 + 4) + (1 + 2 + 4 +
    // 16,777,200 + 1) + 1 = 16,777,222 bytes, 6 past MongoDB's 16,777,216.
    String line = "{\"_id\":1,\"s\":\"" + "x".repeat(16_777_200) + "\"}";
    InputException e =
        catchThrowableOfType(InputException.class, () -> format.convert("big.json", line));
    assertThat(e.diagnostics().get(0).toString())
        .isEqualTo(
            "big.json:1:1: error: a document of 16,777,222 bytes of BSON; MongoDB stores at most"
                + " 16,777,216 (16 MiB), so no collection holds it");
    // One byte less of string, 16,777,221 … still over; 6 less fits exactly.
    String fits = "{\"_id\":1,\"s\":\"" + "x".repeat(16_777_194) + "\"}";
    assertThat(format.convert("ok.json", fits).nativeBytes()).isEqualTo(16_777_216);
  }

  @Test
  void recognises_aLineThatStartsWithItsId() {
    assertThat(format.recognises("{\"_id\":{\"$oid\":\"5099803df3f4948bd2f98391\"}}")).isTrue();
    assertThat(format.recognises(" {  \"_id\" : 1}")).isTrue();
    assertThat(format.recognises("{\"Item\":{}}")).isFalse();
    assertThat(format.recognises("id,name")).isFalse();
    assertThat(ExportFormat.sniff("\uFEFF{\"_id\":1}")).containsInstanceOf(MongoExportFormat.class);
  }

  @Test
  void modelTypes_numbersTakeTheWidest_othersTheMostCommon() {
    // Relaxed mode writes a small long as a plain number, read back as an int: int and long
    // together are bigint; with a double, double; with a decimal, decimal.
    assertThat(format.modelType(types(Map.of("int", 9L, "long", 1L)))).isEqualTo("bigint");
    assertThat(format.modelType(types(Map.of("int", 9L, "double", 1L)))).isEqualTo("double");
    assertThat(format.modelType(types(Map.of("double", 9L, "decimal", 1L)))).isEqualTo("decimal");
    assertThat(format.modelType(types(Map.of("int", 9L, "null", 1L)))).isEqualTo("int");
    // An ObjectId is text (its 24 hex digits); a date a timestamp; binary subtype 4 a uuid.
    assertThat(format.modelType(types(Map.of("objectId", 1L)))).isEqualTo("text");
    assertThat(format.modelType(types(Map.of("date", 3L, "null", 5L)))).isEqualTo("timestamp");
    assertThat(format.modelType(types(Map.of("uuid", 1L)))).isEqualTo("uuid");
    // A number and a string: the most common, string.
    assertThat(format.modelType(types(Map.of("string", 5L, "int", 2L)))).isEqualTo("text");
    assertThat(format.modelType(types(Map.of("null", 2L)))).isEqualTo("text");
  }

  private static NativeTypes types(Map<String, Long> counts) {
    return new NativeTypes(new TreeMap<>(counts), 0, "");
  }
}
