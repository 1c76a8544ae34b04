package dev.keyplan.store.dynamodb;

import dev.keyplan.model.Diagnostic;
import dev.keyplan.model.InputException;
import dev.keyplan.model.Location;
import dev.keyplan.model.yaml.Suggest;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads one DynamoDB item written in DynamoDB JSON, as {@code aws dynamodb get-item} and {@code
 * scan} print it: every attribute is an object with one type descriptor,
 *
 * <pre>{@code
 * {"id": {"S": "C#7"}, "total": {"N": "12.5"}, "photo": {"B": "AQI="}, "tags": {"SS": ["a", "b"]}}
 * }</pre>
 *
 * and the {@code {"Item": {…}}} wrapper of get-item output (with or without {@code
 * ConsumedCapacity}) is accepted. Format source: AWS DynamoDB API Reference, "AttributeValue"
 * (https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_AttributeValue.html, read
 * 2026-12-02).
 *
 * <p>The JSON reader is hand-written so every problem is reported at its place, {@code
 * item.json:3:14}. A syntax error stops reading; problems in well-formed JSON (an unknown type
 * descriptor, with a did-you-mean; a number DynamoDB rejects; invalid base64; a duplicate
 * attribute; an empty or duplicated set; {@code NULL: false}; nesting deeper than 32) are all
 * collected into one {@link InputException}.
 */
public final class DynamoJson {
  private DynamoJson() {}

  /** Parses {@code text}, read from {@code file} (used only in diagnostics). */
  public static Map<String, AttributeValue> parseItem(String file, String text) {
    Node root = new Reader(file, text).document();
    var converter = new Converter();
    Map<String, AttributeValue> item = converter.item(unwrap(root));
    if (!converter.problems.isEmpty()) {
      throw new InputException(converter.problems);
    }
    return item;
  }

  // ----- the JSON tree, each node with the place it starts -----

  private sealed interface Node {
    Location at();
  }

  private record Member(String name, Location at, Node value) {}

  private record ObjectNode(Location at, List<Member> members) implements Node {}

  private record ArrayNode(Location at, List<Node> elements) implements Node {}

  private record StringNode(Location at, String value) implements Node {}

  private record NumberNode(Location at, String text) implements Node {}

  private record LiteralNode(Location at, String text) implements Node {}

  private static String describe(Node node) {
    if (node instanceof ObjectNode) {
      return "an object";
    }
    if (node instanceof ArrayNode) {
      return "an array";
    }
    if (node instanceof StringNode) {
      return "a string";
    }
    if (node instanceof NumberNode n) {
      return "the number " + n.text();
    }
    return ((LiteralNode) node).text();
  }

  /**
   * Unwraps get-item output. {@code {"Item": {"S": "x"}}} stays an item whose attribute is named
   * Item, because its value is a typed value; {@code {"Item": {"id": {…}}}} is the wrapper.
   */
  private static Node unwrap(Node root) {
    if (!(root instanceof ObjectNode object)) {
      return root;
    }
    Member item = null;
    for (Member m : object.members()) {
      if (m.name().equals("Item")) {
        item = m;
      } else if (!m.name().equals("ConsumedCapacity")) {
        return root;
      }
    }
    if (item == null || !(item.value() instanceof ObjectNode inner) || looksTyped(inner)) {
      return root;
    }
    return inner;
  }

  /**
   * Returns whether {@code node} reads as one typed value: a single descriptor whose value is not
   * an object, or M (whose value is an object of typed values). {@code {"S": {"S": "x"}}} is not
   * one, so it is read as an item with an attribute named S.
   */
  private static boolean looksTyped(ObjectNode node) {
    if (node.members().size() != 1) {
      return false;
    }
    Member only = node.members().get(0);
    return AttributeValue.DESCRIPTORS.contains(only.name())
        && (only.name().equals("M") || !(only.value() instanceof ObjectNode));
  }

  // ----- DynamoDB JSON -> AttributeValue -----

  private static final class Converter {
    final List<Diagnostic> problems = new ArrayList<>();

