package dev.keyplan.mongodb.catalog;

import dev.keyplan.input.Diagnostic;
import dev.keyplan.input.InputException;
import dev.keyplan.input.Location;
import dev.keyplan.mongodb.facts.CountingReader;
import dev.keyplan.mongodb.facts.ExtendedJson;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonType;
import org.bson.BsonValue;
import org.bson.codecs.BsonValueCodec;
import org.bson.codecs.DecoderContext;
import org.bson.json.JsonReader;

/**
 * Reads the text of a catalog file (getIndexes() or config.collections output) into values that
 * know where they are written, so that a problem found in a value names its file:line:column.
 *
 * <p>Values are read twice by the {@code org.mongodb:bson} library: first by {@link
 * ExtendedJson#parseValue}, which reports any syntax error at its place in keyplan's words, then
 * by a {@link JsonReader} walk that notes where each member and element starts. The reader asks
 * for one character at a time, so the characters it has taken before it reads the next member
 * mark where that member's text begins; the first member of a document or array is looked for
 * after its opening bracket instead, since the library looks past a {@code {} to tell an Extended
 * JSON value ({@code {"$oid": …}}) from a document.
 *
 * <p>A file may also hold one document per line, as {@code mongoexport} writes them: when the
 * whole text is not one value but its first line is a document, each line is read as one.
 *
 * <p>What mongosh 2 prints ({@code Long('7')}, {@code Timestamp({ t: 1764496800, i: 4 })}, …) is
 * rewritten first by {@link MongoshText} into forms the library reads, and every place, of a value
 * or of a problem, is the user's text's. What is still not read after the rewrite is a problem
 * that says to print the output with {@code EJSON.stringify}.
 */
final class LocatedBson {
  private LocatedBson() {}

  /** A value with its place and, for a document or array, its located members or elements. */
  record Node(BsonValue value, Location location, List<Member> members, List<Node> elements) {
    Node {
      members = List.copyOf(members);
      elements = List.copyOf(elements);
    }

    Optional<Member> member(String name) {
      return members.stream().filter(m -> m.name().equals(name)).findFirst();
    }
  }

  /** A member of a document: the place is its name's. */
  record Member(String name, Location location, Node value) {}

  /** The values of a file: one, or one per line. */
  record Values(List<Node> values, boolean perLine) {}

  private static final DecoderContext DECODE = DecoderContext.builder().build();
  private static final BsonValueCodec LEAF = new BsonValueCodec();

  static Values read(String file, String text) {
    String body = text.startsWith("\uFEFF") ? text.substring(1) : text;
    MongoshText shell = MongoshText.of(body);
    try {
      return read(file, shell);
    } catch (InputException e) {
      throw shellHint(shell.relocate(e), shell.text());
    }
  }

  /** Reads the text with mongosh's constructors rewritten; places are the rewritten text's. */
  private static Values read(String file, MongoshText shell) {
    String body = shell.text();
    try {
      ExtendedJson.parseValue(file, body);
      return new Values(List.of(new Walk(file, shell, 0).top()), false);
    } catch (InputException whole) {
      int first = firstNonBlank(body, 0);
      int end = body.indexOf('\n', first);
      String firstLine = body.substring(first, end < 0 ? body.length() : end);
      if (end < 0 || !firstLine.strip().startsWith("{") || !parses(file, firstLine)) {
        throw whole;
      }
      return new Values(perLine(file, shell), true);
    }
  }

  /**
   * What mongosh prints that is still not read once {@link MongoshText} has rewritten what it can:
   * other constructors, a malformed one, and the marks where mongosh cut a deep or long value.
   */
  private static final Pattern SHELL =
      Pattern.compile(
          "\\b(?:Long|Int32|Double|Decimal128|Timestamp|Code|BSONSymbol|BSONRegExp|DBRef|MD5"
              + "|Binary\\.\\w+)\\(|\\[Object]|\\[Array]|\\.\\.\\. \\d+ more items?");

  private static final Pattern STRING_HINT =
      Pattern.compile("; a string is written in double quotes, .*$");

  /**
   * Says what to do about mongosh's own syntax where the file still has it: the library's message
   * alone ("expected a value, found 'Code'") would send the user after a quoting mistake.
   */
  private static InputException shellHint(InputException e, String body) {
    Matcher m = SHELL.matcher(body);
    if (!m.find()) {
      return e;
    }
    String found = m.group().endsWith("(") ? m.group() + "…)" : m.group();
    List<Diagnostic> out = new ArrayList<>(e.diagnostics());
    Diagnostic first = out.get(0);
    out.set(
        0,
        new Diagnostic(
            first.location(),
            STRING_HINT.matcher(first.message()).replaceFirst("")
                + "; the file has mongosh's "
                + found
                + ", shell syntax that Extended JSON readers do not take: print the output with"
                + " EJSON.stringify(…), see docs/mongodb-import.md"));
    return new InputException(out);
  }

  private static boolean parses(String file, String text) {
    try {
      ExtendedJson.parseValue(file, text);
      return true;
    } catch (InputException e) {
      return false;
    }
  }

