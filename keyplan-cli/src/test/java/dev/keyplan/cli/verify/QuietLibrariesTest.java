package dev.keyplan.cli.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.keyplan.cli.CliRun;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 18: a server on the Cassandra port that answers HTTP made the driver's netty print a
 * 25-line stack trace before keyplan's own message. Netty logs through java.util.logging here (it
 * refuses slf4j-nop), so the test listens on the root java.util.logging logger: records reach a
 * handler there only if they would reach the console.
 */
class QuietLibrariesTest {
  /** Every record that passed the loggers' levels, as the console handler would have seen it. */
  private static final class Recorder extends Handler {
    final List<LogRecord> records = new CopyOnWriteArrayList<>();

    @Override
    public void publish(LogRecord r) {
      records.add(r);
    }

    @Override
    public void flush() {}

    @Override
    public void close() {}
  }

  /** Answers every connection with an HTTP error and closes it, as a web server would. */
  private static Thread httpServer(ServerSocket server) {
    Thread t =
        new Thread(
            () -> {
              while (!server.isClosed()) {
                try (Socket s = server.accept()) {
                  s.setSoTimeout(2_000);
                  InputStream in = s.getInputStream();
                  in.read(new byte[512]);
                  OutputStream out = s.getOutputStream();
                  out.write(
                      ("HTTP/1.1 400 Bad Request\r\nContent-Type: text/html\r\n"
                              + "Content-Length: 11\r\nConnection: close\r\n\r\nBad Request")
                          .getBytes(StandardCharsets.US_ASCII));
                  out.flush();
                } catch (IOException e) {
                  // closed by the test, or the client hung up: serve the next one
                }
              }
            },
            "http-on-the-cassandra-port");
    t.setDaemon(true);
    t.start();
    return t;
  }

  private static CliRun verifyAgainstHttp(Recorder recorder) throws Exception {
    Logger root = Logger.getLogger("");
    root.addHandler(recorder);
    try (ServerSocket server = new ServerSocket(0, 8, InetAddress.getLoopbackAddress())) {
      Thread t = httpServer(server);
      String endpoint = "127.0.0.1:" + server.getLocalPort();
      CliRun run =
          CliRun.of("verify", "examples/chat.yaml", "--endpoint", endpoint, "--samples", "1");
      server.close();
      t.join(TimeUnit.SECONDS.toMillis(5));
      return run;
    } finally {
      root.removeHandler(recorder);
    }
  }

  @Test
  @Timeout(value = 60, unit = TimeUnit.SECONDS)
  void httpOnTheCassandraPort_isOneLocatedError_andNoLibraryLogging() throws Exception {
    var recorder = new Recorder();
    CliRun run = verifyAgainstHttp(recorder);
    assertEquals(2, run.exitCode(), run.err());
    assertTrue(
        run.err().startsWith("<command line>: error: cannot connect to Cassandra at 127.0.0.1:"),
        run.err());
    assertEquals(2, run.err().lines().count(), run.err()); // the located error and "1 error"
    assertEquals(List.of(), recorder.records.stream().map(LogRecord::getMessage).toList());
  }

  @Test
  void javaUtilLogging_isOffUnlessVerbose() {
    // Netty's pipeline reports an unhandled exception as a WARNING record ("An exceptionCaught()
    // event was fired, and it reached at the tail of the pipeline"), with its trace: after any
    // keyplan command it must not be loggable, and with --verbose it must.
    Logger netty = Logger.getLogger("io.netty.channel.DefaultChannelPipeline");
    CliRun.of("rules");
    assertFalse(netty.isLoggable(java.util.logging.Level.WARNING));
    CliRun.of("rules", "--verbose");
    assertTrue(netty.isLoggable(java.util.logging.Level.WARNING));
    CliRun.of("rules");
    assertFalse(netty.isLoggable(java.util.logging.Level.WARNING));
  }
}
