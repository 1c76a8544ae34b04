package dev.keyplan.cli.simulate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.cli.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 18, silent acceptance: a trace line with time NaN or 1e15 s was dropped without a word, and
 * a trace ran for 3,600 s (the default --duration) instead of its own length. Every bad time is now
 * an error at its line and column, and a run lasts the trace's own span unless --duration is given;
 * the output says which (docs/simulate.md, "Traces"; docs/reliability.md, "Trace times").
 */
final class TraceTimesTest {
  private static final String HEADER = "time,operation,key,size\n";

  private static Path trace(Path dir, String lines) throws Exception {
    Path t = dir.resolve("t.csv");
    Files.writeString(t, HEADER + lines);
    return t;
  }

  // Hostile input: times NaN, Infinity, -1, 1e15 and 0x1p3 (a Java hexadecimal float, which
  // Double.valueOf would read as 8). Each is reported at line:column of its time, all at once;
  // 1e15 s is beyond the one-year limit (365 × 86,400 = 31,536,000 s) and the message names the
  // likely mistake.
  @Test
  void badTimes_areEachAnErrorAtTheirLineAndColumn(@TempDir Path dir) throws Exception {
    Path t =
        trace(
            dir,
            "0,write,7,100\n"
                + "NaN,read,7,100\n"
                + "Infinity,read,7,100\n"
                + "-1,read,7,100\n"
                + "1e15,read,7,100\n"
                + "0x1p3,read,7,100\n");
    CliRun run = CliRun.of("simulate", "examples/chat.yaml", "--trace", t.toString());
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.out()).isEmpty();
    String expected = "expected a time in seconds from 0 to 31,536,000 (a year) such as 12.5, but";
    assertThat(run.err())
        .isEqualTo(
            t
                + ":3:1: error: "
                + expected
                + " found 'NaN'\n"
                + t
                + ":4:1: error: "
                + expected
                + " found 'Infinity'\n"
                + t
                + ":5:1: error: "
                + expected
                + " found '-1'\n"
                + t
                + ":6:1: error: "
                + expected
                + " found '1e15'; a trace's times are seconds from its start, not Unix timestamps"
                + " or milliseconds\n"
                + t
                + ":7:1: error: "
                + expected
                + " found '0x1p3'\n"
                + "5 errors\n");
  }

  // Hostile input: a header and no operation; it would run an empty simulation.
  @Test
  void aHeaderAlone_isAnError(@TempDir Path dir) throws Exception {
    Path t = trace(dir, "");
    CliRun run = CliRun.of("simulate", "examples/chat.yaml", "--trace", t.toString());
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err())
        .isEqualTo(
            t
                + ":2:1: error: expected at least one operation after the header, such as"
                + " 0,read,42,100\n1 error\n");
  }

  // A trace whose last operation is at 4.5 s runs ceil(4.5) = 5 s on every store, not the default
  // 3,600 s, and the notes say the length is the trace's. (Cassandra ran for the trace before;
  // DynamoDB and MongoDB ran 3,600 s, 3,595 of them empty.)
  @Test
  void withoutDuration_everyStoreRunsTheTracesOwnSpan_andSaysSo(@TempDir Path dir)
      throws Exception {
    Path t = trace(dir, "0,write,7,100\n4.5,read,7,100\n");
    for (String model :
        new String[] {
          "examples/chat.yaml", "examples/orders-dynamodb.yaml", "examples/tenants-mongodb.yaml"
        }) {
      CliRun run = CliRun.of("simulate", model, "--trace", t.toString());
      assertThat(run.exitCode()).as(model + ": " + run.err()).isZero();
      assertThat(run.out()).as(model).contains("duration: 5 s");
      assertThat(run.out())
          .as(model)
          .contains(
              "the run lasts 5 s, the trace's own span (its last operation at 4.5 s, rounded up);"
                  + " --duration sets another length");
    }
  }

  // --duration wins over the trace's span, both ways, and the output says what that means: a
  // longer run has no traced operation after the trace (10 s > 5 s), a shorter one leaves out
  // the operations after it (2 s: the operation at 4.5 s is one).
  @Test
  void givenDuration_wins_andTheNotesSayWhatItMeans(@TempDir Path dir) throws Exception {
    Path t = trace(dir, "0,write,7,100\n4.5,read,7,100\n");
    CliRun longer =
        CliRun.of("simulate", "examples/chat.yaml", "--trace", t.toString(), "--duration", "10s");
    assertThat(longer.exitCode()).as(longer.err()).isZero();
    assertThat(longer.out()).contains("duration: 10 s");
    assertThat(longer.out())
        .contains(
            "the trace ends within its first 5 s; the run goes on to --duration's 10 s with no"
                + " traced operation after that");
    CliRun shorter =
        CliRun.of("simulate", "examples/chat.yaml", "--trace", t.toString(), "--duration", "2s");
    assertThat(shorter.exitCode()).as(shorter.err()).isZero();
    assertThat(shorter.out()).contains("duration: 2 s");
    assertThat(shorter.out()).contains("1 traced operations after the run's 2 s are not replayed");
  }
}
