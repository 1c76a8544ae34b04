package dev.keyplan.input;

/**
 * Bounds what an error message echoes back. Messages quote the user's value ("expected a rate such
 * as 200/s, got '…'"), and a value can be as long as the file that holds it (64 MiB): echoed whole,
 * a hostile value turned one error line into megabytes on the terminal (issue 18). A message longer
 * than {@value #MAX_CODE_POINTS} code points keeps its first {@value #HEAD} and last {@value
 * #TAIL}, since the start says where and what was given and the end usually says what was expected,
 * and states how many it left out between them.
 *
 * <p>Example: a 2,000,000-character name in "unknown attribute '…'; expected one of a, b" prints as
 * its first 600 code points, {@code " … [1,999,xxx code points left out] … "} and its last 300.
 */
public final class Echo {
  /** The longest message printed whole, in code points. */
  public static final int MAX_CODE_POINTS = 1_000;

  static final int HEAD = 600;
  static final int TAIL = 300;

  private Echo() {}

  /** Returns {@code message}, or its head and tail with the count left out between them. */
  public static String bounded(String message) {
    int length = message.codePointCount(0, message.length());
    if (length <= MAX_CODE_POINTS) {
      return message;
    }
    int headEnd = message.offsetByCodePoints(0, HEAD);
    int tailStart = message.offsetByCodePoints(message.length(), -TAIL);
    return message.substring(0, headEnd)
        + String.format(" … [%,d code points left out] … ", length - HEAD - TAIL)
        + message.substring(tailStart);
  }
}
