package dev.keyplan.analyze.export;

import dev.keyplan.input.Diagnostic;
import dev.keyplan.input.InputException;
import dev.keyplan.input.InputLimits;
import dev.keyplan.input.Location;
import dev.keyplan.input.TextInput;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The lines of an export file, read as a stream so that a file of any length costs one line of
 * memory: gzip is undone when the file starts with gzip's magic bytes {@code 1f 8b} (RFC 1952
 * section 2.3.1, https://www.rfc-editor.org/rfc/rfc1952#section-2.3.1; whatever the file's name),
 * lines end at LF with a CR before it dropped, and each line is decoded as strict UTF-8 by the
 * located-input toolkit's {@link TextInput#decode}, so its first bad byte is placed at its line and
 * column (in code points) as in every other file keyplan reads. Line numbers are those of the
 * decompressed text.
 *
 * <p>A line is bounded as a whole file is elsewhere, by {@link InputLimits#fileBytes}: an export
 * has no size limit, but one record does (400 KB of DynamoDB item, 16 MiB of BSON, whose JSON text
 * is larger but far below 64 MiB), and a line without end (a gzip bomb of zeros) must not fill the
 * heap. A leading byte-order mark is dropped on line 1, as {@link TextInput} drops it; on a later
 * line it is an error, since it is what joining files saved with one leaves.
 */
final class ExportLines implements java.io.Closeable {
  private static final Pattern OFFSET = Pattern.compile("at offset (\\d+)");

  /** One line read: its number and text, or why its bytes are not text. */
  record Line(int number, String text, InputException problem) {}

  private final String file;
  private final InputStream in;
  private final boolean gzip;
  private final long maxLineBytes;
  private final int maxLines;
  private final byte[] buf = new byte[1 << 16];
  private int pos;
  private int limit;
  private boolean eof;
  private byte[] line = new byte[1 << 10];
  private int lineLength;
  private int lineNumber;
  // Bytes of decompressed text before the line being read, for "at offset" in messages.
  private long lineStart;
  private long offset;

  private ExportLines(String file, InputStream in, boolean gzip, long maxLineBytes, int maxLines) {
    this.file = file;
    this.maxLines = maxLines;
    this.in = in;
    this.gzip = gzip;
    this.maxLineBytes = maxLineBytes;
  }

  /** Returns the lines of {@code raw}, gzip undone when it starts with gzip's magic bytes. */
  static ExportLines open(String file, InputStream raw) throws IOException {
    return open(file, raw, Integer.MAX_VALUE);
  }

  /**
   * Returns the lines of {@code raw}, at most {@code maxLines} of them: a place's line is an int,
   * so a file of more than 2,147,483,647 lines is refused at its last placeable line rather than
   * placed at a negative line. Tests pass a smaller bound.
   */
  static ExportLines open(String file, InputStream raw, int maxLines) throws IOException {
    var buffered = new BufferedInputStream(raw, 1 << 16);
    buffered.mark(2);
    int b0 = buffered.read();
    int b1 = buffered.read();
    buffered.reset();
    boolean gzip = b0 == 0x1f && b1 == 0x8b;
    InputStream in = buffered;
    if (gzip) {
      try {
        in = new GzipMembers(buffered);
      } catch (IOException e) {
        throw new InputException(
            new Location(file, 1, 1), gzipWords(e) + " in the gzip header; " + GZIP_EXPECTED);
      }
    }
    return new ExportLines(file, in, gzip, InputLimits.current().fileBytes(), maxLines);
  }

  private static final String GZIP_EXPECTED =
      "expected a whole .gz file (was it cut short in a download or copy?)";

  private static String gzipWords(IOException e) {
    return e instanceof java.io.EOFException
        ? "the compressed data ends early"
        : "damaged compressed data (" + InputException.reason(e) + ")";
  }

  /**
   * Closes the stream read, which ends a gzip file's inflater at once rather than when the
   * collector reaches it (its native memory is outside the heap).
   */
  @Override
  public void close() throws IOException {
    in.close();
  }

  /** Returns whether the file was gzip-compressed. */
  boolean gzip() {
    return gzip;
  }

  /**
   * Returns the next line, or null after the last; a file that ends with LF has no empty line after
   * it. Throws for what stops reading altogether: a line past the size limit, compressed data that
   * ends early or is damaged, a read error.
   */
  Line next() {
    lineLength = 0;
    lineStart = offset;
    boolean any = false;
    while (true) {
      if (pos >= limit) {
        fill();
        if (eof) {
          if (!any) {
            return null;
          }
          break;
        }
      }
      any = true;
      int end = pos;
      while (end < limit && buf[end] != '\n') {
        end++;
      }
      append(pos, end);
      offset += end - pos;
      if (end < limit) {
        pos = end + 1;
        offset++;
        break;
      }
      pos = end;
    }
    if (lineNumber == maxLines) {
      throw new InputException(
          new Location(file, lineNumber, 1),
          String.format(
              java.util.Locale.ROOT,
              "more lines than the %,d one file may have; expected a file of at most that many"
                  + " lines (split it: several files form one data set)",
              maxLines));
    }
    lineNumber++;
    int length = lineLength;
    if (length > 0 && line[length - 1] == '\r') {
      length--;
    }
    if (lineNumber > 1
        && length >= 3
        && (line[0] & 0xff) == 0xEF
        && (line[1] & 0xff) == 0xBB
        && (line[2] & 0xff) == 0xBF) {
      return new Line(
          lineNumber,
          null,
          new InputException(
              new Location(file, lineNumber, 1),
              "a byte-order mark (U+FEFF) starts line "
                  + lineNumber
                  + "; one is allowed only at the start of the file (were files saved with one"
                  + " joined together?)"));
    }
    try {
      return new Line(lineNumber, TextInput.decode(file, Arrays.copyOf(line, length)), null);
    } catch (InputException e) {
      return new Line(lineNumber, null, moved(e));
    }
  }

  /** Moves a problem placed in the line alone (line 1) to the line's place in the file. */
  private InputException moved(InputException e) {
    List<Diagnostic> out =
        e.diagnostics().stream()
            .map(
                d -> {
                  Location l = d.location();
                  Matcher m = OFFSET.matcher(d.message());
                  String message =
                      m.find()
                          ? m.replaceFirst("at offset " + (lineStart + Long.parseLong(m.group(1))))
                          : d.message();
                  return new Diagnostic(
                      new Location(file, lineNumber + Math.max(l.line(), 1) - 1, l.column()),
                      gzip ? message + " (of the decompressed text)" : message);
                })
            .toList();
    return new InputException(out);
  }

  private void append(int from, int to) {
    int count = to - from;
    if (lineLength + (long) count > maxLineBytes) {
      int room = (int) (maxLineBytes - lineLength);
      grow(lineLength + room);
      System.arraycopy(buf, from, line, lineLength, room);
      lineLength += room;
      throw new InputException(
          new Location(file, lineNumber + 1, column(lineLength)),
          "a line longer than "
              + String.format(java.util.Locale.ROOT, "%,d", maxLineBytes)
              + " bytes; expected one record per line, at most that long (this is its first byte"
              + " past the limit; see docs/reliability.md, 'Input size', to raise it with -D"
              + InputLimits.FILE_BYTES_PROPERTY
              + ")");
    }
    grow(lineLength + count);
    System.arraycopy(buf, from, line, lineLength, count);
    lineLength += count;
  }

  private void grow(int needed) {
    if (needed > line.length) {
      line = Arrays.copyOf(line, (int) Math.min(Math.max(needed, 2L * line.length), maxLineBytes));
    }
  }

  /**
   * The 1-based column after the first {@code bytes} bytes of the line being read: bytes that start
   * a UTF-8 sequence (RFC 3629 section 3) are characters, continuation bytes 10xxxxxx not.
   */
  private int column(int bytes) {
    int column = 1;
    for (int i = 0; i < bytes; i++) {
      if ((line[i] & 0xC0) != 0x80) {
        column++;
      }
    }
    return column;
  }

  private void fill() {
    try {
      int n = in.read(buf);
      if (n < 0) {
        eof = true;
        pos = 0;
        limit = 0;
      } else {
        pos = 0;
        limit = n;
      }
    } catch (IOException e) {
      Location at = new Location(file, lineNumber + 1, column(lineLength));
      if (e instanceof GzipMembers.TrailingBytes) {
        throw new InputException(
            at,
            "the gzip data ends here, and bytes that do not start another gzip member follow it;"
                + " expected nothing after the last member (were bytes appended to the file?)");
      }
      if (gzip) {
        throw new InputException(
            at, gzipWords(e) + " after this point of the decompressed text; " + GZIP_EXPECTED);
      }
      throw new InputException(at, "cannot read on: " + InputException.reason(e));
    }
  }
}
