package dev.keyplan.analyze.duckdb;

import dev.keyplan.analyze.Measurement;
import dev.keyplan.analyze.source.CsvScan;
import dev.keyplan.analyze.source.DataFile;
import dev.keyplan.analyze.source.DataFormat;
import dev.keyplan.analyze.source.DataSet;
import dev.keyplan.analyze.source.JsonLinesScan;
import dev.keyplan.input.Diagnostic;
import dev.keyplan.input.InputException;
import dev.keyplan.input.Location;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns what the engine refused into located input errors (exit 2), never a stack trace: a CSV row
 * from DuckDB's rejects tables, which record each bad row's file, line and byte
 * (https://duckdb.org/docs/stable/data/csv/reading_faulty_csv_files), a JSON line found again by
 * {@link JsonLinesScan}, and any other refusal at the data set's first file with the engine's own
 * first line.
 */
final class DataErrors {
  private DataErrors() {}

  /**
   * Counts the rows the CSV reader rejected; more than {@code --max-bad-rows} is an error listing
   * the first {@link DuckDbMeasurer#LISTED_BAD_ROWS}, each at its line and column as keyplan finds
   * them in the file ({@link #places}).
   */
  static long rejects(DuckDbSession db, Measurement m) throws SQLException {
    long count = ((Number) db.row("SELECT count(*) FROM kp_rejects")[0]).longValue();
    if (count <= m.maxBadRows()) {
      return count;
    }
    List<Object[]> rows =
        db.rows(
            "SELECT s.file_path, e.line, e.byte_position, e.error_type, e.error_message,"
                + " e.csv_line, e.column_idx FROM kp_rejects e JOIN kp_scans s ON e.scan_id ="
                + " s.scan_id AND e.file_id = s.file_id ORDER BY e.file_id, e.line,"
                + " e.byte_position LIMIT "
                + DuckDbMeasurer.LISTED_BAD_ROWS * 4L);
    // Files in the data set's order; DuckDB numbers them in the order given.
    rows.sort(
        java.util.Comparator.comparingInt((Object[] r) -> index(m.data(), (String) r[0]))
            .thenComparingLong(r -> ((Number) r[1]).longValue()));
    // One row per record (a row short of two columns is rejected once for each).
    java.util.Set<String> seen = new java.util.HashSet<>();
    List<Object[]> listed = new ArrayList<>();
    for (Object[] r : rows) {
      if (listed.size() < DuckDbMeasurer.LISTED_BAD_ROWS && seen.add(r[0] + ":" + r[1])) {
        listed.add(r);
      }
    }
    char separator = m.data().format() == DataFormat.TSV ? '\t' : ',';
    // A value that does not convert is in the --time column, the one column read with a type,
    // whose field's start is its place (the engine's own column index counts the columns read, not
    // the file's).
    int timeField =
        m.time().map(t -> m.data().files().get(0).columns().indexOf(m.column(t).column())).orElse(0)
            + 1;
    List<Location> places = places(m.data(), listed, timeField);
    List<Diagnostic> out = new ArrayList<>();
    for (int i = 0; i < listed.size(); i++) {
      Object[] r = listed.get(i);
      boolean cast = "CAST".equals(String.valueOf(r[3]));
      out.add(
          new Diagnostic(
              places.get(i),
              "a malformed row ("
                  + (cast
                      ? "'" + fieldText((String) r[5], separator, timeField) + "' is no time"
                      : r[3].toString().toLowerCase(java.util.Locale.ROOT)
                          + ": "
                          + String.valueOf(r[4]).strip())
                  + "); expected "
                  + (cast
                      ? "an ISO-8601 time (2024-05-01T12:00:00Z) in the --time column"
                      : (m.data().format() == DataFormat.TSV ? "TSV" : "RFC 4180 CSV")
                          + " with the header's "
                          + m.data().files().get(0).columns().size()
                          + " columns")
                  + (count > 1 ? " (" + count + " bad rows in all" : " (1 bad row")
                  + "; --max-bad-rows "
                  + m.maxBadRows()
                  + ")"));
    }
    throw new InputException(out);
  }

  /**
   * Where each rejected row is in its file, found by keyplan: the engine's {@code line} counts
   * records, not lines, so past a quoted value holding a line break it is smaller than the row's
   * line. Its {@code byte_position} is the byte (of the file as decompressed) where it stopped,
   * plus one (as DuckDB 2.0 writes it, in LF, CR LF and gzip files alike), which {@link
   * CsvScan#atBytes} turns into a line and column; a row with no byte (a value that did not
   * convert) is its record's field found by {@link CsvScan#atRecords}: the --time field for a value
   * that is no time, else the record's start. A file that cannot be read again keeps the engine's
   * record number, at column 1.
   */
  static List<Location> places(DataSet data, List<Object[]> rows, int timeField) {
    char separator = data.format() == DataFormat.TSV ? '\t' : ',';
    List<Location> out = new ArrayList<>(java.util.Collections.nCopies(rows.size(), null));
    for (int fileIndex = 0; fileIndex < data.files().size(); fileIndex++) {
      DataFile f = data.files().get(fileIndex);
      List<Integer> byByte = new ArrayList<>();
      List<Integer> byRecord = new ArrayList<>();
      for (int i = 0; i < rows.size(); i++) {
        Object[] r = rows.get(i);
        if (!f.path().toString().equals(r[0])) {
          continue;
        }
        boolean cast = "CAST".equals(String.valueOf(r[3]));
        (r[2] == null || cast ? byRecord : byByte).add(i);
      }
      if (byByte.isEmpty() && byRecord.isEmpty()) {
        continue;
      }
      try {
        if (f.remote()) {
          throw new InputException(new Location(f.name(), 1, 1), "only the engine reads it");
        }
        List<Location> atBytes =
            CsvScan.atBytes(
                f,
                byByte.stream()
                    .map(i -> Math.max(0, ((Number) rows.get(i)[2]).longValue() - 1))
                    .toList());
        for (int k = 0; k < byByte.size(); k++) {
          out.set(byByte.get(k), atBytes.get(k));
        }
        long[] records = new long[byRecord.size()];
        int[] fields = new int[byRecord.size()];
        for (int k = 0; k < byRecord.size(); k++) {
          Object[] r = rows.get(byRecord.get(k));
          records[k] = ((Number) r[1]).longValue();
          fields[k] = "CAST".equals(String.valueOf(r[3])) ? timeField - 1 : 0;
        }
        if (records.length > 0) {
          List<Location> atRecords = CsvScan.atRecords(f, records, fields);
          for (int k = 0; k < byRecord.size(); k++) {
            out.set(byRecord.get(k), atRecords.get(k));
          }
        }
      } catch (InputException e) {
        for (int i : concat(byByte, byRecord)) {
          Object[] r = rows.get(i);
          int line = (int) Math.min(Integer.MAX_VALUE, ((Number) r[1]).longValue());
          out.set(i, new Location(f.name(), line, 1));
        }
      }
    }
    for (int i = 0; i < out.size(); i++) {
      if (out.get(i) == null) {
        // A path the data set does not name: the engine's own numbers.
        Object[] r = rows.get(i);
        out.set(
            i,
            new Location(
                String.valueOf(r[0]),
                (int) Math.min(Integer.MAX_VALUE, ((Number) r[1]).longValue()),
                1));
      }
    }
    return out;
  }

  private static List<Integer> concat(List<Integer> a, List<Integer> b) {
    List<Integer> all = new ArrayList<>(a);
    all.addAll(b);
    return all;
  }

  private static int index(DataSet data, String path) {
    for (int i = 0; i < data.files().size(); i++) {
      if (data.files().get(i).path().toString().equals(path)) {
        return i;
      }
    }
    return -1;
  }

  /**
   * The column, in characters, where field {@code index} (from 1) of a CSV or TSV line starts,
   * separators inside double quotes skipped (RFC 4180); 1 when the line is unknown.
   */
  static int fieldColumn(String line, char separator, int index) {
    if (line == null) {
      return 1;
    }
    int field = 1;
    boolean quoted = false;
    int column = 1;
    for (int i = 0; i < line.length() && field < index; i++) {
      char c = line.charAt(i);
      if (c == '"') {
        quoted = !quoted;
      } else if (c == separator && !quoted) {
        field++;
        column = line.codePointCount(0, i + 1) + 1;
      }
    }
    return column;
  }

  /** The raw text of field {@code index} (from 1) of a line, quotes kept, at most 80 characters. */
  static String fieldText(String line, char separator, int index) {
    if (line == null) {
      return "";
    }
    int start = line.offsetByCodePoints(0, fieldColumn(line, separator, index) - 1);
    int end = start;
    boolean quoted = false;
    while (end < line.length() && (quoted || line.charAt(end) != separator)) {
      quoted ^= line.charAt(end) == '"';
      end++;
    }
    String text = line.substring(start, end);
    return text.length() > 80 ? text.substring(0, 79) + "…" : text;
  }

  /** The located error for an engine refusal while reading {@code data}. */
  static InputException of(DataSet data, SQLException e) {
    String message = String.valueOf(e.getMessage());
    if (message.startsWith("Out of Memory Error")) {
      // The limit, not the data: the option is what the user changes.
      return new InputException(
          new Location("<command line>", 0, 0),
          "the engine ran out of memory ("
              + message.lines().findFirst().orElse("").strip()
              + "); expected a larger --memory-limit, a --sample, or a --temp-directory with room"
              + " to spill");
    }
    if (data.format() == DataFormat.JSON_LINES) {
      JsonLinesScan.BadLines bad = JsonLinesScan.scan(data, DuckDbMeasurer.LISTED_BAD_ROWS);
      if (bad.count() > 0) {
        return new InputException(bad.first());
      }
    }
    DataFile first = data.files().get(0);
    String what =
        String.valueOf(e.getMessage())
            .lines()
            .findFirst()
            .orElse("")
            .replaceAll("\\s+", " ")
            .strip();
    String file = first.name();
    for (DataFile f : data.files()) {
      if (what.contains(f.path().toString())) {
        file = f.name();
      }
    }
    return new InputException(
        new Location(file, 1, 1),
        "the engine could not read the data ("
            + what
            + "); expected a well-formed "
            + data.format().id()
            + " file");
  }

  /** The engine's temporary directory could not be made: the user's disk or path, exit 2. */
  static InputException tempDirectory(java.io.IOException e) {
    return new InputException(
        new Location("<command line>", 0, 0),
        "cannot make the engine's temporary directory: " + InputException.reason(e));
  }
}
