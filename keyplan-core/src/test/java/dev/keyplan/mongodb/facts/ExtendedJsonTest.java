package dev.keyplan.mongodb.facts;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.input.Diagnostic;
import dev.keyplan.input.InputException;
import java.util.List;
import org.bson.BsonBinary;
import org.bson.BsonBoolean;
import org.bson.BsonDateTime;
import org.bson.BsonDecimal128;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonMaxKey;
import org.bson.BsonMinKey;
import org.bson.BsonNull;
import org.bson.BsonObjectId;
import org.bson.BsonRegularExpression;
import org.bson.BsonString;
import org.bson.BsonTimestamp;
import org.bson.BsonType;
import org.bson.BsonValue;
import org.bson.types.Decimal128;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.Test;

/**
 * Extended JSON v2 as the specification writes it (mongodb/specifications
 * source/extended-json/extended-json.md, "Conversion table"), relaxed and canonical.
 */
final class ExtendedJsonTest {

  private static BsonValue read(String json) {
    return ExtendedJson.parseValue("v.json", json);
  }

  private static List<String> errors(String json) {
    try {
      ExtendedJson.parseValue("v.json", json);
    } catch (InputException e) {
      return e.diagnostics().stream().map(Diagnostic::toString).toList();
    }
    throw new AssertionError("expected an input error for " + json);
  }

  // ----- relaxed and canonical forms of every type in the issue -----

  @Test
  void parseValue_relaxedNumbers_takeTheNarrowestType() {
    assertThat(read("42")).isEqualTo(new BsonInt32(42));
    assertThat(read("12345678901")).isEqualTo(new BsonInt64(12_345_678_901L));
    assertThat(read("1.5")).isEqualTo(new BsonDouble(1.5));
    assertThat(read("-1e3")).isEqualTo(new BsonDouble(-1000));
  }

  @Test
  void parseValue_canonicalNumbers() {
    assertThat(read("{\"$numberInt\": \"42\"}")).isEqualTo(new BsonInt32(42));
    assertThat(read("{\"$numberLong\": \"42\"}")).isEqualTo(new BsonInt64(42));
    assertThat(read("{\"$numberDouble\": \"-Infinity\"}"))
        .isEqualTo(new BsonDouble(Double.NEGATIVE_INFINITY));
    assertThat(read("{\"$numberDecimal\": \"1.5\"}"))
        .isEqualTo(new BsonDecimal128(Decimal128.parse("1.5")));
  }

  @Test
  void parseValue_stringsNullAndBooleans() {
    assertThat(read("\"abc\"")).isEqualTo(new BsonString("abc"));
    assertThat(read("\"caf\\u00e9\"")).isEqualTo(new BsonString("caf\u00e9"));
    assertThat(read("null")).isEqualTo(BsonNull.VALUE);
    assertThat(read("true")).isEqualTo(BsonBoolean.TRUE);
    assertThat(read(" false\n")).isEqualTo(BsonBoolean.FALSE);
  }

  @Test
  void parseValue_objectIdDatesAndTimestamps() {
    assertThat(read("{\"$oid\": \"010203040506070809101112\"}"))
        .isEqualTo(new BsonObjectId(new ObjectId("010203040506070809101112")));
    // Relaxed: ISO-8601; canonical: milliseconds as $numberLong. 2020-01-01 = 1,577,836,800 s.
    assertThat(read("{\"$date\": \"2020-01-01T00:00:00Z\"}"))
        .isEqualTo(new BsonDateTime(1_577_836_800_000L));
    assertThat(read("{\"$date\": {\"$numberLong\": \"1577836800000\"}}"))
        .isEqualTo(new BsonDateTime(1_577_836_800_000L));
    assertThat(read("{\"$timestamp\": {\"t\": 1, \"i\": 2}}")).isEqualTo(new BsonTimestamp(1, 2));
  }

  @Test
  void parseValue_binaryRegexAndKeys() {
    assertThat(read("{\"$binary\": {\"base64\": \"AAECAwQG\", \"subType\": \"00\"}}"))
        .isEqualTo(new BsonBinary(new byte[] {0, 1, 2, 3, 4, 6}));
    assertThat(read("{\"$regularExpression\": {\"pattern\": \"^a\", \"options\": \"i\"}}"))
        .isEqualTo(new BsonRegularExpression("^a", "i"));
    assertThat(read("{\"$minKey\": 1}")).isEqualTo(new BsonMinKey());
    assertThat(read("{\"$maxKey\": 1}")).isEqualTo(new BsonMaxKey());
  }

  @Test
  void parseValue_documentsAndArrays_keepOrder() {
    BsonValue v = read("{\"b\": [1, {\"c\": null}], \"a\": {}}");
    assertThat(v.asDocument().keySet()).containsExactly("b", "a");
    assertThat(v.asDocument().getArray("b").get(1).asDocument().get("c")).isEqualTo(BsonNull.VALUE);
    assertThat(read("[]").isArray()).isTrue();
  }

