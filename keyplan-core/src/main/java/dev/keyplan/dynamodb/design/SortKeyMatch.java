package dev.keyplan.dynamodb.design;

import dev.keyplan.model.KeyTemplate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * What a read's restrictions make of a sort key: DynamoDB's key condition allows one condition on
 * the sort key — {@code =}, {@code <}, {@code <=}, {@code >}, {@code >=}, {@code BETWEEN} or {@code
 * begins_with} (AWS DG, "Key condition expressions for the Query operation"). With a template such
 * as {@code ORDER#{order_date}#{order_id}}, equalities on a leading run of its placeholders give a
 * longer {@code begins_with} prefix, a range on the next placeholder gives a {@code BETWEEN},
 * equalities on all of them give {@code =}.
 *
 * @param exact every placeholder was given by {@code =}: the condition is {@code SK = value}
 * @param consumed the placeholders given by {@code =}, in template order
 * @param range the placeholder the range condition is on, if any
 * @param prefix the tokens of the {@code begins_with} prefix: literal text and {@code <attr>}
 * @param rest the placeholders after the consumed ones, in order (what a sort can follow)
 */
record SortKeyMatch(
    boolean exact,
    List<String> consumed,
    Optional<String> range,
    List<Object> prefix,
    List<String> rest,
    boolean hasSortKey) {

  /**
   * Walks the sort key templates (in order) against the equality and range attributes of a read.
   */
  static SortKeyMatch of(List<KeyTemplate> sortKey, Set<String> equal, Set<String> ranged) {
    if (sortKey.isEmpty()) {
      return new SortKeyMatch(true, List.of(), Optional.empty(), List.of(), List.of(), false);
    }
    List<KeyTemplate.Part> parts = new ArrayList<>();
    sortKey.forEach(t -> parts.addAll(t.parts()));
    List<String> consumed = new ArrayList<>();
    List<Object> prefix = new ArrayList<>();
    List<String> rest = new ArrayList<>();
    Optional<String> range = Optional.empty();
    boolean walking = true;
    boolean exact = true;
    for (KeyTemplate.Part p : parts) {
      if (!walking) {
        if (p instanceof KeyTemplate.Placeholder ph) {
          rest.add(ph.attribute());
        }
        continue;
      }
      if (p instanceof KeyTemplate.Literal l) {
        prefix.add(l.text());
      } else if (p instanceof KeyTemplate.Placeholder ph) {
        if (equal.contains(ph.attribute())) {
          consumed.add(ph.attribute());
          prefix.add(ph);
        } else {
          exact = false;
          walking = false;
          rest.add(ph.attribute());
          if (ranged.contains(ph.attribute())) {
            range = Optional.of(ph.attribute());
          }
        }
      } else {
        exact = false;
        walking = false;
      }
    }
    return new SortKeyMatch(
        exact, List.copyOf(consumed), range, List.copyOf(prefix), List.copyOf(rest), true);
  }

  /**
   * Returns the prefix as text, placeholders written {@code <attr>}: {@code ORDER#<order_date>#}.
   */
  String prefixText() {
    StringBuilder s = new StringBuilder();
    for (Object o : prefix) {
      s.append(o instanceof KeyTemplate.Placeholder ph ? "<" + ph.attribute() + ">" : o);
    }
    return s.toString();
  }

  /** Returns true if nothing narrows the sort key: no prefix, no range. */
  boolean none() {
    return hasSortKey && prefix.isEmpty() && range.isEmpty();
  }

  /**
   * Returns true if items of {@code other}'s sort key template can satisfy the same condition: its
   * parts start with the same literal text and placeholders (a {@code begins_with} or range over a
   * shared prefix also reads the other type's items).
   */
  boolean admits(List<KeyTemplate> other) {
    if (exact && hasSortKey) {
      return false;
    }
    if (none() || !hasSortKey) {
      return true;
    }
    List<KeyTemplate.Part> parts = new ArrayList<>();
    other.forEach(t -> parts.addAll(t.parts()));
    StringBuilder literal = new StringBuilder();
    List<Object> theirs = new ArrayList<>();
    for (KeyTemplate.Part p : parts) {
      if (p instanceof KeyTemplate.Literal l) {
        literal.append(l.text());
      } else {
        if (literal.length() > 0) {
          theirs.add(literal.toString());
          literal.setLength(0);
        }
        theirs.add(
            p instanceof KeyTemplate.Placeholder ph ? "<" + ph.attribute() + ">" : "{shard}");
      }
    }
    if (literal.length() > 0) {
      theirs.add(literal.toString());
    }
    String ours = prefixText();
    StringBuilder flat = new StringBuilder();
    for (Object o : theirs) {
      flat.append(o);
      if (flat.length() >= ours.length()) {
        break;
      }
    }
    return flat.toString().startsWith(ours);
  }

  /**
   * Returns the condition one Query needs to read this read's items and those of {@code others}'
   * sort key templates together (an order and its lines, issue 16 §2): this one when it already
   * admits them all, else the longest {@code begins_with} prefix every template starts with —
   * literal text character by character, placeholders by attribute — with no range and no {@code
   * =}. {@code ORDER#{order_id}} read by {@code =} and {@code ORDER#{order_id}#LINE#{line_id}}
   * share {@code ORDER#<order_id>}; {@code O#{order_id}} and {@code L#{line_id}} share nothing, so
   * the Query has no sort key condition. The caller decides whether what this drops was needed.
   */
  SortKeyMatch within(List<List<KeyTemplate>> others) {
    if (!hasSortKey || others.stream().allMatch(this::admits)) {
      return this;
    }
    List<Object> ours = units(prefix);
    int n = ours.size();
    for (List<KeyTemplate> o : others) {
      List<Object> parts = new ArrayList<>();
      o.forEach(t -> parts.addAll(t.parts()));
      List<Object> theirs = units(parts);
      int k = 0;
      while (k < n && k < theirs.size() && ours.get(k).equals(theirs.get(k))) {
        k++;
      }
      n = k;
    }
    List<Object> shared = new ArrayList<>();
    List<String> consumed = new ArrayList<>();
    StringBuilder literal = new StringBuilder();
    for (Object u : ours.subList(0, n)) {
      if (u instanceof Character c) {
        literal.append(c.charValue());
      } else {
        if (literal.length() > 0) {
          shared.add(literal.toString());
          literal.setLength(0);
        }
        KeyTemplate.Placeholder ph = placeholder(u);
        shared.add(ph);
        consumed.add(ph.attribute());
      }
    }
    if (literal.length() > 0) {
      shared.add(literal.toString());
    }
    return new SortKeyMatch(
        false, List.copyOf(consumed), Optional.empty(), List.copyOf(shared), List.of(), true);
  }

  /** A placeholder as a unit of {@link #units}: equal when the attribute is. */
  private record Named(KeyTemplate.Placeholder placeholder) {
    @Override
    public boolean equals(Object o) {
      return o instanceof Named n && n.placeholder.attribute().equals(placeholder.attribute());
    }

    @Override
    public int hashCode() {
      return placeholder.attribute().hashCode();
    }
  }

  private static KeyTemplate.Placeholder placeholder(Object unit) {
    return ((Named) unit).placeholder();
  }

  /**
   * Splits prefix tokens or template parts into units to compare: each literal character, each
   * placeholder; a shard suffix ends the list, since no prefix can name its value.
   */
  private static List<Object> units(List<?> tokens) {
    List<Object> out = new ArrayList<>();
    for (Object t : tokens) {
      if (t instanceof String text) {
        text.chars().forEach(c -> out.add((char) c));
      } else if (t instanceof KeyTemplate.Literal l) {
        l.text().chars().forEach(c -> out.add((char) c));
      } else if (t instanceof KeyTemplate.Placeholder ph) {
        out.add(new Named(ph));
      } else {
        break;
      }
    }
    return out;
  }
}
