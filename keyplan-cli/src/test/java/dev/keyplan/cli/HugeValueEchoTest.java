package dev.keyplan.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A hostile value quoted back by an error is cut in its middle (dev.keyplan.input.Echo: at most
 * 1,000 code points a message, the first 600 and the last 300 kept), so a 2-million-character value
 * no longer prints 2 MB to the terminal, and the error still says where and what was expected.
 */
class HugeValueEchoTest {
  private static final String HUGE = "r".repeat(2_000_000);

  @Test
  void aHugeRateInAModel_isLocatedAndBounded(@TempDir Path dir) throws IOException {
    // Hostile input: `rate:` given 2,000,000 letters where a rate such as 200/s belongs (line 9).
    Path model = dir.resolve("m.yaml");
    Files.writeString(
        model, HostileModelTest.GOOD.replace("rate: 1/s", "rate: " + HUGE), StandardCharsets.UTF_8);
    var run = CliRun.of("check", model.toString());
    assertThat(run.exitCode()).as(run.err().substring(0, 300)).isEqualTo(2);
    assertThat(run.err()).startsWith(model + ":9:");
    assertThat(run.err()).contains("code points left out").hasSizeLessThan(2_000);
  }

  @Test
  void aHugeOptionValue_isBounded(@TempDir Path dir) {
    // Hostile input: `--fail-on` given 2,000,000 letters; picocli quotes the value it refuses.
    var run = CliRun.of("check", "examples/chat.yaml", "--fail-on", HUGE);
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains("--fail-on").contains("code points left out");
    // The message is bounded; the usage after it is the command's own, a few kB.
    assertThat(run.err()).hasSizeLessThan(20_000);
  }
}
