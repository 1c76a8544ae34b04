package dev.keyplan.dynamodb.verify;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;

/**
 * The key condition of a plan, read back from the text keyplan prints for it ({@code
 * DynamoPlan#keyCondition}), so the request runs exactly as the plan says:
 *
 * <ul>
 *   <li>{@code PK = "C#<customer_id>"}: an equality, on a partition or a sort key;
 *   <li>{@code begins_with(SK, "ORDER#")};
 *   <li>{@code SK BETWEEN "ORDER#<order_date from>" AND "ORDER#<order_date to>(U+FFFF)"};
 *   <li>{@code SK < or > "ORDER#<order_date>"}: one bound, run as a BETWEEN from the value to the
 *       end of the prefix, as keyplan's plan says it is written.
 * </ul>
 *
 * <p>Quoted text is literal, except {@code <attr>} (the attribute's value; {@code <attr from>} and
 * {@code <attr to>} the bounds of a range), {@code <0..N-1>} (a write shard) and the escape of
 * U+FFFF, the highest character, which ends an upper bound.
 */
record KeyCondition(List<Term> terms) {

  KeyCondition {
    terms = List.copyOf(terms);
  }

  /** How a term compares. */
  enum Op {
    EQ,
    BEGINS_WITH,
    BETWEEN
  }

  /** One comparison on one key attribute; BETWEEN has two operands. */
  record Term(String attribute, Op op, List<Template> operands) {
    Term {
      operands = List.copyOf(operands);
    }
  }

  /** A quoted operand: literal text, placeholders and shard markers. */
  record Template(List<Part> parts) {
    Template {
      parts = List.copyOf(parts);
    }

    /** Returns the single placeholder, if the operand is nothing else. */
    java.util.Optional<Placeholder> bare() {
      return parts.size() == 1 && parts.get(0) instanceof Placeholder p
          ? java.util.Optional.of(p)
          : java.util.Optional.empty();
    }

    /** Returns true if the operand has a shard marker. */
    boolean sharded() {
      return parts.stream().anyMatch(p -> p instanceof Shard);
    }
  }

  /** A part of an operand. */
  sealed interface Part permits Literal, Placeholder, Shard {}

  /** Literal text. */
  record Literal(String text) implements Part {}

  /** An attribute's value, or the low or high bound of a range over it. */
  record Placeholder(String attribute, Bound bound) implements Part {}

  /** A write shard suffix 0 … count − 1. */
  record Shard(int count) implements Part {}

  /** Which value of a ranged attribute a placeholder stands for. */
  enum Bound {
    VALUE,
    FROM,
    TO
  }

  /** Resolves placeholders and shards to text. */
  interface Values {
    /** Returns the text of {@code attribute}'s value, or of the low or high end of its range. */
    String text(String attribute, Bound bound);
  }

  /**
   * Reads {@code text}; throws IllegalArgumentException naming it when it is not a key condition
   * keyplan writes.
   */
  static KeyCondition parse(String text) {
    List<Term> terms = new ArrayList<>();
    for (String t : splitAnd(text)) {
      terms.add(term(t.trim(), text));
    }
    if (terms.isEmpty()) {
      throw new IllegalArgumentException("no key condition in '" + text + "'");
    }
    return new KeyCondition(terms);
  }

  /** Returns the product of the shard counts of every operand: the queries one request makes. */
  int queries() {
    int n = 1;
    for (Term t : terms) {
      for (Template o : t.operands()) {
        for (Part p : o.parts()) {
          if (p instanceof Shard s) {
            n *= s.count();
          }
        }
      }
    }
    return n;
  }

  /** Returns {@code template} filled in; shard markers take {@code shard}. */
  static String fill(Template template, Values values, IntFunction<Integer> shard) {
    StringBuilder s = new StringBuilder();
    for (Part p : template.parts()) {
      if (p instanceof Literal l) {
        s.append(l.text());
      } else if (p instanceof Placeholder ph) {
        s.append(values.text(ph.attribute(), ph.bound()));
      } else if (p instanceof Shard sh) {
        s.append(shard.apply(sh.count()));
      }
    }
    return s.toString();
  }