    Map<String, AttributeValue> item(Node root) {
      if (!(root instanceof ObjectNode object)) {
        problems.add(new Diagnostic(root.at(), "expected an item, a JSON object of attributes"
            + " such as {\"id\": {\"S\": \"a\"}}, found " + describe(root)));
        return Map.of();
      }
      return attributes(object, 0, true);
    }

    Map<String, AttributeValue> attributes(ObjectNode object, int depth, boolean topLevel) {
      var result = new LinkedHashMap<String, AttributeValue>();
      var firstAt = new HashMap<String, Location>();
      for (Member m : object.members()) {
        Location first = firstAt.putIfAbsent(m.name(), m.at());
        if (first != null) {
          problems.add(new Diagnostic(m.at(), "duplicate attribute '" + m.name()
              + "' (first at line " + first.line() + ", column " + first.column() + ")"));
          continue;
        }
        if (topLevel && m.name().isEmpty()) {
          problems.add(new Diagnostic(m.at(), "an attribute name cannot be empty"));
          continue;
        }
        AttributeValue v = value(m.value(), depth);
        if (v != null) {
          result.put(m.name(), v);
        }
      }
      return result;
    }

    /** Returns the value, or null after recording why it is not one. */
    AttributeValue value(Node node, int depth) {
      if (!(node instanceof ObjectNode object)) {
        problems.add(new Diagnostic(node.at(), "expected a typed value such as {\"S\": \"text\"}"
            + " or {\"N\": \"1\"}, found " + describe(node)));
        return null;
      }
      if (object.members().size() != 1) {
        Location at = object.members().isEmpty() ? object.at() : object.members().get(1).at();
        problems.add(new Diagnostic(at, "expected exactly one type descriptor ("
            + String.join(", ", AttributeValue.DESCRIPTORS) + "), found "
            + object.members().size()));
        return null;
      }
      Member m = object.members().get(0);
      String type = m.name();
      Node v = m.value();
      try {
        switch (type) {
          case "S":
            return new AttributeValue.S(string(v, "S"));
          case "N":
            return number(v);
          case "B":
            return binary(v);
          case "BOOL":
            return new AttributeValue.Bool(bool(v, "BOOL"));
          case "NULL":
            if (!bool(v, "NULL")) {
              problems.add(new Diagnostic(v.at(), "NULL must be true: DynamoDB rejects"
                  + " {\"NULL\": false}"));
              return null;
            }
            return new AttributeValue.Null();
          case "L":
            return list(v, depth + 1);
          case "M":
            return map(v, depth + 1);
          case "SS":
            return stringSet(v);
          case "NS":
            return numberSet(v);
          case "BS":
            return binarySet(v);
          default:
            String hint = Suggest.closest(type, AttributeValue.DESCRIPTORS)
                .map(s -> "; did you mean '" + s + "'?").orElse("");
            problems.add(new Diagnostic(m.at(), "unknown type descriptor '" + type + "'" + hint
                + " (expected one of " + String.join(", ", AttributeValue.DESCRIPTORS) + ")"));
            return null;
        }
      } catch (Invalid e) {
        problems.add(new Diagnostic(e.at, e.getMessage()));
        return null;
      } catch (IllegalArgumentException e) {
        problems.add(new Diagnostic(v.at(), e.getMessage()));
        return null;
      }
    }

    AttributeValue list(Node v, int depth) {
      checkDepth(v, depth);
      var out = new ArrayList<AttributeValue>();
      boolean ok = true;
      for (Node e : array(v, "L")) {
        AttributeValue element = value(e, depth);
        ok &= element != null;
        out.add(element);
      }
      return ok ? new AttributeValue.L(out) : null;
    }

    AttributeValue map(Node v, int depth) {
      checkDepth(v, depth);
      if (!(v instanceof ObjectNode object)) {
        throw new Invalid(v.at(), "M needs an object of names to typed values, found "
            + describe(v));
      }
      int before = problems.size();
      Map<String, AttributeValue> entries = attributes(object, depth, false);
      return problems.size() == before ? new AttributeValue.M(entries) : null;
    }

