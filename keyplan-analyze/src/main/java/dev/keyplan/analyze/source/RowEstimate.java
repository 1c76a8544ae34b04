package dev.keyplan.analyze.source;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.util.OptionalLong;

/**
 * About how many rows a data set holds, before any engine reads it, for the progress bar's "about
 * 2.5M of about 8.0M rows" (issue 19: "a progress bar with rows read and an estimate on long
 * work"). Never a figure of the analysis: the measurement counts every row.
 *
 * <p>A text file is one row a line (CSV and TSV after their header; JSON Lines and the stores'
 * exports one record a line), so its rows are about its size times the lines in its first {@value
 * #PROBE_BYTES} bytes over those bytes; a file no longer than that is counted exactly. Worked: a
 * 534,008,900-byte CSV of 8,000,000 rows (ids 0 to 7,999,999, a user from user0 to user999 and a
 * 50-character body) whose first 1,048,576 bytes hold 16,332 line ends has about 534,008,900 ×
 * 16,332 ÷ 1,048,576 = 8,317,407 lines, 8,317,406 rows after the header: 4% high, as the first
 * lines' ids are shorter than the later ones'. A gzip file's or a Parquet file's size says nothing
 * this simple about its rows: a data set with one has no estimate, and the bar shows its share read
 * alone.
 */
public final class RowEstimate {
  /** Bytes read from the start of each file to measure its line length: 1 MiB. */
  static final int PROBE_BYTES = 1 << 20;

  private RowEstimate() {}

  /** About how many rows {@code data} holds; empty when a file's size does not tell. */
  public static OptionalLong of(DataSet data) {
    long rows = 0;
    for (DataFile f : data.files()) {
      if (f.gzip() || f.format() == DataFormat.PARQUET || f.remote()) {
        return OptionalLong.empty();
      }
      try {
        long size = Files.size(f.path());
        byte[] head = new byte[(int) Math.min(size, PROBE_BYTES)];
        int read = 0;
        try (InputStream in = Files.newInputStream(f.path())) {
          while (read < head.length) {
            int n = in.read(head, read, head.length - read);
            if (n < 0) {
              break;
            }
            read += n;
          }
        }
        long lines = 0;
        for (int i = 0; i < read; i++) {
          if (head[i] == '\n') {
            lines++;
          }
        }
        if (read == size) {
          // The whole file: a last line without its line end is a line too.
          if (read > 0 && head[read - 1] != '\n') {
            lines++;
          }
        } else {
          lines = lines == 0 ? 1 : Math.round((double) size * lines / read);
        }
        boolean header = f.format() == DataFormat.CSV || f.format() == DataFormat.TSV;
        rows += Math.max(0, lines - (header ? 1 : 0));
      } catch (IOException e) {
        // An estimate is not worth an error: the measurement reports an unreadable file itself.
        return OptionalLong.empty();
      }
    }
    return OptionalLong.of(rows);
  }
}
