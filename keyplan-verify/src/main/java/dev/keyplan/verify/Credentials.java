package dev.keyplan.verify;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;

/**
 * Secrets for the engines, read from a properties file or from environment variables, never from
 * the command line; they appear in no output, log or exception message ({@link #toString()} names
 * the keys only).
 *
 * <p>Keys: those each store's verifier names ({@code StoreVerifier.credentialKeys}), such as {@code
 * KEYPLAN_CASSANDRA_USERNAME} or {@code AWS_ACCESS_KEY_ID}. A file, when given, is the only source,
 * so a stray environment variable cannot leak into a run meant for another cluster.
 */
public final class Credentials {
  private final Map<String, String> values;
  private final String source;

  private Credentials(Map<String, String> values, String source) {
    this.values = Map.copyOf(values);
    this.source = source;
  }

  /** The keys every store's verifier reads, in the registry's order. */
  private static List<String> keys() {
    return Verifiers.credentialKeys();
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
        if (!keys().contains(k)) {
          throw new IllegalArgumentException(
              "the credentials file "
                  + file.get()
                  + " has an unknown key "
                  + k
                  + " (known: "
                  + String.join(", ", keys())
                  + ")");
        }
        out.put(k, p.getProperty(k));
      }
      return new Credentials(out, "file " + file.get());
    }
    for (String k : keys()) {
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
