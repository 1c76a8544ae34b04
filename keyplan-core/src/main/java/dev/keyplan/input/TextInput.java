package dev.keyplan.input;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Reads a user's text file as UTF-8 and locates the first byte that is not UTF-8, so a file saved
 * in Latin-1 (or a binary file passed by mistake) is an error at {@code file:line:column} rather
 * than "it is not UTF-8 text" with no place, or worse, a file read with replacement characters.
 *
 * <p>Every reader of a user's file goes through {@link #read(Path, String, Location)} or, for
 * standard input, {@link #bytes} and {@link #decode} (issue 18: "non-UTF-8 bytes (line and column
 * of the first bad byte)", "every reader of every file kind goes through the same located-input
 * toolkit"), so each is bounded by {@link InputLimits} and places its first bad byte alike.
 */
public final class TextInput {
  private TextInput() {}

  /**
   * Returns the file's text; a missing or unreadable file is an input error at the file, bytes that
   * are not UTF-8 an input error at the line and column of the first bad byte. {@code what} names
   * the file kind in the message ("the model file").
   */
  public static String read(Path path, String what) {
    return read(path, what, new Location(path.toString(), 0, 0));
  }

  /**
   * Returns the file's text, as {@link #read(Path, String)}, but a missing or unreadable file is an
   * error at {@code namedAt}: the place that named it (a model's {@code schema:} value), which is
   * where the user fixes a wrong path. What is wrong inside the file is still placed in the file.
   */
  public static String read(Path path, String what, Location namedAt) {
    byte[] bytes;
    try (InputStream in = Files.newInputStream(path)) {
      bytes = bytes(path.toString(), in);
    } catch (IOException e) {
      throw new InputException(namedAt, "cannot read " + what + ": " + InputException.reason(e));
    }
    return decode(path.toString(), bytes);
  }

  /**
   * Returns the bytes of {@code in} (a file, or standard input), at most {@link
   * InputLimits#fileBytes}: it reads one byte more than the limit and stops, so an endless stream
   * costs no more than the limit. A longer input is an error at the first byte past the limit
   * ({@code file:line:column}, counted as {@link #at} counts), exit 2.
   */
  public static byte[] bytes(String file, InputStream in) throws IOException {
    long limit = InputLimits.current().fileBytes();
    byte[] bytes = in.readNBytes((int) limit + 1);
    if (bytes.length > limit) {
      throw new InputException(
          byteAt(file, bytes, (int) limit),
          "the input is larger than "
              + InputLimits.shown(limit)
              + "; expected at most that much (this is its first byte past the limit; see"
              + " docs/reliability.md, 'Input size', to raise it with -D"
              + InputLimits.FILE_BYTES_PROPERTY
              + ")");
    }
    return bytes;
  }

  /**
   * Returns the line and column of byte {@code index} without decoding: lines end at LF bytes, and
   * the column counts the bytes that start a UTF-8 sequence (all but the continuation bytes
   * 10xxxxxx, RFC 3629 section 3), so it counts code points as {@link #at} does when the bytes
   * before are UTF-8.
   */
  static Location byteAt(String file, byte[] bytes, int index) {
    int line = 1;
    int column = 1;
    for (int i = 0; i < index; i++) {
      if (bytes[i] == '\n') {
        line++;
        column = 1;
      } else if ((bytes[i] & 0xC0) != 0x80) {
        column++;
      }
    }
    // A limit that falls inside a character places the error at that character.
    if (index < bytes.length && (bytes[index] & 0xC0) == 0x80 && column > 1) {
      column--;
    }
    return new Location(file, line, column);
  }

  /**
   * Decodes {@code bytes} as UTF-8 (RFC 3629, https://www.rfc-editor.org/rfc/rfc3629#section-3:
   * overlong forms and surrogates are invalid, and Java's decoder rejects them); a bad byte is an
   * input error at its line and column, the column counted in characters (code points) as editors
   * count it. A leading byte-order mark is dropped: UTF-8 allows one (RFC 3629 section 6).
   */
  public static String decode(String file, byte[] bytes) {
    CharsetDecoder decoder =
        StandardCharsets.UTF_8
            .newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);
    ByteBuffer in = ByteBuffer.wrap(bytes);
    CharBuffer out = CharBuffer.allocate(bytes.length + 1);
    CoderResult result = decoder.decode(in, out, true);
    if (result.isError()) {
      // The decoder stops before the bad sequence: everything before it decoded cleanly.
      out.flip();
      throw new InputException(
          at(file, out.toString(), out.length()),
          String.format(
              "not UTF-8 text: byte 0x%02X at offset %d; expected a file saved as UTF-8",
              bytes[in.position()] & 0xff, in.position()));
    }
    decoder.flush(out);
    out.flip();
    String text = out.toString();
    return text.startsWith("\uFEFF") ? text.substring(1) : text;
  }

  /**
   * Returns the 1-based line and column of character {@code index} of {@code text}; lines end at LF
   * (a CR before it is part of the line end), columns count code points.
   */
  public static Location at(String file, String text, int index) {
    int line = 1;
    int lineStart = 0;
    for (int i = 0; i < index && i < text.length(); i++) {
      if (text.charAt(i) == '\n') {
        line++;
        lineStart = i + 1;
      }
    }
    return new Location(file, line, text.codePointCount(lineStart, index) + 1);
  }

  /**
   * Rejects the first control character other than tab, line feed and carriage return: YAML 1.2
   * allows none of them in a stream (https://yaml.org/spec/1.2.2/#51-character-set), a NUL ends a C
   * string in any tool the output reaches, and the parser would otherwise fail without a place. DEL
   * and the C1 controls except NEL are outside YAML's printable set too.
   */
  public static void rejectControls(String file, String text, String what) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      boolean c0 = c < 0x20 && c != '\t' && c != '\n' && c != '\r';
      boolean c1 = c >= 0x7f && c <= 0x9f && c != 0x85;
      if (c0 || c1) {
        throw new InputException(
            at(file, text, i),
            String.format(
                "control character U+%04X in %s; expected printable text (tab, line feed and"
                    + " carriage return are the only controls allowed)",
                (int) c, what));
      }
    }
  }
}
