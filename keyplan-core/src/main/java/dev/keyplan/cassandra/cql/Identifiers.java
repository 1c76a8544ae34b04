package dev.keyplan.cassandra.cql;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * Cassandra's identifier rules, shared by the parser, the lookups on the schema records and the CQL
 * emitter.
 *
 * <p>An unquoted identifier is case-insensitive and stored lower-case; a quoted one ({@code
 * "MyTable"}) keeps its case exactly. A reserved keyword can only be a name when quoted. See
 * "Identifiers and keywords" in
 * https://cassandra.apache.org/doc/latest/cassandra/developing/cql/definitions.html and the
 * keywords appendix,
 * https://cassandra.apache.org/doc/latest/cassandra/developing/cql/appendices.html.
 */
public final class Identifiers {
  private static final Pattern PLAIN = Pattern.compile("[a-z][a-z0-9_]*");

  /**
   * Cassandra 5.0.6's reserved keywords, lower-cased: the list its parser refuses as an unquoted
   * name, {@code org/apache/cassandra/cql3/reserved_keywords.txt} in cassandra-all-5.0.6.jar (the
   * source file is src/resources/org/apache/cassandra/cql3/reserved_keywords.txt of
   * https://github.com/apache/cassandra at cassandra-5.0.6). A name that is one of them is quoted;
   * a non-reserved keyword such as {@code key} or {@code text} needs no quotes.
   */
  private static final Set<String> RESERVED =
      Set.of(
          "add",
          "allow",
          "alter",
          "and",
          "apply",
          "asc",
          "authorize",
          "batch",
          "begin",
          "by",
          "columnfamily",
          "create",
          "delete",
          "desc",
          "describe",
          "drop",
          "entries",
          "execute",
          "from",
          "full",
          "grant",
          "if",
          "in",
          "index",
          "infinity",
          "insert",
          "into",
          "is",
          "keyspace",
          "limit",
          "materialized",
          "modify",
          "nan",
          "norecursive",
          "not",
          "null",
          "of",
          "on",
          "or",
          "order",
          "primary",
          "rename",
          "revoke",
          "schema",
          "select",
          "set",
          "table",
          "to",
          "token",
          "truncate",
          "unlogged",
          "update",
          "use",
          "using",
          "view",
          "where",
          "with");

  private Identifiers() {}

  /**
   * Returns the name as CQL must write it: as it is when it is a plain lower-case word that is not
   * reserved, else double-quoted with any {@code "} doubled, so that CQL reads back exactly {@code
   * name}.
   */
  public static String quoteIfNeeded(String name) {
    if (PLAIN.matcher(name).matches() && !RESERVED.contains(name)) {
      return name;
    }
    return '"' + name.replace("\"", "\"\"") + '"';
  }

  /**
   * Finds the item named {@code query}, preferring an exact match so a caller holding a stored name
   * always gets that item, then reading the query as CQL would: {@code "Quoted"} keeps case,
   * anything else folds to lower case, and {@code ks.name} also restricts the keyspace.
   */
  static <T> Optional<T> find(
      List<T> items, String query, Function<T, String> name, Function<T, String> keyspace) {
    for (T item : items) {
      if (name.apply(item).equals(query)) {
        return Optional.of(item);
      }
    }
    Reference ref = Reference.parse(query);
    for (T item : items) {
      if (!name.apply(item).equals(ref.name())) {
        continue;
      }
      String itemKeyspace = keyspace.apply(item);
      if (ref.keyspace() == null || ref.keyspace().equals(itemKeyspace)) {
        return Optional.of(item);
      }
    }
    return Optional.empty();
  }

  /** Reads one identifier written by a user the way CQL would. */
  static String fold(String identifier) {
    if (identifier.length() >= 2 && identifier.startsWith("\"") && identifier.endsWith("\"")) {
      return identifier.substring(1, identifier.length() - 1).replace("\"\"", "\"");
    }
    return identifier.toLowerCase(Locale.ROOT);
  }

  /** A possibly keyspace-qualified name as a user would type it in a lookup. */
  private record Reference(String keyspace, String name) {
    static Reference parse(String query) {
      int dot = dotOutsideQuotes(query);
      if (dot < 0) {
        return new Reference(null, fold(query));
      }
      return new Reference(fold(query.substring(0, dot)), fold(query.substring(dot + 1)));
    }

    private static int dotOutsideQuotes(String text) {
      boolean quoted = false;
      for (int i = 0; i < text.length(); i++) {
        char c = text.charAt(i);
        if (c == '"') {
          quoted = !quoted;
        } else if (c == '.' && !quoted) {
          return i;
        }
      }
      return -1;
    }
  }
}
