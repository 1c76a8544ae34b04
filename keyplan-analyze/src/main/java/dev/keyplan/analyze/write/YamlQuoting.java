package dev.keyplan.analyze.write;

import java.util.Set;
import java.util.regex.Pattern;

/**
 * Writes names and words as YAML scalars that read back as the same string in block and in flow
 * context: plain when that is safe, else double-quoted with escapes (YAML 1.2, "Double-Quoted
 * Style", https://yaml.org/spec/1.2.2/#731-double-quoted-style).
 */
final class YamlQuoting {
  private YamlQuoting() {}

  /** An identifier as the model names things, plus the characters of a CQL type name. */
  private static final Pattern PLAIN = Pattern.compile("[\\p{L}_][\\p{L}\\p{N}_<>.]*");

  /**
   * Plain scalars YAML 1.2's core schema reads as something other than a string
   * (https://yaml.org/spec/1.2.2/#1032-tag-resolution): null and booleans.
   */
  private static final Set<String> RESOLVED =
      Set.of("null", "Null", "NULL", "true", "True", "TRUE", "false", "False", "FALSE");

  /** Returns {@code s} as a scalar that reads back as {@code s} anywhere in a flow mapping. */
  static String scalar(String s) {
    if (PLAIN.matcher(s).matches() && !RESOLVED.contains(s)) {
      return s;
    }
    StringBuilder b = new StringBuilder("\"");
    s.codePoints()
        .forEach(
            cp -> {
              if (cp == '"' || cp == '\\') {
                b.append('\\').appendCodePoint(cp);
              } else if (cp < 0x20
                  || (cp >= 0x7f && cp <= 0x9f)
                  || cp == 0x2028
                  || cp == 0x2029
                  || cp == 0xFEFF) {
                b.append(String.format("\\u%04X", cp));
              } else {
                b.appendCodePoint(cp);
              }
            });
    return b.append('"').toString();
  }

  /**
   * Returns {@code s} fit for a comment: line breaks and controls (which would end the comment or
   * be refused by the model reader) written as a backslash-u escape of four hex digits: a line feed
   * as {@code \\u000A}.
   */
  static String comment(String s) {
    StringBuilder b = new StringBuilder();
    s.codePoints()
        .forEach(
            cp -> {
              if (cp < 0x20
                  || (cp >= 0x7f && cp <= 0x9f)
                  || cp == 0x2028
                  || cp == 0x2029
                  || cp == 0xFEFF) {
                b.append(String.format("\\u%04X", cp));
              } else {
                b.appendCodePoint(cp);
              }
            });
    return b.toString();
  }
}
