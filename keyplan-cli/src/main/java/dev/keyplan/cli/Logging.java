package dev.keyplan.cli;

import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Keeps the libraries' logging off the user's terminal unless {@code --verbose}: keyplan prints its
 * own located messages, and a library's stack trace before them reads as a crash.
 *
 * <p>The drivers log through SLF4J, bound to slf4j-nop (see keyplan-cli's pom), so they are silent
 * already. Netty, under the Cassandra driver, is not: its {@code Slf4JLoggerFactory} refuses the
 * no-operation binding ("NOPLoggerFactory not supported") and falls back to java.util.logging,
 * whose default console handler prints WARNING records to stderr — the 25-line trace issue 18 saw
 * when a server on the Cassandra port answered HTTP. See netty's InternalLoggerFactory: <a
 * href="https://github.com/netty/netty/blob/4.1/common/src/main/java/io/netty/util/internal/logging/InternalLoggerFactory.java">InternalLoggerFactory.java</a>
 * and <a
 * href="https://github.com/netty/netty/blob/4.1/common/src/main/java/io/netty/util/internal/logging/Slf4JLoggerFactory.java">Slf4JLoggerFactory.java</a>.
 * So the root java.util.logging logger is switched off, and left at its default with --verbose.
 */
final class Logging {
  private Logging() {}

  /**
   * The root logger, held so that the level set on it stays: java.util.logging keeps loggers only
   * weakly, and a collected logger would come back at its configured default.
   */
  private static final Logger ROOT = Logger.getLogger("");

  private static final Level DEFAULT = ROOT.getLevel();

  /** Silences java.util.logging unless {@code verbose}; idempotent, called before each command. */
  static void configure(boolean verbose) {
    ROOT.setLevel(verbose ? DEFAULT : Level.OFF);
  }
}
