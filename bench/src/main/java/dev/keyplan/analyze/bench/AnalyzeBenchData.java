package dev.keyplan.analyze.bench;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The data {@code bench/run.sh analyze} measures: rows of one entity, {@code Event} of
 * bench/analyze/events.yaml, drawn from one seed so that every run and every machine measures the
 * same bytes. Each candidate key has a spread whose truth is known from its law, so the figures
 * both engines print can be read against it:
 *
 * <ul>
 *   <li>{@code event_id}: 1, 2, 3 … in file order (unique, monotonic);
 *   <li>{@code channel_id}: Zipf with exponent {@link #ZIPF_S} over {@link #CHANNELS} values (issue
 *       19's fidelity set), drawn by inverting the cumulative shares {@code Σ_{k≤r} k^-s / H(n,
 *       s)}: channel 1 holds {@code 1 / H(10⁶, 1.1)}, about 12.4% of the rows;
 *   <li>{@code user_id}: uniform over {@link #USERS} values;
 *   <li>{@code region}: {@link #HOME_REGION} with probability {@link #HOME_REGION_SHARE} (seed
 *       004's tenants, 60% in one value), else one of {@link #OTHER_REGIONS} uniformly;
 *   <li>{@code created_at}: {@link #START} plus 10 ms per row, ISO-8601 in UTC: monotonic;
 *   <li>{@code body}: text of 10 to 110 ASCII bytes (uniform), a slice of a seeded buffer of
 *       letters and spaces (no comma or quote, so no CSV quoting).
 * </ul>
 *
 * <p>The CSV has a header line and RFC 4180 rows; {@link #toParquet} writes the same rows as
 * Parquet through DuckDB's {@code COPY … (FORMAT parquet)}
 * (https://duckdb.org/docs/stable/sql/statements/copy), ids as {@code BIGINT} and the time as
 * {@code TIMESTAMPTZ}, as a typed export would hold them.
 */
public final class AnalyzeBenchData {
  private AnalyzeBenchData() {}

  /** The seed of every recorded run. */
  public static final long SEED = 19;

  /** The Zipf exponent of {@code channel_id}: issue 19's fidelity set. */
  public static final double ZIPF_S = 1.1;

  /** Distinct {@code channel_id} values the law draws from. */
  public static final int CHANNELS = 1_000_000;

  /** Distinct {@code user_id} values, uniform. */
  public static final int USERS = 1_000_000;

  /** The one region that holds most rows, as seed 004's US tenants do. */
  public static final String HOME_REGION = "us-east-1";

  /** The share of rows in {@link #HOME_REGION}. */
  public static final double HOME_REGION_SHARE = 0.6;

  /** The other regions, each {@code (1 − 0.6) / 15} of the rows. */
  public static final List<String> OTHER_REGIONS =
      List.of(
          "us-east-2",
          "us-west-1",
          "us-west-2",
          "ca-central-1",
          "sa-east-1",
          "eu-west-1",
          "eu-west-2",
          "eu-west-3",
          "eu-central-1",
          "eu-north-1",
          "ap-south-1",
          "ap-northeast-1",
          "ap-northeast-2",
          "ap-southeast-1",
          "ap-southeast-2");

  /** The first row's time. */
  public static final Instant START = Instant.parse("2026-01-01T00:00:00Z");

  /** Milliseconds between two rows' times. */
  public static final int STEP_MILLIS = 10;

  /** Shortest and longest body, in bytes. */
  public static final int BODY_MIN = 10;

  public static final int BODY_MAX = 110;

  /** The CSV header: the columns in order, named as the model's attributes. */
  public static final String HEADER = "event_id,channel_id,user_id,region,created_at,body";

  /** The candidate keys the benchmark measures, as {@code --keys} takes them. */
  public static final String KEYS = "channel_id;user_id;region";

  private static final int TEXT_BUFFER = 1 << 16;

  /**
   * {@code H(n, s) = Σ_{k=1..n} k^-s}, the Zipf law's normaliser: rank 1's share is {@code 1 / H(n,
   * s)}.
   */
  public static double harmonic(int n, double s) {
    double sum = 0;
    for (int k = 1; k <= n; k++) {
      sum += Math.pow(k, -s);
    }
    return sum;
  }

  /**
   * A stream of rows from one seed: the same seed gives the same rows in the same order. Not
   * thread-safe; one per writer.
   */
  public static final class Rows {
    private final double[] cumulative;
    private final double total;
    private final SplittableRandom random;
    private final char[] text;
    private long index;
    private long second = Long.MIN_VALUE;
    private String secondText = "";

    /** Rows drawn from {@code seed}. */
    public Rows(long seed) {
      cumulative = new double[CHANNELS];
      double sum = 0;
      for (int r = 0; r < CHANNELS; r++) {
        sum += Math.pow(r + 1, -ZIPF_S);
        cumulative[r] = sum;
      }
      total = sum;
      random = new SplittableRandom(seed);
      text = new char[TEXT_BUFFER + BODY_MAX];
      String letters = "abcdefghijklmnopqrstuvwxyz     ";
      for (int i = 0; i < text.length; i++) {
        text[i] = letters.charAt(random.nextInt(letters.length()));
      }
    }

    /** Appends the next row, without its line break, to {@code out}. */
    public void next(StringBuilder out) {
      long id = ++index;
      int rank = Arrays.binarySearch(cumulative, random.nextDouble() * total);
      int channel = Math.min((rank < 0 ? -rank - 1 : rank) + 1, CHANNELS);
      int user = 1 + random.nextInt(USERS);
      String region =
          random.nextDouble() < HOME_REGION_SHARE
              ? HOME_REGION
              : OTHER_REGIONS.get(random.nextInt(OTHER_REGIONS.size()));
      int length = BODY_MIN + random.nextInt(BODY_MAX - BODY_MIN + 1);
      int offset = random.nextInt(TEXT_BUFFER);
      long millis = (id - 1) * STEP_MILLIS;
      long s = START.getEpochSecond() + Math.floorDiv(millis, 1000);
      if (s != second) {
        second = s;
        String iso = Instant.ofEpochSecond(s).toString(); // 2026-01-01T00:00:00Z
        secondText = iso.substring(0, iso.length() - 1);
      }
      int ms = (int) Math.floorMod(millis, 1000);
      out.append(id).append(',').append(channel).append(',').append(user).append(',');
      out.append(region).append(',').append(secondText).append('.');
      if (ms < 100) {
        out.append('0');
      }
      if (ms < 10) {
        out.append('0');
      }
      out.append(ms).append("Z,");
      out.append(text, offset, length);
    }
  }

  /** Writes {@code rows} rows from {@code seed}, with the header, to {@code out}. */
  public static void write(Writer out, long rows, long seed) throws IOException {
    Rows source = new Rows(seed);
    StringBuilder line = new StringBuilder(256);
    out.write(HEADER);
    out.write('\n');
    for (long i = 0; i < rows; i++) {
      line.setLength(0);
      source.next(line);
      line.append('\n');
      out.append(line);
    }
  }

  /**
   * Writes the CSV to {@code csv} through a temporary file renamed at the end, so that a run cut
   * short leaves no half file that a later run would take as done.
   */
  public static void writeCsv(Path csv, long rows, long seed) throws IOException {
    Path part = csv.resolveSibling(csv.getFileName() + ".part");
    try (BufferedWriter w = Files.newBufferedWriter(part, StandardCharsets.US_ASCII)) {
      write(w, rows, seed);
    }
    Files.move(part, csv, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }

  /**
   * Writes the rows of {@code csv} to {@code parquet} with DuckDB (ids {@code BIGINT}, the time
   * {@code TIMESTAMPTZ}, the rest {@code VARCHAR}), with the given engine settings; through a
   * temporary file renamed at the end.
   */
  public static void toParquet(Path csv, Path parquet, String memoryLimit, int threads)
      throws IOException, SQLException {
    Path part = parquet.resolveSibling(parquet.getFileName() + ".part");
    Files.deleteIfExists(part);
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
        Statement s = c.createStatement()) {
      s.execute("SET autoinstall_known_extensions = false");
      s.execute("SET autoload_known_extensions = false");
      s.execute("SET memory_limit = '" + memoryLimit + "'");
      s.execute("SET threads = " + threads);
      s.execute("SET TimeZone = 'UTC'");
      s.execute(
          "COPY (SELECT * FROM read_csv('"
              + csv.toAbsolutePath()
              + "', header = true, auto_detect = false, delim = ',', quote = '\"', escape = '\"',"
              + " columns = {'event_id': 'BIGINT', 'channel_id': 'BIGINT', 'user_id': 'BIGINT',"
              + " 'region': 'VARCHAR', 'created_at': 'TIMESTAMPTZ', 'body': 'VARCHAR'})) TO '"
              + part.toAbsolutePath()
              + "' (FORMAT parquet)");
    }
    Files.move(part, parquet, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }

  /**
   * {@code ROWS DIR [SEED]}: writes {@code DIR/events-ROWS.csv} and {@code DIR/events-ROWS.parquet}
   * (2 GB engine memory, 2 threads for the conversion).
   */
  public static void main(String[] args) throws IOException, SQLException {
    long rows = Long.parseLong(args[0].replace("_", ""));
    Path dir = Path.of(args[1]);
    long seed = args.length > 2 ? Long.parseLong(args[2]) : SEED;
    Files.createDirectories(dir);
    Path csv = dir.resolve("events-" + rows + ".csv");
    writeCsv(csv, rows, seed);
    toParquet(csv, dir.resolve("events-" + rows + ".parquet"), "2GB", 2);
  }
}
