package dev.keyplan.model;

import dev.keyplan.input.Diagnostic;
import dev.keyplan.input.Location;
import dev.keyplan.model.Operation.Comparison;
import dev.keyplan.model.Operation.Condition;
import dev.keyplan.model.Operation.Kind;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.IntFunction;

/**
 * Reads the compact operation form of an access pattern (grammar in docs/model.md):
 *
 * <pre>
 * read   := ['count'] ['select' attr (',' attr)* 'from'] Entity ['where' cond ('and' cond)*]
 *           ['order' 'by' attr ['asc'|'desc'] (',' …)*] ['limit' N]
 * insert := Entity ['if' 'not' 'exists'] ['using' 'ttl' DURATION]
 * update := Entity 'set' attr (',' attr)* 'where' cond ('and' cond)* ['if' …]
 * delete := Entity 'where' cond ('and' cond)* ['if' …]
 * increment := Entity '.' attr 'where' cond ('and' cond)*
 * cond   := attr ('=' | '<' | '<=' | '>' | '>=' | 'contains') '?' | attr 'in' ('(' '?' (',' '?')* ')' | N)
 *         | attr 'between' '?' 'and' '?'
 * </pre>
 *
 * Keywords are case-insensitive. Each problem is reported at its own column in the model file.
 */
public final class OperationParser {
  private final String text;
  private final IntFunction<Location> locator;
  private final List<Diagnostic> problems;
  private final Map<String, Location> names = new LinkedHashMap<>();
  private final List<Token> tokens = new ArrayList<>();
  private int next;

  private record Token(String text, int offset) {
    boolean is(String keyword) {
      return text.equalsIgnoreCase(keyword);
    }
  }

  private OperationParser(String text, IntFunction<Location> locator, List<Diagnostic> problems) {
    this.text = text;
    this.locator = locator;
    this.problems = problems;
    tokenize();
  }

  /**
   * Parses a read written on one line from {@code start}; see {@link #read(String, IntFunction,
   * List)}.
   */
  public static Optional<Operation.Read> read(
      String text, Location start, List<Diagnostic> problems) {
    return read(text, oneLine(start), problems);
  }

  /**
   * Parses a read; problems go to {@code problems} and the result is empty if it is unusable.
   *
   * @param locator the place in the model file of each character offset of {@code text}
   */
  public static Optional<Operation.Read> read(
      String text, IntFunction<Location> locator, List<Diagnostic> problems) {
    var p = new OperationParser(text, locator, problems);
    int before = problems.size();
    Operation.Read read = p.parseRead();
    return problems.size() == before ? Optional.of(read) : Optional.empty();
  }

  /** Parses a write written on one line from {@code start}. */
  public static Optional<Operation.Write> write(
      Kind kind, String text, Location start, List<Diagnostic> problems) {
    return write(kind, text, oneLine(start), problems);
  }

  /** Parses a write of the given kind; problems go to {@code problems}. */
  public static Optional<Operation.Write> write(
      Kind kind, String text, IntFunction<Location> locator, List<Diagnostic> problems) {
    var p = new OperationParser(text, locator, problems);
    int before = problems.size();
    Operation.Write write = p.parseWrite(kind);
    return problems.size() == before ? Optional.of(write) : Optional.empty();
  }

  private void tokenize() {
    int i = 0;
    while (i < text.length()) {
      char c = text.charAt(i);
      if (Character.isWhitespace(c)) {
        i++;
      } else if (Character.isLetterOrDigit(c) || c == '_') {
        int s = i;
        while (i < text.length()
            && (Character.isLetterOrDigit(text.charAt(i)) || text.charAt(i) == '_')) {
          i++;
        }
        tokens.add(new Token(text.substring(s, i), s));
      } else if ((c == '<' || c == '>') && i + 1 < text.length() && text.charAt(i + 1) == '=') {
        tokens.add(new Token(text.substring(i, i + 2), i));
        i += 2;
      } else {
        tokens.add(new Token(String.valueOf(c), i));
        i++;
      }
    }
  }

  private static IntFunction<Location> oneLine(Location start) {
    return offset -> new Location(start.file(), start.line(), start.column() + offset);
  }

  private Location at(int offset) {
    return locator.apply(offset);
  }

  private Location here() {
    return at(next < tokens.size() ? tokens.get(next).offset() : text.length());
  }

