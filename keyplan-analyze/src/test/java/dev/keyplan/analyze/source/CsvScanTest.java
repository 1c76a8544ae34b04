package dev.keyplan.analyze.source;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.input.Location;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link CsvScan} places what the embedded engine rejected by a byte of the file or by a record's
 * number at the line and column a reader of the file sees, line breaks inside quotes counted.
 */
class CsvScanTest {
  private static final String CSV = "id,note\r\n1,\"a\r\nb\"\r\n2,é\r\n3\r\n";

  @Test
  void atBytes_countsLinesInsideQuotes_codePoints_andPlacesALineFeedOfCrLfAtItsCr()
      throws IOException {
    // Bytes: "id,note\r\n" 0-8; "1,\"a\r\n" 9-14; "b\"\r\n" 15-18; "2,é\r\n" 19-24 (é is two
    // bytes, 21 and 22); "3\r\n" 25-27.
    List<Location> at =
        CsvScan.atBytes(
            new ByteArrayInputStream(CSV.getBytes(StandardCharsets.UTF_8)),
            "e.csv",
            List.of(0L, 14L, 20L, 23L, 24L, 26L, 27L, 99L));
    assertThat(at)
        .containsExactly(
            new Location("e.csv", 1, 1),
            // The line feed inside the quotes: line 2's text, 1,"a, ends at its CR, column 5.
            new Location("e.csv", 2, 5),
            new Location("e.csv", 4, 2),
            // After "2,é", three code points.
            new Location("e.csv", 4, 4),
            new Location("e.csv", 4, 4),
            new Location("e.csv", 5, 2),
            new Location("e.csv", 5, 2),
            // Past the end: after the last line feed.
            new Location("e.csv", 6, 1));
  }

  @Test
  void atRecords_findsARecordsFieldByRfc4180_orWhereTheRecordEnds() throws IOException {
    // Record 1 is the header; record 2 spans lines 2 and 3; record 3 is line 4, record 4 line 5.
    List<Location> at =
        CsvScan.atRecords(
            new StringReader(CSV),
            "e.csv",
            ',',
            new long[] {2, 2, 3, 4, 9},
            new int[] {0, 1, 1, 1, 0});
    assertThat(at)
        .containsExactly(
            new Location("e.csv", 2, 1),
            new Location("e.csv", 2, 3),
            new Location("e.csv", 4, 3),
            // "3" has no second field: where its text ends, the CR.
            new Location("e.csv", 5, 2),
            // No record 9: the end of the file.
            new Location("e.csv", 6, 1));
  }

  @Test
  void atRecords_splitsTsvAtTabs() throws IOException {
    assertThat(
            CsvScan.atRecords(
                new StringReader("a\tb\n\"x\ty\"\tz\n"),
                "e.tsv",
                '\t',
                new long[] {2},
                new int[] {1}))
        .containsExactly(new Location("e.tsv", 2, 7));
  }
}
