package dev.keyplan.analyze.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The progress bar's rows estimate: exact for a short file, a line-length guess for a long one. */
class RowEstimateTest {
  @TempDir Path dir;

  private DataFile file(String name, DataFormat format, boolean gzip) {
    return new DataFile(dir.resolve(name), name, format, gzip, List.of());
  }

  @Test
  void aShortFile_isCountedExactly_theHeaderAside_withOrWithoutItsLastLineEnd() throws IOException {
    Files.writeString(dir.resolve("a.csv"), "id,name\n1,x\n2,y\n3,z\n");
    Files.writeString(dir.resolve("b.jsonl"), "{\"id\":1}\n{\"id\":2}");
    // 4 lines less the header; 2 lines, the last one without its LF.
    assertEquals(
        OptionalLong.of(3),
        RowEstimate.of(new DataSet(List.of(file("a.csv", DataFormat.CSV, false)), DataFormat.CSV)));
    assertEquals(
        OptionalLong.of(2),
        RowEstimate.of(
            new DataSet(
                List.of(file("b.jsonl", DataFormat.JSON_LINES, false)), DataFormat.JSON_LINES)));
  }

  @Test
  void aLongFile_isItsSizeOverTheLineLengthOfItsFirstMebibyte() throws IOException {
    // 300,000 lines of 10 bytes ("r" + 8 digits + LF) and a 7-byte header "id,x,y\n":
    // 3,000,007 bytes. The first 1,048,576 bytes hold the header and 104,856 full lines
    // (7 + 104,856 × 10 = 1,048,567), so 104,857 line ends: 3,000,007 × 104,857 ÷ 1,048,576 =
    // 299,998.98, 299,999 lines, 299,998 rows: 2 low, the probe's cut last line uncounted.
    StringBuilder b = new StringBuilder("id,x,y\n");
    for (int i = 0; i < 300_000; i++) {
      b.append(String.format("r%08d\n", i));
    }
    Files.writeString(dir.resolve("long.csv"), b);
    assertEquals(3_000_007, Files.size(dir.resolve("long.csv")));
    assertEquals(
        OptionalLong.of(299_998),
        RowEstimate.of(
            new DataSet(List.of(file("long.csv", DataFormat.CSV, false)), DataFormat.CSV)));
  }

  @Test
  void aGzipOrParquetFile_leavesTheDataSetWithoutAnEstimate() throws IOException {
    Files.writeString(dir.resolve("a.csv"), "id\n1\n");
    try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(dir.resolve("b.csv.gz")))) {
      out.write("id\n2\n".getBytes(StandardCharsets.UTF_8));
    }
    OptionalLong withGzip =
        RowEstimate.of(
            new DataSet(
                List.of(
                    file("a.csv", DataFormat.CSV, false), file("b.csv.gz", DataFormat.CSV, true)),
                DataFormat.CSV));
    assertTrue(withGzip.isEmpty());
    Files.write(dir.resolve("c.parquet"), new byte[] {'P', 'A', 'R', '1'});
    assertTrue(
        RowEstimate.of(
                new DataSet(
                    List.of(file("c.parquet", DataFormat.PARQUET, false)), DataFormat.PARQUET))
            .isEmpty());
  }
}