  private static Term term(String t, String whole) {
    if (t.startsWith("begins_with(")) {
      int comma = t.indexOf(',');
      if (comma < 0 || !t.endsWith(")")) {
        throw bad(whole);
      }
      String attribute = t.substring("begins_with(".length(), comma).trim();
      return new Term(
          attribute,
          Op.BEGINS_WITH,
          List.of(template(t.substring(comma + 1, t.length() - 1).trim(), whole)));
    }
    int space = t.indexOf(' ');
    if (space < 0) {
      throw bad(whole);
    }
    String attribute = t.substring(0, space);
    String rest = t.substring(space + 1).trim();
    if (rest.startsWith("= ")) {
      return new Term(attribute, Op.EQ, List.of(template(rest.substring(2).trim(), whole)));
    }
    if (rest.startsWith("BETWEEN ")) {
      List<String> quoted = quoted(rest, whole);
      if (quoted.size() != 2) {
        throw bad(whole);
      }
      return new Term(
          attribute,
          Op.BETWEEN,
          List.of(template(quoted.get(0), whole), template(quoted.get(1), whole)));
    }
    if (rest.startsWith("< or > ")) {
      // One bound, written as a BETWEEN from the value to the end of the prefix.
      Template from = template(quoted(rest, whole).get(0), whole);
      int ranged = -1;
      for (int i = 0; i < from.parts().size(); i++) {
        if (from.parts().get(i) instanceof Placeholder) {
          ranged = i;
        }
      }
      if (ranged < 0) {
        throw bad(whole);
      }
      // The ranged placeholder is the last; the ones before it are equalities of the prefix.
      List<Part> to = new ArrayList<>(from.parts().subList(0, ranged));
      to.add(new Literal("\uffff"));
      List<Part> low = new ArrayList<>(from.parts());
      low.set(
          ranged,
          new Placeholder(((Placeholder) from.parts().get(ranged)).attribute(), Bound.FROM));
      return new Term(attribute, Op.BETWEEN, List.of(new Template(low), new Template(to)));
    }
    throw bad(whole);
  }

  private static Template template(String quoted, String whole) {
    String s = quoted;
    if (s.length() >= 2 && s.startsWith("\"") && s.endsWith("\"")) {
      s = s.substring(1, s.length() - 1);
    }
    s = s.replace("\\uffff", "\uffff");
    List<Part> parts = new ArrayList<>();
    StringBuilder literal = new StringBuilder();
    int i = 0;
    while (i < s.length()) {
      char c = s.charAt(i);
      int close = c == '<' ? s.indexOf('>', i) : -1;
      if (close < 0) {
        literal.append(c);
        i++;
        continue;
      }
      if (literal.length() > 0) {
        parts.add(new Literal(literal.toString()));
        literal.setLength(0);
      }
      String inner = s.substring(i + 1, close);
      if (inner.startsWith("0..")) {
        try {
          parts.add(new Shard(Integer.parseInt(inner.substring(3)) + 1));
        } catch (NumberFormatException e) {
          throw bad(whole);
        }
      } else if (inner.endsWith(" from")) {
        parts.add(new Placeholder(inner.substring(0, inner.length() - 5), Bound.FROM));
      } else if (inner.endsWith(" to")) {
        parts.add(new Placeholder(inner.substring(0, inner.length() - 3), Bound.TO));
      } else {
        parts.add(new Placeholder(inner, Bound.VALUE));
      }
      i = close + 1;
    }
    if (literal.length() > 0) {
      parts.add(new Literal(literal.toString()));
    }
    return new Template(parts);
  }

  /** Returns the quoted strings of {@code s}, in order. */
  private static List<String> quoted(String s, String whole) {
    List<String> out = new ArrayList<>();
    int i = 0;
    while (true) {
      int open = s.indexOf('"', i);
      if (open < 0) {
        return out;
      }
      int close = s.indexOf('"', open + 1);
      if (close < 0) {
        throw bad(whole);
      }
      out.add(s.substring(open, close + 1));
      i = close + 1;
    }
  }

  /** Splits on {@code AND} outside quotes and outside a BETWEEN's two operands. */
  private static List<String> splitAnd(String text) {
    List<String> out = new ArrayList<>();
    boolean inQuote = false;
    int start = 0;
    int quotesInTerm = 0;
    boolean between = false;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '"') {
        inQuote = !inQuote;
        quotesInTerm++;
        continue;
      }
      if (!inQuote && text.startsWith(" BETWEEN ", i)) {
        between = true;
      }
      if (!inQuote && text.startsWith(" AND ", i) && !(between && quotesInTerm < 4)) {
        out.add(text.substring(start, i));
        start = i + 5;
        quotesInTerm = 0;
        between = false;
        i += 4;
      }
    }
    out.add(text.substring(start));
    return out;
  }

  private static IllegalArgumentException bad(String whole) {
    return new IllegalArgumentException(
        "keyplan's key condition '" + whole + "' is not in a form keyplan verify reads");
  }
}
