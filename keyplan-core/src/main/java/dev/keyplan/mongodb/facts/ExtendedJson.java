package dev.keyplan.mongodb.facts;

import dev.keyplan.input.Diagnostic;
import dev.keyplan.input.InputException;
import dev.keyplan.input.Location;
import java.io.Reader;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.bson.BSONException;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonRegularExpression;
import org.bson.BsonType;
import org.bson.BsonValue;
import org.bson.codecs.BsonDocumentCodec;
import org.bson.codecs.BsonValueCodec;
import org.bson.codecs.DecoderContext;
import org.bson.codecs.EncoderContext;
import org.bson.json.JsonMode;
import org.bson.json.JsonParseException;
import org.bson.json.JsonReader;
import org.bson.json.JsonWriter;
import org.bson.json.JsonWriterSettings;

/**
 * Reads one value written in MongoDB Extended JSON v2, relaxed or canonical, with the {@code
 * org.mongodb:bson} library's {@link JsonReader}, and reports bad input at its place.
 *
 * <p>Format source: the Extended JSON specification,
 * https://www.mongodb.com/docs/manual/reference/mongodb-extended-json/ (mongodb/specifications
 * source/extended-json). Relaxed and canonical forms read alike: {@code 42} and {@code
 * {"$numberInt": "42"}} are the same int32; {@code 12345678901} and {@code {"$numberLong":
 * "12345678901"}} an int64 (an integer that does not fit 32 bits is an int64, one with a point or
 * exponent a double); {@code {"$oid": "…"}}, {@code {"$date": "2020-01-01T00:00:00Z"}} or {@code
 * {"$date": {"$numberLong": "0"}}}, {@code {"$numberDecimal": "1.5"}}, {@code {"$binary":
 * {"base64": "…", "subType": "00"}}}, {@code {"$timestamp": {"t": 1, "i": 2}}}, {@code
 * {"$regularExpression": {"pattern": "a", "options": "i"}}}, {@code {"$minKey": 1}}, documents,
 * arrays, strings, {@code true}, {@code false} and {@code null}. The library also takes mongosh's
 * forms ({@code ObjectId("…")}, {@code NumberLong(5)}, {@code ISODate("…")}, single quotes,
 * unquoted field names), and so does keyplan. It is also lenient where JSON is strict: a missing
 * comma between members or elements, or a trailing one before a closing bracket, is let pass.
 *
 * <p>Why the value is read inside a document: the library reads a top-level value and stops,
 * leaving whatever follows unread. keyplan reads {@code {"v": } + text + {@code \n}} instead, the
 * brief's "wrap a bare value in a document", so that text after the value ({@code 42 43}, {@code
 * {"a": 1}}}) meets the wrapper's "expected ',' or '}'" and is reported at its place. (An array
 * would not do: the library reads {@code [1 2]} as two elements, without a comma.)
 *
 * <p>Where a problem is: the library's messages name a position only for a bad character ({@code
 * Invalid JSON input. Position: 7}); the others name the token it found ({@code … but found '43'}).
 * The text is fed to the reader through a {@link Reader} that counts the characters it handed over,
 * and the token is looked up at or before that point, so a message reads {@code doc.json:3:12:
 * error: invalid Extended JSON: expected a value, found '}'}. Two further problems are keyplan's
 * own, found while it walks the value: a field name written twice in one document (drivers and
 * mongosh keep one of the two, so the document is ambiguous), and nesting deeper than MongoDB's
 * {@value MongoDbLimits#MAX_NESTING_DEPTH} levels, counted as the server counts ({@link
 * MongoDbLimits#MAX_NESTING_DEPTH}).
 */
public final class ExtendedJson {
  private ExtendedJson() {}

  private static final String OPEN = "{\"v\": ";
  private static final String CLOSE = "\n}";

  private static final DecoderContext DECODE = DecoderContext.builder().build();
  private static final BsonValueCodec LEAF = new BsonValueCodec();

  private static final Pattern POSITION = Pattern.compile("Position: (\\d+)\\.");
  private static final Pattern FOUND = Pattern.compile("found '(.*)'\\.?$", Pattern.DOTALL);
  // A number written in digits, with an optional sign, point and exponent.
  private static final Pattern DIGITS =
      Pattern.compile("[-+]?(?:\\d+(?:\\.\\d*)?|\\.\\d+)(?:[eE][-+]?\\d+)?");
  private static final Pattern BARE_WORD = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
  private static final Pattern CONVERTING =
      Pattern.compile("^Exception converting value '(.*)' to type (\\S+)$", Pattern.DOTALL);

