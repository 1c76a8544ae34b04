package dev.keyplan.mongodb.catalog;

import dev.keyplan.input.Diagnostic;
import dev.keyplan.input.InputException;
import dev.keyplan.input.Location;
import dev.keyplan.mongodb.facts.CountingReader;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Rewrites the values mongosh 2 prints that the {@code org.mongodb:bson} library's {@code
 * JsonReader} does not read into forms it reads, and maps every place in the rewritten text back to
 * the user's, so that a problem keeps its original {@code line:column}.
 *
 * <p>mongosh 2 prints BSON values with the constructors of the Node.js {@code bson} library's
 * {@code inspect()} (MongoDB Shell manual, "Data Types",
 * https://www.mongodb.com/docs/mongodb-shell/reference/data-types/): {@code Long('7')}, {@code
 * Int32(3)}, {@code Double(1.5)}, {@code Decimal128('1.5')}, {@code Timestamp({ t: 1764496800, i: 4
 * })}, {@code Binary.createFromBase64('…', 0)}; and {@code ObjectId('…')}, {@code ISODate('…')},
 * {@code UUID('…')}, {@code MinKey()}, {@code MaxKey()}, which the library already reads as the
 * legacy shell's. Each rewrite gives the value's own type, as the Extended JSON specification
 * (https://www.mongodb.com/docs/manual/reference/mongodb-extended-json/) and the legacy forms
 * define it:
 *
 * <ul>
 *   <li>{@code Long(x)} → {@code NumberLong(x)}, an int64;
 *   <li>{@code Int32(x)} → {@code NumberInt(x)}, an int32;
 *   <li>{@code Double(x)} → {@code {"$numberDouble": "x"}}, a double even when {@code x} is whole
 *       ({@code 1} alone would be an int32);
 *   <li>{@code Decimal128(x)} → {@code NumberDecimal(x)};
 *   <li>{@code Timestamp({ t: T, i: I })} → {@code {"$timestamp": {"t": T, "i": I}}}, which takes
 *       any unsigned 32-bit {@code t} (the legacy {@code Timestamp(T, I)} takes int32 only);
 *   <li>{@code Binary.createFromBase64(b, s)} → {@code BinData(s, b)}, subtype 0 when none is
 *       given.
 * </ul>
 *
 * <p>Strings are skipped ({@code 'Long(1)'} stays a string). The rewrite is general, not tied to a
 * config collection: any text read through {@link LocatedBson} gets it. Anything else mongosh
 * prints ({@code Code(…)}, {@code BSONSymbol(…)}, {@code DBRef(…)}, {@code [Object]} where it cut a
 * deep value) is left as written, and {@link LocatedBson} says what to run instead.
 */
final class MongoshText {
  private static final String QUOTED = "'(?:[^'\\\\\\n]|\\\\.)*'|\"(?:[^\"\\\\\\n]|\\\\.)*\"";
  private static final String NUMBER = "[-+]?(?:\\d+(?:\\.\\d*)?|\\.\\d+)(?:[eE][-+]?\\d+)?";

  /** One constructor mongosh prints, and the form the library reads. */
  private record Rewrite(Pattern pattern, Function<Matcher, String> to) {
    Rewrite(String regex, Function<Matcher, String> to) {
      this(Pattern.compile(regex), to);
    }
  }

  private static final List<Rewrite> REWRITES =
      List.of(
          new Rewrite(
              "Long\\(\\s*(" + QUOTED + "|" + NUMBER + ")\\s*\\)",
              m -> "NumberLong(" + m.group(1) + ")"),
          new Rewrite(
              "Int32\\(\\s*(" + QUOTED + "|" + NUMBER + ")\\s*\\)",
              m -> "NumberInt(" + m.group(1) + ")"),
          new Rewrite(
              "Double\\(\\s*(?:'([^'\\n]*)'|\"([^\"\\n]*)\"|([-+]?(?:Infinity|NaN)|"
                  + NUMBER
                  + "))\\s*\\)",
              m ->
                  "{\"$numberDouble\": \""
                      + (m.group(1) != null
                          ? m.group(1)
                          : m.group(2) != null ? m.group(2) : m.group(3))
                      + "\"}"),
          new Rewrite(
              "Decimal128\\(\\s*(" + QUOTED + ")\\s*\\)", m -> "NumberDecimal(" + m.group(1) + ")"),
          new Rewrite(
              "Timestamp\\(\\s*\\{\\s*t\\s*:\\s*(\\d+)\\s*,\\s*i\\s*:\\s*(\\d+)\\s*\\}\\s*\\)",
              m -> "{\"$timestamp\": {\"t\": " + m.group(1) + ", \"i\": " + m.group(2) + "}}"),
          new Rewrite(
              "Binary\\.createFromBase64\\(\\s*(" + QUOTED + ")\\s*(?:,\\s*(\\d+)\\s*)?\\)",
              m -> "BinData(" + (m.group(2) == null ? "0" : m.group(2)) + ", " + m.group(1) + ")"));

  /**
   * One rewrite: {@code [from, to)} of the original text became {@code [at, at + length)} of the
   * rewritten one.
   */
  private record Edit(int from, int to, int at, int length) {}

  private final String original;
  private final String text;
  private final List<Edit> edits;

  private MongoshText(String original, String text, List<Edit> edits) {
    this.original = original;
    this.text = text;
    this.edits = List.copyOf(edits);
  }

  /** Returns {@code original} with mongosh's constructors rewritten. */
  static MongoshText of(String original) {
    StringBuilder out = new StringBuilder(original.length());
    List<Edit> edits = new ArrayList<>();
    int p = 0;
    int n = original.length();
    while (p < n) {
      char c = original.charAt(p);
      if (c == '"' || c == '\'') {
        int q = stringEnd(original, p);
        out.append(original, p, q);
        p = q;
        continue;
      }
      if (Character.isLetter(c) && (p == 0 || !partOfName(original.charAt(p - 1)))) {
        Edit edit = null;
        for (Rewrite r : REWRITES) {
          Matcher m = r.pattern().matcher(original).region(p, n);
          if (m.lookingAt()) {
            String to = r.to().apply(m);
            edit = new Edit(p, m.end(), out.length(), to.length());
            out.append(to);
            break;
          }
        }
        if (edit != null) {
          edits.add(edit);
          p = edit.to();
          continue;
        }
        int q = p;
        while (q < n && partOfName(original.charAt(q))) {
          q++;
        }
        out.append(original, p, q);
        p = q;
        continue;
      }
      out.append(c);
      p++;
    }
    return new MongoshText(original, out.toString(), edits);
  }

  /** The text to read. */
  String text() {
    return text;
  }

  /** Returns the place in the user's text of offset {@code at} of the rewritten text. */
  Location locate(String file, int at) {
    return CountingReader.locate(file, original, originalOffset(at));
  }

  /**
   * Returns {@code e} with each place moved from the rewritten text to the user's; a place inside a
   * rewritten value is the value's first character.
   */
  InputException relocate(InputException e) {
    if (edits.isEmpty()) {
      return e;
    }
    List<Diagnostic> out = new ArrayList<>();
    for (Diagnostic d : e.diagnostics()) {
      Location l = d.location();
      if (l.line() < 1) {
        out.add(d);
        continue;
      }
      out.add(new Diagnostic(locate(l.file(), offsetOf(l)), d.message()));
    }
    return new InputException(out);
  }

  private int originalOffset(int at) {
    int shift = 0;
    for (Edit e : edits) {
      if (at < e.at()) {
        break;
      }
      if (at < e.at() + e.length()) {
        return e.from();
      }
      shift = e.to() - (e.at() + e.length());
    }
    return at + shift;
  }

  /** Returns the offset in the rewritten text of a place that {@link CountingReader} gave. */
  private int offsetOf(Location l) {
    int line = 1;
    int p = 0;
    while (line < l.line() && p < text.length()) {
      if (text.charAt(p) == '\n') {
        line++;
      }
      p++;
    }
    return Math.min(text.length(), p + l.column() - 1);
  }

  private static boolean partOfName(char c) {
    return Character.isLetterOrDigit(c) || c == '_' || c == '$' || c == '.';
  }

  /**
   * Returns the offset after the string that starts at {@code p}, or the line's end if unclosed.
   */
  private static int stringEnd(String s, int p) {
    char quote = s.charAt(p);
    int q = p + 1;
    while (q < s.length() && s.charAt(q) != quote && s.charAt(q) != '\n') {
      q += s.charAt(q) == '\\' ? 2 : 1;
    }
    return Math.min(s.length(), q + 1);
  }
}