  private String found() {
    return next < tokens.size() ? "'" + tokens.get(next).text() + "'" : "the end";
  }

  private boolean peek(String keyword) {
    return next < tokens.size() && tokens.get(next).is(keyword);
  }

  private boolean accept(String keyword) {
    if (peek(keyword)) {
      next++;
      return true;
    }
    return false;
  }

  /** Records "expected X but found Y" once and stops the parse by jumping to the end. */
  private void expected(String what) {
    problems.add(new Diagnostic(here(), "expected " + what + " but found " + found()));
    next = tokens.size() + 1;
  }

  private boolean failed() {
    return next > tokens.size();
  }

  private String name(String what) {
    if (next < tokens.size() && isName(tokens.get(next).text())) {
      Token t = tokens.get(next++);
      names.putIfAbsent(t.text(), at(t.offset()));
      return t.text();
    }
    expected(what);
    return "";
  }

  private static boolean isName(String s) {
    return !s.isEmpty() && (Character.isLetter(s.charAt(0)) || s.charAt(0) == '_');
  }

  private Operation.Read parseRead() {
    Location where0 = here();
    boolean count = accept("count");
    List<String> select = new ArrayList<>();
    if (accept("select")) {
      do {
        select.add(name("an attribute name after 'select'"));
      } while (!failed() && accept(","));
      if (!failed() && !accept("from")) {
        expected("',' or 'from' after the selected attributes");
      }
    }
    String entity = failed() ? "" : name("an entity name");
    List<Condition> where = new ArrayList<>();
    if (!failed() && accept("where")) {
      where = conditions();
    }
    List<Operation.Order> order = new ArrayList<>();
    if (!failed() && accept("order")) {
      if (!accept("by")) {
        expected("'by' after 'order'");
      }
      if (!failed()
          && peek("ann")
          && next + 1 < tokens.size()
          && tokens.get(next + 1).text().equalsIgnoreCase("of")) {
        next += 2;
        String vector = name("a vector attribute after 'ann of'");
        order.add(new Operation.Order(vector, false, true));
        if (!failed() && !peek("limit")) {
          // Cassandra runs an ANN query only with a LIMIT (CQL reference, vector search).
          expected(
              "'limit N' after 'order by ann of "
                  + vector
                  + "' (a nearest-neighbour search needs one)");
        }
      } else {
        do {
          String attr = failed() ? "" : name("an attribute to order by");
          boolean desc = false;
          if (accept("desc")) {
            desc = true;
          } else {
            accept("asc");
          }
          order.add(new Operation.Order(attr, desc));
        } while (!failed() && accept(","));
      }
    }
    OptionalInt limit = OptionalInt.empty();
    if (!failed() && accept("limit")) {
      limit = OptionalInt.of(positiveInt("a positive whole number after 'limit'"));
    }
    if (!failed() && next < tokens.size()) {
      expected("'where', 'order by', 'limit' or the end of the query");
    }
    return new Operation.Read(entity, select, where, order, limit, count, names, where0);
  }

