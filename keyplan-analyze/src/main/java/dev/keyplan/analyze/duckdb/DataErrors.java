package dev.keyplan.analyze.duckdb;

import dev.keyplan.analyze.Measurement;
import dev.keyplan.analyze.source.DataFile;
import dev.keyplan.analyze.source.DataFormat;
import dev.keyplan.analyze.source.DataSet;
import dev.keyplan.analyze.source.JsonLinesScan;
import dev.keyplan.input.Diagnostic;
import dev.keyplan.input.InputException;
import dev.keyplan.input.Location;
import java.nio.charset.StandardCharsets;
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
   * the first {@link DuckDbMeasurer#LISTED_BAD_ROWS}, each at its line and column.
   */
  static long rejects(DuckDbSession db, Measurement m) throws SQLException {
    long count = ((Number) db.row("SELECT count(*) FROM kp_rejects")[0]).longValue();
    if (count <= m.maxBadRows()) {
      return count;
    }
    List<Diagnostic> out = new ArrayList<>();
    List<Object[]> rows =
        db.rows(
            "SELECT s.file_path, e.line, e.byte_position - e.line_byte_position, e.error_type,"
                + " e.error_message, e.csv_line, e.column_idx FROM kp_rejects e JOIN kp_scans s ON"
                + " e.scan_id = s.scan_id AND e.file_id = s.file_id ORDER BY e.file_id, e.line,"
                + " e.byte_position"
                + " LIMIT "
                + DuckDbMeasurer.LISTED_BAD_ROWS * 4L);
    // Files in the data set's order; DuckDB numbers them in the order given.
    rows.sort(
        java.util.Comparator.comparingInt((Object[] r) -> index(m.data(), (String) r[0]))
            .thenComparingLong(r -> ((Number) r[1]).longValue()));
    java.util.Set<String> seen = new java.util.HashSet<>();
    for (Object[] r : rows) {
      if (out.size() == DuckDbMeasurer.LISTED_BAD_ROWS || !seen.add(r[0] + ":" + r[1])) {
        continue;
      }
      String name = m.data().files().get(Math.max(0, index(m.data(), (String) r[0]))).name();
      int line = (int) Math.min(Integer.MAX_VALUE, ((Number) r[1]).longValue());
      // A value that does not convert has no byte: it is in the --time column, the one column
      // read with a type, whose field's start is its place (the engine's own column index counts
      // the columns read, not the file's).
      boolean cast = "CAST".equals(String.valueOf(r[3]));
      int timeField =
          m.time()
                  .map(t -> m.data().files().get(0).columns().indexOf(m.column(t).column()))
                  .orElse(0)
              + 1;
      int column =
          r[2] == null || cast
              ? fieldColumn(
                  (String) r[5], m.data().format() == DataFormat.TSV ? '\t' : ',', timeField)
              : column((String) r[5], ((Number) r[2]).longValue());
      out.add(
          new Diagnostic(
              new Location(name, line, column),
              "a malformed row ("
                  + (cast
                      ? "'"
                          + fieldText(
                              (String) r[5],
                              m.data().format() == DataFormat.TSV ? '\t' : ',',
                              timeField)
                          + "' is no time"
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

  private static int index(DataSet data, String path) {
    for (int i = 0; i < data.files().size(); i++) {
      if (data.files().get(i).path().toString().equals(path)) {
        return i;
      }
    }
    return -1;
  }

  /**
   * The column, in characters, of byte {@code offset} of a line: the bytes that start a UTF-8
   * sequence before it, plus one.
   */
  static int column(String line, long offset) {
    if (line == null || offset <= 0) {
      return 1;
    }
    byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
    int column = 1;
    for (int i = 0; i < Math.min(offset, bytes.length); i++) {
      if ((bytes[i] & 0xC0) != 0x80) {
        column++;
      }
    }
    return column;
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
}