  /**
   * Reads one value, such as {@code 42}, {@code "abc"} or {@code {"$oid":
   * "010203040506070809101112"}}.
   *
   * @param source the file name, {@code <stdin>} or {@code <command line>}, used only in messages
   * @throws InputException listing every problem, each at its place
   */
  public static BsonValue parseValue(String source, String text) {
    String body = text.startsWith("\uFEFF") ? text.substring(1) : text;
    return new Reading(source, body).value();
  }

  /**
   * Reads one document, such as {@code {"_id": {"$oid": "…"}, "item": "Chocolates", "qty": 25}};
   * any other value is a problem at its first character.
   *
   * @throws InputException listing every problem, each at its place
   */
  public static BsonDocument parseDocument(String source, String text) {
    BsonValue value = parseValue(source, text);
    if (!value.isDocument()) {
      String body = text.startsWith("\uFEFF") ? text.substring(1) : text;
      int start = 0;
      while (start < body.length() && Character.isWhitespace(body.charAt(start))) {
        start++;
      }
      throw new InputException(
          locate(source, body, start),
          "expected a document, a JSON"
              + " object such as {\"_id\": 1, \"item\": \"Chocolates\"}, found "
              + describe(value.getBsonType()));
    }
    return value.asDocument();
  }

  /**
   * Returns {@code value} in canonical Extended JSON, the form that keeps every type: {@code 42}
   * (an int32) is {@code {"$numberInt": "42"}}, a string stays {@code "abc"}, null {@code null}.
   */
  public static String canonical(BsonValue value) {
    var out = new StringWriter();
    var writer =
        new JsonWriter(out, JsonWriterSettings.builder().outputMode(JsonMode.EXTENDED).build());
    // A writer writes documents; the value is the one field of {"v": value}, then unwrapped.
    new BsonDocumentCodec()
        .encode(writer, new BsonDocument("v", value), EncoderContext.builder().build());
    String document = out.toString();
    String prefix = "{\"v\": ";
    if (!document.startsWith(prefix) || !document.endsWith("}")) {
      throw new IllegalStateException("unexpected JsonWriter output: " + document);
    }
    return document.substring(prefix.length(), document.length() - 1);
  }

  /** Returns how messages name a value of this type: "an int32", "a string", "an ObjectId"… */
  public static String describe(BsonType type) {
    switch (type) {
      case DOUBLE:
        return "a double";
      case STRING:
        return "a string";
      case DOCUMENT:
        return "a document";
      case ARRAY:
        return "an array";
      case BINARY:
        return "binary data";
      case UNDEFINED:
        return "undefined";
      case OBJECT_ID:
        return "an ObjectId";
      case BOOLEAN:
        return "a boolean";
      case DATE_TIME:
        return "a date";
      case NULL:
        return "null";
      case REGULAR_EXPRESSION:
        return "a regular expression";
      case DB_POINTER:
        return "a DBPointer";
      case JAVASCRIPT:
        return "code";
      case SYMBOL:
        return "a symbol";
      case JAVASCRIPT_WITH_SCOPE:
        return "code with scope";
      case INT32:
        return "an int32";
      case TIMESTAMP:
        return "a timestamp";
      case INT64:
        return "an int64";
      case DECIMAL128:
        return "a decimal";
      case MIN_KEY:
        return "MinKey";
      case MAX_KEY:
        return "MaxKey";
      default:
        return type.toString();
    }
  }

  /** Returns the place of the character at {@code offset} of {@code text}, 1-based. */
  static Location locate(String source, String text, int offset) {
    return CountingReader.locate(source, text, offset);
  }

  /** One pass of the library's reader over one text. */
  private static final class Reading {
    private final String source;
    private final String text;
    private final String wrapped;
    private final CountingReader in;
    private final JsonReader reader;
    private final List<Diagnostic> problems = new ArrayList<>();

    Reading(String source, String text) {
      this.source = source;
      this.text = text;
      this.wrapped = OPEN + text + CLOSE;
      this.in = new CountingReader(wrapped, 0);
      this.reader = new JsonReader(in);
    }

