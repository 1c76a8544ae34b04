package dev.keyplan.cli.cassandra;

/**
 * The little JSON the {@code cassandra} commands write, built by hand: objects of strings,
 * numbers and arrays. Strings are escaped per RFC 8259; 64-bit tokens are written as strings
 * because JSON readers such as JavaScript's lose precision above 2<sup>53</sup>.
 */
final class JsonText {
  private JsonText() {}

  /** Returns {@code value} as a quoted JSON string. */
  static String string(String value) {
    var out = new StringBuilder(value.length() + 2).append('"');
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
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
