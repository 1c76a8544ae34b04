package dev.keyplan.analyze;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Generated events with known truth, for AnalyzeFidelityTest: a seeded generator (SplittableRandom,
 * seed fixed) writes the rows to a CSV file and counts, as it writes, every figure the tests check.
 *
 * <ul>
 *   <li>{@code id}: 1, 2, 3 … (unique, in file order);
 *   <li>{@code zipf_key}: Zipf with exponent {@link #ZIPF_S} over {@link #ZIPF_VALUES} values,
 *       drawn by inverting the cumulative shares {@code Σ_{k≤r} k^-s / H(n, s)};
 *   <li>{@code uniform_key}: uniform over {@link #UNIFORM_VALUES} values;
 *   <li>{@code tenant}: {@code tenant-0} with probability 60% (seed 004's tenants: one tenant holds
 *       most of the data), else one of 999 others uniformly;
 *   <li>{@code ts}: 2024-01-01T00:00:00Z plus the row's index in seconds: monotonic;
 *   <li>{@code note}: present with probability 30%, 20 ASCII bytes when present;
 *   <li>{@code code}: always 8 hex characters;
 *   <li>{@code tags}: a JSON array of {@code id mod 4} two-byte strings.
 * </ul>
 */
final class GeneratedEvents {
  static final double ZIPF_S = 1.1;
  static final int ZIPF_VALUES = 1_000_000;
  static final int UNIFORM_VALUES = 1_000;
  static final double TENANT_ZERO = 0.6;
  static final double NOTE_PRESENT = 0.3;
  static final long START = Instant.parse("2024-01-01T00:00:00Z").getEpochSecond();

  final long rows;
  final Map<Long, Long> zipfCounts = new HashMap<>();
  final long[] uniformCounts = new long[UNIFORM_VALUES];
  final Map<String, Long> tenantCounts = new HashMap<>();
  long notes;

  private GeneratedEvents(long rows) {
    this.rows = rows;
  }

  /** Writes {@code rows} events to {@code csv} and returns the truth counted while writing. */
  static GeneratedEvents write(Path csv, long rows, long seed) throws IOException {
    GeneratedEvents g = new GeneratedEvents(rows);
    double[] cumulative = new double[ZIPF_VALUES];
    double sum = 0;
    for (int r = 0; r < ZIPF_VALUES; r++) {
      sum += Math.pow(r + 1, -ZIPF_S);
      cumulative[r] = sum;
    }
    SplittableRandom random = new SplittableRandom(seed);
    try (BufferedWriter w = Files.newBufferedWriter(csv, StandardCharsets.UTF_8)) {
      w.write("id,zipf_key,uniform_key,tenant,ts,note,code,tags\n");
      for (long i = 1; i <= rows; i++) {
        int rank = Arrays.binarySearch(cumulative, random.nextDouble() * sum);
        long zipf = (rank < 0 ? -rank - 1 : rank) + 1;
        zipf = Math.min(zipf, ZIPF_VALUES);
        int uniform = random.nextInt(UNIFORM_VALUES);
        String tenant =
            random.nextDouble() < TENANT_ZERO ? "tenant-0" : "tenant-" + (1 + random.nextInt(999));
        boolean note = random.nextDouble() < NOTE_PRESENT;
        String code = String.format("%08x", random.nextInt());
        g.zipfCounts.merge(zipf, 1L, Long::sum);
        g.uniformCounts[uniform]++;
        g.tenantCounts.merge(tenant, 1L, Long::sum);
        if (note) {
          g.notes++;
        }
        StringBuilder tags = new StringBuilder("\"[");
        for (int t = 0; t < i % 4; t++) {
          tags.append(t == 0 ? "" : ",").append("\"\"t").append(t).append("\"\"");
        }
        tags.append("]\"");
        w.write(
            i
                + ","
                + zipf
                + ","
                + uniform
                + ","
                + tenant
                + ","
                + Instant.ofEpochSecond(START + i - 1)
                + ","
                + (note ? "note-" + String.format("%015d", i) : "")
                + ","
                + code
                + ","
                + tags
                + "\n");
      }
    }
    return g;
  }

  /** The busiest count of a value. */
  static long busiest(Map<?, Long> counts) {
    return counts.values().stream().mapToLong(Long::longValue).max().orElse(0);
  }
}
