package dev.keyplan.mongodb.export;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.keyplan.analyze.export.ExportFormat;
import dev.keyplan.analyze.export.ExportRecord;
import dev.keyplan.analyze.export.Exports;
import dev.keyplan.analyze.export.NativeTypes;
import dev.keyplan.input.InputException;
import dev.keyplan.input.Location;
import dev.keyplan.mongodb.facts.DocumentSize;
import dev.keyplan.mongodb.facts.ExtendedJson;
import dev.keyplan.mongodb.facts.MongoDbLimits;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.bson.BsonBinarySubType;
import org.bson.BsonDocument;
import org.bson.BsonType;
import org.bson.BsonValue;
import org.bson.types.Decimal128;

/**
 * What {@code mongoexport} writes by default: one document per line in MongoDB Extended JSON v2,
 * relaxed ({@code {"qty": 25}}) or, with {@code --jsonFormat=canonical}, canonical ({@code {"qty":
 * {"$numberInt": "25"}}}) (MongoDB Database Tools, "mongoexport Behavior", type fidelity,
 * https://www.mongodb.com/docs/database-tools/mongoexport/mongoexport-behavior/; the format:
 * https://www.mongodb.com/docs/manual/reference/mongodb-extended-json/, read 2026-12-05). Output of
 * {@code --jsonArray} (the whole export as one array on one line) and of {@code --pretty} (a
 * document over many lines) is refused plainly, with the option to leave out: neither can be read a
 * line at a time.
 *
 * <p>Each line is read by the core's Extended JSON reader ({@link ExtendedJson}: located syntax
 * errors, an ObjectId of 24 hex digits, a date it can read, a field written twice, nesting within
 * {@link MongoDbLimits#MAX_NESTING_DEPTH} levels) and measured by the core's {@link DocumentSize},
 * the BSON library's own encoding, against {@link MongoDbLimits#MAX_DOCUMENT_BYTES}.
 *
 * <p>Values unwrapped (type names are MongoDB's {@code $type} aliases,
 * https://www.mongodb.com/docs/manual/reference/bson-types/): string a string; int, long, double,
 * decimal a JSON number (a double or decimal NaN or infinity, which JSON has no number for, the
 * string {@code "NaN"}, {@code "Infinity"} or {@code "-Infinity"}); objectId its 24 hex digits;
 * date ISO-8601 in UTC with milliseconds when it has any ({@link Instant#toString}); bool; null and
 * undefined null; binData (and uuid, subtypes 3 and 4) its base64 text; array an array; object an
 * object; timestamp {@code {"t": seconds, "i": increment}}; regex {@code "/pattern/options"};
 * javascript and symbol their text; minKey and maxKey the strings {@code "MinKey"} and {@code
 * "MaxKey"}; dbPointer {@code {"$ref": namespace, "$id": hex}}.
 */
public final class MongoExportFormat implements ExportFormat {

  private static final JsonFactory JSON = JsonFactory.builder().build();

  private static final Pattern FIRST_LINE = Pattern.compile("^\\s*\\{\\s*\"_id\"\\s*:");

  private static final Set<String> NUMBERS = Set.of("int", "long", "double", "decimal");

  @Override
  public String id() {
    return "mongoexport";
  }

  @Override
  public String title() {
    return "a document in Extended JSON as mongoexport writes it";
  }

  /**
   * A mongoexport line starts with the document's {@code _id}: the server puts {@code _id} first in
   * every stored document (https://www.mongodb.com/docs/manual/core/document/#the-_id-field).
   */
  @Override
  public boolean recognises(String firstLine) {
    return FIRST_LINE.matcher(firstLine).find();
  }

