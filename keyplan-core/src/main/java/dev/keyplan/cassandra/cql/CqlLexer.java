package dev.keyplan.cassandra.cql;

import dev.keyplan.cassandra.cql.CqlToken.Kind;
import dev.keyplan.input.Diagnostic;
import dev.keyplan.input.Location;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Splits a CQL file into tokens with 1-based line and column numbers.
 *
 * <p>Follows the lexical rules of
 * https://cassandra.apache.org/doc/latest/cassandra/developing/cql/definitions.html: line comments
 * after {@code --} or {@code //} and C-style block comments; strings in single quotes with {@code
 * ''} for a quote, or between {@code $$}; identifiers unquoted (case-insensitive) or in double
 * quotes with {@code ""} for a quote; integers, floats, {@code 0x} blobs and UUIDs. A line ends at
 * {@code \n}, {@code \r\n} or a lone {@code \r}; a column counts characters, a tab as one.
 *
 * <p>A character CQL does not use becomes an {@link Kind#UNKNOWN} token instead of an error, so
 * statements keyplan skips (functions, grants) can hold anything; the parser reports it where it
 * needs a real token. Only a string, name or comment left open is reported here, since nothing
 * after it can be read.
 */
final class CqlLexer {
  private static final String SYMBOLS = "(),;.<>={}[]:*+-/?!%";

  private final String file;
  private final String text;
  private final List<Diagnostic> diagnostics;
  private final List<CqlToken> tokens;
  private int pos;
  private int line = 1;
  private int column = 1;

  private CqlLexer(String file, String text, List<Diagnostic> diagnostics) {
    this.file = file;
    this.text = text;
    this.diagnostics = diagnostics;
    // Sized for about one token per 6 characters (a generated schema has one per 5 to 7), capped
    // so a long comment or string costs nothing: growing from 10 copied the list some 30 times,
    // a fifth of the parse of a 5 MB schema.
    this.tokens = new ArrayList<>(Math.min(text.length() / 6, 1 << 22) + 1);
  }

  /** Returns the tokens of {@code text}, ending with one END_OF_FILE token. */
  static List<CqlToken> tokenize(String file, String text, List<Diagnostic> diagnostics) {
    return new CqlLexer(file, text, diagnostics).run();
  }

  private List<CqlToken> run() {
    if (text.startsWith("\uFEFF")) {
      pos = 1; // a byte-order mark is no character of the first line
    }
    while (skipBlanksAndComments() && pos < text.length()) {
      if (!readToken()) {
        break;
      }
    }
    tokens.add(new CqlToken(Kind.END_OF_FILE, "", "", line, column, text.length(), text.length()));
    return tokens;
  }

  /** Returns false when a comment is left open, which ends the file. */
  private boolean skipBlanksAndComments() {
    while (pos < text.length()) {
      char c = text.charAt(pos);
      if (Character.isWhitespace(c) || c == '\u00A0') {
        advance();
      } else if (startsWith("--") || startsWith("//")) {
        while (pos < text.length() && text.charAt(pos) != '\n' && text.charAt(pos) != '\r') {
          advance();
        }
      } else if (startsWith("/*")) {
        int startLine = line;
        int startColumn = column;
        int close = text.indexOf("*/", pos + 2);
        if (close < 0) {
          error(
              startLine,
              startColumn,
              "unterminated comment: expected '*/' to close the" + " comment opened here");
          advanceTo(text.length());
          return false;
        }
        advanceTo(close + 2);
      } else {
        return true;
      }
    }
    return true;
  }

  /** Reads one token at {@code pos}; returns false when the rest of the file cannot be read. */
  private boolean readToken() {
    int start = pos;
    int startLine = line;
    int startColumn = column;
    char c = text.charAt(pos);
    if (c == '\'') {
      return readQuoted('\'', Kind.STRING, "string", start, startLine, startColumn);
    }
    if (c == '"') {
      return readQuoted('"', Kind.QUOTED_IDENTIFIER, "quoted name", start, startLine, startColumn);
    }
    if (startsWith("$$")) {
      int close = text.indexOf("$$", pos + 2);
      if (close < 0) {
        error(startLine, startColumn, "unterminated $$ string: expected '$$' to close it");
        advanceTo(text.length());
        return false;
      }
      advanceTo(close + 2);
      add(Kind.STRING, text.substring(start + 2, close), start, startLine, startColumn);
      return true;
    }
    int uuid = uuidEnd(pos);
    if (uuid > 0) {
      advanceTo(uuid);
      add(Kind.UUID, text.substring(start, uuid), start, startLine, startColumn);
    } else if (c == '0' && (startsWith("0x") || startsWith("0X")) && isHexDigit(charAt(pos + 2))) {
      advanceTo(pos + 2);
      while (isHexDigit(charAt(pos))) {
        advance();
      }
      add(Kind.HEX, text.substring(start, pos), start, startLine, startColumn);
    } else if (isDigit(c)) {
      readNumber(start, startLine, startColumn);
    } else if (isLetter(c)) {
      while (isLetter(charAt(pos)) || isDigit(charAt(pos)) || charAt(pos) == '_') {
        advance();
      }
      String word = text.substring(start, pos);
      add(Kind.IDENTIFIER, word.toLowerCase(Locale.ROOT), start, startLine, startColumn);
    } else if (startsWith("!=") || startsWith("<=") || startsWith(">=")) {
      advanceTo(pos + 2);
      add(Kind.SYMBOL, text.substring(start, pos), start, startLine, startColumn);
    } else {
      int width = Character.charCount(text.codePointAt(pos));
      advanceTo(pos + width);
      Kind kind = SYMBOLS.indexOf(c) >= 0 ? Kind.SYMBOL : Kind.UNKNOWN;
      add(kind, text.substring(start, pos), start, startLine, startColumn);
    }
    return true;
  }

  private boolean readQuoted(
      char quote, Kind kind, String what, int start, int startLine, int startColumn) {
    StringBuilder value = new StringBuilder();
    advance();
    while (pos < text.length()) {
      char c = text.charAt(pos);
      if (c == quote) {
        if (charAt(pos + 1) == quote) {
          value.append(quote);
          advanceTo(pos + 2);
          continue;
        }
        advance();
        add(kind, value.toString(), start, startLine, startColumn);
        return true;
      }
      value.append(c);
      advance();
    }
    error(
        startLine,
        startColumn,
        "unterminated " + what + ": expected " + quote + " to close the " + what + " opened here");
    return false;
  }

  private void readNumber(int start, int startLine, int startColumn) {
    while (isDigit(charAt(pos))) {
      advance();
    }
    boolean isFloat = false;
    if (charAt(pos) == '.' && isDigit(charAt(pos + 1))) {
      isFloat = true;
      advance();
      while (isDigit(charAt(pos))) {
        advance();
      }
    }
    char e = charAt(pos);
    if (e == 'e' || e == 'E') {
      int digits = pos + 1;
      if (charAt(digits) == '+' || charAt(digits) == '-') {
        digits++;
      }
      if (isDigit(charAt(digits))) {
        isFloat = true;
        advanceTo(digits);
        while (isDigit(charAt(pos))) {
          advance();
        }
      }
    }
    String number = text.substring(start, pos);
    add(isFloat ? Kind.FLOAT : Kind.INTEGER, number, start, startLine, startColumn);
  }

  /** Returns the end of a UUID such as {@code 5f1a...-...} starting at {@code at}, or -1. */
  private int uuidEnd(int at) {
    int end = at + 36;
    if (end > text.length()) {
      return -1;
    }
    for (int i = 0; i < 36; i++) {
      char c = text.charAt(at + i);
      boolean dash = i == 8 || i == 13 || i == 18 || i == 23;
      if (dash ? c != '-' : !isHexDigit(c)) {
        return -1;
      }
    }
    char next = charAt(end);
    return isLetter(next) || isDigit(next) || next == '_' ? -1 : end;
  }

  private void add(Kind kind, String value, int start, int startLine, int startColumn) {
    tokens.add(
        new CqlToken(kind, text.substring(start, pos), value, startLine, startColumn, start, pos));
  }

  private void error(int atLine, int atColumn, String message) {
    diagnostics.add(new Diagnostic(new Location(file, atLine, atColumn), message));
  }

  private boolean startsWith(String prefix) {
    return text.startsWith(prefix, pos);
  }

  private char charAt(int at) {
    return at < text.length() ? text.charAt(at) : '\0';
  }

  private void advanceTo(int target) {
    while (pos < target) {
      advance();
    }
  }

  private void advance() {
    char c = text.charAt(pos++);
    if (c == '\n') {
      line++;
      column = 1;
    } else if (c == '\r') {
      // \r\n is one line break, counted at the \n; a lone \r (old Mac files) is one itself.
      if (charAt(pos) != '\n') {
        line++;
        column = 1;
      }
    } else if (!Character.isLowSurrogate(c)) {
      column++; // a character outside the BMP is two chars but one column
    }
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }

  private static boolean isLetter(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
  }

  private static boolean isHexDigit(char c) {
    return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
  }
}
