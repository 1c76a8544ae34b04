package dev.keyplan.analyze.source;

import dev.keyplan.input.InputException;
import dev.keyplan.input.Location;
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
 * --time} value that is no time, as the Spark engine reports it. Run on that error path only.
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