  @Override
  public ExportRecord convert(String file, String text) {
    int first = 0;
    while (first < text.length() && Character.isWhitespace(text.charAt(first))) {
      first++;
    }
    if (first < text.length() && text.charAt(first) == '[') {
      throw new InputException(
          new Location(file, 1, first + 1),
          "a JSON array, as mongoexport --jsonArray writes the whole export; expected one"
              + " document per line: export without --jsonArray");
    }
    if (text.strip().equals("{")) {
      throw new InputException(
          new Location(file, 1, first + 1),
          "a document spread over several lines, as mongoexport --pretty writes it; expected one"
              + " document per line: export without --pretty");
    }
    BsonDocument document = ExtendedJson.parseDocument(file, text);
    if (document.containsKey(Exports.NATIVE_BYTES_FIELD)) {
      // Its quoted name; the library does not say where a name was, and one line is short.
      int at = text.indexOf("\"" + Exports.NATIVE_BYTES_FIELD + "\"");
      throw new InputException(
          new Location(file, 1, at < 0 ? first + 1 : at + 1),
          "field '"
              + Exports.NATIVE_BYTES_FIELD
              + "' has the name keyplan analyze gives each record's size; rename it with the"
              + " column mapping");
    }
    long bytes = DocumentSize.of(document);
    if (!DocumentSize.fits(bytes)) {
      throw new InputException(
          new Location(file, 1, first + 1),
          String.format(
              Locale.ROOT,
              "a document of %,d bytes of BSON; MongoDB stores at most %,d (16 MiB), so no"
                  + " collection holds it",
              bytes,
              MongoDbLimits.MAX_DOCUMENT_BYTES));
    }
    var out = new StringWriter();
    var seen = new ArrayList<ExportRecord.Attribute>();
    try (JsonGenerator g = JSON.createGenerator(out)) {
      g.writeStartObject();
      for (Map.Entry<String, BsonValue> field : document.entrySet()) {
        g.writeFieldName(field.getKey());
        write(g, field.getValue());
        String type = typeName(field.getValue());
        seen.add(
            new ExportRecord.Attribute(
                field.getKey(), type, type.equals("int") || type.equals("long")));
      }
      g.writeEndObject();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return new ExportRecord(out.toString(), bytes, seen);
  }

  /** Returns the {@code $type} alias of a value, with uuid for binary subtypes 3 and 4. */
  static String typeName(BsonValue v) {
    switch (v.getBsonType()) {
      case DOUBLE:
        return "double";
      case STRING:
        return "string";
      case DOCUMENT:
        return "object";
      case ARRAY:
        return "array";
      case BINARY:
        byte subtype = v.asBinary().getType();
        return subtype == BsonBinarySubType.UUID_STANDARD.getValue()
                || subtype == BsonBinarySubType.UUID_LEGACY.getValue()
            ? "uuid"
            : "binData";
      case UNDEFINED:
        return "undefined";
      case OBJECT_ID:
        return "objectId";
      case BOOLEAN:
        return "bool";
      case DATE_TIME:
        return "date";
      case NULL:
        return "null";
      case REGULAR_EXPRESSION:
        return "regex";
      case DB_POINTER:
        return "dbPointer";
      case JAVASCRIPT:
        return "javascript";
      case SYMBOL:
        return "symbol";
      case JAVASCRIPT_WITH_SCOPE:
        return "javascriptWithScope";
      case INT32:
        return "int";
      case TIMESTAMP:
        return "timestamp";
      case INT64:
        return "long";
      case DECIMAL128:
        return "decimal";
      case MIN_KEY:
        return "minKey";
      case MAX_KEY:
        return "maxKey";
      default:
        throw new AssertionError("unknown BSON type " + v.getBsonType());
    }
  }

  private static void write(JsonGenerator g, BsonValue v) throws IOException {
    BsonType type = v.getBsonType();
    switch (type) {
      case DOUBLE:
        double d = v.asDouble().getValue();
        if (Double.isFinite(d)) {
          g.writeNumber(d);
        } else {
          g.writeString(Double.isNaN(d) ? "NaN" : d > 0 ? "Infinity" : "-Infinity");
        }
        return;
      case DECIMAL128:
        Decimal128 decimal = v.asDecimal128().getValue();
        if (decimal.isNaN()) {
          g.writeString("NaN");
        } else if (decimal.isInfinite()) {
          g.writeString(decimal.isNegative() ? "-Infinity" : "Infinity");
        } else {
          // Decimal128's text is a JSON number for every finite value, -0 and 1E+3 included.
          g.writeNumber(decimal.toString());
        }
        return;
      case INT32:
        g.writeNumber(v.asInt32().getValue());
        return;
      case INT64:
        g.writeNumber(v.asInt64().getValue());
        return;
      case STRING:
        g.writeString(v.asString().getValue());
        return;
      case SYMBOL:
        g.writeString(v.asSymbol().getSymbol());
        return;
      case JAVASCRIPT:
        g.writeString(v.asJavaScript().getCode());
        return;
      case JAVASCRIPT_WITH_SCOPE:
        g.writeString(v.asJavaScriptWithScope().getCode());
        return;
      case OBJECT_ID:
        g.writeString(v.asObjectId().getValue().toHexString());
        return;
      case DATE_TIME:
        g.writeString(Instant.ofEpochMilli(v.asDateTime().getValue()).toString());
        return;
      case BOOLEAN:
        g.writeBoolean(v.asBoolean().getValue());
        return;
      case NULL:
      case UNDEFINED:
        g.writeNull();
        return;
      case BINARY:
        g.writeString(Base64.getEncoder().encodeToString(v.asBinary().getData()));
        return;
      case REGULAR_EXPRESSION:
        g.writeString(
            "/"
                + v.asRegularExpression().getPattern()
                + "/"
                + v.asRegularExpression().getOptions());
        return;
      case TIMESTAMP:
        g.writeStartObject();
        g.writeNumberField("t", Integer.toUnsignedLong(v.asTimestamp().getTime()));
        g.writeNumberField("i", Integer.toUnsignedLong(v.asTimestamp().getInc()));
        g.writeEndObject();
        return;
      case MIN_KEY:
        g.writeString("MinKey");
        return;
      case MAX_KEY:
        g.writeString("MaxKey");
        return;
      case DB_POINTER:
        g.writeStartObject();
        g.writeStringField("$ref", v.asDBPointer().getNamespace());
        g.writeStringField("$id", v.asDBPointer().getId().toHexString());
        g.writeEndObject();
        return;
      case ARRAY:
        g.writeStartArray();
        for (BsonValue e : v.asArray()) {
          write(g, e);
        }
        g.writeEndArray();
        return;
      case DOCUMENT:
        g.writeStartObject();
        for (Map.Entry<String, BsonValue> e : v.asDocument().entrySet()) {
          g.writeFieldName(e.getKey());
          write(g, e.getValue());
        }
        g.writeEndObject();
        return;
      default:
        throw new AssertionError("unknown BSON type " + type);
    }
  }

  /**
   * The model type of a field (docs/analyze.md, "Store exports"). Numbers of several types take the
   * widest: decimal, else double, else bigint when any was a long, else int. Otherwise the most
   * common type, null and undefined aside: string text; objectId text (its 24 hex digits: an
   * ObjectId is 12 bytes, not a UUID's 16, and CQL has no type of its own for it); date timestamp;
   * bool boolean; uuid uuid; binData blob; array a list and object a map, of text where the export
   * does not say more; timestamp bigint (seconds and increment in one 64-bit value, as the server
   * holds it); the rest text.
   */
  @Override
  public String modelType(NativeTypes types) {
    var present = new java.util.TreeSet<>(types.counts().keySet());
    present.remove("null");
    present.remove("undefined");
    if (!present.isEmpty() && NUMBERS.containsAll(present)) {
      return present.contains("decimal")
          ? "decimal"
          : present.contains("double") ? "double" : present.contains("long") ? "bigint" : "int";
    }
    String most =
        types.counts().entrySet().stream()
            .filter(e -> present.contains(e.getKey()))
            .max(
                Map.Entry.<String, Long>comparingByValue()
                    .thenComparing(Map.Entry.<String, Long>comparingByKey().reversed()))
            .map(Map.Entry::getKey)
            .orElse("string");
    switch (most) {
      case "date":
        return "timestamp";
      case "bool":
        return "boolean";
      case "uuid":
        return "uuid";
      case "binData":
        return "blob";
      case "array":
        return "list<text>";
      case "object":
        return "map<text, text>";
      case "timestamp":
        return "bigint";
      case "int":
        return "int";
      case "long":
        return "bigint";
      case "double":
        return "double";
      case "decimal":
        return "decimal";
      default:
        return "text";
    }
  }
}
