package dev.keyplan.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keyplan.input.InputLimits;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The input size limit through the real command line (docs/reliability.md, "Input size"): a file
 * past the limit is an error at its first byte beyond it, exit 2, and an endless file is read no
 * further than the limit. The tests lower the limit to 1 KiB (1,024 bytes) with its documented
 * override, the system property {@code keyplan.input.maxBytes}, so the inputs stay small.
 */
class InputSizeLimitTest {

  private static CliRun withLimit(String value, Supplier<CliRun> run) {
    System.setProperty(InputLimits.FILE_BYTES_PROPERTY, value);
    try {
      return run.get();
    } finally {
      System.clearProperty(InputLimits.FILE_BYTES_PROPERTY);
    }
  }

  @Test
  void aModelPastTheLimit_isAnErrorAtItsFirstByteBeyond(@TempDir Path dir) throws IOException {
    // Hostile input: 11 comment lines of 101 bytes ('#', 99 'a', line feed), 1,111 bytes. 10
    // lines are 1,010 bytes, so byte 1,024 (0-based, the first past the limit) is the 15th of
    // line 11.
    Path model = dir.resolve("m.yaml");
    Files.writeString(model, ("#" + "a".repeat(99) + "\n").repeat(11));
    CliRun run = withLimit("1KiB", () -> CliRun.of("check", model.toString()));
    assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
    assertThat(run.err())
        .isEqualTo(
            model
                + ":11:15: error: the input is larger than 1 KiB (1,024 bytes); expected at most"
                + " that much (this is its first byte past the limit; see docs/reliability.md,"
                + " 'Input size', to raise it with -Dkeyplan.input.maxBytes)\n1 error\n");
  }

  @Test
  void theSameModel_isReadWithTheLimitRaised(@TempDir Path dir) throws IOException {
    // The control: 1,111 bytes are within 2 KiB, so the file is read, and is then an empty model
    // (comments only), an error at 1:1 of another kind.
    Path model = dir.resolve("m.yaml");
    Files.writeString(model, ("#" + "a".repeat(99) + "\n").repeat(11));
    CliRun run = withLimit("2KiB", () -> CliRun.of("check", model.toString()));
    assertThat(run.err()).startsWith(model + ":1:1: error: the model file is empty;");
  }

  @Test
  void anEndlessFile_stopsAtTheLimit() {
    // Hostile input: /dev/zero as an item, a file that never ends. NUL bytes are one byte and
    // one column each, so the first byte past 1,024 is line 1, column 1,025. Before the limit,
    // the reader read on until the heap ran out.
    org.junit.jupiter.api.Assumptions.assumeTrue(Files.isReadable(Path.of("/dev/zero")));
    CliRun run = withLimit("1KiB", () -> CliRun.of("dynamodb", "item-size", "/dev/zero"));
    assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
    assertThat(run.err())
        .startsWith("/dev/zero:1:1025: error: the input is larger than 1 KiB (1,024 bytes)");
  }

  @Test
  void aBadOverride_isAnErrorAtTheProperty() {
    // Hostile setting: 2 GiB is beyond the 1 GiB a Java array and the YAML engine can count.
    CliRun run = withLimit("2GiB", () -> CliRun.of("check", "examples/chat.yaml"));
    assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
    assertThat(run.err())
        .isEqualTo(
            "-Dkeyplan.input.maxBytes: error: expected a size from 1KiB to 1GiB such as 256MiB or"
                + " 268435456 (bytes), not '2GiB'\n1 error\n");
  }
}
