import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.zip.GZIPOutputStream;

/**
 * Writes the sample data sets of examples/data/ that docs/analyze.md and the README walk through:
 * exports of the chat and tenants examples' entities as a relational database would give them,
 * with spreads known by construction, so what {@code keyplan analyze} measures can be checked
 * against how the data was made. Deterministic: one seed, no clock (Java's gzip writes a zero
 * modification time), so a re-run gives byte-identical files.
 *
 * <pre>
 *   java scripts/SampleData.java            # from the repository root; needs only a JDK 17
 * </pre>
 *
 * <ul>
 *   <li>chat-messages.csv.gz: 50,000 messages of examples/chat.yaml's Message over 2,000
 *       channels drawn from Zipf(1.1) (the busiest channel takes 1 / H(2000, 1.1) ≈ 15% of them),
 *       20,000 authors uniformly, snowflake message ids in file order (time-ordered), and bodies of
 *       20 to 180 characters (100 on average).
 *   <li>tenants.csv.gz: 10,000 tenants of examples/tenants-mongodb.yaml's Tenant: 60% in the US
 *       (seed 004's scenario), the rest spread evenly over 119 other country codes; plans free 70%,
 *       team 25%, enterprise 5%; settings of 100 to 700 characters (400 on average, not the 2 KB
 *       the model declares: the walk-through shows analyze catching it).
 * </ul>
 */
public final class SampleData {
  private static final long SEED = 19;

  public static void main(String[] args) throws IOException {
    Path dir = Path.of(args.length > 0 ? args[0] : "examples/data");
    Files.createDirectories(dir);
    chat(dir.resolve("chat-messages.csv.gz"));
    tenants(dir.resolve("tenants.csv.gz"));
  }

  private static void chat(Path file) throws IOException {
    SplittableRandom random = new SplittableRandom(SEED);
    double[] cumulative = zipf(2_000, 1.1);
    // A Twitter-style snowflake: milliseconds since an epoch in the high bits, a sequence below.
    long millis = 1_700_000_000_000L - 1_288_834_974_657L;
    try (BufferedWriter out = gzip(file)) {
      out.write("channel_id,message_id,author_id,body\n");
      for (int i = 0; i < 50_000; i++) {
        millis += random.nextInt(0, 144); // about 72 ms apart: an hour for 50,000 messages
        long channel = 1_000 + Arrays.binarySearch(cumulative, random.nextDouble()) * -1 - 1;
        long messageId = (millis << 22) | (i & 0xFFF);
        long author = 500_000 + random.nextInt(20_000);
        out.write(channel + "," + messageId + "," + author + "," + text(random, 20, 180) + "\n");
      }
    }
  }

  private static void tenants(Path file) throws IOException {
    SplittableRandom random = new SplittableRandom(SEED + 1);
    String[] others = new String[119];
    for (int i = 0; i < others.length; i++) {
      others[i] = "" + (char) ('A' + i / 26) + (char) ('A' + i % 26);
    }
    try (BufferedWriter out = gzip(file)) {
      out.write("tenant_id,country_code,name,plan,settings\n");
      for (int i = 0; i < 10_000; i++) {
        UUID id = new UUID(random.nextLong(), random.nextLong());
        double u = random.nextDouble();
        String country = u < 0.6 ? "US" : others[random.nextInt(others.length)];
        double p = random.nextDouble();
        String plan = p < 0.70 ? "free" : p < 0.95 ? "team" : "enterprise";
        out.write(
            id
                + ","
                + country
                + ",\""
                + text(random, 10, 70)
                + "\","
                + plan
                + ",\""
                + text(random, 100, 700)
                + "\"\n");
      }
    }
  }

  /** Cumulative Zipf(s) probabilities of ranks 1..n. */
  private static double[] zipf(int n, double s) {
    double[] c = new double[n];
    double sum = 0;
    for (int k = 1; k <= n; k++) {
      sum += Math.pow(k, -s);
      c[k - 1] = sum;
    }
    for (int k = 0; k < n; k++) {
      c[k] /= sum;
    }
    return c;
  }

  /** 256 made-up words of 2 to 8 letters, the same every run: text that compresses as prose does. */
  private static final String[] WORDS = words();

  private static String[] words() {
    SplittableRandom random = new SplittableRandom(SEED + 2);
    String[] w = new String[256];
    for (int i = 0; i < w.length; i++) {
      StringBuilder b = new StringBuilder();
      int n = random.nextInt(2, 9);
      for (int j = 0; j < n; j++) {
        b.append((char) ('a' + random.nextInt(26)));
      }
      w[i] = b.toString();
    }
    return w;
  }

  /** Words and spaces, from {@code min} to {@code max} characters, no comma or quote. */
  private static String text(SplittableRandom random, int min, int max) {
    int length = random.nextInt(min, max + 1);
    StringBuilder b = new StringBuilder(length + 8);
    while (b.length() < length) {
      if (b.length() > 0) {
        b.append(' ');
      }
      b.append(WORDS[random.nextInt(WORDS.length)]);
    }
    b.setLength(length);
    return b.toString().strip();
  }

  private static BufferedWriter gzip(Path file) throws IOException {
    return new BufferedWriter(
        new OutputStreamWriter(new GZIPOutputStream(Files.newOutputStream(file)), StandardCharsets.UTF_8));
  }
}
