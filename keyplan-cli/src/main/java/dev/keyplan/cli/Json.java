package dev.keyplan.cli;

/**
 * The little JSON the small commands print, built by hand: flat objects of strings, and strings
 * escaped per RFC 8259. The check report has its own renderer.
 */
public final class Json {
  private Json() {}

  /** Returns {@code {"k1": "v1", …}} from alternating keys and string values, with a newline. */
  static String object(String... keysAndValues) {
    StringBuilder out = new StringBuilder("{");
    for (int i = 0; i < keysAndValues.length; i += 2) {
      out.append(i == 0 ? "\n  " : ",\n  ")
          .append(quote(keysAndValues[i]))
          .append(": ")
          .append(quote(keysAndValues[i + 1]));
    }
    return out.append("\n}\n").toString();
  }

  /** Returns {@code s} as a quoted JSON string, escaped per RFC 8259 §7. */
  public static String quote(String s) {
    var out = new StringBuilder(s.length() + 2).append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        case '\b' -> out.append("\\b");
        case '\f' -> out.append("\\f");
        default -> {
          if (c < 0x20) {
            out.append(String.format("\\u%04x", (int) c));
          } else {
            out.append(c);
          }
        }
      }
    }
    return out.append('"').toString();
  }
}