    BsonValue value() {
      if (text.isBlank()) {
        return fail(
            OPEN.length(),
            "expected a value, such as 42, \"abc\" or {\"$oid\":"
                + " \"010203040506070809101112\"}, found nothing");
      }
      BsonValue value = null;
      try {
        reader.readStartDocument();
        int from = in.position();
        reader.readBsonType();
        reader.readName();
        value = readValue(1, from);
        BsonType next = reader.readBsonType();
        if (next == BsonType.END_OF_DOCUMENT) {
          reader.readEndDocument();
        }
        // More fields in the wrapper (1, "b": 2), a '}' of the user's that closed it early, or
        // anything the library lets pass after the value, such as a trailing comma.
        if (next != BsonType.END_OF_DOCUMENT
            || in.position() < wrapped.length()
            || firstNonBlank(skipValue(OPEN.length())) < OPEN.length() + text.length()) {
          return fail(afterValue());
        }
      } catch (JsonParseException | BSONException | IllegalArgumentException e) {
        return fail(value == null ? libraryProblem(e) : afterValue());
      }
      if (!problems.isEmpty()) {
        throw new InputException(problems);
      }
      return value;
    }

    /**
     * Reports what follows a complete value. The library reads a token past a value before it
     * fails, and reads {@code 42 43} or {@code "a" "b"} without commas, so its message names a
     * later token; the place is found instead by skipping the value in the text.
     */
    private Diagnostic afterValue() {
      int next = firstNonBlank(skipValue(OPEN.length()));
      if (next >= OPEN.length() + text.length()) {
        // Nothing follows: the user's document took the wrapper's closing brace.
        return new Diagnostic(
            at(next),
            "invalid Extended JSON: expected ',' or '}', found the" + " end of the input");
      }
      return new Diagnostic(at(next), "expected one value, found '" + tokenAt(next) + "' after it");
    }

    /** Returns the end of the value written at or after {@code from}, skipped by its brackets. */
    private int skipValue(int from) {
      int p = firstNonBlank(from);
      if (p >= wrapped.length()) {
        return p;
      }
      char c = wrapped.charAt(p);
      if (c == '"' || c == '\'') {
        return skipString(p);
      }
      if (c == '{' || c == '[') {
        return skipNested(p);
      }
      if (c == '/') {
        int q = p + 1;
        while (q < wrapped.length() && wrapped.charAt(q) != '/') {
          q += wrapped.charAt(q) == '\\' ? 2 : 1;
        }
        return skipWord(q + 1);
      }
      int end = skipWord(p);
      if (wrapped.startsWith("new", p) && end == p + 3) {
        return skipValue(end);
      }
      int paren = firstNonBlank(end);
      return paren < wrapped.length() && wrapped.charAt(paren) == '(' ? skipNested(paren) : end;
    }

    private int skipWord(int from) {
      int p = from;
      while (p < wrapped.length() && isWordChar(wrapped.charAt(p))) {
        p++;
      }
      return p;
    }

    private int skipString(int from) {
      char quote = wrapped.charAt(from);
      int p = from + 1;
      while (p < wrapped.length()) {
        char c = wrapped.charAt(p);
        if (c == '\\') {
          p += 2;
        } else if (c == quote) {
          return p + 1;
        } else {
          p++;
        }
      }
      return wrapped.length();
    }

    private int skipNested(int from) {
      int depth = 0;
      int p = from;
      while (p < wrapped.length()) {
        char c = wrapped.charAt(p);
        if (c == '"' || c == '\'') {
          p = skipString(p);
          continue;
        }
        if (c == '{' || c == '[' || c == '(') {
          depth++;
        } else if (c == '}' || c == ']' || c == ')') {
          depth--;
        }
        p++;
        if (depth == 0) {
          return p;
        }
      }
      return wrapped.length();
    }

    /** Returns the token at {@code p} as messages show it: a word, a string, or one character. */
    private String tokenAt(int p) {
      char c = wrapped.charAt(p);
      int end = c == '"' || c == '\'' ? skipString(p) : isWordChar(c) ? skipWord(p) : p + 1;
      end = Math.min(end, OPEN.length() + text.length());
      String token = wrapped.substring(p, end);
      return token.length() > 24 ? token.substring(0, 24) + "…" : token;
    }

