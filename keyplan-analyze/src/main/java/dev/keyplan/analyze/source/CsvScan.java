package dev.keyplan.analyze.source;

import dev.keyplan.input.InputException;
import dev.keyplan.input.Location;
import java.io.BufferedInputStream;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.zip.GZIPInputStream;

/**
 * Reads CSV and TSV files record by record, as RFC 4180 splits them
 * (https://www.rfc-editor.org/rfc/rfc4180, section 2: a field in double quotes may hold the
 * separator and line breaks, a doubled quote is one quote; a CR before a line feed outside quotes
 * is part of the line end), to place a value an engine found wrong but did not place: a {@code
 * --time} value that is no time, as the Spark engine reports it; and turns the embedded engine's
 * places of a malformed row (a byte of the file, or a record's number) into the row's line and
 * column, since the engine counts records, not lines. Run on those error paths only.
 */
public final class CsvScan {
  private CsvScan() {}

  /**
   * The places of the first {@code listed} records whose field {@code column} (by the file's
   * header) holds one of {@code values} (its text, quotes undone), in file order, each at the line
   * and column (in code points) where the field starts, as the embedded engine places a value that
   * is no time.
   */
  public static List<JsonLinesScan.Found> find(
      DataSet data, String column, Set<String> values, int listed) {
    char separator = data.format() == DataFormat.TSV ? '\t' : ',';
    List<JsonLinesScan.Found> out = new ArrayList<>();
    for (DataFile f : data.files()) {
      int index = f.columns().indexOf(column);
      if (index < 0) {
        continue;
      }
      try (InputStream file = Files.newInputStream(f.path());
          InputStream raw = f.gzip() ? new GZIPInputStream(file) : file;
          Reader in =
              new BufferedReader(new InputStreamReader(raw, StandardCharsets.UTF_8), 1 << 16)) {
        scan(in, f.name(), separator, index, values, listed, out);
      } catch (IOException e) {
        throw new InputException(
            new Location(f.name(), 1, 1), "cannot read it: " + InputException.reason(e));
      }
      if (out.size() >= listed) {
        break;
      }
    }
    return out;
  }

  /**
   * The line and column (in code points, from 1) of each of {@code offsets}, bytes of {@code f} as
   * decompressed (sorted, from 0), in one pass: the lines before the byte and its place in its own.
   * A byte that is the line feed of a CR LF line end is placed at the CR, where the line's text
   * ends; a byte past the end at the place after the last one.
   */
  public static List<Location> atBytes(DataFile f, List<Long> offsets) {
    try (InputStream file = Files.newInputStream(f.path());
        InputStream raw = f.gzip() ? new GZIPInputStream(file, 1 << 16) : file;
        InputStream in = new BufferedInputStream(raw, 1 << 16)) {
      return atBytes(in, f.name(), offsets);
    } catch (IOException e) {
      throw new InputException(
          new Location(f.name(), 1, 1), "cannot read it: " + InputException.reason(e));
    }
  }

  static List<Location> atBytes(InputStream in, String name, List<Long> offsets)
      throws IOException {
    List<Location> out = new ArrayList<>();
    long at = 0;
    int line = 1;
    int column = 1;
    int previous = -1;
    int b = in.read();
    for (long offset : offsets) {
      while (at < offset && b >= 0) {
        if (b == '\n') {
          line++;
          column = 1;
        } else if ((b & 0xC0) != 0x80) {
          // A byte that starts a UTF-8 sequence: a code point.
          column++;
        }
        previous = b;
        b = in.read();
        at++;
      }
      boolean crlf = b == '\n' && previous == '\r' && column > 1;
      out.add(new Location(name, line, crlf ? column - 1 : column));
    }
    return out;
  }

