package dev.keyplan.cassandra.cql;

/**
 * One token of a CQL file.
 *
 * <p>{@code text} is the source exactly as written (used in error messages), {@code value} what it
 * means: a lower-cased unquoted identifier, the unquoted content of a quoted identifier or string.
 * {@code start} and {@code end} are character offsets into the source, so the parser can keep
 * option values such as maps exactly as written.
 */
record CqlToken(Kind kind, String text, String value, int line, int column, int start, int end) {

  enum Kind {
    /** An unquoted word: a keyword or a case-insensitive name. */
    IDENTIFIER,
    /** A {@code "double-quoted"} case-sensitive name. */
    QUOTED_IDENTIFIER,
    /** A {@code 'single-quoted'} or {@code $$dollar-quoted$$} string. */
    STRING,
    INTEGER,
    FLOAT,
    /** A blob literal such as {@code 0xcafe}. */
    HEX,
    UUID,
    /** Punctuation and operators: {@code ( ) , ; . < > = { } [ ] : * + - / ? !=} and so on. */
    SYMBOL,
    /** A character CQL does not use; only an error where the parser needs a real token. */
    UNKNOWN,
    END_OF_FILE
  }

  boolean is(Kind k) {
    return kind == k;
  }

  boolean isSymbol(String symbol) {
    return kind == Kind.SYMBOL && text.equals(symbol);
  }

  /** True for the unquoted word {@code keyword}, in any case. */
  boolean isKeyword(String keyword) {
    return kind == Kind.IDENTIFIER && value.equals(keyword);
  }

  boolean isName() {
    return kind == Kind.IDENTIFIER || kind == Kind.QUOTED_IDENTIFIER;
  }

  /** Returns the token as an error message quotes it: {@code 'PRIMARY'} or {@code end of file}. */
  String describe() {
    if (kind == Kind.END_OF_FILE) {
      return "end of file";
    }
    String shown = text.length() > 40 ? text.substring(0, 37) + "..." : text;
    return "'" + shown.replace("\n", " ").replace("\r", "") + "'";
  }
}