    /** Throws the problems found so far and this one, which stops reading. */
    private BsonValue fail(int wrappedOffset, String message) {
      return fail(new Diagnostic(at(wrappedOffset), message));
    }

    private BsonValue fail(Diagnostic last) {
      problems.add(last);
      throw new InputException(problems);
    }

    /**
     * Reads the value whose type the reader has just found. {@code level} is the nesting level a
     * document or array here has if it holds anything: 1 at the top.
     */
    private BsonValue readValue(int level, int from) {
      BsonType type = reader.getCurrentBsonType();
      int detectedAt = in.position();
      if (type == BsonType.DOCUMENT) {
        reader.readStartDocument();
        var document = new BsonDocument();
        // Where each name was read; a name's place is looked up only when it is written twice.
        Map<String, Integer> readAt = new HashMap<>();
        int memberFrom = in.position();
        while (reader.readBsonType() != BsonType.END_OF_DOCUMENT) {
          checkLevel(level, '{', detectedAt);
          String name = reader.readName();
          int nameRead = in.position();
          Integer first = readAt.putIfAbsent(name, nameRead);
          BsonValue v = readValue(level + 1, memberFrom);
          memberFrom = in.position();
          if (name.indexOf('\0') >= 0) {
            // A BSON field name is a C string (bsonspec.org: e_name is a cstring, ending at the
            // first 0x00), so no driver can encode this one; the library threw on it later, an
            // internal error (issue 18).
            problems.add(
                new Diagnostic(
                    at(nameOffset(name, nameRead)),
                    "field name '"
                        + name.replace("\0", "\\u0000")
                        + "' holds the character U+0000; a BSON field name cannot (it is a C"
                        + " string), so MongoDB cannot store this document"));
          }
          if (first != null) {
            Location firstAt = at(nameOffset(name, first));
            problems.add(
                new Diagnostic(
                    at(nameOffset(name, nameRead)),
                    "field '"
                        + name
                        + "' is written twice (first at line "
                        + firstAt.line()
                        + ", column "
                        + firstAt.column()
                        + "); drivers and mongosh keep only one of the two, so the"
                        + " document is ambiguous"));
          } else {
            document.put(name, v);
          }
        }
        reader.readEndDocument();
        return document;
      }
      if (type == BsonType.ARRAY) {
        reader.readStartArray();
        var array = new BsonArray();
        int elementFrom = in.position();
        while (reader.readBsonType() != BsonType.END_OF_DOCUMENT) {
          checkLevel(level, '[', detectedAt);
          array.add(readValue(level + 1, elementFrom));
          elementFrom = in.position();
        }
        reader.readEndArray();
        return array;
      }
      BsonValue leaf = LEAF.decode(reader, DECODE);
      if (leaf instanceof BsonRegularExpression re
          && (re.getPattern().indexOf('\0') >= 0 || re.getOptions().indexOf('\0') >= 0)) {
        // A regular expression's pattern and options are cstrings too (bsonspec.org, element
        // 0x0B), so the same refusal as a name's.
        // The library has read the whole {"$regularExpression": …} (or legacy {"$regex": …})
        // before it knows the type: the error is placed at that object's opening brace.
        int key =
            Math.max(
                wrapped.lastIndexOf("$regularExpression", detectedAt),
                wrapped.lastIndexOf("$regex", detectedAt));
        int open = key < 0 ? -1 : wrapped.lastIndexOf('{', key);
        problems.add(
            new Diagnostic(
                at(open < 0 ? tokenStart(detectedAt) : open),
                "a regular expression with a NUL character (U+0000) in its pattern or options;"
                    + " BSON writes both as NUL-terminated strings, so MongoDB cannot store it"));
      }
      if (leaf.isDouble() && Double.isInfinite(leaf.asDouble().getValue())) {
        checkOverflow(from, in.position());
      }
      return leaf;
    }