  private Operation.Write parseWrite(Kind kind) {
    Location where0 = here();
    String entity = name("an entity name after '" + kind.keyword() + ":'");
    List<String> set = new ArrayList<>();
    List<Condition> where = new ArrayList<>();
    Optional<String> condition = Optional.empty();
    long ttl = 0;
    if (failed()) {
      return new Operation.Write(kind, entity, set, where, condition, ttl, names, where0);
    }
    switch (kind) {
      case INCREMENT:
        if (!accept(".")) {
          expected("'.' and the counter attribute (Entity.counter)");
        } else {
          set.add(name("the counter attribute after '.'"));
        }
        break;
      case UPDATE:
        if (!accept("set")) {
          expected("'set' and the attributes the update changes");
        } else {
          do {
            set.add(name("an attribute name after 'set'"));
          } while (!failed() && accept(","));
        }
        break;
      default:
        break;
    }
    if (!failed() && (kind == Kind.INSERT || kind == Kind.UPSERT) && peek("where")) {
      problems.add(
          new Diagnostic(
              here(),
              "an "
                  + kind.keyword()
                  + " carries the whole row and takes no 'where';"
                  + " use 'update: Entity set … where …' to change an existing row"));
      next = tokens.size() + 1;
    }
    if (!failed() && accept("where")) {
      where = conditions();
    } else if (!failed()
        && (kind == Kind.UPDATE || kind == Kind.DELETE || kind == Kind.INCREMENT)) {
      expected("'where' and the key of the rows to " + kind.keyword());
    }
    while (!failed() && next < tokens.size()) {
      int at = next < tokens.size() ? tokens.get(next).offset() : text.length();
      if (accept("if")) {
        int from = next < tokens.size() ? tokens.get(next).offset() : text.length();
        while (next < tokens.size() && !peek("using")) {
          next++;
        }
        int to = next < tokens.size() ? tokens.get(next).offset() : text.length();
        String cond = text.substring(from, to).trim();
        if (cond.isEmpty()) {
          problems.add(
              new Diagnostic(at(at), "expected a condition after 'if' (e.g. 'if not exists')"));
          next = tokens.size() + 1;
        }
        condition = Optional.of(cond);
      } else if (accept("using")) {
        if (!accept("ttl")) {
          expected("'ttl' after 'using'");
        } else if (next < tokens.size()) {
          Token t = tokens.get(next++);
          var s = Quantities.seconds(t.text());
          if (s.isEmpty() || s.getAsLong() <= 0) {
            problems.add(
                new Diagnostic(
                    at(t.offset()),
                    "expected a duration after 'using ttl' (e.g. 30d, 12h) but found '"
                        + t.text()
                        + "'"));
            next = tokens.size() + 1;
          } else {
            ttl = s.getAsLong();
          }
        } else {
          expected("a duration after 'using ttl'");
        }
      } else {
        expected("'where', 'if' or 'using ttl'");
      }
    }
    return new Operation.Write(kind, entity, set, where, condition, ttl, names, where0);
  }

  private List<Condition> conditions() {
    List<Condition> out = new ArrayList<>();
    do {
      Location at = here();
      String attr = name("an attribute name in the where clause");
      if (failed()) {
        break;
      }
      String op = next < tokens.size() ? tokens.get(next).text().toLowerCase(Locale.ROOT) : "";
      switch (op) {
        case "=":
          next++;
          placeholder();
          out.add(new Condition(attr, Comparison.EQ, 1, at));
          break;
        case "<":
        case "<=":
        case ">":
        case ">=":
          next++;
          placeholder();
          out.add(new Condition(attr, Comparison.RANGE, 1, at));
          break;
        case "contains":
          next++;
          boolean key = accept("key");
          placeholder();
          out.add(new Condition(attr, key ? Comparison.CONTAINS_KEY : Comparison.CONTAINS, 1, at));
          break;
        case "[":
          next++;
          placeholder();
          if (!failed() && !accept("]")) {
            expected("']' in '" + attr + "[?] = ?'");
          }
          if (!failed() && !accept("=")) {
            expected("'=' in '" + attr + "[?] = ?'");
          }
          placeholder();
          out.add(new Condition(attr, Comparison.ENTRY, 1, at));
          break;
        case "between":
          next++;
          placeholder();
          if (!failed() && !accept("and")) {
            expected("'and' in 'between ? and ?'");
          }
          placeholder();
          // Two bounds: a key condition writes it BETWEEN, one bound as <, <=, > or >=.
          out.add(new Condition(attr, Comparison.RANGE, 2, at));
          break;
        case "in":
          next++;
          out.add(new Condition(attr, Comparison.IN, inValues(), at));
          break;
        default:
          expected(
              "'=', '<', '<=', '>', '>=', 'in', 'between', 'contains', 'contains key' or '[?] ='"
                  + " after '"
                  + attr
                  + "'");
      }
    } while (!failed() && accept("and"));
    return out;
  }

  private void placeholder() {
    if (!failed() && !accept("?")) {
      expected("'?' (a bound value)");
    }
  }

  private int inValues() {
    if (accept("(")) {
      int n = 0;
      do {
        placeholder();
        n++;
      } while (!failed() && accept(","));
      if (!failed() && !accept(")")) {
        expected("',' or ')' in the 'in' list");
      }
      return n;
    }
    return positiveInt("'(?, ?, …)' or the number of values after 'in'");
  }

  private int positiveInt(String what) {
    if (next < tokens.size()) {
      String t = tokens.get(next).text();
      try {
        int n = Integer.parseInt(t);
        if (n > 0) {
          next++;
          return n;
        }
      } catch (NumberFormatException e) {
        // reported below
      }
    }
    expected(what);
    return 1;
  }
}
