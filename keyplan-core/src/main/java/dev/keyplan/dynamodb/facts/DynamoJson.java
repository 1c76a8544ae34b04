package dev.keyplan.dynamodb.facts;

import dev.keyplan.input.Diagnostic;
import dev.keyplan.input.InputException;
import dev.keyplan.input.LocatedJson;
import dev.keyplan.input.LocatedJson.Arr;
import dev.keyplan.input.LocatedJson.Literal;
import dev.keyplan.input.LocatedJson.Member;
import dev.keyplan.input.LocatedJson.Node;
import dev.keyplan.input.LocatedJson.Num;
import dev.keyplan.input.LocatedJson.Obj;
import dev.keyplan.input.LocatedJson.Str;
import dev.keyplan.input.Location;
import dev.keyplan.input.Suggest;
import java.math.BigDecimal;
import java.util.ArrayList;
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
 * <p>The text is parsed by {@link LocatedJson}, whose tree keeps every value's place, and the tree
 * is then converted, so every problem is reported at its place, {@code item.json:3:14}. A syntax
 * error (or a string with no UTF-8 form) stops reading; problems in well-formed JSON (an unknown
 * type descriptor, with a did-you-mean; a number DynamoDB rejects; invalid base64; a duplicate
 * attribute; an empty or duplicated set; {@code NULL: false}; nesting deeper than 32) are all
 * collected into one {@link InputException}.
 */
public final class DynamoJson {
  private DynamoJson() {}

  /** Parses {@code text}, read from {@code file} (used only in diagnostics). */
  public static Map<String, AttributeValue> parseItem(String file, String text) {
    Node root = LocatedJson.parse(file, text, SYNTAX);
    var converter = new Converter();
    Map<String, AttributeValue> item = converter.item(unwrap(root));
    if (!converter.problems.isEmpty()) {
      throw new InputException(converter.problems);
    }
    return item;
  }

