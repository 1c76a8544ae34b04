package dev.keyplan.mongodb.emit;

import java.util.Base64;
import org.bson.BsonBinary;
import org.bson.BsonBinarySubType;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.bson.json.JsonMode;
import org.bson.json.JsonWriterSettings;

/**
 * BSON values as mongosh source text, written by the BSON library's {@code JsonWriter} in its shell
 * mode, so that quoting and escaping are the library's: strings double-quoted with {@code "},
 * {@code \}, control characters and U+2028/U+2029 escaped; MinKey and MaxKey as the bare {@code
 * MinKey} and {@code MaxKey} that mongosh sends as the BSON MinKey and MaxKey (mongodb-js/mongosh
 * #1154, MONGOSH-1024, for the legacy shell's syntax); dates as {@code ISODate("…")} and decimals
 * as {@code NumberDecimal("…")}.
 *
 * <p>Two changes to the library's shell mode, both shell helpers mongosh documents ("Data Types" in
 * the MongoDB Shell manual) and the library's {@code JsonReader} reads back: a 64-bit integer is
 * {@code NumberLong("5")}, with a string, where the library writes {@code NumberLong(5)}, which
 * mongosh warns "is deprecated and may lose precision" (mongodb-js/mongosh #740); and binary data
 * is {@code UUID("…")} for a standard UUID and {@code BinData(0, "…")} otherwise, where the library
 * writes {@code new BinData(…)}.
 */
final class ShellJson {
  private static final JsonWriterSettings COMPACT = settings(false);
  private static final JsonWriterSettings PRETTY = settings(true);

  private ShellJson() {}

  private static JsonWriterSettings settings(boolean indent) {
    return JsonWriterSettings.builder()
        .outputMode(JsonMode.SHELL)
        .indent(indent)
        .indentCharacters("  ")
        .newLineCharacters("\n")
        .int64Converter((v, w) -> w.writeRaw("NumberLong(\"" + v + "\")"))
        .binaryConverter((v, w) -> w.writeRaw(binary(v)))
        .build();
  }

  private static String binary(BsonBinary b) {
    if (b.getType() == BsonBinarySubType.UUID_STANDARD.getValue() && b.getData().length == 16) {
      return "UUID(\"" + b.asUuid() + "\")";
    }
    return "BinData("
        + (b.getType() & 0xff)
        + ", \""
        + Base64.getEncoder().encodeToString(b.getData())
        + "\")";
  }

  /** Returns {@code d} on one line: {@code {"email": 1}}. */
  static String compact(BsonDocument d) {
    return d.toJson(COMPACT);
  }

  /** Returns {@code d} with one member per line, two spaces a level, {@code \n} line breaks. */
  static String pretty(BsonDocument d) {
    return d.toJson(PRETTY);
  }

  /** Returns one value as it stands in an argument list: {@code "orders"}, {@code true}. */
  static String value(BsonValue v) {
    // The writer writes whole documents; the value is what stands after the empty name.
    String doc = compact(new BsonDocument("", v));
    return doc.substring("{\"\": ".length(), doc.length() - 1);
  }
}
