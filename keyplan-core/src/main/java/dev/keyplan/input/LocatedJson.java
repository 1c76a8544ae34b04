package dev.keyplan.input;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.exc.StreamReadException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;

/**
 * A JSON reader (RFC 8259, https://www.rfc-editor.org/rfc/rfc8259) whose tree keeps, for every
 * node, where it starts, {@code line:column}, and which characters of the source it spans.
 *
 * <p>It is the one JSON reader of keyplan's importers. DynamoDB's item reader ({@code DynamoJson})
 * parses an item with it and then turns the tree into attribute values; the NoSQL Workbench reader
 * ({@code WorkbenchReader}) reads a whole model with it and uses the spans to hand each sample item
 * back to {@code DynamoJson} at its original place. A syntax error stops reading with one {@link
 * InputException}, {@code invalid JSON: …} at its place; everything else (duplicate member names
 * included: they are kept in order) is left to the caller to judge, so that a caller can collect
 * all its problems in one report.
 *
 * <p>The few words that differ between the callers (what an empty file should have held, what a
 * member name is called, and whether strings must have a UTF-8 form) are given as {@link Options}.
 * A leading byte-order mark is skipped: it is not JSON, but Windows editors write one.
 *
 * <p>jackson-core's streaming parser reads the text (with no depth, length or number limits of its
 * own); this class builds the tree on its own stack, not by recursion, and refuses nesting past
 * {@link NestingDepth#MAX} with a located error, since the readers of the tree recurse. It builds
 * the tree from its tokens and their character offsets. Lines are counted by line feeds alone, as
 * before: Jackson's own line numbers also count a lone carriage return. A syntax error is placed
 * and worded by keyplan, not Jackson: Jackson's offsets for errors inside a number or an escape are
 * not where keyplan points, and its words do not say what was expected ("within/between Object
 * entries"), so the error's kind is taken from Jackson's message and its place from the text around
 * Jackson's offset. LocatedJsonTest pins every such case.
 */
public final class LocatedJson {
  private LocatedJson() {}

  /**
   * How one caller words and checks its JSON.
   *
   * @param emptyFile the message for a file with no value, after {@code invalid JSON: }
   * @param memberName what an object's member name is called in "expected a quoted … name"
   * @param controlEscapes the escapes suggested for a control character inside a string, as in
   *     "write it as an escape such as …"
   * @param utf8Strings whether a string with an unpaired surrogate (no UTF-8 form) is an error
   */
  public record Options(
      String emptyFile, String memberName, String controlEscapes, boolean utf8Strings) {}

  /** A value in the tree. */
  public sealed interface Node {
    /** Where the node's first character is. */
    Location at();

    /** Index of the node's first character in the (BOM-less) source. */
    int start();

    /** Index just past the node's last character. */
    int end();
  }

  /** One member of an object, with the place of its name. */
  public record Member(String name, Location at, Node value) {}

  /** An object; its members in source order, duplicates kept. */
  public record Obj(Location at, int start, int end, List<Member> members) implements Node {}

  /** An array. */
  public record Arr(Location at, int start, int end, List<Node> elements) implements Node {}

  /** A string, unescaped. */
  public record Str(Location at, int start, int end, String value) implements Node {}

  /** A number, as written. */
  public record Num(Location at, int start, int end, String text) implements Node {}

  /** {@code true}, {@code false} or {@code null}. */
  public record Literal(Location at, int start, int end, String text) implements Node {}

  /** Returns a short description of a node for "found …" in messages. */
  public static String describe(Node node) {
    if (node instanceof Obj) {
      return "an object";
    }
    if (node instanceof Arr) {
      return "an array";
    }
    if (node instanceof Str s) {
      return "the string \"" + s.value() + "\"";
    }
    if (node instanceof Num n) {
      return "the number " + n.text();
    }
    return ((Literal) node).text();
  }

  /** The source as parsed: without a leading byte-order mark, so spans index into it. */
  public static String source(String text) {
    return text.startsWith("\uFEFF") ? text.substring(1) : text;
  }

  /**
   * Parses {@link #source(String) source(text)}, read from {@code file} (used only in diagnostics);
   * a syntax error is an {@link InputException}.
   */
  public static Node parse(String file, String text, Options options) {
    return new Parser(file, source(text), options).document();
  }