    /**
     * An infinite double is legal BSON, written {@code Infinity} (mongosh) or {@code
     * {"$numberDouble": "Infinity"}} (canonical Extended JSON). A number written in digits that
     * became infinite is another thing: {@code 1e400} is beyond the largest double
     * (1.7976931348623157e308), and the library, like JavaScript's {@code Number} and so mongosh,
     * rounds it to Infinity without a word. JSON itself sets no range (RFC 8259 section 6 leaves it
     * to implementations) and no BSON number type but decimal holds it, so keyplan refuses it at
     * its first digit rather than silently reading Infinity. {@code from} and {@code to} bound the
     * text read for this value (its name and colon too, in a document).
     */
    private void checkOverflow(int from, int to) {
      String span = wrapped.substring(from, Math.min(to, wrapped.length()));
      if (span.contains("Infinity")) {
        return;
      }
      int colon = span.lastIndexOf(':');
      Matcher number = DIGITS.matcher(span);
      if (!number.find(colon + 1)) {
        return;
      }
      String written = number.group();
      problems.add(
          new Diagnostic(
              at(from + number.start()),
              "number "
                  + (written.length() > 24 ? written.substring(0, 24) + "…" : written)
                  + " is beyond the range of a double (magnitude up to 1.7976931348623157e308),"
                  + " and would silently become "
                  + (written.startsWith("-") ? "-Infinity" : "Infinity")
                  + "; write "
                  + (written.startsWith("-") ? "-Infinity" : "Infinity")
                  + " or {\"$numberDouble\": \""
                  + (written.startsWith("-") ? "-Infinity" : "Infinity")
                  + "\"} if infinity is meant, or {\"$numberDecimal\": \""
                  + written
                  + "\"} for a decimal"));
    }

    /**
     * A non-empty document or array past level 100 is one MongoDB refuses to store; it is reported
     * at its opening bracket, the last one read before its type was known.
     */
    private void checkLevel(int level, char bracket, int detectedAt) {
      if (level > MongoDbLimits.MAX_NESTING_DEPTH) {
        fail(
            wrapped.lastIndexOf(bracket, detectedAt - 1),
            "nested deeper than MongoDB's "
                + MongoDbLimits.MAX_NESTING_DEPTH
                + " levels (the top-level document is level 1,"
                + " each non-empty document or array inside it one more)");
      }
    }

    /** Turns one of the library's exceptions into a located problem in keyplan's words. */
    private Diagnostic libraryProblem(RuntimeException e) {
      String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
      int read = in.position();
      Matcher position = POSITION.matcher(message);
      Matcher found = FOUND.matcher(message);
      Matcher converting = CONVERTING.matcher(message);
      String words;
      int offset;
      if (message.startsWith("Invalid JSON input.") && position.find()) {
        // The scanner gives its position after reading the character, one past it.
        offset = Math.max(0, Integer.parseInt(position.group(1)) - 1);
        words =
            offset < wrapped.length() && !Character.isISOControl(wrapped.charAt(offset))
                ? "unexpected character '" + wrapped.charAt(offset) + "'"
                : "unexpected character";
      } else if (message.startsWith("Invalid JSON regular expression") && position.find()) {
        offset = Integer.parseInt(position.group(1));
        words = "invalid regular expression";
      } else if (message.startsWith("Invalid escape sequence")) {
        offset = Math.max(0, read - 2);
        words =
            "invalid escape "
                + message.substring(message.indexOf('\'')).replaceFirst("\\.$", "")
                + " in a string (JSON has \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\u followed by four"
                + " hexadecimal digits)";
      } else if (message.startsWith("End of file in JSON string")) {
        offset = wrapped.length();
        words = "a string is not closed before the end of the input";
      } else if (message.startsWith("Trying to read past EOF")) {
        offset = wrapped.length();
        words = "the input ends before the value does";
      } else if (message.startsWith("Invalid JSON number")) {
        offset = numberStart(read);
        words = "invalid number";
      } else if (found.find()) {
        String lexeme = found.group(1);
        offset = lexeme.equals("<eof>") ? wrapped.length() : lexemeOffset(lexeme, read);
        boolean atEnd = offset >= OPEN.length() + text.length();
        words =
            message
                    .substring(0, found.start())
                    .replaceFirst("^JSON reader (?:was expecting" + "|expected) ", "expected ")
                    .replace(" but ", ", ")
                    .replace("a name", "a field name")
                + (atEnd ? "found the end of the input" : "found '" + lexeme + "'");
        if (!atEnd && words.startsWith("expected a value") && BARE_WORD.matcher(lexeme).matches()) {
          words +=
              "; a string is written in double quotes, \""
                  + lexeme
                  + "\" (in a shell, '\""
                  + lexeme
                  + "\"')";
        }
      } else if (converting.find()) {
        offset = tokenStart(read);
        words = "'" + converting.group(1) + "' is not " + javaTypeWords(converting.group(2));
      } else if (message.startsWith("Failed to parse string as a date")) {
        offset = tokenStart(read);
        words =
            "not a date; write {\"$date\": \"2020-01-01T00:00:00Z\"} (ISO-8601) or {\"$date\":"
                + " {\"$numberLong\": \"1577836800000\"}} (milliseconds since 1970)";
      } else if (message.contains("hexString") || message.contains("ObjectId")) {
        offset = tokenStart(read);
        words =
            "an ObjectId is 24 hexadecimal digits, such as {\"$oid\":"
                + " \"010203040506070809101112\"}";
      } else {
        offset = tokenStart(read);
        words = message.replaceFirst("\\.$", "");
      }
      return new Diagnostic(at(offset), "invalid Extended JSON: " + words);
    }

