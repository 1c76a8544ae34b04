package dev.keyplan.input;

import java.util.ArrayList;
import java.util.List;

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

  private static final class Parser {
    private final String file;
    private final String text;
    private final Options options;
    private int pos;
    private int line = 1;
    private int lineStart;

    Parser(String file, String text, Options options) {
      this.file = file;
      this.text = text;
      this.options = options;
    }

    Node document() {
      skipSpace();
      if (pos == text.length()) {
        throw error(here(), options.emptyFile());
      }
      Node root = value();
      skipSpace();
      if (pos < text.length()) {
        throw error(here(), "unexpected " + shownHere() + " after the end of the JSON value");
      }
      return root;
    }

    private Node value() {
      skipSpace();
      if (pos == text.length()) {
        throw error(here(), "unexpected end of input; expected a value");
      }
      char c = text.charAt(pos);
      Location at = here();
      int start = pos;
      if (c == '{') {
        return object();
      }
      if (c == '[') {
        return array();
      }
      if (c == '"') {
        String s = string();
        return new Str(at, start, pos, s);
      }
      if (c == '-' || isDigit(c)) {
        return number();
      }
      for (String literal : new String[] {"true", "false", "null"}) {
        if (text.startsWith(literal, pos)) {
          pos += literal.length();
          return new Literal(at, start, pos, literal);
        }
      }
      throw error(
          at,
          "unexpected "
              + shownHere()
              + "; expected a value (an object, array,"
              + " string, number, true, false or null)");
    }

    private Obj object() {
      Location at = here();
      int start = pos++;
      var members = new ArrayList<Member>();
      skipSpace();
      if (peek() == '}') {
        pos++;
        return new Obj(at, start, pos, List.of());
      }
      while (true) {
        skipSpace();
        if (peek() != '"') {
          throw error(
              here(), "expected a quoted " + options.memberName() + " name, found " + shownHere());
        }
        Location nameAt = here();
        String name = string();
        skipSpace();
        if (peek() != ':') {
          throw error(here(), "expected ':' after \"" + name + "\", found " + shownHere());
        }
        pos++;
        members.add(new Member(name, nameAt, value()));
        skipSpace();
        char c = peek();
        if (c == '}') {
          pos++;
          return new Obj(at, start, pos, List.copyOf(members));
        }
        if (c != ',') {
          throw error(
              here(),
              "expected ',' or '}' after a member of the object opened at line "
                  + at.line()
                  + ", column "
                  + at.column()
                  + ", found "
                  + shownHere());
        }
        pos++;
      }
    }

    private Arr array() {
      Location at = here();
      int start = pos++;
      var elements = new ArrayList<Node>();
      skipSpace();
      if (peek() == ']') {
        pos++;
        return new Arr(at, start, pos, List.of());
      }
      while (true) {
        elements.add(value());
        skipSpace();
        char c = peek();
        if (c == ']') {
          pos++;
          return new Arr(at, start, pos, List.copyOf(elements));
        }
        if (c != ',') {
          throw error(
              here(),
              "expected ',' or ']' after an element of the array opened at line "
                  + at.line()
                  + ", column "
                  + at.column()
                  + ", found "
                  + shownHere());
        }
        pos++;
      }
    }

    private String string() {
      Location at = here();
      pos++;
      var out = new StringBuilder();
      while (true) {
        if (pos >= text.length()) {
          throw error(at, "unterminated string");
        }
        char c = text.charAt(pos);
        if (c == '"') {
          pos++;
          break;
        }
        if (c < 0x20) {
          throw error(
              here(),
              "a control character inside a string; write it as an escape"
                  + " such as "
                  + options.controlEscapes());
        }
        if (c != '\\') {
          out.append(c);
          pos++;
          continue;
        }
        Location escapeAt = here();
        char e = pos + 1 < text.length() ? text.charAt(pos + 1) : '\0';
        pos += 2;
        switch (e) {
          case '"':
            out.append('"');
            break;
          case '\\':
            out.append('\\');
            break;
          case '/':
            out.append('/');
            break;
          case 'b':
            out.append('\b');
            break;
          case 'f':
            out.append('\f');
            break;
          case 'n':
            out.append('\n');
            break;
          case 'r':
            out.append('\r');
            break;
          case 't':
            out.append('\t');
            break;
          case 'u':
            if (pos + 4 > text.length()
                || !text.substring(pos, pos + 4).matches("[0-9A-Fa-f]{4}")) {
              throw error(escapeAt, "\\u must be followed by four hex digits");
            }
            out.append((char) Integer.parseInt(text.substring(pos, pos + 4), 16));
            pos += 4;
            break;
          default:
            throw error(
                escapeAt,
                "invalid escape \\"
                    + (e == '\0' ? "" : e)
                    + "; JSON allows \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\u with four hex digits");
        }
      }
      String s = out.toString();
      if (options.utf8Strings()) {
        requireUtf8(s, at);
      }
      return s;
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

    private Num number() {
      Location at = here();
      int start = pos;
      if (peek() == '-') {
        pos++;
      }
      if (peek() == '0') {
        pos++;
      } else if (isDigit(peek())) {
        digits();
      } else {
        throw error(here(), "expected a digit in the number");
      }
      if (peek() == '.') {
        pos++;
        if (!isDigit(peek())) {
          throw error(here(), "expected a digit after the decimal point");
        }
        digits();
      }
      if (peek() == 'e' || peek() == 'E') {
        pos++;
        if (peek() == '+' || peek() == '-') {
          pos++;
        }
        if (!isDigit(peek())) {
          throw error(here(), "expected a digit in the exponent");
        }
        digits();
      }
      return new Num(at, start, pos, text.substring(start, pos));
    }

    private void digits() {
      while (isDigit(peek())) {
        pos++;
      }
    }

    private static boolean isDigit(char c) {
      return c >= '0' && c <= '9';
    }

    private char peek() {
      return pos < text.length() ? text.charAt(pos) : '\0';
    }

    private void skipSpace() {
      while (pos < text.length()) {
        char c = text.charAt(pos);
        if (c == '\n') {
          line++;
          lineStart = pos + 1;
        } else if (c != ' ' && c != '\t' && c != '\r') {
          return;
        }
        pos++;
      }
    }

    private Location here() {
      return new Location(file, line, pos - lineStart + 1);
    }

    private String shownHere() {
      if (pos >= text.length()) {
        return "the end of the input";
      }
      char c = text.charAt(pos);
      return c < 0x20 ? String.format("character U+%04X", (int) c) : "'" + c + "'";
    }

    private static InputException error(Location at, String message) {
      return new InputException(at, "invalid JSON: " + message);
    }
  }
}