  private static final JsonFactory FACTORY =
      JsonFactory.builder()
          // LocatedJson never limited a document: no depth, number, string or name limit.
          .streamReadConstraints(
              StreamReadConstraints.builder()
                  .maxNestingDepth(Integer.MAX_VALUE)
                  .maxNumberLength(Integer.MAX_VALUE)
                  .maxStringLength(Integer.MAX_VALUE)
                  .maxNameLength(Integer.MAX_VALUE)
                  .build())
          .disable(JsonFactory.Feature.CANONICALIZE_FIELD_NAMES)
          .build();

  private static final class Parser {
    private final String file;
    private final String text;
    private final Options options;

    /** An object or array being read. */
    private static final class Frame {
      final boolean object;
      final Location at;
      final int start;
      final List<Member> members = new ArrayList<>();
      final List<Node> elements = new ArrayList<>();
      String name;
      Location nameAt;

      Frame(boolean object, Location at, int start) {
        this.object = object;
        this.at = at;
        this.start = start;
      }
    }

    private final ArrayDeque<Frame> stack = new ArrayDeque<>();
    private JsonParser p;
    private boolean rootDone;
    // Index just past the last token Jackson returned.
    private int lastEnd;

    // Index of the first character of each line.
    private final int[] lineStarts;

    Parser(String file, String text, Options options) {
      this.file = file;
      this.text = text;
      this.options = options;
      this.lineStarts =
          IntStream.concat(
                  IntStream.of(0),
                  IntStream.range(0, text.length())
                      .filter(i -> text.charAt(i) == '\n')
                      .map(i -> i + 1))
              .toArray();
    }