  // mongosh prints ObjectId("…") and NumberLong(…); the library reads them, so keyplan does.
  @Test
  void parseValue_shellForms_areAccepted() {
    assertThat(read("ObjectId(\"010203040506070809101112\")").getBsonType())
        .isEqualTo(BsonType.OBJECT_ID);
    assertThat(read("NumberLong(5)")).isEqualTo(new BsonInt64(5));
    assertThat(read("{a: 'x'}")).isEqualTo(new BsonDocument("a", new BsonString("x")));
  }

  @Test
  void parseValue_byteOrderMark_isSkipped() {
    assertThat(read("\uFEFF42")).isEqualTo(new BsonInt32(42));
  }

  // ----- canonical output -----

  @Test
  void canonical_keepsTheType() {
    assertThat(ExtendedJson.canonical(new BsonInt32(42))).isEqualTo("{\"$numberInt\": \"42\"}");
    assertThat(ExtendedJson.canonical(new BsonString("abc"))).isEqualTo("\"abc\"");
    assertThat(ExtendedJson.canonical(BsonNull.VALUE)).isEqualTo("null");
    assertThat(ExtendedJson.canonical(new BsonDocument())).isEqualTo("{}");
    assertThat(ExtendedJson.canonical(new BsonObjectId(new ObjectId("010203040506070809101112"))))
        .isEqualTo("{\"$oid\": \"010203040506070809101112\"}");
    assertThat(ExtendedJson.canonical(read("{\"$date\": \"2020-01-01T00:00:00Z\"}")))
        .isEqualTo("{\"$date\": {\"$numberLong\": \"1577836800000\"}}");
  }

  // ----- bad input, each at its place -----

  @Test
  void parseValue_bareWord_suggestsQuotes() {
    assertThat(errors("abc"))
        .containsExactly(
            "v.json:1:1: error: invalid Extended JSON: expected"
                + " a value, found 'abc'; a string is written in double quotes, \"abc\" (in a shell,"
                + " '\"abc\"')");
  }

  @Test
  void parseValue_missingValue_isAtTheBrace() {
    assertThat(errors("{\"a\": }"))
        .containsExactly("v.json:1:7: error: invalid Extended JSON: expected a value, found '}'");
  }

  @Test
  void parseValue_missingColon_isAtTheValue() {
    assertThat(errors("{\"a\"\n  1}"))
        .containsExactly("v.json:2:3: error: invalid Extended JSON: expected ':', found '1'");
  }

  @Test
  void parseValue_unclosedDocument_endsTheInput() {
    assertThat(errors("{\"a\": 1"))
        .containsExactly(
            "v.json:1:8: error: invalid Extended JSON:"
                + " expected ',' or '}', found the end of the input");
  }

  @Test
  void parseValue_unclosedString_endsTheInput() {
    assertThat(errors("\"abc"))
        .containsExactly(
            "v.json:1:5: error: invalid Extended JSON: a"
                + " string is not closed before the end of the input");
  }

  @Test
  void parseValue_badCharacter_isWhereTheScannerSaysSo() {
    assertThat(errors("[1, #]"))
        .containsExactly("v.json:1:5: error: invalid Extended JSON: unexpected character '#'");
  }

  @Test
  void parseValue_badEscapeAndNumber() {
    assertThat(errors("\"a\\qb\""))
        .containsExactly(
            "v.json:1:3: error: invalid Extended JSON:"
                + " invalid escape '\\q' in a string (JSON has \\\" \\\\ \\/ \\b \\f \\n \\r \\t and"
                + " \\u followed by four hexadecimal digits)");
    assertThat(errors("[1, -]"))
        .containsExactly("v.json:1:5: error: invalid Extended JSON: invalid number");
  }

  @Test
  void parseValue_badExtendedJsonValues_sayWhatIsExpected() {
    assertThat(errors("{\"$oid\": \"xyz\"}"))
        .containsExactly(
            "v.json:1:10: error: invalid"
                + " Extended JSON: an ObjectId is 24 hexadecimal digits, such as {\"$oid\":"
                + " \"010203040506070809101112\"}");
    assertThat(errors("{\"$numberLong\": 12}"))
        .containsExactly(
            "v.json:1:17: error: invalid Extended JSON: expected a string, found '12'");
    assertThat(errors("{\"$date\": {\"$numberLong\": \"x\"}}"))
        .containsExactly("v.json:1:27: error: invalid Extended JSON: 'x' is not an int64");
    assertThat(errors("{\"$date\": \"soon\"}"))
        .singleElement()
        .asString()
        .startsWith("v.json:1:11: error: invalid Extended JSON: not a date; write");
  }

