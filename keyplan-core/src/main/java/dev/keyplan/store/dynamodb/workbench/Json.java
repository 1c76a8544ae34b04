package dev.keyplan.store.dynamodb.workbench;

import dev.keyplan.model.InputException;
import dev.keyplan.model.Location;
import java.util.ArrayList;
import java.util.List;

/**
 * A JSON tree (RFC 8259) whose every node knows where it starts, {@code line:column}, and which
 * characters of the source it spans.
 *
 * <p>{@link dev.keyplan.store.dynamodb.DynamoJson} keeps its reader private and reads one whole
 * item per call, so the Workbench reader needs its own tree; the spans let it hand each sample
 * item back to {@code DynamoJson} with its original position (see {@link WorkbenchReader}). A
 * syntax error stops reading with one diagnostic, as {@code DynamoJson} does. Duplicate member
 * names are kept here and judged by the caller, because only the fields it reads matter.
 */
final class Json {
  private Json() {}

  sealed interface Node {
    Location at();

    /** Index of the node's first character in the (BOM-less) source. */
    int start();

    /** Index just past the node's last character. */
    int end();
  }

  record Member(String name, Location at, Node value) {}

  record Obj(Location at, int start, int end, List<Member> members) implements Node {}

  record Arr(Location at, int start, int end, List<Node> elements) implements Node {}

  record Str(Location at, int start, int end, String value) implements Node {}

  record Num(Location at, int start, int end, String text) implements Node {}

  record Literal(Location at, int start, int end, String text) implements Node {}

  /** Returns a short description of a node for "found …" in messages. */
  static String describe(Node node) {
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
  static String source(String text) {
    // A byte-order mark is not JSON, but Windows editors write one.
    return text.startsWith("\uFEFF") ? text.substring(1) : text;
  }

  /** Parses {@link #source(String) source(text)}; a syntax error is an {@link InputException}. */
  static Node parse(String file, String text) {
    return new Parser(file, source(text)).document();
  }

  private static final class Parser {
    private final String file;
    private final String text;
    private int pos;
    private int line = 1;
    private int lineStart;

    Parser(String file, String text) {
      this.file = file;
      this.text = text;
    }

    Node document() {
      skipSpace();
      if (pos == text.length()) {
        throw error(here(), "the file is empty; expected a NoSQL Workbench model, an object"
            + " with \"ModelName\" and \"DataModel\"");
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
      throw error(at, "unexpected " + shownHere() + "; expected a value (an object, array,"
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
          throw error(here(), "expected a quoted member name, found " + shownHere());
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
          throw error(here(), "expected ',' or '}' after a member of the object opened at line "
              + at.line() + ", column " + at.column() + ", found " + shownHere());
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
          throw error(here(), "expected ',' or ']' after an element of the array opened at line "
              + at.line() + ", column " + at.column() + ", found " + shownHere());
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
          return out.toString();
        }
        if (c < 0x20) {
          throw error(here(), "a control character inside a string; write it as an escape"
              + " such as \\n");
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
          case '"': out.append('"'); break;
          case '\\': out.append('\\'); break;
          case '/': out.append('/'); break;
          case 'b': out.append('\b'); break;
          case 'f': out.append('\f'); break;
          case 'n': out.append('\n'); break;
          case 'r': out.append('\r'); break;
          case 't': out.append('\t'); break;
          case 'u':
            if (pos + 4 > text.length()
                || !text.substring(pos, pos + 4).matches("[0-9A-Fa-f]{4}")) {
              throw error(escapeAt, "\\u must be followed by four hex digits");
            }
            out.append((char) Integer.parseInt(text.substring(pos, pos + 4), 16));
            pos += 4;
            break;
          default:
            throw error(escapeAt, "invalid escape \\" + (e == '\0' ? "" : e)
                + "; JSON allows \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX");
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