  /**
   * An item read as far as it can be: every attribute whose value is DynamoDB JSON, and the
   * problems of those that are not (each left out of {@code item}).
   */
  public record Lenient(Map<String, AttributeValue> item, List<Diagnostic> problems) {
    public Lenient {
      item = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(item));
      problems = List.copyOf(problems);
    }
  }

  /**
   * Parses {@code text} like {@link #parseItem}, but keeps what can be read: an attribute whose
   * value is not DynamoDB JSON, wholly or in part (plain JSON inside an {@code M}), is left out and
   * its problems returned, instead of failing the whole item. For sample data, which DynamoDB never
   * sees; a JSON syntax error still throws.
   */
  public static Lenient readItem(String file, String text) {
    Node root = LocatedJson.parse(file, text, SYNTAX);
    var converter = new Converter();
    Map<String, AttributeValue> item = converter.item(unwrap(root));
    return new Lenient(item, converter.problems);
  }

  /**
   * Converts an item that the caller has already parsed with {@link LocatedJson}: the object of
   * attributes itself, with no wrapper to look for. For readers of files that hold one item in a
   * wrapper of their own on each line (an S3 export's {@code {"Item": {…}}}), which find the item
   * themselves and must not have {@link #parseItem}'s guess at a get-item wrapper applied to it.
   * Every problem is collected into one {@link InputException}, as in {@link #parseItem}.
   */
  public static Map<String, AttributeValue> convertItem(Node item) {
    var converter = new Converter();
    Map<String, AttributeValue> result = converter.item(item);
    if (!converter.problems.isEmpty()) {
      throw new InputException(converter.problems);
    }
    return result;
  }

  /** How DynamoDB JSON is read: its own words, and strings that must have a UTF-8 form. */
  private static final LocatedJson.Options SYNTAX =
      new LocatedJson.Options(
          "the file is empty; expected a DynamoDB JSON item such as {\"id\": {\"S\": \"a\"}}",
          "attribute",
          "\\n or \\u0000",
          true);

  /** Like {@link LocatedJson#describe}, but without a string's text. */
  private static String describe(Node node) {
    return node instanceof Str ? "a string" : LocatedJson.describe(node);
  }

  /**
   * Unwraps get-item output. {@code {"Item": {"S": "x"}}} stays an item whose attribute is named
   * Item, because its value is a typed value; {@code {"Item": {"id": {…}}}} is the wrapper.
   */
  private static Node unwrap(Node root) {
    if (!(root instanceof Obj object)) {
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
    if (item == null || !(item.value() instanceof Obj inner) || looksTyped(inner)) {
      return root;
    }
    return inner;
  }

  /**
   * Returns whether {@code node} reads as one typed value: a single descriptor whose value is not
   * an object, or M (whose value is an object of typed values). {@code {"S": {"S": "x"}}} is not
   * one, so it is read as an item with an attribute named S.
   */
  private static boolean looksTyped(Obj node) {
    if (node.members().size() != 1) {
      return false;
    }
    Member only = node.members().get(0);
    return AttributeValue.DESCRIPTORS.contains(only.name())
        && (only.name().equals("M") || !(only.value() instanceof Obj));
  }

  // ----- DynamoDB JSON -> AttributeValue -----

  private static final class Converter {
    final List<Diagnostic> problems = new ArrayList<>();

    Map<String, AttributeValue> item(Node root) {
      if (!(root instanceof Obj object)) {
        problems.add(
            new Diagnostic(
                root.at(),
                "expected an item, a JSON object of attributes"
                    + " such as {\"id\": {\"S\": \"a\"}}, found "
                    + describe(root)));
        return Map.of();
      }
      return attributes(object, 0, true);
    }

    Map<String, AttributeValue> attributes(Obj object, int depth, boolean topLevel) {
      var result = new LinkedHashMap<String, AttributeValue>();
      var firstAt = new HashMap<String, Location>();
      for (Member m : object.members()) {
        Location first = firstAt.putIfAbsent(m.name(), m.at());
        if (first != null) {
          problems.add(
              new Diagnostic(
                  m.at(),
                  "duplicate attribute '"
                      + m.name()
                      + "' (first at line "
                      + first.line()
                      + ", column "
                      + first.column()
                      + ")"));
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
      if (!(node instanceof Obj object)) {
        problems.add(
            new Diagnostic(
                node.at(),
                "expected a typed value such as {\"S\": \"text\"}"
                    + " or {\"N\": \"1\"}, found "
                    + describe(node)));
        return null;
      }
      if (object.members().size() != 1) {
        Location at = object.members().isEmpty() ? object.at() : object.members().get(1).at();
        problems.add(
            new Diagnostic(
                at,
                "expected exactly one type descriptor ("
                    + String.join(", ", AttributeValue.DESCRIPTORS)
                    + "), found "
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
              problems.add(
                  new Diagnostic(
                      v.at(), "NULL must be true: DynamoDB rejects" + " {\"NULL\": false}"));
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
            String hint =
                Suggest.closest(type, AttributeValue.DESCRIPTORS)
                    .map(s -> "; did you mean '" + s + "'?")
                    .orElse("");
            problems.add(
                new Diagnostic(
                    m.at(),
                    "unknown type descriptor '"
                        + type
                        + "'"
                        + hint
                        + " (expected one of "
                        + String.join(", ", AttributeValue.DESCRIPTORS)
                        + ")"));
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
      if (!(v instanceof Obj object)) {
        throw new Invalid(
            v.at(), "M needs an object of names to typed values, found " + describe(v));
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
        throw new Invalid(
            v.at(),
            "nested deeper than DynamoDB's "
                + DynamoDbLimits.MAX_NESTING_DEPTH
                + " levels of lists and maps");
      }
    }

    private static List<Node> set(Node v, String type) {
      List<Node> elements = array(v, type);
      if (elements.isEmpty()) {
        throw new Invalid(
            v.at(),
            "an empty "
                + type
                + " set; DynamoDB sets must have at least"
                + " one element (remove the attribute instead)");
      }
      return elements;
    }

    private static <T> void requireDistinct(List<Node> nodes, List<T> values, String type) {
      for (int i = 0; i < values.size(); i++) {
        int first = values.indexOf(values.get(i));
        if (first != i) {
          Location at = nodes.get(first).at();
          throw new Invalid(
              nodes.get(i).at(),
              "duplicate element in the "
                  + type
                  + " set"
                  + " (same as line "
                  + at.line()
                  + ", column "
                  + at.column()
                  + "); DynamoDB"
                  + " rejects such an item");
        }
      }
    }

    private static List<Node> array(Node v, String type) {
      if (!(v instanceof Arr array)) {
        throw new Invalid(v.at(), type + " needs a JSON array, found " + describe(v));
      }
      return array.elements();
    }

    private static String string(Node v, String what) {
      if (!(v instanceof Str s)) {
        throw new Invalid(v.at(), what + " needs a JSON string, found " + describe(v));
      }
      return s.value();
    }

    private static boolean bool(Node v, String type) {
      if (v instanceof Literal l && !l.text().equals("null")) {
        return l.text().equals("true");
      }
      throw new Invalid(v.at(), type + " needs true or false, found " + describe(v));
    }

    private static AttributeValue.N number(Node v) {
      if (v instanceof Num n) {
        throw new Invalid(
            v.at(),
            "a DynamoDB number is written as a string: {\"N\": \""
                + n.text()
                + "\"}, not {\"N\": "
                + n.text()
                + "}");
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
}
