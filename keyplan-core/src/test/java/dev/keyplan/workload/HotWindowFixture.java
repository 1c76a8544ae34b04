package dev.keyplan.workload;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * The likes workload of test resource {@code window/likes.yaml} (and its {@code likes.cql}): 10k
 * likes/s over 10M posts for a year, the busiest post taking 300/s for one day. Every store's
 * hot-window test reads it, with or without the window.
 */
public final class HotWindowFixture {
  /** The busiest post's spread as the fixture writes it. */
  public static final String WINDOWED = "busiest: 300/s, for: 1d";

  private HotWindowFixture() {}

  /** Returns the model with the busiest post hot for one day. */
  public static String windowed() {
    return read("/window/likes.yaml");
  }

  /** Returns the same model with the busiest post at 300/s for the whole horizon. */
  public static String wholeHorizon() {
    String yaml = windowed();
    if (!yaml.contains(WINDOWED)) {
      throw new IllegalStateException("the fixture no longer says '" + WINDOWED + "'");
    }
    return yaml.replace(WINDOWED, "busiest: 300/s");
  }

  /** Returns the Cassandra schema of the fixture. */
  public static String cql() {
    return read("/window/likes.cql");
  }

  private static String read(String resource) {
    try (InputStream in = HotWindowFixture.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException("no test resource " + resource);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
