package dev.keyplan.input;

/**
 * A place in a user's input file, 1-based, as compilers print it ({@code chat.yaml:14:7}).
 *
 * <p>Every finding and every input error carries one, so editors and CI can jump to the line.
 * {@link #NONE} marks facts that have no place in a file (a computed default).
 */
public record Location(String file, int line, int column) {

  /** A location for things that were not written in any file. */
  public static final Location NONE = new Location("", 0, 0);

  /** Returns {@code file:line:column}, or just the file when the position is unknown. */
  @Override
  public String toString() {
    if (line <= 0) {
      return file;
    }
    return file + ":" + line + ":" + column;
  }
}