  /**
   * The line and column where field {@code fields[i]} (from 0) of record {@code records[i]} (from
   * 1, the header being record 1; sorted) starts, as RFC 4180 splits the file, for a row the engine
   * numbered by record but gave no byte of; a field past the record's last at the record's end.
   */
  public static List<Location> atRecords(DataFile f, long[] records, int[] fields) {
    char separator = f.format() == DataFormat.TSV ? '\t' : ',';
    try (InputStream file = Files.newInputStream(f.path());
        InputStream raw = f.gzip() ? new GZIPInputStream(file) : file;
        Reader in =
            new BufferedReader(new InputStreamReader(raw, StandardCharsets.UTF_8), 1 << 16)) {
      return atRecords(in, f.name(), separator, records, fields);
    } catch (IOException e) {
      throw new InputException(
          new Location(f.name(), 1, 1), "cannot read it: " + InputException.reason(e));
    }
  }

  static List<Location> atRecords(
      Reader in, String name, char separator, long[] records, int[] fields) throws IOException {
    List<Location> out = new ArrayList<>();
    long record = 1;
    int field = 0;
    int line = 1;
    int column = 1;
    boolean quoted = false;
    boolean fieldStart = true;
    int previous = -1;
    int c = in.read();
    while (out.size() < records.length) {
      int i = out.size();
      boolean recordEnd = c < 0 || c == '\n' && !quoted;
      if (record == records[i] && (field == fields[i] && fieldStart || recordEnd)) {
        // The field's start, or the record's end when it has fewer fields (where its text ends:
        // at the CR of a CR LF).
        out.add(
            new Location(
                name, line, recordEnd && previous == '\r' && column > 1 ? column - 1 : column));
        continue;
      }
      if (c < 0 || record > records[i]) {
        out.add(new Location(name, line, column));
        continue;
      }
      fieldStart = false;
      if (recordEnd) {
        record++;
        field = 0;
        fieldStart = true;
      } else if (c == '"') {
        quoted = !quoted;
      } else if (c == separator && !quoted) {
        field++;
        fieldStart = true;
      }
      if (c == '\n') {
        line++;
        column = 1;
      } else if (!Character.isLowSurrogate((char) c)) {
        column++;
      }
      previous = c;
      c = in.read();
    }
    return out;
  }

  /** Scans one file's records past its header, adding what it finds to {@code out}. */
  static void scan(
      Reader in,
      String name,
      char separator,
      int index,
      Set<String> values,
      int listed,
      List<JsonLinesScan.Found> out)
      throws IOException {
    int line = 1;
    int column = 1;
    boolean header = true;
    int field = 0;
    int fieldLine = 1;
    int fieldColumn = 1;
    boolean quoted = false;
    boolean wasQuoted = false;
    StringBuilder text = new StringBuilder();
    int c = in.read();
    while (out.size() < listed) {
      boolean end = c < 0;
      if (!end && quoted) {
        if (c == '"') {
          int next = in.read();
          column++;
          if (next == '"') {
            text.append('"');
            c = in.read();
            column++;
          } else {
            quoted = false;
            c = next;
          }
          continue;
        }
        text.append((char) c);
        if (c == '\n') {
          line++;
          column = 1;
        } else if (!Character.isLowSurrogate((char) c)) {
          column++;
        }
        c = in.read();
        continue;
      }
      boolean recordEnd = end || c == '\n';
      if (recordEnd || c == separator) {
        if (!header && field == index) {
          String value = text.toString();
          if (!wasQuoted && value.endsWith("\r")) {
            value = value.substring(0, value.length() - 1);
          }
          if (values.contains(value)) {
            out.add(new JsonLinesScan.Found(new Location(name, fieldLine, fieldColumn), value));
          }
        }
        if (end) {
          return;
        }
        text.setLength(0);
        wasQuoted = false;
        if (recordEnd) {
          header = false;
          field = 0;
          line++;
          column = 1;
        } else {
          field++;
          column++;
        }
        fieldLine = line;
        fieldColumn = column;
        c = in.read();
        continue;
      }
      if (c == '"' && text.isEmpty() && !wasQuoted) {
        quoted = true;
        wasQuoted = true;
      } else {
        text.append((char) c);
      }
      if (!Character.isLowSurrogate((char) c)) {
        column++;
      }
      c = in.read();
    }
  }
}
