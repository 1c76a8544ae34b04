package dev.keyplan.cli.verify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.cli.CliRun;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 18, Decisions: "a peer that accepts and never answers is an error within a stated time, not
 * a hang". A local server accepts every connection and never writes a byte; verify must stop with
 * exit 2 and keyplan's one located line (plus the count), within the timeouts docs/verify.md
 * "Timeouts" states for each store, and no library's stack trace.
 */
final class SilentPeerTest {

  /** Accepts connections and keeps them open, silent, until closed. */
  private static final class SilentServer implements AutoCloseable {
    final ServerSocket server;
    final List<Socket> held = new CopyOnWriteArrayList<>();

    SilentServer() throws IOException {
      server = new ServerSocket(0, 16, InetAddress.getLoopbackAddress());
      Thread t =
          new Thread(
              () -> {
                while (!server.isClosed()) {
                  try {
                    held.add(server.accept());
                  } catch (IOException e) {
                    // closed by the test
                  }
                }
              },
              "silent-peer");
      t.setDaemon(true);
      t.start();
    }

    int port() {
      return server.getLocalPort();
    }

    @Override
    public void close() throws IOException {
      server.close();
      for (Socket s : held) {
        s.close();
      }
    }
  }

  private static void assertOneLine(CliRun run, String start) {
    assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
    assertThat(run.out()).isEmpty();
    assertThat(run.err()).startsWith(start);
    // The located error and "1 error": no stack trace, no driver log line.
    assertThat(run.err().lines().toList()).as(run.err()).hasSize(2).last().isEqualTo("1 error");
  }

  // Cassandra: the TCP connection opens at once; the driver's first query (OPTIONS/STARTUP) gets
  // no answer and times out after CONNECTION_INIT_QUERY_TIMEOUT, 10 s (CqlConnection). With one
  // contact point that is the end: 10 s plus the driver's start-up (18 s measured on the shared
  // 2-core machine), asserted under 30 s.
  @Test
  @Timeout(value = 60, unit = TimeUnit.SECONDS)
  void cassandra_silentPeer_isUnreachableWithinItsTimeout() throws Exception {
    try (var peer = new SilentServer()) {
      long start = System.nanoTime();
      CliRun run =
          CliRun.of(
              "verify", "examples/chat.yaml", "--endpoint", "127.0.0.1:" + peer.port(), "--fast");
      double seconds = (System.nanoTime() - start) / 1e9;
      assertOneLine(
          run, "<command line>: error: cannot connect to Cassandra at 127.0.0.1:" + peer.port());
      assertThat(seconds).isBetween(9.0, 30.0);
    }
  }

  // DynamoDB: each attempt of a call is abandoned after 10 s and the call, retries included,
  // after 30 s (Connection.ATTEMPT_TIMEOUT, CALL_TIMEOUT); so about 30 s, asserted under 50 s.
  @Test
  @Timeout(value = 90, unit = TimeUnit.SECONDS)
  void dynamodb_silentPeer_isUnreachableWithinItsTimeout() throws Exception {
    try (var peer = new SilentServer()) {
      long start = System.nanoTime();
      CliRun run =
          CliRun.of(
              "verify",
              "examples/orders-dynamodb.yaml",
              "--endpoint",
              "http://127.0.0.1:" + peer.port(),
              "--fast");
      double seconds = (System.nanoTime() - start) / 1e9;
      assertOneLine(
          run, "<command line>: error: cannot reach DynamoDB at http://127.0.0.1:" + peer.port());
      assertThat(seconds).isBetween(9.0, 50.0);
    }
  }

  // MongoDB: the driver's monitor connects and its hello gets no answer; server selection gives up
  // after serverSelectionTimeoutMS, 15 s by default (DriverGateway). The URI's own setting wins,
  // and the test gives 3,000 ms to stay short: about 3 s, asserted under 20 s.
  @Test
  @Timeout(value = 60, unit = TimeUnit.SECONDS)
  void mongodb_silentPeer_isUnreachableWithinItsTimeout(@TempDir Path dir) throws Exception {
    try (var peer = new SilentServer()) {
      Path credentials = dir.resolve("credentials.properties");
      Files.writeString(
          credentials,
          "KEYPLAN_MONGODB_URI=mongodb://127.0.0.1:"
              + peer.port()
              + "/?serverSelectionTimeoutMS=3000\n");
      long start = System.nanoTime();
      CliRun run =
          CliRun.of(
              "verify",
              "examples/shop-mongodb.yaml",
              "--credentials",
              credentials.toString(),
              "--fast");
      double seconds = (System.nanoTime() - start) / 1e9;
      assertOneLine(
          run, "<command line>: error: cannot reach MongoDB at mongodb://127.0.0.1:" + peer.port());
      assertThat(seconds).isBetween(2.5, 20.0);
    }
  }
}