    Node document() {
      try (JsonParser parser = FACTORY.createParser(text)) {
        p = parser;
        try {
          return read();
        } catch (StreamReadException e) {
          // Translated before the parser is closed: closing it forgets the current token.
          throw translate(e);
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    private Node read() throws IOException {
      JsonToken t = p.nextToken();
      if (t == null) {
        throw error(locationAt(text.length()), options.emptyFile());
      }
      Node root = null;
      while (root == null) {
        JsonLocation l = p.currentTokenLocation();
        Location at = location(l);
        int start = (int) l.getCharOffset();
        Node done = null;
        switch (t) {
          case START_OBJECT, START_ARRAY -> {
            // The tree is built without recursion, but its readers recurse: NestingDepth's limit.
            if (stack.size() >= NestingDepth.MAX) {
              throw NestingDepth.tooDeep(at);
            }
            stack.push(new Frame(t == JsonToken.START_OBJECT, at, start));
            lastEnd = start + 1;
          }
          case FIELD_NAME -> {
            String name = p.currentName();
            if (options.utf8Strings()) {
              requireUtf8(name, at);
            }
            stack.peek().name = name;
            stack.peek().nameAt = at;
            lastEnd = (int) p.currentLocation().getCharOffset();
          }
          case END_OBJECT, END_ARRAY -> {
            Frame f = stack.pop();
            done =
                f.object
                    ? new Obj(f.at, f.start, start + 1, List.copyOf(f.members))
                    : new Arr(f.at, f.start, start + 1, List.copyOf(f.elements));
          }
          case VALUE_STRING -> {
            String s = p.getText();
            if (options.utf8Strings()) {
              requireUtf8(s, at);
            }
            done = new Str(at, start, (int) p.currentLocation().getCharOffset(), s);
          }
          case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> {
            String n = p.getText();
            done = new Num(at, start, start + n.length(), n);
          }
          case VALUE_TRUE, VALUE_FALSE, VALUE_NULL -> {
            String lit = t.asString();
            done = new Literal(at, start, start + lit.length(), lit);
          }
          default -> throw new IllegalStateException("unexpected token " + t);
        }
        if (done != null) {
          lastEnd = done.end();
          if (stack.isEmpty()) {
            root = done;
          } else if (stack.peek().object) {
            Frame f = stack.peek();
            f.members.add(new Member(f.name, f.nameAt, done));
          } else {
            stack.peek().elements.add(done);
          }
        }
        if (root == null) {
          t = p.nextToken();
        }
      }
      rootDone = true;
      if (p.nextToken() != null) {
        int at = (int) p.currentTokenLocation().getCharOffset();
        throw error(
            location(p.currentTokenLocation()),
            "unexpected " + shown(at) + " after the end of the JSON value");
      }
      return root;
    }

    // ----- Jackson's exceptions in keyplan's words -----

    private enum Expect {
      VALUE,
      NAME,
      COLON,
      SEPARATOR,
      NOTHING
    }

    private InputException translate(StreamReadException e) {
      String m = e.getOriginalMessage() == null ? "" : e.getOriginalMessage();
      JsonLocation l = e.getLocation();
      int off = l == null ? text.length() : (int) Math.min(l.getCharOffset(), text.length());
      if (rootDone) {
        // Whatever Jackson found wrong after the root value, keyplan names its first character.
        int i = lastEnd;
        while (i < text.length() && " \t\r\n".indexOf(text.charAt(i)) >= 0) {
          i++;
        }
        return structural(Expect.NOTHING, i);
      }
      if (m.contains("was expecting closing quote for a string value")) {
        return error(location(p.currentTokenLocation()), "unterminated string");
      }
      if (m.contains("end-of-input in field name")) {
        return error(locationAt(nameStart()), "unterminated string");
      }
      if (m.startsWith("Illegal unquoted character")) {
        return error(
            locationAt(off),
            "a control character inside a string; write it as an escape such as "
                + options.controlEscapes());
      }
      if (m.startsWith("Unrecognized character escape")) {
        char e2 = text.charAt(off);
        return error(
            locationAt(off - 1),
            "invalid escape \\"
                + (e2 == '\0' ? "" : e2)
                + "; JSON allows \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\u with four hex digits");
      }
      if (m.contains("hex-digit for character escape sequence")
          || m.contains("end-of-input in character escape sequence")) {
        int i = off;
        while (i > 0 && isHex(text.charAt(i - 1)) && text.charAt(i - 1) != 'u') {
          i--;
        }
        if (i >= 2 && text.charAt(i - 1) == 'u' && text.charAt(i - 2) == '\\') {
          return error(locationAt(i - 2), "\\u must be followed by four hex digits");
        }
        return error(
            locationAt(text.length() - 1),
            "invalid escape \\; JSON allows \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\u with four"
                + " hex digits");
      }
      if (m.contains("numbers to have plus signs")) {
        int plus = text.lastIndexOf('+', off);
        return structural(expectation(plus), plus);
      }
      if (m.contains("in numeric value")
          || m.contains("No digit following sign")
          || m.contains("digit for number exponent")
          || m.contains("end-of-input in a number")) {
        return numberError(off);
      }
      if (m.contains("Leading zeroes not allowed")) {
        // keyplan reads the 0 as the whole number; what follows it is out of place.
        return structural(afterValue(), off);
      }
      if (m.startsWith("Unrecognized token '") || m.startsWith("Non-standard token '")) {
        String token = m.substring(m.indexOf('\'') + 1, m.indexOf('\'', m.indexOf('\'') + 1));
        int start = m.startsWith("Non-standard") ? off - token.length() : off;
        for (String literal : new String[] {"true", "false", "null"}) {
          if (token.startsWith(literal)) {
            return structural(afterValue(), start + literal.length());
          }
        }
        if (token.startsWith("-")) {
          return numberError(start);
        }
        return structural(expectation(start), start);
      }
      if (m.startsWith("Illegal character ((CTRL-CHAR")) {
        return structural(expectation(off - 1), off - 1);
      }
      if (m.contains("Expected space separating root-level values")) {
        return structural(Expect.NOTHING, off);
      }
      if (off > 0 && text.charAt(off - 1) == '-' && m.contains("expected a valid value")) {
        // Jackson words "-." as a bad value; keyplan reads it as a number without a digit.
        return numberError(off);
      }
      return structural(expectation(off), off);
    }

    /** What keyplan's reader expected at {@code off}, judged from the text before it. */
    private Expect expectation(int off) {
      if (stack.isEmpty()) {
        return rootDone ? Expect.NOTHING : Expect.VALUE;
      }
      int i = off - 1;
      while (i >= 0 && " \t\r\n".indexOf(text.charAt(i)) >= 0) {
        i--;
      }
      char before = i < 0 ? '\0' : text.charAt(i);
      if (!stack.peek().object) {
        return before == '[' || before == ',' ? Expect.VALUE : Expect.SEPARATOR;
      }
      if (before == '{' || before == ',') {
        return Expect.NAME;
      }
      if (before == ':') {
        return Expect.VALUE;
      }
      return p.currentToken() == JsonToken.FIELD_NAME ? Expect.COLON : Expect.SEPARATOR;
    }

    /**
     * What follows a value that Jackson refused but keyplan's reader took (0 of 01, true of truex).
     */
    private Expect afterValue() {
      return stack.isEmpty() ? Expect.NOTHING : Expect.SEPARATOR;
    }

    private InputException structural(Expect expect, int off) {
      Location at = locationAt(off);
      String found = shown(off);
      return switch (expect) {
        case VALUE ->
            off >= text.length()
                ? error(at, "unexpected end of input; expected a value")
                : error(
                    at,
                    "unexpected "
                        + found
                        + "; expected a value (an object, array,"
                        + " string, number, true, false or null)");
        case NAME ->
            error(at, "expected a quoted " + options.memberName() + " name, found " + found);
        case COLON -> error(at, "expected ':' after \"" + currentName() + "\", found " + found);
        case NOTHING -> error(at, "unexpected " + found + " after the end of the JSON value");
        case SEPARATOR -> {
          Frame f = stack.peek();
          yield error(
              at,
              (f.object
                      ? "expected ',' or '}' after a member of the object opened at line "
                      : "expected ',' or ']' after an element of the array opened at line ")
                  + f.at.line()
                  + ", column "
                  + f.at.column()
                  + ", found "
                  + found);
        }
      };
    }

    /**
     * Jackson places number errors inconsistently (at the '.', at the 'e', or after them), so the
     * number around {@code off} is scanned again to find the character keyplan reports.
     */
    private InputException numberError(int off) {
      int i = Math.min(off, text.length());
      while (i > 0 && "0123456789+-.eE".indexOf(text.charAt(i - 1)) >= 0) {
        i--;
      }
      while (i < text.length() && text.charAt(i) != '-' && !isDigit(text.charAt(i))) {
        i++;
      }
      if (peek(i) == '-') {
        i++;
      }
      if (!isDigit(peek(i))) {
        return error(locationAt(i), "expected a digit in the number");
      }
      while (isDigit(peek(i))) {
        i++;
      }
      if (peek(i) == '.') {
        i++;
        if (!isDigit(peek(i))) {
          return error(locationAt(i), "expected a digit after the decimal point");
        }
        while (isDigit(peek(i))) {
          i++;
        }
      }
      if (peek(i) == 'e' || peek(i) == 'E') {
        i++;
        if (peek(i) == '+' || peek(i) == '-') {
          i++;
        }
        if (!isDigit(peek(i))) {
          return error(locationAt(i), "expected a digit in the exponent");
        }
      }
      return structural(afterValue(), i);
    }

    /** Where the member name being read starts: its quote, after the last token and a comma. */
    private int nameStart() {
      int i = lastEnd;
      while (i < text.length() && " \t\r\n,".indexOf(text.charAt(i)) >= 0) {
        i++;
      }
      return i;
    }

    private String currentName() {
      try {
        return p.currentName();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    private char peek(int i) {
      return i < text.length() ? text.charAt(i) : '\0';
    }

    private static boolean isDigit(char c) {
      return c >= '0' && c <= '9';
    }

    private static boolean isHex(char c) {
      return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    }

    /** Rejects an unpaired surrogate: such a string has no UTF-8 form. */
    private void requireUtf8(String s, Location at) {
      for (int i = 0; i < s.length(); i++) {
        char c = s.charAt(i);
        boolean paired =
            Character.isHighSurrogate(c)
                && i + 1 < s.length()
                && Character.isLowSurrogate(s.charAt(i + 1));
        if (paired) {
          i++;
        } else if (Character.isSurrogate(c)) {
          throw error(
              at,
              "the string contains an unpaired surrogate \\u"
                  + String.format("%04X", (int) c)
                  + "; it has no UTF-8 encoding");
        }
      }
    }

    /**
     * The place of a token Jackson returned, from its index in the text. Jackson's own line and
     * column are not used: it counts a lone carriage return as a line break, keyplan counts lines
     * by line feeds only.
     */
    private Location location(JsonLocation l) {
      return locationAt((int) l.getCharOffset());
    }

    /** The line and column of index {@code off}: lines end at '\n', columns count chars. */
    private Location locationAt(int off) {
      int line = Arrays.binarySearch(lineStarts, off);
      if (line < 0) {
        line = -line - 2;
      }
      return new Location(file, line + 1, off - lineStarts[line] + 1);
    }

    private String shown(int off) {
      if (off >= text.length()) {
        return "the end of the input";
      }
      char c = text.charAt(off);
      return c < 0x20 ? String.format("character U+%04X", (int) c) : "'" + c + "'";
    }

    private static InputException error(Location at, String message) {
      return new InputException(at, "invalid JSON: " + message);
    }
  }
}
