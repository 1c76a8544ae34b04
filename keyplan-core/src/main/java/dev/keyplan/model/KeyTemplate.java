package dev.keyplan.model;

import dev.keyplan.input.Diagnostic;
import dev.keyplan.input.Location;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;

/**
 * The value of a DynamoDB key attribute as a template over an entity's attributes, the way
 * single-table designs write it: {@code "C#{customer_id}"}, {@code
 * "ORDER#{order_date}#{order_id}"}, {@code "PROFILE"}, or {@code "PRODUCT#{product_id}#{shard:10}"}
 * for a write-sharded key whose suffix is one of 10 random values (seed 004, "write sharding"; AWS
 * DG "Using write sharding to distribute workloads evenly").
 *
 * <p>Grammar: literal text with placeholders {@code {attribute}} and at most one {@code {shard:N}}
 * (N from 2 to 1,000). Braces appear only around placeholders.
 *
 * @param attribute the key attribute this template fills ({@code PK}, {@code GSI1SK})
 * @param text the template as written
 * @param parts literal text, attributes and shard suffixes, in order
 */
public record KeyTemplate(String attribute, String text, List<Part> parts, Location location) {

  public KeyTemplate {
    parts = List.copyOf(parts);
  }

  /** One piece of a template. */
  public sealed interface Part permits Literal, Placeholder, Shard {}

  /** Text copied as written. */
  public record Literal(String text) implements Part {}

  /** The value of an entity attribute. */
  public record Placeholder(String attribute, Location location) implements Part {}

  /** A random suffix from 0 to {@code count − 1}, chosen on each write. */
  public record Shard(int count) implements Part {}

  /** Most suffix values accepted: beyond it each read would fan out to a thousand queries. */
  public static final int MAX_SHARDS = 1_000;

  /** Returns the entity attributes the template uses, in order. */
  public List<String> attributes() {
    List<String> out = new ArrayList<>();
    for (Part p : parts) {
      if (p instanceof Placeholder ph) {
        out.add(ph.attribute());
      }
    }
    return out;
  }

  /** Returns the shard suffix's number of values, or 1 when the key is not sharded. */
  public int shards() {
    for (Part p : parts) {
      if (p instanceof Shard s) {
        return s.count();
      }
    }
    return 1;
  }

  /**
   * Returns true when the template is one placeholder and nothing else: the attribute's own value.
   */
  public boolean isBareAttribute() {
    return parts.size() == 1 && parts.get(0) instanceof Placeholder;
  }

  /** Returns the literal text before the first placeholder (empty if it starts with one). */
  public String literalPrefix() {
    return parts.isEmpty() || !(parts.get(0) instanceof Literal l) ? "" : l.text();
  }

  /**
   * Parses {@code text}; each problem goes to {@code problems} at its column ({@code at} maps an
   * offset in the text to its place in the file) and the readable parts are returned, so the rest
   * of the file is still checked.
   */
  public static KeyTemplate parse(
      String attribute, String text, IntFunction<Location> at, List<Diagnostic> problems) {
    List<Part> parts = new ArrayList<>();
    StringBuilder literal = new StringBuilder();
    int shards = 0;
    int i = 0;
    while (i < text.length()) {
      char c = text.charAt(i);
      if (c == '}') {
        problems.add(new Diagnostic(at.apply(i), "'}' without '{' in key template '" + text + "'"));
        i++;
        continue;
      }
      if (c != '{') {
        literal.append(c);
        i++;
        continue;
      }
      int close = text.indexOf('}', i);
      if (close < 0) {
        problems.add(new Diagnostic(at.apply(i), "'{' without '}' in key template '" + text + "'"));
        break;
      }
      String inside = text.substring(i + 1, close).trim();
      if (literal.length() > 0) {
        parts.add(new Literal(literal.toString()));
        literal.setLength(0);
      }
      if (inside.matches("shard\\s*:.*")) {
        var m = java.util.regex.Pattern.compile("shard\\s*:\\s*([0-9]+)").matcher(inside);
        int n = m.matches() && m.group(1).length() <= 4 ? Integer.parseInt(m.group(1)) : 0;
        if (n < 2 || n > MAX_SHARDS) {
          problems.add(
              new Diagnostic(
                  at.apply(i + 1),
                  "expected {shard:N} with N from 2 to "
                      + MAX_SHARDS
                      + " (the number of random suffix values) but found '{"
                      + inside
                      + "}'"));
        } else if (++shards > 1) {
          problems.add(new Diagnostic(at.apply(i + 1), "a key template has at most one {shard:N}"));
        } else {
          parts.add(new Shard(n));
        }
      } else if (inside.matches("[A-Za-z_][A-Za-z0-9_]*")) {
        parts.add(new Placeholder(inside, at.apply(i + 1)));
      } else {
        problems.add(
            new Diagnostic(
                at.apply(i + 1),
                "expected an attribute name or shard:N inside '{…}' but found '{" + inside + "}'"));
      }
      i = close + 1;
    }
    if (literal.length() > 0) {
      parts.add(new Literal(literal.toString()));
    }
    if (text.isEmpty()) {
      problems.add(
          new Diagnostic(
              at.apply(0), "a key value cannot be empty (DynamoDB keys are at least 1 byte)"));
    }
    // With a mistake, the parts read so far are kept: their attributes are still checked.
    return new KeyTemplate(
        attribute, text, parts.isEmpty() ? List.of(new Literal(text)) : parts, at.apply(0));
  }
}