    AttributeValue stringSet(Node v) {
      var out = new ArrayList<String>();
      for (Node e : set(v, "SS")) {
        out.add(string(e, "an SS element"));
      }
      requireDistinct(set(v, "SS"), out, "SS");
      return new AttributeValue.SS(out);
    }

    AttributeValue numberSet(Node v) {
      var out = new ArrayList<AttributeValue.N>();
      var keys = new ArrayList<BigDecimal>();
      for (Node e : set(v, "NS")) {
        AttributeValue.N n = number(e);
        out.add(n);
        keys.add(n.value().signum() == 0 ? BigDecimal.ZERO : n.value().stripTrailingZeros());
      }
      requireDistinct(set(v, "NS"), keys, "NS");
      return new AttributeValue.NS(out);
    }

    AttributeValue binarySet(Node v) {
      var out = new ArrayList<AttributeValue.B>();
      for (Node e : set(v, "BS")) {
        out.add(binary(e));
      }
      requireDistinct(set(v, "BS"), out, "BS");
      return new AttributeValue.BS(out);
    }

    private void checkDepth(Node v, int depth) {
      if (depth > DynamoDbLimits.MAX_NESTING_DEPTH) {
        throw new Invalid(v.at(), "nested deeper than DynamoDB's "
            + DynamoDbLimits.MAX_NESTING_DEPTH + " levels of lists and maps");
      }
    }

    private static List<Node> set(Node v, String type) {
      List<Node> elements = array(v, type);
      if (elements.isEmpty()) {
        throw new Invalid(v.at(), "an empty " + type + " set; DynamoDB sets must have at least"
            + " one element (remove the attribute instead)");
      }
      return elements;
    }

    private static <T> void requireDistinct(List<Node> nodes, List<T> values, String type) {
      for (int i = 0; i < values.size(); i++) {
        int first = values.indexOf(values.get(i));
        if (first != i) {
          Location at = nodes.get(first).at();
          throw new Invalid(nodes.get(i).at(), "duplicate element in the " + type + " set"
              + " (same as line " + at.line() + ", column " + at.column() + "); DynamoDB"
              + " rejects such an item");
        }
      }
    }

    private static List<Node> array(Node v, String type) {
      if (!(v instanceof ArrayNode array)) {
        throw new Invalid(v.at(), type + " needs a JSON array, found " + describe(v));
      }
      return array.elements();
    }

    private static String string(Node v, String what) {
      if (!(v instanceof StringNode s)) {
        throw new Invalid(v.at(), what + " needs a JSON string, found " + describe(v));
      }
      return s.value();
    }

    private static boolean bool(Node v, String type) {
      if (v instanceof LiteralNode l && !l.text().equals("null")) {
        return l.text().equals("true");
      }
      throw new Invalid(v.at(), type + " needs true or false, found " + describe(v));
    }

    private static AttributeValue.N number(Node v) {
      if (v instanceof NumberNode n) {
        throw new Invalid(v.at(), "a DynamoDB number is written as a string: {\"N\": \""
            + n.text() + "\"}, not {\"N\": " + n.text() + "}");
      }
      try {
        return AttributeValue.N.of(string(v, "N"));
      } catch (IllegalArgumentException e) {
        throw new Invalid(v.at(), e.getMessage());
      }
    }

    private static AttributeValue.B binary(Node v) {
      try {
        return AttributeValue.B.ofBase64(string(v, "B"));
      } catch (Invalid e) {
        throw e;
      } catch (IllegalArgumentException e) {
        throw new Invalid(v.at(), e.getMessage());
      }
    }
  }

  /** A problem with a place, thrown in the converter and recorded by {@link Converter#value}. */
  private static final class Invalid extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;
    final transient Location at;