  @Test
  void parseValue_textAfterTheValue_isReported() {
    assertThat(errors("42 43"))
        .containsExactly("v.json:1:4: error: expected one value, found '43' after it");
    assertThat(errors("1, 2"))
        .containsExactly("v.json:1:2: error: expected one value, found ',' after it");
    assertThat(errors("\"a\" \"b\""))
        .containsExactly("v.json:1:5: error: expected one value, found '\"b\"' after it");
    assertThat(errors("1,"))
        .containsExactly("v.json:1:2: error: expected one value, found ',' after it");
    assertThat(errors("1, \"b\": 2"))
        .containsExactly("v.json:1:2: error: expected one value, found ',' after it");
    assertThat(errors("{\"a\": 1}}"))
        .containsExactly("v.json:1:9: error: expected one value, found '}' after it");
    assertThat(errors("ObjectId(\"010203040506070809101112\") x"))
        .containsExactly("v.json:1:38: error: expected one value, found 'x' after it");
  }

  @Test
  void parseValue_nothing_isReported() {
    assertThat(errors(""))
        .singleElement()
        .asString()
        .startsWith("v.json:1:1: error: expected a value, such as 42");
    assertThat(errors(" \n ")).singleElement().asString().startsWith("v.json:1:1: error:");
    assertThat(errors("]"))
        .containsExactly("v.json:1:1: error: invalid Extended JSON: expected a value, found ']'");
  }

  // Hostile input found by the fuzz target ExtendedJsonFuzzTest (issue 18): a NUL in a field name
  // was read, then sizing the document threw the driver's BsonSerializationException (exit 4).
  // BSON writes field names and regular expressions as NUL-terminated C strings
  // (https://bsonspec.org/spec.html, e_name and cstring), so no server can store one; a NUL in a
  // string value is fine (strings carry their length). The name starts at column 2 of line 1.
  @Test
  void parseValue_nulInAFieldName_isAnErrorAtTheName() {
    assertThat(errors("{\"a\\u0000b\": 1, \"s\": \"x\\u0000y\"}"))
        .containsExactly(
            "v.json:1:2: error: field name 'a\\u0000b' holds the character U+0000; a BSON field"
                + " name cannot (it is a C string), so MongoDB cannot store this document");
    assertThat(
            errors(
                "{\"r\": {\"$regularExpression\": {\"pattern\": \"a\\u0000\", \"options\": \"\"}}}"))
        .singleElement()
        .asString()
        .startsWith("v.json:1:7: error: a regular expression with a NUL character (U+0000)");
  }

  // Both occurrences are reported at their names; the rest of the file is still read.
  @Test
  void parseValue_duplicateFields_areReportedWithTheFirst() {
    assertThat(errors("{\"a\": 1,\n \"b\": {\"x\": 1, \"x\": 2},\n \"a\": 3}"))
        .containsExactly(
            "v.json:2:16: error: field 'x' is written twice (first at line 2, column 8); drivers and"
                + " mongosh keep only one of the two, so the document is ambiguous",
            "v.json:3:2: error: field 'a' is written twice (first at line 1, column 2); drivers and"
                + " mongosh keep only one of the two, so the document is ambiguous");
  }

  // MongoDB's count (insert.cpp validateDepth): {a: 1} is level 1, each non-empty document inside
  // one more, an empty one none. 100 levels are stored; 101 are refused.
  @Test
  void parseValue_nesting_isLimitedAsTheServerLimitsIt() {
    assertThat(read(nested(100, "1")).isDocument()).isTrue();
    // An empty document at level 101 adds no level.
    assertThat(read(nested(100, "{}")).isDocument()).isTrue();
    String tooDeep = nested(101, "1");
    assertThat(errors(tooDeep))
        .containsExactly(
            "v.json:1:"
                + (1 + 6 * 100)
                + ": error: nested"
                + " deeper than MongoDB's 100 levels (the top-level document is level 1, each non-empty"
                + " document or array inside it one more)");
  }

  // A deep array is no different, and does not overflow the stack.
  @Test
  void parseValue_veryDeepArray_isAnInputError() {
    String deep = "[".repeat(50_000) + "]".repeat(50_000);
    assertThat(errors(deep)).singleElement().asString().contains("nested deeper");
  }

  @Test
  void parseDocument_otherValues_areRejectedAtTheirStart() {
    assertThat(ExtendedJson.parseDocument("d.json", "{\"a\": 1}"))
        .isEqualTo(new BsonDocument("a", new BsonInt32(1)));
    try {
      ExtendedJson.parseDocument("d.json", "\n  [1]");
      throw new AssertionError("expected an input error");
    } catch (InputException e) {
      assertThat(e.getMessage())
          .isEqualTo(
              "d.json:2:3: error: expected a document, a JSON object"
                  + " such as {\"_id\": 1, \"item\": \"Chocolates\"}, found an array");
    }
  }

  /** Returns {"a": {"a": … inner …}} with {@code levels} documents: {"a": 1} is one. */
  private static String nested(int levels, String inner) {
    return "{\"a\": ".repeat(levels) + inner + "}".repeat(levels);
  }
}