    private static String javaTypeWords(String javaType) {
      switch (javaType) {
        case "java.lang.Integer":
          return "an int32";
        case "java.lang.Long":
          return "an int64";
        case "java.lang.Double":
          return "a double";
        case "org.bson.types.Decimal128":
          return "a decimal";
        default:
          return "a " + javaType.substring(javaType.lastIndexOf('.') + 1);
      }
    }

    /** Returns where the token {@code lexeme} starts, the last one read before {@code read}. */
    private int lexemeOffset(String lexeme, int read) {
      int i = wrapped.lastIndexOf(lexeme, read - lexeme.length());
      if (i < 0) {
        return tokenStart(read);
      }
      if (i > 0 && (wrapped.charAt(i - 1) == '"' || wrapped.charAt(i - 1) == '\'')) {
        return i - 1;
      }
      return i;
    }

    /**
     * Returns where a field name read up to {@code read} is written: the last {@code "name"} (or
     * {@code 'name'}, or the bare name) followed by a colon. Names are written just before their
     * value, so the search looks back a little way only.
     */
    private int nameOffset(String name, int read) {
      // The last form is a name with a NUL, which the text can only write escaped.
      String escaped = "\"" + name.replace("\0", "\\u0000") + "\"";
      for (String written : List.of("\"" + name + "\"", "'" + name + "'", name, escaped)) {
        int i = wrapped.lastIndexOf(written, read - 1);
        while (i >= 0) {
          int colon = firstNonBlank(i + written.length());
          if (colon < wrapped.length() && wrapped.charAt(colon) == ':') {
            return i;
          }
          i = wrapped.lastIndexOf(written, i - 1);
        }
      }
      return tokenStart(read);
    }

    /**
     * Returns where the token that ends just before {@code read} starts: a quoted string, a word or
     * number, or one punctuation character.
     */
    private int tokenStart(int read) {
      int p = Math.min(read, wrapped.length()) - 1;
      while (p > 0 && Character.isWhitespace(wrapped.charAt(p))) {
        p--;
      }
      if (p <= 0) {
        return Math.max(p, 0);
      }
      char c = wrapped.charAt(p);
      if (c == '"' || c == '\'') {
        int q = p - 1;
        while (q > 0 && !(wrapped.charAt(q) == c && wrapped.charAt(q - 1) != '\\')) {
          q--;
        }
        return q;
      }
      if (isWordChar(c)) {
        while (p > 0 && isWordChar(wrapped.charAt(p - 1))) {
          p--;
        }
      }
      return p;
    }

    /** Returns where the number that the scanner gave up on starts. */
    private int numberStart(int read) {
      int p = Math.min(read, wrapped.length()) - 1;
      if (p > 0 && !isWordChar(wrapped.charAt(p))) {
        p--;
      }
      while (p > 0 && isWordChar(wrapped.charAt(p - 1))) {
        p--;
      }
      return Math.max(p, 0);
    }

    private int firstNonBlank(int from) {
      int p = from;
      while (p < wrapped.length() && Character.isWhitespace(wrapped.charAt(p))) {
        p++;
      }
      return p;
    }

    private static boolean isWordChar(char c) {
      return Character.isLetterOrDigit(c)
          || c == '_'
          || c == '$'
          || c == '.'
          || c == '+'
          || c == '-';
    }

    /** Returns the user's place of an offset into the wrapped text. */
    private Location at(int wrappedOffset) {
      int offset = Math.max(0, Math.min(wrappedOffset - OPEN.length(), text.length()));
      return locate(source, text, offset);
    }
  }
}
