package dev.keyplan.analyze.export;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.PushbackInputStream;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;
import java.util.zip.ZipException;

/**
 * The text of a gzip file: its members one after another (RFC 1952,
 * https://www.rfc-editor.org/rfc/rfc1952: "a gzip file consists of a series of members"), each
 * one's header read, its deflate data inflated by the JDK's {@link Inflater} and its CRC-32 and
 * length checked against its trailer.
 *
 * <p>Why not {@link java.util.zip.GZIPInputStream}: after a member it looks for another only when
 * its source says bytes are {@code available()}, and it drops whatever follows the last member if
 * that is not a gzip header, so bytes appended to a file (or a second member behind a slow pipe)
 * would pass in silence. Here what follows a member is either another member or an error.
 */
final class GzipMembers extends InputStream {

  /** Bytes after the last member that do not start another. */
  static final class TrailingBytes extends IOException {
    private static final long serialVersionUID = 1L;

    TrailingBytes(String message) {
      super(message);
    }
  }

  private static final int FHCRC = 2;
  private static final int FEXTRA = 4;
  private static final int FNAME = 8;
  private static final int FCOMMENT = 16;
  private static final int RESERVED = 0xE0;

  private final PushbackInputStream in;
  private final Inflater inflater = new Inflater(true);
  private final CRC32 crc = new CRC32();
  private final byte[] input = new byte[1 << 16];
  private int inputLength;
  private long memberBytes;
  private boolean done;
  private final byte[] one = new byte[1];

  /** Reads the first member's header; a file that is not gzip is a {@link ZipException}. */
  GzipMembers(InputStream raw) throws IOException {
    this.in = new PushbackInputStream(raw, input.length + 2);
    header();
  }

  @Override
  public int read() throws IOException {
    int n = read(one, 0, 1);
    return n < 0 ? -1 : one[0] & 0xff;
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    if (len == 0) {
      return 0;
    }
    while (!done) {
      int n;
      try {
        n = inflater.inflate(b, off, len);
      } catch (DataFormatException e) {
        throw new ZipException("invalid deflate data: " + e.getMessage());
      }
      if (n > 0) {
        crc.update(b, off, n);
        memberBytes += n;
        return n;
      }
      if (inflater.finished()) {
        int rest = inflater.getRemaining();
        if (rest > 0) {
          in.unread(input, inputLength - rest, rest);
        }
        trailer();
        nextMember();
      } else if (inflater.needsDictionary()) {
        throw new ZipException("deflate data that needs a preset dictionary, which gzip has not");
      } else if (inflater.needsInput()) {
        inputLength = in.read(input);
        if (inputLength < 0) {
          throw new EOFException("the compressed data ends early");
        }
        inflater.setInput(input, 0, inputLength);
      }
    }
    return -1;
  }

  /** After a member: the end of the file, or another member's header. */
  private void nextMember() throws IOException {
    int b0 = in.read();
    if (b0 < 0) {
      done = true;
      return;
    }
    int b1 = in.read();
    if (b0 != 0x1f || b1 != 0x8b) {
      throw new TrailingBytes(
          "bytes after the end of the gzip data that do not start another member");
    }
    in.unread(b1);
    in.unread(b0);
    inflater.reset();
    crc.reset();
    memberBytes = 0;
    header();
  }

  /** RFC 1952 section 2.3: ID1 ID2 CM FLG MTIME(4) XFL OS, then the optional fields FLG names. */
  private void header() throws IOException {
    if (u8() != 0x1f || u8() != 0x8b) {
      throw new ZipException("not a gzip header");
    }
    if (u8() != 8) {
      throw new ZipException("a compression method other than deflate (8)");
    }
    int flags = u8();
    if ((flags & RESERVED) != 0) {
      // "A compliant decompressor must give an error indication if any reserved bit is non-zero."
      throw new ZipException("reserved header flags set");
    }
    skip(6);
    if ((flags & FEXTRA) != 0) {
      skip(u8() | u8() << 8);
    }
    if ((flags & FNAME) != 0) {
      while (u8() != 0) {
        // The original file name, up to its zero byte.
      }
    }
    if ((flags & FCOMMENT) != 0) {
      while (u8() != 0) {
        // A comment, up to its zero byte.
      }
    }
    if ((flags & FHCRC) != 0) {
      skip(2);
    }
  }

  /** RFC 1952 section 2.3.1: CRC-32 of the member's text, then its length modulo 2^32. */
  private void trailer() throws IOException {
    long crc32 = u32();
    long size = u32();
    if (crc32 != crc.getValue()) {
      throw new ZipException("the CRC-32 of the text does not match the member's trailer");
    }
    if (size != (memberBytes & 0xffffffffL)) {
      throw new ZipException("the length of the text does not match the member's trailer");
    }
  }

  private long u32() throws IOException {
    return (u8() | u8() << 8 | u8() << 16 | (long) u8() << 24) & 0xffffffffL;
  }

  private void skip(int n) throws IOException {
    for (int i = 0; i < n; i++) {
      u8();
    }
  }

  private int u8() throws IOException {
    int b = in.read();
    if (b < 0) {
      throw new EOFException("the compressed data ends early");
    }
    return b;
  }

  @Override
  public void close() throws IOException {
    inflater.end();
    in.close();
  }
}
