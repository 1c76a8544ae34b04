package dev.keyplan.cli;

/** The few flat JSON objects small commands print; the check report has its own renderer. */
final class Json {
  private Json() {}

  /** Returns {@code {"k1": "v1", …}} from alternating keys and string values, with a newline. */
  static String object(String... keysAndValues) {
    StringBuilder out = new StringBuilder("{");
    for (int i = 0; i < keysAndValues.length; i += 2) {
      out.append(i == 0 ? "\n  " : ",\n  ").append(quote(keysAndValues[i])).append(": ").append(quote(keysAndValues[i + 1]));
    }
    return out.append("\n}\n").toString();
  }

  /** Returns {@code s} as a JSON string literal. */
  static String quote(String s) {
    StringBuilder out = new StringBuilder("\"");
    for (char c : s.toCharArray()) {
      switch (c) {
        case '"':
          out.append("\\\"");
          break;
        case '\\':
          out.append("\\\\");
          break;
        case '\n':
          out.append("\\n");
          break;
        case '\r':
          out.append("\\r");
          break;
        case '\t':
          out.append("\\t");
          break;
        default:
          if (c < 0x20) {
            out.append(String.format("\\u%04x", (int) c));
          } else {
            out.append(c);
          }
      }
    }
    return out.append('"').toString();
  }
}
