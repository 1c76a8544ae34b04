package dev.keyplan.cassandra.cql;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * What CQL type names mean: the built-in types, the rules on how they nest, and the help text for a
 * name CQL does not know.
 *
 * <p>Sources: the type grammar and the frozen / nesting rules in
 * https://cassandra.apache.org/doc/latest/cassandra/developing/cql/types.html and vectors in
 * Cassandra 5.0 (same page).
 */
final class TypeNames {

  /** Types without arguments. */
  static final Set<String> NATIVE =
      Set.of(
          "ascii",
          "bigint",
          "blob",
          "boolean",
          "counter",
          "date",
          "decimal",
          "double",
          "duration",
          "float",
          "inet",
          "int",
          "smallint",
          "text",
          "time",
          "timestamp",
          "timeuuid",
          "tinyint",
          "uuid",
          "varchar",
          "varint");

  /** Types written with {@code <arguments>}. */
  static final Set<String> PARAMETRIC = Set.of("list", "set", "map", "frozen", "tuple", "vector");

  /**
   * Names from other languages and databases that people write in CQL by habit, mapped to the CQL
   * type they mean, so the error can name the right one.
   */
  private static final Map<String, String> FOREIGN = foreignNames();

  private TypeNames() {}

  static boolean isBuiltIn(String name) {
    return NATIVE.contains(name) || PARAMETRIC.contains(name);
  }

  /**
   * Returns the error for a type name that is neither built in nor declared, with the closest known
   * name as a hint: {@code unknown type 'strng' (did you mean 'string'? CQL has 'text')}.
   */
  static String unknownType(String name, Collection<String> userTypes) {
    String lower = name.toLowerCase(Locale.ROOT);
    String foreign = FOREIGN.get(lower);
    if (foreign != null) {
      return "unknown type '" + name + "' (CQL has '" + foreign + "')";
    }
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    List<String> candidates = new ArrayList<>(userTypes);
    candidates.addAll(NATIVE.stream().sorted().toList());
    candidates.addAll(PARAMETRIC.stream().sorted().toList());
    candidates.addAll(FOREIGN.keySet());
    for (String candidate : candidates) {
      int d = distance(lower, candidate.toLowerCase(Locale.ROOT));
      // Strictly better only: earlier candidates (declared types, then CQL's own) win ties.
      if (d < bestDistance) {
        best = candidate;
        bestDistance = d;
      }
    }
    if (best != null && bestDistance <= Math.max(1, Math.min(2, lower.length() / 3))) {
      String meaning = FOREIGN.get(best);
      if (meaning != null) {
        return "unknown type '"
            + name
            + "' (did you mean '"
            + best
            + "'? CQL has '"
            + meaning
            + "')";
      }
      return "unknown type '" + name + "' (did you mean '" + best + "'?)";
    }
    return "unknown type '"
        + name
        + "' (expected a CQL type such as text, int, bigint, uuid or"
        + " timestamp, a collection, or a type declared with CREATE TYPE)";
  }

  /** Returns what is wrong with how {@code type} nests its arguments; empty when it is valid. */
  static List<String> problems(CqlType type) {
    List<String> problems = new ArrayList<>();
    collectProblems(type, problems);
    return problems;
  }

  private static void collectProblems(CqlType type, List<String> problems) {
    List<CqlType> args = type.arguments();
    switch (type.name()) {
      case "list":
      case "set":
        expectArguments(type, 1, type.name() + "<type>", problems);
        args.forEach(a -> checkElement(type, a, problems));
        break;
      case "map":
        expectArguments(type, 2, "map<key type, value type>", problems);
        args.forEach(a -> checkElement(type, a, problems));
        break;
      case "frozen":
        expectArguments(type, 1, "frozen<type>", problems);
        if (args.size() == 1 && NATIVE.contains(args.get(0).name())) {
          problems.add(
              "frozen<"
                  + args.get(0)
                  + "> is not allowed: frozen applies only to"
                  + " collections, tuples and user-defined types");
        }
        break;
      case "tuple":
        if (args.isEmpty()) {
          problems.add("tuple needs at least one type: tuple<type, ...>");
        }
        args.forEach(a -> checkCounter(type, a, problems));
        break;
      case "vector":
        if (args.size() != 2 || type.vectorDimension().orElse(0) <= 0) {
          problems.add(
              "vector needs an element type and a positive dimension, such as"
                  + " vector<float, 3>, but found "
                  + type);
          return;
        }
        checkCounter(type, args.get(0), problems);
        collectProblems(args.get(0), problems);
        return;
      default:
        if (!args.isEmpty()) {
          problems.add("type '" + type.name() + "' takes no type arguments");
        }
        return;
    }
    for (CqlType a : args) {
      collectProblems(a, problems);
    }
  }

  private static void expectArguments(CqlType type, int count, String form, List<String> out) {
    if (type.arguments().size() != count) {
      out.add(
          type.name()
              + " takes "
              + (count == 1 ? "one type argument" : "two type arguments")
              + ": "
              + form
              + ", but found "
              + type);
    }
  }

  /** Elements of a non-frozen collection are stored as single cells, so they must be frozen. */
  private static void checkElement(CqlType collection, CqlType element, List<String> out) {
    checkCounter(collection, element, out);
    // A user-defined type here gets the same check once the parser knows it is one.
    boolean nestsMultiCell =
        element.name().equals("list")
            || element.name().equals("set")
            || element.name().equals("map");
    if (nestsMultiCell) {
      out.add(
          "non-frozen "
              + element
              + " is not allowed inside "
              + collection.name()
              + "<...>; write frozen<"
              + element
              + ">");
    }
  }

  private static void checkCounter(CqlType container, CqlType element, List<String> out) {
    if (element.isCounter()) {
      out.add("counter cannot be used inside " + container.name() + "<...>");
    }
  }

  /**
   * Edit distance counting a swap of two neighbouring letters as one edit ({@code tetx} is one edit
   * from {@code text}), the most common typo; names are short, so the table is fine.
   */
  private static int distance(String a, String b) {
    int[][] d = new int[a.length() + 1][b.length() + 1];
    for (int i = 0; i <= a.length(); i++) {
      d[i][0] = i;
    }
    for (int j = 0; j <= b.length(); j++) {
      d[0][j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
        boolean swapped =
            i > 1
                && j > 1
                && a.charAt(i - 1) == b.charAt(j - 2)
                && a.charAt(i - 2) == b.charAt(j - 1);
        if (swapped) {
          d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
        }
      }
    }
    return d[a.length()][b.length()];
  }

  private static Map<String, String> foreignNames() {
    Map<String, String> names = new LinkedHashMap<>();
    names.put("string", "text");
    names.put("str", "text");
    names.put("char", "text");
    names.put("json", "text");
    names.put("integer", "int");
    names.put("int32", "int");
    names.put("long", "bigint");
    names.put("int64", "bigint");
    names.put("short", "smallint");
    names.put("int16", "smallint");
    names.put("byte", "tinyint");
    names.put("int8", "tinyint");
    names.put("bool", "boolean");
    names.put("datetime", "timestamp");
    names.put("bytes", "blob");
    names.put("binary", "blob");
    names.put("real", "float");
    names.put("float32", "float");
    names.put("float64", "double");
    names.put("numeric", "decimal");
    names.put("number", "decimal");
    names.put("array", "list");
    names.put("dict", "map");
    return names;
  }
}
