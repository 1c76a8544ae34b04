package dev.keyplan.input;

import java.util.Locale;

/**
 * Unicode's bidi controls (UAX #9, https://www.unicode.org/reports/tr9/): U+202A–U+202E open an
 * embedding or an override, U+2066–U+2069 an isolate, U+200E, U+200F and U+061C are marks. Each is
 * invisible and reorders the text shown after it, which is how a Trojan-source name reads as
 * another (CVE-2021-42574). The reader and the rule BidiControlInIdentifier share this one
 * definition, and every message that echoes a name through {@link #visible} cannot reorder the
 * terminal it is printed on.
 */
public final class BidiControls {
  private BidiControls() {}

  /** Returns true if {@code cp} is one of the bidi controls listed above. */
  public static boolean isControl(int cp) {
    return (cp >= 0x202A && cp <= 0x202E)
        || (cp >= 0x2066 && cp <= 0x2069)
        || cp == 0x200E
        || cp == 0x200F
        || cp == 0x061C;
  }

  /** Returns {@code text} without its bidi controls: {@code "Evil\u202Edi"} gives "Evildi". */
  public static String without(String text) {
    StringBuilder out = new StringBuilder();
    text.codePoints().filter(cp -> !isControl(cp)).forEach(out::appendCodePoint);
    return out.toString();
  }

  /**
   * Returns {@code text} with each bidi control written as its code point: {@code "Evil\u202Edi"}
   * gives {@code Evil<U+202E>di}.
   */
  public static String visible(String text) {
    StringBuilder out = new StringBuilder();
    text.codePoints()
        .forEach(
            cp -> {
              if (isControl(cp)) {
                out.append(String.format(Locale.ROOT, "<U+%04X>", cp));
              } else {
                out.appendCodePoint(cp);
              }
            });
    return out.toString();
  }
}