    Invalid(Location at, String message) {
      super(message);
      this.at = at;
    }
  }

  // ----- the JSON reader (RFC 8259) -----

  private static final class Reader {
    private final String file;
    private final String text;
    private int pos;
    private int line = 1;
    private int lineStart;

    Reader(String file, String text) {
      this.file = file;
      // A byte-order mark is not JSON, but editors on Windows write one.
      this.text = text.startsWith("\uFEFF") ? text.substring(1) : text;
    }

    Node document() {
      skipSpace();
      if (pos == text.length()) {
        throw error(here(), "the file is empty; expected a DynamoDB JSON item such as"
            + " {\"id\": {\"S\": \"a\"}}");
      }
      Node root = value();
      skipSpace();
      if (pos < text.length()) {
        throw error(here(), "unexpected " + shown(text.charAt(pos)) + " after the end of the"
            + " JSON value");
      }
      return root;
    }

    private Node value() {
      skipSpace();
      if (pos == text.length()) {
        throw error(here(), "unexpected end of input; expected a value");
      }
      char c = text.charAt(pos);
      if (c == '{') {
        return object();
      }
      if (c == '[') {
        return array();
      }
      if (c == '"') {
        Location at = here();
        return new StringNode(at, string());
      }
      if (c == '-' || (c >= '0' && c <= '9')) {
        return number();
      }
      for (String literal : new String[] {"true", "false", "null"}) {
        if (text.startsWith(literal, pos)) {
          Location at = here();
          pos += literal.length();
          return new LiteralNode(at, literal);
        }
      }
      throw error(here(), "unexpected " + shown(c) + "; expected a value (an object, array,"
          + " string, number, true, false or null)");
    }

    private ObjectNode object() {
      Location at = here();
      pos++;
      var members = new ArrayList<Member>();
      skipSpace();
      if (peek() == '}') {
        pos++;
        return new ObjectNode(at, members);
      }
      while (true) {
        skipSpace();
        if (peek() != '"') {
          throw error(here(), "expected a quoted attribute name, found " + shownHere());
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
        pos++;
        if (c == '}') {
          return new ObjectNode(at, Collections.unmodifiableList(members));
        }
        if (c != ',') {
          pos--;
          throw error(here(), "expected ',' or '}' after a member of the object opened at line "
              + at.line() + ", column " + at.column() + ", found " + shownHere());
        }
      }
    }

    private ArrayNode array() {
      Location at = here();
      pos++;
      var elements = new ArrayList<Node>();
      skipSpace();
      if (peek() == ']') {
        pos++;
        return new ArrayNode(at, elements);
      }
      while (true) {
        elements.add(value());
        skipSpace();
        char c = peek();
        pos++;
        if (c == ']') {
          return new ArrayNode(at, Collections.unmodifiableList(elements));
        }
        if (c != ',') {
          pos--;
          throw error(here(), "expected ',' or ']' after an element of the array opened at line "
              + at.line() + ", column " + at.column() + ", found " + shownHere());
        }
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
        if (c == '\n' || c < 0x20) {
          throw error(here(), "a control character inside a string; write it as an escape"
              + " such as \\n or \\u0000");
        }
        if (c != '\\') {
          out.append(c);
          pos++;
          continue;
        }
        Location escapeAt = here();
        pos++;
        char e = pos < text.length() ? text.charAt(pos) : '\0';
        pos++;
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
      String s = out.toString();
      for (int i = 0; i < s.length(); i++) {
        char c = s.charAt(i);
        boolean paired = Character.isHighSurrogate(c) && i + 1 < s.length()
            && Character.isLowSurrogate(s.charAt(i + 1));
        if (paired) {
          i++;
        } else if (Character.isSurrogate(c)) {
          // Such a string has no UTF-8 form, so neither DynamoDB nor a size exists for it.
          throw error(at, "the string contains an unpaired surrogate \\u"
              + String.format("%04X", (int) c) + "; it has no UTF-8 encoding");
        }
      }
      return s;
    }

    private NumberNode number() {
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
      return new NumberNode(at, text.substring(start, pos));
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
      return pos < text.length() ? shown(text.charAt(pos)) : "the end of the input";
    }

    private static String shown(char c) {
      return c < 0x20 ? String.format("character U+%04X", (int) c) : "'" + c + "'";
    }

    private static InputException error(Location at, String message) {
      return new InputException(at, "invalid JSON: " + message);
    }
  }
}
