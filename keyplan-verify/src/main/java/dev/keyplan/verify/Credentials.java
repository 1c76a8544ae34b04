package dev.keyplan.verify;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;

/**
 * Secrets for the engines, read from a properties file or from environment variables, never from
 * the command line; they appear in no output, log or exception message ({@link #toString()} names
 * the keys only).
 *
 * <p>Keys: {@code KEYPLAN_CASSANDRA_USERNAME}, {@code KEYPLAN_CASSANDRA_PASSWORD}; {@code
 * AWS_ACCESS_KEY_ID}, {@code AWS_SECRET_ACCESS_KEY}, {@code AWS_SESSION_TOKEN}; {@code
 * KEYPLAN_MONGODB_URI}. A file, when given, is the only source, so a stray environment variable
 * cannot leak into a run meant for another cluster.
 */
public final class Credentials {
  public static final String CASSANDRA_USERNAME = "KEYPLAN_CASSANDRA_USERNAME";
  public static final String CASSANDRA_PASSWORD = "KEYPLAN_CASSANDRA_PASSWORD";
  public static final String AWS_ACCESS_KEY_ID = "AWS_ACCESS_KEY_ID";
  public static final String AWS_SECRET_ACCESS_KEY = "AWS_SECRET_ACCESS_KEY";
  public static final String AWS_SESSION_TOKEN = "AWS_SESSION_TOKEN";
  public static final String MONGODB_URI = "KEYPLAN_MONGODB_URI";

  private static final java.util.List<String> KEYS =
      java.util.List.of(
          CASSANDRA_USERNAME,
          CASSANDRA_PASSWORD,
          AWS_ACCESS_KEY_ID,
          AWS_SECRET_ACCESS_KEY,
          AWS_SESSION_TOKEN,
          MONGODB_URI);

  private final Map<String, String> values;
  private final String source;

  private Credentials(Map<String, String> values, String source) {
    this.values = Map.copyOf(values);
    this.source = source;
  }

  /** No credentials at all. */
  public static Credentials none() {
    return new Credentials(Map.of(), "none");
  }

  /**
   * Reads the credentials from {@code file} if given, else from {@code env}.
   *
   * @throws IllegalArgumentException naming the file (not its contents) when it cannot be read
   */
  public static Credentials load(Optional<Path> file, Map<String, String> env) {
    Map<String, String> out = new TreeMap<>();
    if (file.isPresent()) {
      Properties p = new Properties();
      try (Reader r = Files.newBufferedReader(file.get(), StandardCharsets.UTF_8)) {
        p.load(r);
      } catch (IOException e) {
        throw new IllegalArgumentException(
            "cannot read the credentials file "
                + file.get()
                + ": "
                + dev.keyplan.input.InputException.reason(e));
      }
      for (String k : p.stringPropertyNames()) {
        if (!KEYS.contains(k)) {
          throw new IllegalArgumentException(
              "the credentials file "
                  + file.get()
                  + " has an unknown key "
                  + k
                  + " (known: "
                  + String.join(", ", KEYS)
                  + ")");
        }
        out.put(k, p.getProperty(k));
      }
      return new Credentials(out, "file " + file.get());
    }
    for (String k : KEYS) {
      String v = env.get(k);
      if (v != null && !v.isEmpty()) {
        out.put(k, v);
      }
    }
    return new Credentials(out, "environment");
  }

  /** Returns the secret under {@code key}. */
  public Optional<String> get(String key) {
    return Optional.ofNullable(values.get(key));
  }

  /** Where the credentials came from and which keys they hold, never their values. */
  @Override
  public String toString() {
    return "credentials from "
        + source
        + (values.isEmpty()
            ? " (none)"
            : " (" + String.join(", ", new TreeMap<>(values).keySet()) + ")");
  }
}
