package dev.keyplan.analyze.duckdb;

import java.util.List;
import java.util.stream.Collectors;

/** Quoting for the SQL the engine writes: names and strings come from the user's files. */
final class Sql {
  private Sql() {}

  /** A quoted identifier: {@code "a""b"} for {@code a"b}. */
  static String name(String s) {
    return "\"" + s.replace("\"", "\"\"") + "\"";
  }

  /** A string literal: {@code 'it''s'}. */
  static String string(String s) {
    return "'" + s.replace("'", "''") + "'";
  }

  /** A list of string literals: {@code ['a', 'b']}. */
  static String strings(List<String> s) {
    return s.stream().map(Sql::string).collect(Collectors.joining(", ", "[", "]"));
  }
}
