package dev.keyplan.verify;

import java.util.Optional;
import java.util.regex.Pattern;

/**
 * What {@code keyplan verify} is told, checked once.
 *
 * @param endpoint where the engine listens: {@code host:port} for Cassandra (default {@code
 *     127.0.0.1:9042}), a URL for DynamoDB ({@code http://127.0.0.1:8000}); MongoDB takes its URI
 *     from {@code KEYPLAN_MONGODB_URI} or the credentials file, never from here, since a URI may
 *     hold a password
 * @param prefix every keyspace, table or database keyplan creates starts with it; default {@value
 *     #DEFAULT_PREFIX}
 * @param reuse work in a namespace that already exists (keyplan then drops only what it created)
 * @param keep leave what was created in place at the end
 * @param maxRows the most rows (items, documents) loaded into one partition: the busiest key's data
 *     is scaled down to fit, by a factor the report states; default {@value #DEFAULT_MAX_ROWS}
 * @param samples requests run per pattern and key (busiest, typical) for the latency percentiles;
 *     default {@value #DEFAULT_SAMPLES}
 * @param tls connect with TLS, trusting the JVM's trust store ({@code javax.net.ssl.trustStore})
 * @param credentialsFile a properties file with the credentials, instead of environment variables
 * @param localDatacenter Cassandra: the driver's local datacenter; default the one the contact
 *     point reports
 * @param region DynamoDB: the signing region; default {@code us-east-1}
 */
public record VerifyOptions(
    Optional<String> endpoint,
    String prefix,
    boolean reuse,
    boolean keep,
    int maxRows,
    int samples,
    boolean tls,
    Optional<java.nio.file.Path> credentialsFile,
    long seed,
    Optional<String> localDatacenter,
    Optional<String> region) {

  public static final String DEFAULT_PREFIX = "keyplan_verify_";
  public static final int DEFAULT_MAX_ROWS = 2_000;
  public static final int DEFAULT_SAMPLES = 50;

  /**
   * {@code --fast}: the busiest partition loaded with at most 40 rows. Enough rows that a partition
   * holds several clustering rows and index entries (so every read and size is still compared), few
   * enough that the realistic schemas verify in about 15 s each on CI's 2 cores.
   */
  public static final int FAST_MAX_ROWS = 40;

  /** {@code --fast}: 2 requests per pattern and key; the percentiles are then only indicative. */
  public static final int FAST_SAMPLES = 2;

  /**
   * Lower-case letters, digits and underscores, starting with a letter: valid as a keyspace, table
   * and database name.
   */
  private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9_]{0,19}");

  public VerifyOptions {
    if (!NAME.matcher(prefix).matches()) {
      throw new IllegalArgumentException(
          "--prefix must be 1 to 20 lower-case letters, digits or underscores,"
              + " starting with a letter (a valid keyspace, table and database name), not '"
              + prefix
              + "'");
    }
    if (maxRows < 10 || maxRows > 1_000_000) {
      throw new IllegalArgumentException(
          "--max-rows must be between 10 and 1,000,000, not " + maxRows);
    }
    if (samples < 1 || samples > 100_000) {
      throw new IllegalArgumentException("--samples must be between 1 and 100,000, not " + samples);
    }
  }

  /** The defaults: local engine, prefix {@value #DEFAULT_PREFIX}, nothing reused or kept. */
  public static VerifyOptions defaults() {
    return new VerifyOptions(
        Optional.empty(),
        DEFAULT_PREFIX,
        false,
        false,
        DEFAULT_MAX_ROWS,
        DEFAULT_SAMPLES,
        false,
        Optional.empty(),
        1,
        Optional.empty(),
        Optional.empty());
  }

  /**
   * Returns these options with a store's own: where it listens, and a datacenter or region (empty
   * when the store takes none).
   */
  public VerifyOptions withStoreOptions(
      Optional<String> storeEndpoint,
      Optional<String> storeLocalDatacenter,
      Optional<String> storeRegion) {
    return new VerifyOptions(
        storeEndpoint,
        prefix,
        reuse,
        keep,
        maxRows,
        samples,
        tls,
        credentialsFile,
        seed,
        storeLocalDatacenter,
        storeRegion);
  }

  /** Returns these options with {@code endpoint}. */
  public VerifyOptions withEndpoint(String e) {
    return new VerifyOptions(
        Optional.of(e),
        prefix,
        reuse,
        keep,
        maxRows,
        samples,
        tls,
        credentialsFile,
        seed,
        localDatacenter,
        region);
  }

  /** Returns these options with {@code prefix}. */
  public VerifyOptions withPrefix(String p) {
    return new VerifyOptions(
        endpoint,
        p,
        reuse,
        keep,
        maxRows,
        samples,
        tls,
        credentialsFile,
        seed,
        localDatacenter,
        region);
  }

  /**
   * Returns these options reusing (or not) an existing namespace and keeping (or not) what was
   * made.
   */
  public VerifyOptions with(boolean reuseExisting, boolean keepCreated) {
    return new VerifyOptions(
        endpoint,
        prefix,
        reuseExisting,
        keepCreated,
        maxRows,
        samples,
        tls,
        credentialsFile,
        seed,
        localDatacenter,
        region);
  }

  /** Returns these options with {@code rows} per partition at most and {@code n} samples. */
  public VerifyOptions withScale(int rows, int n) {
    return new VerifyOptions(
        endpoint,
        prefix,
        reuse,
        keep,
        rows,
        n,
        tls,
        credentialsFile,
        seed,
        localDatacenter,
        region);
  }
}
