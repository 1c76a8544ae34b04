package dev.keyplan.spark;

import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.SplittableRandom;
import java.util.zip.GZIPOutputStream;

/**
 * Orders for SparkMeasurerTest, from a seeded generator (SplittableRandom): the same seed writes
 * the same bytes. Shaped to reach every figure both engines compute:
 *
 * <ul>
 *   <li>{@code customer}: the square of a uniform draw scaled to 2,000 values, so low ids are
 *       busier (a skew, and a Zipf fit over the head);
 *   <li>{@code region}: {@code us} 60% of rows, else one of 9 others;
 *   <li>{@code placed_at}: 2024-03-01T00:00:00Z plus 37 s a row: monotonic, over several days;
 *   <li>{@code coupon}: present in 25% of rows (sparse);
 *   <li>{@code items}: 0 to 5 strings (a collection), as a JSON array in even rows and as cqlsh's
 *       {@code COPY TO} writes a list in odd ones ({@code ['sku-3', 'it''s, 10']}: single quotes, a
 *       quote doubled, a comma inside a string);
 *   <li>{@code note}: text with commas, quotes and now and then a line break inside quotes (RFC
 *       4180), and non-ASCII letters, so that byte lengths differ from character counts.
 * </ul>
 */
final class OrdersData {
  private OrdersData() {}

  static final String HEADER = "order_id,customer,region,placed_at,coupon,items,note";
  static final long START = Instant.parse("2024-03-01T00:00:00Z").getEpochSecond();

  /**
   * Writes rows {@code from} to {@code to} (exclusive) of the seeded sequence to {@code file} as
   * CSV, gzip-compressed when its name ends {@code .gz}.
   */
  static void write(Path file, long seed, int from, int to) throws IOException {
    SplittableRandom random = new SplittableRandom(seed);
    try (OutputStream raw = Files.newOutputStream(file);
        OutputStream out = file.toString().endsWith(".gz") ? new GZIPOutputStream(raw) : raw;
        Writer w = new OutputStreamWriter(out, StandardCharsets.UTF_8)) {
      w.write(HEADER + "\n");
      for (int i = 0; i < to; i++) {
        double u = random.nextDouble();
        long customer = (long) (u * u * 2_000);
        String region = random.nextDouble() < 0.6 ? "us" : "r" + (1 + random.nextInt(9));
        boolean coupon = random.nextDouble() < 0.25;
        int items = random.nextInt(6);
        int noteKind = random.nextInt(20);
        String couponCode = coupon ? "C" + Long.toString(random.nextLong() & 0xffffffL, 36) : "";
        if (i < from) {
          continue;
        }
        StringBuilder list = new StringBuilder("\"[");
        for (int k = 0; k < items; k++) {
          if (i % 2 == 0) {
            list.append(k == 0 ? "" : ",").append("\"\"sku-").append(k * 7 + i % 13).append("\"\"");
          } else {
            list.append(k == 0 ? "" : ", ")
                .append(k == 1 ? "'it''s, " : "'sku-")
                .append(k * 7 + i % 13)
                .append("'");
          }
        }
        list.append("]\"");
        String note =
            switch (noteKind) {
              case 0 -> "\"gift, wrap it\"";
              case 1 -> "\"say \"\"hi\"\"\nand leave it at the door\"";
              case 2 -> "Zürich café";
              default -> "n" + i % 97;
            };
        w.write(
            (1_000_000 + i)
                + ","
                + customer
                + ","
                + region
                + ","
                + Instant.ofEpochSecond(START + 37L * i)
                + ","
                + couponCode
                + ","
                + list
                + ","
                + note
                + "\n");
      }
    }
  }
}
