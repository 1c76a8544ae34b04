package dev.keyplan.mongodb.facts;

import dev.keyplan.input.Location;
import java.io.Reader;

/**
 * Hands a text to the bson library's {@code JsonReader} one character at a time and counts how far
 * it has read. The reader asks for one character at a time and re-reads marked ones from its own
 * buffer, so the count is the offset of what it has consumed: how ExtendedJson and the catalog
 * files turn the library's positionless errors and values into file:line:column.
 */
public final class CountingReader extends Reader {
  private final String text;
  private int position;

  /** Reads {@code text} from offset {@code from}. */
  public CountingReader(String text, int from) {
    this.text = text;
    this.position = from;
  }

  /** Returns the offset of the next character the library will get. */
  public int position() {
    return position;
  }

  @Override
  public int read() {
    return position < text.length() ? text.charAt(position++) : -1;
  }

  @Override
  public int read(char[] buffer, int offset, int length) {
    if (length == 0) {
      return 0;
    }
    if (position >= text.length()) {
      return -1;
    }
    buffer[offset] = text.charAt(position++);
    return 1;
  }

  @Override
  public void close() {}

  /** Returns the 1-based line and column of the character at {@code offset} of {@code text}. */
  public static Location locate(String source, String text, int offset) {
    int line = 1;
    int lineStart = 0;
    for (int i = 0; i < offset && i < text.length(); i++) {
      if (text.charAt(i) == '\n') {
        line++;
        lineStart = i + 1;
      }
    }
    return new Location(source, line, offset - lineStart + 1);
  }
}