  /** Reads each non-blank line as one value; every line's problems are reported together. */
  private static List<Node> perLine(String file, MongoshText shell) {
    String body = shell.text();
    List<Node> out = new ArrayList<>();
    List<Diagnostic> problems = new ArrayList<>();
    int start = 0;
    int lineNo = 1;
    while (start <= body.length()) {
      int end = body.indexOf('\n', start);
      String line = body.substring(start, end < 0 ? body.length() : end);
      if (!line.isBlank()) {
        try {
          ExtendedJson.parseValue(file, line);
          out.add(new Walk(file, shell, start).top());
        } catch (InputException e) {
          int at = lineNo;
          e.diagnostics()
              .forEach(
                  d ->
                      problems.add(
                          new Diagnostic(
                              new Location(file, at, d.location().column()), d.message())));
        }
      }
      if (end < 0) {
        break;
      }
      start = end + 1;
      lineNo++;
    }
    if (!problems.isEmpty()) {
      throw new InputException(problems);
    }
    return out;
  }

  static int firstNonBlank(String text, int from) {
    int p = from;
    while (p < text.length() && Character.isWhitespace(text.charAt(p))) {
      p++;
    }
    return p;
  }

  /** Returns the 1-based place of {@code offset} in {@code text}. */
  static Location locate(String file, String text, int offset) {
    return CountingReader.locate(file, text, offset);
  }

  /** One walk of the library's reader over the value that starts at {@code from}. */
  private static final class Walk {
    private final String file;
    private final MongoshText shell;
    private final String text;
    private final int from;
    private final CountingReader in;
    private final JsonReader reader;

    Walk(String file, MongoshText shell, int from) {
      this.file = file;
      this.shell = shell;
      this.text = shell.text();
      this.from = from;
      this.in = new CountingReader(this.text, from);
      this.reader = new JsonReader(in);
    }

    /**
     * Reads the value at {@code from}. The text has already parsed as Extended JSON, but the two
     * readers differ at the edges (found by ShardingFileFuzzTest: {@code [\n,]}, a comma with no
     * element before it), so a refusal of this reader is still placed, at the character it stopped
     * on, never let out as the library's exception (exit 4).
     */
    Node top() {
      try {
        reader.readBsonType();
        return value(firstNonBlank(text, from));
      } catch (org.bson.json.JsonParseException | org.bson.BsonInvalidOperationException e) {
        int at = Math.min(Math.max(from, in.position() - 1), Math.max(0, text.length() - 1));
        throw new InputException(
            shell.locate(file, at), "not valid JSON: " + e.getMessage() + "; expected a value");
      }
    }

    private Node value(int start) {
      Location at = shell.locate(file, start);
      BsonType type = reader.getCurrentBsonType();
      if (type == BsonType.DOCUMENT) {
        reader.readStartDocument();
        BsonDocument document = new BsonDocument();
        List<Member> members = new ArrayList<>();
        int scan = start + 1;
        while (true) {
          int before = members.isEmpty() ? scan : in.position();
          if (reader.readBsonType() == BsonType.END_OF_DOCUMENT) {
            break;
          }
          String name = reader.readName();
          int nameAt = skipSeparators(before);
          Node v = value(valueStart(nameAt));
          members.add(new Member(name, shell.locate(file, nameAt), v));
          document.put(name, v.value());
        }
        reader.readEndDocument();
        return new Node(document, at, members, List.of());
      }
      if (type == BsonType.ARRAY) {
        reader.readStartArray();
        BsonArray array = new BsonArray();
        List<Node> elements = new ArrayList<>();
        while (true) {
          int before = elements.isEmpty() ? start + 1 : in.position();
          if (reader.readBsonType() == BsonType.END_OF_DOCUMENT) {
            break;
          }
          Node v = value(skipSeparators(before));
          elements.add(v);
          array.add(v.value());
        }
        reader.readEndArray();
        return new Node(array, at, List.of(), elements);
      }
      return new Node(LEAF.decode(reader, DECODE), at, List.of(), List.of());
    }

    private int skipSeparators(int p) {
      int q = p;
      while (q < text.length()
          && (Character.isWhitespace(text.charAt(q)) || text.charAt(q) == ',')) {
        q++;
      }
      return q;
    }

    /** Returns where the value of the member whose name is written at {@code nameAt} starts. */
    private int valueStart(int nameAt) {
      int p = nameAt;
      char c = text.charAt(p);
      if (c == '"' || c == '\'') {
        p++;
        while (p < text.length() && text.charAt(p) != c) {
          p += text.charAt(p) == '\\' ? 2 : 1;
        }
        p++;
      } else {
        while (p < text.length()
            && text.charAt(p) != ':'
            && !Character.isWhitespace(text.charAt(p))) {
          p++;
        }
      }
      p = firstNonBlank(text, p);
      return firstNonBlank(text, p < text.length() && text.charAt(p) == ':' ? p + 1 : p);
    }
  }
}
